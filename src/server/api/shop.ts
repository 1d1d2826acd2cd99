/** Shops: hot shops, head info, search (CONTRACT §3.7). */
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { hotShopsQuery, searchShopsQuery, shopHeadInfoQuery } from "../../lib/validation.ts";
import { getHotShops, getShopHeadInfo, publicShopHeadInfo, searchShops } from "../domain/shop.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseQuery } from "./validate.ts";

export const shopRouter = new Hono<ApiEnv>();

shopRouter.get("/shop/hotShops", async (c) => {
  const q = parseQuery(c, hotShopsQuery);
  cachePublic(c);
  return ok(c, await getHotShops(c.var.app.db, c.var.locale, q));
});

shopRouter.get("/shop/headInfo", async (c) => {
  const { shopId } = parseQuery(c, shopHeadInfoQuery);
  const info = await getShopHeadInfo(c.var.app.db, c.var.locale, shopId);
  if (!info) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.shopNotFound"));
  cachePublic(c);
  return ok(c, publicShopHeadInfo(info));
});

shopRouter.get("/shop/searchShops", async (c) => {
  const q = parseQuery(c, searchShopsQuery);
  cachePublic(c);
  return ok(c, await searchShops(c.var.app.db, c.var.locale, q));
});
