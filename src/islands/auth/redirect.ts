/** Where the accounts screens go after success (no React, unit-testable). */
import { localePath, splitLocalePath, type Locale } from "../../lib/locale.ts";

/**
 * The ?redirect= target of /login when it is a same-origin relative path ("/…", not "//…",
 * no backslashes or control characters); otherwise the localized home.
 */
export function safeRedirect(raw: string | null | undefined, locale: Locale): string {
  const home = localePath(locale, "/");
  if (!raw) return home;
  const v = raw.trim();
  if (!v.startsWith("/") || v.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(v)) return home;
  try {
    const u = new URL(v, "http://same.origin");
    if (u.origin !== "http://same.origin") return home;
    return u.pathname + u.search + u.hash;
  } catch {
    return home;
  }
}

/** True on /register (any locale): after a popup login it goes home instead of reloading. */
export function isRegisterPath(pathname: string): boolean {
  return splitLocalePath(pathname).path.replace(/\/+$/, "") === "/register";
}

/** True on the user center (any locale): closing the popup there returns home. */
export function isUserCenterPath(pathname: string): boolean {
  const p = splitLocalePath(pathname).path;
  return p === "/user-center" || p.startsWith("/user-center/");
}
