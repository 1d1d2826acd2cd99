/**
 * The one rule for redirect targets taken from a request (/login?redirect=, the pay pages'
 * returnUrl): a path of this site or nothing. Both the raw value and the final, normalised path
 * are checked, because a harmless-looking path such as "/./..//evil.example" normalises to
 * "//evil.example" — a link to another site once it is written out again.
 */
const SAME = "http://same.origin";

/** True when `path` starts with one "/", has no backslash or control character, and read as a URL (as a browser will) stays on this origin. */
function staysHere(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(path)) return false;
  try {
    return new URL(path, SAME).origin === SAME;
  } catch {
    return false;
  }
}

/** The normalised same-origin path (path + query + hash) of `raw`, or undefined (absolute URLs, "//host", tricks, over `maxLength`). */
export function sameOriginPath(raw: unknown, maxLength = 2000): string | undefined {
  if (typeof raw !== "string") return undefined;
  const v = raw.trim();
  if (v.length > maxLength || !staysHere(v)) return undefined;
  const u = new URL(v, SAME);
  const out = u.pathname + u.search + u.hash;
  return staysHere(out) && out.length <= maxLength ? out : undefined;
}
