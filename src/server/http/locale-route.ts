import { splitLocalePath, type Locale } from "../../lib/locale.ts";
import { hasControlChars } from "../../lib/text-rules.ts";

/** A first path segment that looks like a language tag (fr, ja-jp, zh-hk …). */
const LOCALE_LIKE = /^\/([a-z]{2}(?:-[a-z0-9]{2,4})?)(?:\/|$)/i;

/**
 * Maps a request URL onto a page route: /en/list?x → {locale: en, path: /list?x}.
 * `foreign` is true for locale-looking prefixes that are not ours (e.g. /fr/list): a 404.
 */
export function pageRoute(url: string): { locale: Locale; path: string; foreign: boolean } {
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  const search = q === -1 ? "" : url.slice(q);
  const { locale, path } = splitLocalePath(pathname);
  const foreign = path === pathname && LOCALE_LIKE.test(pathname);
  return { locale, path: path + search, foreign };
}

/**
 * True when a query parameter of `url` (name or value, decoded) holds a control character
 * (src/lib/text-rules.ts: NUL, line breaks, DEL, C1 …). Pages answer such a request with the
 * 400 page before anything reads the query (docs/security.md "Limits": no page fails with a
 * 500 on a control character, and none reaches a query or a log).
 */
export function queryHasControlChars(url: string): boolean {
  const q = url.indexOf("?");
  if (q === -1) return false;
  const search = url.slice(q + 1);
  if (!search.includes("%") && !hasControlChars(search)) return false;
  for (const [k, v] of new URLSearchParams(search)) if (hasControlChars(k) || hasControlChars(v)) return true;
  return false;
}
