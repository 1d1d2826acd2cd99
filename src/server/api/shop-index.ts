/**
 * Shop index head info for /shopIndex: GET /shop/headInfo?shopId= (CONTRACT §3.7) → ShopIndexInfo
 * with productCount, renovationId and homeStatus; a shop that is not open only reveals
 * {shopId, shopStatus}.
 */
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { shopIdQuery } from "../../lib/catalog/catalog-params.ts";
import { getShopHeadInfo } from "../domain/shop/shop-index.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseQuery } from "./validate.ts";

export const shopIndexRouter = new Hono<ApiEnv>();

shopIndexRouter.get("/shop/headInfo", async (c) => {
  const { shopId } = parseQuery(c, shopIdQuery);
  const info = await getShopHeadInfo(c.var.app.db, c.var.locale, shopId);
  if (!info) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("catalog.shopNotFound"));
  cachePublic(c);
  return ok(c, info);
});
