/**
 * Minimal document.cookie helpers (browser only; every function is a no-op / null without a document).
 */

export interface CookieOptions {
  /** Lifetime in seconds; omitted → a session cookie; 0 or less → delete. */
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: "Lax" | "Strict" | "None";
  /** Defaults to true on https pages. */
  secure?: boolean;
}

function doc(): Document | null {
  return typeof document === "undefined" ? null : document;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** All cookies as a name → value map (values URI-decoded). */
export function readCookies(source: string | null = doc()?.cookie ?? null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!source) return out;
  for (const part of source.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = safeDecode(part.slice(0, eq).trim());
    if (!name || name in out) continue;
    out[name] = safeDecode(part.slice(eq + 1).trim());
  }
  return out;
}

export function getCookie(name: string): string | null {
  const v = readCookies()[name];
  return v === undefined ? null : v;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const d = doc();
  if (!d) return;
  const { path = "/", sameSite = "Lax" } = options;
  const secure = options.secure ?? (typeof location !== "undefined" && location.protocol === "https:");
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=${path}; SameSite=${sameSite}`;
  if (options.maxAgeSeconds !== undefined) {
    const age = Math.floor(options.maxAgeSeconds);
    cookie += age > 0 ? `; Max-Age=${age}` : "; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT";
  }
  if (secure) cookie += "; Secure";
  d.cookie = cookie;
}

export function deleteCookie(name: string, path = "/"): void {
  setCookie(name, "", { maxAgeSeconds: 0, path });
}
