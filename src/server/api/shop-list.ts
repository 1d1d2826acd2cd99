/** Shop search with product counts for /shopList: GET /shop/searchShops?shopName=&current=&size= (CONTRACT §3.7). */
import { Hono } from "hono";
import { shopSearchQuery } from "../../lib/catalog/catalog-params.ts";
import { searchShops } from "../domain/shop/shop-list.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseQuery } from "./validate.ts";

export const shopListRouter = new Hono<ApiEnv>();

shopListRouter.get("/shop/searchShops", async (c) => {
  const q = parseQuery(c, shopSearchQuery);
  cachePublic(c);
  return ok(c, await searchShops(c.var.app.db, c.var.locale, q));
});
