/** Where the accounts screens go after success (no React, unit-testable). */
import { localePath, splitLocalePath, type Locale } from "../../lib/locale.ts";
import { sameOriginPath } from "../../lib/same-origin-path.ts";

/**
 * The ?redirect= target of /login when it is a same-origin relative path; otherwise the
 * localized home (the rule: src/lib/same-origin-path.ts).
 */
export function safeRedirect(raw: string | null | undefined, locale: Locale): string {
  const home = localePath(locale, "/");
  if (!raw) return home;
  return sameOriginPath(raw) ?? home;
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
