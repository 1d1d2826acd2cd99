/**
 * Shops (CONTRACT §3.7; rules in src/server/domain/shop/), public:
 *   GET /shop/hotShops                               → hot shops
 *   GET /shop/headInfo?shopId=                       → ShopIndexInfo for /shopIndex, with productCount,
 *       renovationId and homeStatus; a shop that is not open only reveals {shopId, shopStatus}
 *   GET /shop/searchShops?shopName=&current=&size=   → shop search with product counts for /shopList
 */
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { shopIdQuery, shopSearchQuery } from "../../lib/catalog/catalog-params.ts";
import { hotShopsQuery } from "../../lib/validation.ts";
import { getHotShops } from "../domain/shop/shop.ts";
import { getShopHeadInfo } from "../domain/shop/shop-index.ts";
import { searchShops } from "../domain/shop/shop-list.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseQuery } from "./kit.ts";
import { keptAnswer } from "./prepared-answer.ts";

export const shopRouter = new Hono<ApiEnv>();

shopRouter.get("/shop/hotShops", async (c) => {
  const q = parseQuery(c, hotShopsQuery);
  cachePublic(c);
  return ok(c, await getHotShops(c.var.app.db, c.var.locale, q));
});

shopRouter.get("/shop/headInfo", async (c) => {
  const { shopId } = parseQuery(c, shopIdQuery);
  const info = await getShopHeadInfo(c.var.app.db, c.var.locale, shopId);
  if (!info) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("catalog.shopNotFound"));
  cachePublic(c);
  return ok(c, info);
});

/** Kept ready (prepared-answer.ts) until a shop, or the products of a listed shop, change. */
shopRouter.get("/shop/searchShops", async (c) => {
  const q = parseQuery(c, shopSearchQuery);
  return keptAnswer(c, async () => {
    const data = await searchShops(await c.var.app.reads.db(), c.var.locale, q);
    return { data, tags: ["shops", "site", ...data.records.map((r) => `shop-products:${r.shopId}`)] };
  });
});
