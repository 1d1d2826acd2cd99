/** Categories, brands of a category, hot search words (CONTRACT §3.3, §3.5). */
import { Hono } from "hono";
import { brandsByCategoryQuery, categoryInfoQuery, hotSearchQuery } from "../../lib/validation.ts";
import { getBrandsByCategory, getCategoryTree, getHotSearches } from "../domain/catalog/catalog.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseQuery } from "./validate.ts";

export const catalogRouter = new Hono<ApiEnv>();

catalogRouter.get("/category/categoryInfo", async (c) => {
  const q = parseQuery(c, categoryInfoQuery);
  cachePublic(c);
  return ok(c, await getCategoryTree(c.var.app.db, c.var.locale, { parentId: q.parentId, shopId: q.shopId }));
});

catalogRouter.get("/mall4cloud_product/ua/brand/list_by_category", async (c) => {
  const { categoryId } = parseQuery(c, brandsByCategoryQuery);
  cachePublic(c);
  return ok(c, await getBrandsByCategory(c.var.app.db, c.var.locale, categoryId));
});

catalogRouter.get("/search/hotSearch", async (c) => {
  const q = parseQuery(c, hotSearchQuery);
  cachePublic(c);
  return ok(c, await getHotSearches(c.var.app.db, c.var.locale, q));
});
