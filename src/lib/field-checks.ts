/**
 * Plain field predicates of SPEC §5 without zod: the zod schemas of rules.ts are built on them,
 * and browser islands that must stay small (docs/performance.md "Browser JavaScript") use them
 * directly. One rule, one place.
 */

export const USERNAME_RE = /^[A-Za-z0-9_]{4,16}$/;
/** Half-width (printable ASCII, no space) characters. */
const HALF_WIDTH_RE = /^[\x21-\x7E]+$/;
const MAINLAND_MOBILE_RE = /^(?:\+?86)?1[3-9]\d{9}$/;
const TAIWAN_MOBILE_RE = /^(?:09\d{8}|\+?8869\d{8})$/;
export const SMS_CODE_RE = /^\d{6}$/;
/** Letters (any script), combining marks, digits and inner spaces; no symbols. */
export const STORE_NAME_RE = /^[\p{L}\p{M}\p{N}]+(?: [\p{L}\p{M}\p{N}]+)*$/u;

/** Account name: 4-16 letters, digits or underscore. */
export function isUsername(s: string): boolean {
  return USERNAME_RE.test(s);
}

/** How many of the classes letters / digits / symbols the text uses. */
function charClassCount(s: string): number {
  return Number(/[A-Za-z]/.test(s)) + Number(/\d/.test(s)) + Number(/[^A-Za-z0-9]/.test(s));
}

/** Register / reset password: 6-20 half-width characters using at least two of letters, digits, symbols. Case-sensitive. */
export function isPassword(s: string): boolean {
  return s.length >= 6 && s.length <= 20 && HALF_WIDTH_RE.test(s) && charClassCount(s) >= 2;
}

/** Store account password: 6-12 half-width characters. */
export function isStorePassword(s: string): boolean {
  return s.length >= 6 && s.length <= 12 && HALF_WIDTH_RE.test(s);
}

/**
 * Mainland mobile 1[3-9]xxxxxxxxx with optional 86 / +86 prefix, or Taiwan mobile 09xxxxxxxx
 * (or 886 / +886 followed by 9xxxxxxxx). Surrounding spaces are ignored.
 */
export function isMobile(s: string): boolean {
  const v = s.trim();
  return MAINLAND_MOBILE_RE.test(v) || TAIWAN_MOBILE_RE.test(v);
}

