/**
 * Collections (CONTRACT §7.2, §3.7), login required.
 * Products:
 *   POST /p/user/collection/addOrCancel      body raw prodId (JSON number / digit string) or {prodId} → boolean (true = now collected)
 *   GET  /p/user/collection/isCollection?prodId= → boolean (unknown product → false)
 *   GET  /p/user/collection/prods?current&size   → Page<CollectedProduct>
 *   GET  /p/user/collection/count                → number (also /collectionCount)
 *   POST /p/user/collection/batachCancel     body prodIds[] (or {prodIds}) → number removed
 * Shops:
 *   POST /p/shop/collection/addOrCancel      body raw shopId or {shopId} → boolean (true = now followed)
 *   GET  /p/shop/collection/isCollection?shopId= → boolean
 *   GET  /p/shop/collection/page?current&size    → Page<CollectedShop>
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { intField, pageParams } from "../../lib/validation.ts";
import {
  cancelProdCollections,
  countProdCollections,
  isProdCollected,
  isShopCollected,
  prodCollectionPage,
  shopCollectionPage,
  toggleProdCollection,
  toggleShopCollection,
} from "../domain/collection/collection.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parse, parseQuery, readIdBody, readJson } from "./kit.ts";
import { ID_MAX } from "../../lib/ids.ts";

/** At most this many products are cancelled by one batachCancel call. */
const BATCH_CANCEL_MAX = 100;

const prodIdRule = z.object({ prodId: intField(1, ID_MAX) });
const shopIdRule = z.object({ shopId: intField(1, ID_MAX) });
const prodIdsRule = z.object({
  prodIds: z
    .array(intField(1, ID_MAX), { error: "validation.invalid" })
    .min(1, "validation.required")
    .max(BATCH_CANCEL_MAX, "validation.outOfRange"),
});

export const collectionRouter = new Hono<ApiEnv>();

collectionRouter.post("/p/user/collection/addOrCancel", async (c) => {
  const { prodId } = parse(c, prodIdRule, await readIdBody(c, "prodId"));
  const r = await toggleProdCollection(c.var.app.db, c.var.userId, prodId);
  if (r === null) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("address.productNotFound"));
  return ok(c, r);
});

collectionRouter.get("/p/user/collection/isCollection", async (c) => {
  const { prodId } = parseQuery(c, prodIdRule);
  return ok(c, await isProdCollected(c.var.app.db, c.var.userId, prodId));
});

collectionRouter.get("/p/user/collection/prods", async (c) => {
  const { current, size } = parseQuery(c, pageParams);
  return ok(c, await prodCollectionPage(c.var.app.db, c.var.userId, c.var.locale, current, size));
});

const countHandler = async (c: Context<ApiEnv>) => ok(c, await countProdCollections(c.var.app.db, c.var.userId));
collectionRouter.get("/p/user/collection/count", countHandler);
collectionRouter.get("/p/user/collection/collectionCount", countHandler);

collectionRouter.post("/p/user/collection/batachCancel", async (c) => {
  const body = await readJson(c);
  const { prodIds } = parse(c, prodIdsRule, Array.isArray(body) ? { prodIds: body } : body);
  return ok(c, await cancelProdCollections(c.var.app.db, c.var.userId, prodIds));
});

collectionRouter.post("/p/shop/collection/addOrCancel", async (c) => {
  const { shopId } = parse(c, shopIdRule, await readIdBody(c, "shopId"));
  const r = await toggleShopCollection(c.var.app.db, c.var.userId, shopId);
  if (r === null) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("address.shopNotFound"));
  return ok(c, r);
});

collectionRouter.get("/p/shop/collection/isCollection", async (c) => {
  const { shopId } = parseQuery(c, shopIdRule);
  return ok(c, await isShopCollected(c.var.app.db, c.var.userId, shopId));
});

collectionRouter.get("/p/shop/collection/page", async (c) => {
  const { current, size } = parseQuery(c, pageParams);
  return ok(c, await shopCollectionPage(c.var.app.db, c.var.userId, c.var.locale, current, size));
});
