/**
 * The studio's sign-in: the shop's token (POST /merchant/login, src/client/data/renovation.ts)
 * kept in this tab's sessionStorage, so a reload stays signed in and another tab signs in anew.
 */
const TOKEN_KEY = "mall.decorateStudio.token";

export interface Session {
  token: string;
  shopId: number;
}

export function loadSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(TOKEN_KEY);
    const s = raw ? (JSON.parse(raw) as Session) : null;
    return s && typeof s.token === "string" && Number.isInteger(s.shopId) ? s : null;
  } catch {
    return null;
  }
}

export function saveSession(s: Session | null): void {
  if (s) sessionStorage.setItem(TOKEN_KEY, JSON.stringify(s));
  else sessionStorage.removeItem(TOKEN_KEY);
}
