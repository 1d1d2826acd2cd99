/**
 * Login state (SPEC §4): the login token lives in the cookie "token". Logging out clears the
 * token and ALL local storage, then goes home (or reloads when already on the localized home).
 */
import { $cartCount, $user } from "../stores/index.ts";
import { localePath, splitLocalePath } from "../lib/locale.ts";
import { deleteCookie, getCookie, setCookie } from "./cookies.ts";

export const TOKEN_COOKIE = "token";

export function getToken(): string | null {
  const t = getCookie(TOKEN_COOKIE);
  return t ? t : null;
}

export function isLoggedIn(): boolean {
  return getToken() !== null;
}

/** Stores the access token; maxAgeSeconds usually comes from the login answer's expiresIn. */
export function setToken(token: string, maxAgeSeconds: number): void {
  setCookie(TOKEN_COOKIE, token, { maxAgeSeconds });
}

export function clearToken(): void {
  deleteCookie(TOKEN_COOKIE);
}

/** Clears every localStorage entry; ignores browsers that refuse storage access. */
export function clearLocalStorage(): void {
  try {
    globalThis.localStorage?.clear();
  } catch {
    // storage disabled: nothing to clear
  }
}

/**
 * After logout: clear the token cookie, all local storage and the shared user state, then go
 * to the home page of the current locale, or reload when already there.
 */
export function logoutCleanup(): void {
  clearToken();
  clearLocalStorage();
  $user.set(null);
  $cartCount.set(0);
  if (typeof location === "undefined") return;
  const { locale, path } = splitLocalePath(location.pathname);
  if (path === "/" || path === "") location.reload();
  else location.assign(localePath(locale, "/"));
}
