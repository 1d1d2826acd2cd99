import { splitLocalePath, type Locale } from "../../lib/locale.ts";

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
