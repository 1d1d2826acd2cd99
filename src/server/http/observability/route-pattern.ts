/**
 * The route pattern a request is counted under in the metrics: its path without the locale
 * prefix, the query string or ids, so the number of series stays bounded whatever is requested.
 *   /en/detail/123?x=1      → /detail/:id        (pages: the locale is a label of its own)
 *   /api/p/myOrder/orderDetail?orderNumber=… → /api/p/myOrder/orderDetail
 *   /uploads/2026/11/ab.png → /uploads/*
 *   /_astro/x.js            → /_astro/*
 * A path the server did not know (404) is counted as "unmatched" by the caller.
 */
const LOCALE_PREFIX = /^\/(zh-tw|en)(?=\/|$)/;
/** Segments that are ids: numbers, UUIDs, long hex or token-like strings. */
const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f-]{27}|[0-9a-f]{16,}|[A-Za-z0-9_-]{24,})$/i;
const PREFIX_ROUTES = ["/uploads/", "/_astro/", "/im/websocket/"];
const MAX_SEGMENTS = 6;

export function routePattern(url: string): string {
  let path = (url.split("?")[0] ?? "/").split("#")[0] || "/";
  path = path.replace(LOCALE_PREFIX, "") || "/";
  for (const prefix of PREFIX_ROUTES) if (path.startsWith(prefix)) return `${prefix}*`;
  const segments = path
    .split("/")
    .filter(Boolean)
    .slice(0, MAX_SEGMENTS)
    .map((s) => (ID_SEGMENT.test(s) ? ":id" : s.length > 40 ? ":long" : s));
  return `/${segments.join("/")}`;
}
