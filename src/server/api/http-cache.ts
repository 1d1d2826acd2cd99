/**
 * Cache headers of public API answers — cross-cutting edge code, not a feature.
 */
import type { Context } from "hono";

/**
 * Marks a public, user-independent GET answer as cacheable for a minute. The answer depends on the
 * language (Accept-Language, or the lang cookie when that header is absent), hence Vary.
 * app.ts only sets no-store when the handler set nothing.
 */
export function cachePublic(c: Context, maxAgeSeconds = 60): void {
  c.header("Cache-Control", `public, max-age=${maxAgeSeconds}`);
  c.header("Vary", "Accept-Language, Cookie");
}

/**
 * The Cache-Control of a public answer that shows goods — their price, stock or whether they are on
 * sale (product detail, SKUs, searches and lists, decorated blocks): a browser asks again every
 * time, as for pages, so a shop's write shows within the change feed's interval (docs/product.md
 * "What shoppers see") and not a minute later from the browser's cache; a shared cache (a CDN) may
 * keep it as long as a page (docs/architecture.md "Render cache").
 */
export const GOODS_CACHE_CONTROL = "public, max-age=0, s-maxage=60";

/** Marks a public, user-independent GET answer that shows goods (GOODS_CACHE_CONTROL). */
export function cacheGoods(c: Context): void {
  c.header("Cache-Control", GOODS_CACHE_CONTROL);
  c.header("Vary", "Accept-Language, Cookie");
}
