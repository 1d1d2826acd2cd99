/**
 * Shop list with product counts for /shopList: GET /shop/listShop?shopName=&current=&size=.
 * (GET /shop/searchShops, the ShopHeadInfoDto page of CONTRACT §3.7, is served by shop.ts.)
 */
import { Hono } from "hono";
import { shopSearchQuery } from "../../lib/catalog-params.ts";
import { searchShops } from "../domain/shop-list.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseQuery } from "./validate.ts";

export const shopListRouter = new Hono<ApiEnv>();

shopListRouter.get("/shop/listShop", async (c) => {
  const q = parseQuery(c, shopSearchQuery);
  cachePublic(c);
  return ok(c, await searchShops(c.var.app.db, c.var.locale, q));
});
