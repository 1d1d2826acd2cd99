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
  cancelProdCollections, countProdCollections, isProdCollected, isShopCollected, prodCollectionPage,
  shopCollectionPage, toggleProdCollection, toggleShopCollection,
} from "../domain/collection/collection.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parseWith } from "./address.ts";

const MAX_INT = 2_147_483_647;
/** At most this many products are cancelled by one batachCancel call. */
export const BATCH_CANCEL_MAX = 100;

const prodIdRule = z.object({ prodId: intField(1, MAX_INT) });
const shopIdRule = z.object({ shopId: intField(1, MAX_INT) });
const prodIdsRule = z.object({
  prodIds: z.array(intField(1, MAX_INT), { error: "validation.invalid" }).min(1, "validation.required").max(BATCH_CANCEL_MAX, "validation.outOfRange"),
});

/** A body that is a raw id (JSON number or digit string, or plain text digits) or an object {key: id}. */
export async function readIdBody(c: Context<ApiEnv>, key: string): Promise<unknown> {
  const text = (await c.req.text()).trim();
  if (text === "") return {};
  if (/^\d+$/.test(text)) return { [key]: text };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.badJson"));
  }
  // anything but an object is the id itself, so `true` or `[1]` is "not valid" rather than "empty"
  return body !== null && typeof body === "object" && !Array.isArray(body) ? body : { [key]: body };
}

export const collectionRouter = new Hono<ApiEnv>();

collectionRouter.post("/p/user/collection/addOrCancel", async (c) => {
  const { prodId } = parseWith(c, prodIdRule, await readIdBody(c, "prodId"));
  const r = await toggleProdCollection(c.var.app.db, c.var.userId, prodId);
  if (r === null) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("address.productNotFound"));
  return ok(c, r);
});

collectionRouter.get("/p/user/collection/isCollection", async (c) => {
  const { prodId } = parseWith(c, prodIdRule, c.req.query());
  return ok(c, await isProdCollected(c.var.app.db, c.var.userId, prodId));
});

collectionRouter.get("/p/user/collection/prods", async (c) => {
  const { current, size } = parseWith(c, pageParams, c.req.query());
  return ok(c, await prodCollectionPage(c.var.app.db, c.var.userId, c.var.locale, current, size));
});

const countHandler = async (c: Context<ApiEnv>) => ok(c, await countProdCollections(c.var.app.db, c.var.userId));
collectionRouter.get("/p/user/collection/count", countHandler);
collectionRouter.get("/p/user/collection/collectionCount", countHandler);

collectionRouter.post("/p/user/collection/batachCancel", async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.badJson"));
  }
  const { prodIds } = parseWith(c, prodIdsRule, Array.isArray(body) ? { prodIds: body } : body);
  return ok(c, await cancelProdCollections(c.var.app.db, c.var.userId, prodIds));
});

collectionRouter.post("/p/shop/collection/addOrCancel", async (c) => {
  const { shopId } = parseWith(c, shopIdRule, await readIdBody(c, "shopId"));
  const r = await toggleShopCollection(c.var.app.db, c.var.userId, shopId);
  if (r === null) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("address.shopNotFound"));
  return ok(c, r);
});

collectionRouter.get("/p/shop/collection/isCollection", async (c) => {
  const { shopId } = parseWith(c, shopIdRule, c.req.query());
  return ok(c, await isShopCollected(c.var.app.db, c.var.userId, shopId));
});

collectionRouter.get("/p/shop/collection/page", async (c) => {
  const { current, size } = parseWith(c, pageParams, c.req.query());
  return ok(c, await shopCollectionPage(c.var.app.db, c.var.userId, c.var.locale, current, size));
});
