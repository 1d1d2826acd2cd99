/** Product search and lists (CONTRACT §3.4, §3.2 renovationPage). */
import { Hono } from "hono";
import { productSearchQuery, renovationProductsQuery } from "../../lib/catalog/catalog-params.ts";
import { renovationProducts, searchPage, searchProducts } from "../domain/catalog/product-list.ts";
import type { ApiEnv } from "./context.ts";
import { ok, page } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseQuery } from "./validate.ts";

export const productListRouter = new Hono<ApiEnv>();

/** B2B2C shape: {pages, total, records: [{shopInfo, brands, categories, products}]}. */
productListRouter.get("/search/page", async (c) => {
  const q = parseQuery(c, productSearchQuery);
  cachePublic(c);
  return ok(c, await searchPage(c.var.app.db, c.var.locale, q));
});

/** Products only: Page<ProductCard>. */
productListRouter.get("/search/searchProdPage", async (c) => {
  const q = parseQuery(c, productSearchQuery);
  cachePublic(c);
  return ok(c, await searchProducts(c.var.app.db, c.var.locale, q));
});

/** Product cards for decoration blocks, in the order of prodIds; unavailable ones left out. */
productListRouter.get("/search/renovationPage", async (c) => {
  const { prodIds } = parseQuery(c, renovationProductsQuery);
  const list = await renovationProducts(c.var.app.db, c.var.locale, prodIds);
  cachePublic(c);
  return ok(c, page(list, list.length, 1, Math.max(1, prodIds.length)));
});
