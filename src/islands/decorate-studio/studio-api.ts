/**
 * The studio's calls to the merchant API (docs/renovation.md): the shop's token (merchant login)
 * kept in this tab's sessionStorage, Accept-Language of the page, the envelope read whatever the
 * HTTP status (a conflict is 409). A refusal rejects with StudioError (its message, code and data:
 * the place of a refused block, or the conflict).
 */
import type { Locale } from "../../lib/locale.ts";

const TOKEN_KEY = "mall.decorateStudio.token";
const BASE = "/api";

export class StudioError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly data: unknown,
    readonly status: number,
  ) {
    super(message);
  }
}

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

export async function call<T>(
  locale: Locale,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { "Accept-Language": locale };
  if (token) headers.Authorization = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, { method, headers, body: payload });
  } catch {
    throw new StudioError("", "NETWORK", null, 0);
  }
  let env: { code?: string; msg?: string | null; data?: unknown; success?: boolean };
  try {
    env = (await res.json()) as typeof env;
  } catch {
    throw new StudioError("", "BAD_RESPONSE", null, res.status);
  }
  if (env.success === true && env.code === "00000") return env.data as T;
  throw new StudioError(env.msg ?? "", env.code ?? "", env.data ?? null, res.status);
}
