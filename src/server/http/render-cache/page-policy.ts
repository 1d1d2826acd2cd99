/**
 * Which requests the render cache answers, and under which key (docs/architecture.md "Render
 * cache"): GET/HEAD of the public browsing pages (home, /newIndex, /list, /detail/*, /shopIndex,
 * /shopList, /shop-prod-list, /notice-list, /notice-detail, /termsPage), /sitemap*.xml and
 * /robots.txt, in every locale. Their HTML is the same for every visitor by design, so cookies
 * and Authorization do not take part in the key. Key: locale + path + query with its parameters
 * sorted ("zh /list?cid=2&st=0"); only the query parameters a page reads are kept; each page has
 * default content tags (what it shows).
 */

/** Public pages (without locale prefix) whose HTML is the same for every visitor. */
export const CACHEABLE_PAGE_PATHS: ReadonlySet<string> = new Set([
  "/",
  "/newIndex",
  "/list",
  "/detail",
  "/shopIndex",
  "/shopList",
  "/shop-prod-list",
  "/notice-list",
  "/notice-detail",
  "/termsPage",
  "/flash-sale",
  "/group-buy",
  "/robots.txt",
  "/sitemap.xml",
]);

/** Path prefixes of cacheable pages with a parameter in the path. */
export const CACHEABLE_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/detail\/[^/]+$/,
  /^\/secdetail\/\d{1,10}$/,
  /^\/sitemap-[a-z0-9-]+\.xml$/,
];

/** Whether a path (no locale prefix, no query) is a cacheable public page. A trailing slash is ignored. */
export function isCacheablePath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  return CACHEABLE_PAGE_PATHS.has(p) || CACHEABLE_PAGE_PATTERNS.some((re) => re.test(p));
}

/**
 * Pages kept at their first request and, once what they show changed (or their age ran out),
 * answered as they were while one fresh render runs in the background (stale-while-revalidate):
 * the sitemaps — large (a product part lists 10,000 products in three languages, ~4.5 MB), costly
 * to make, read by crawlers that lose nothing by seeing a change a second later.
 */
export function servesStale(pathname: string): boolean {
  return pathname === "/sitemap.xml" || /^\/sitemap-[a-z0-9-]+\.xml$/.test(pathname);
}

/** Whether this request may be answered from / stored in the cache (method and path). */
export function isCacheableRequest(method: string | undefined, pathWithQuery: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const q = pathWithQuery.indexOf("?");
  return isCacheablePath(q === -1 ? pathWithQuery : pathWithQuery.slice(0, q));
}

/**
 * The query parameters each cacheable page reads; any other parameter is left out of the URL
 * the page sees (so of its canonical URL) and of the cache key, so arbitrary query strings can
 * not create new entries. Only the first value of a parameter is kept (pages read that one).
 */
export const PAGE_QUERY_PARAMS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    "/list": ["pn", "cpid", "cid", "thCid", "st", "bid", "bName", "minPrice", "maxPrice", "sort", "current", "size"],
    "/detail": ["prodId"],
    "/detail/*": ["evaluate", "rc"],
    "/shopIndex": ["sid", "cid", "pn", "sort", "current"],
    "/shop-prod-list": ["sid", "cid", "pn", "sort", "current"],
    "/shopList": ["shopName", "current"],
    "/notice-list": ["current", "shopId"],
    "/notice-detail": ["id", "shopId"],
    "/termsPage": ["sts"],
    "/flash-sale": ["session"],
    "/group-buy": ["current"],
  }).map(([p, names]) => [p, new Set(names)]),
);

/** "?a=1&b=2" with only the parameters `pathname`'s page reads (first value each, original order), or "". */
export function boundedQuery(pathname: string, search: string): string {
  const s = search.startsWith("?") ? search.slice(1) : search;
  if (!s) return "";
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const allowed = PAGE_QUERY_PARAMS.get(p.startsWith("/detail/") ? "/detail/*" : p);
  if (!allowed) return "";
  const out = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(s)) if (allowed.has(name) && !out.has(name)) out.append(name, value);
  const q = out.toString();
  return q ? `?${q}` : "";
}

/**
 * What a page shows, as content tags (src/server/db/content-changes.ts), by path: the render
 * cache drops it only when one of them changes. Pages that show one product or shop add their
 * own tags (addCacheTags); a page with no tags at all depends on every change.
 */
export function pageCacheTags(pathname: string): readonly string[] {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  switch (p) {
    case "/":
    case "/newIndex":
      // "flash": a flash SKU sold out or got units back (the flash block, the flash prices).
      return ["site", "home", "products", "shops", "flash"];
    case "/list":
      // The page adds what it shows: its category, or "products" (productListTags).
      return ["site", "shops"];
    case "/shopList":
      return ["site", "shops"];
    case "/notice-list":
    case "/notice-detail":
    case "/termsPage":
      return ["site"];
    default:
      return [];
  }
}

/** Cache key: locale + path + query sorted by parameter name (values of one name keep their order). */
export function cacheKey(locale: string, pathWithQuery: string): string {
  const hash = pathWithQuery.indexOf("#");
  const url = hash === -1 ? pathWithQuery : pathWithQuery.slice(0, hash);
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (q === -1 || q === url.length - 1) return `${locale} ${path}`;
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort();
  const query = params.toString();
  return query ? `${locale} ${path}?${query}` : `${locale} ${path}`;
}
