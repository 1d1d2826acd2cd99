/**
 * Cart (CONTRACT §4.1), login required (/p/):
 *   POST   /p/shopCart/changeItem {basketId?, prodId, skuId, shopId, count (DELTA), oldSkuId?} → number (new total quantity)
 *   POST   /p/shopCart/info        body [] / {} / none (ignored)      → ShopCartDto[]
 *   POST   /p/shopCart/totalPay    body basketId[]                     → CartTotal
 *   POST   /p/shopCart/checkItems  body [{basketId, isChecked 0|1}]    → null
 *   DELETE /p/shopCart/deleteItem  body basketId[]                     → null
 *   GET    /p/shopCart/prodCount                                       → number (total quantity)
 *   GET    /mall4cloud_product/shop_cart/ma/prod_count (SPEC §7)       → the same number; token optional
 *          ("maybe-auth", CONTRACT §1.4): no token, or one no longer valid → 0 (a visitor's cart is empty)
 * Business refusals are A00001 with a `cart.*` message (domain/cart/cart.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import { intField } from "../../lib/validation.ts";
import {
  CART_DELTA_MAX,
  CART_IDS_MAX,
  cartInfo,
  cartProdCount,
  cartTotalPay,
  changeItem,
  checkItems,
  deleteItems,
} from "../domain/cart/cart.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { parse, readJson, run, sentToken } from "./kit.ts";
import { ID_MAX } from "../../lib/ids.ts";

const id = () => intField(1, ID_MAX);

const countRule = z.preprocess(
  (v) => (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: "cart.badCount" })
    .int({ error: "cart.badCount" })
    .min(-CART_DELTA_MAX, "cart.badCount")
    .max(CART_DELTA_MAX, "cart.badCount")
    .refine((n) => n !== 0, "cart.badCount"),
);

const changeItemRule = z.object({
  basketId: intField(0, ID_MAX).optional(),
  prodId: id(),
  skuId: id(),
  shopId: id(),
  count: countRule,
  oldSkuId: intField(0, ID_MAX).optional(),
});

const idsRule = z.array(id(), { error: "validation.invalid" }).max(CART_IDS_MAX, "validation.outOfRange");
const checkRule = z
  .array(
    z.object({ basketId: id(), isChecked: z.union([z.literal(0), z.literal(1)], { error: "validation.invalid" }) }),
    { error: "validation.invalid" },
  )
  .max(CART_IDS_MAX, "validation.outOfRange");

/** The JSON body; blank → `empty`. */
const body = (c: Parameters<typeof readJson>[0], empty: unknown) => readJson(c, { empty });

/** basketId[] also accepted as {basketIds: [...]}. */
const idList = (v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v) && "basketIds" in v ? (v as { basketIds: unknown }).basketIds : v;

export const cartRouter = new Hono<ApiEnv>();

cartRouter.post("/p/shopCart/changeItem", async (c) => {
  const input = parse(c, changeItemRule, await body(c, {}));
  return run(c, () => changeItem(c.var.app.db, c.var.userId, input));
});

cartRouter.post("/p/shopCart/info", async (c) => {
  c.set("readOnly", true);
  await body(c, {});
  return run(c, () => cartInfo(c.var.app.buyers, c.var.userId, c.var.locale));
});

cartRouter.post("/p/shopCart/totalPay", async (c) => {
  const ids = parse(c, idsRule, idList(await body(c, [])));
  c.set("readOnly", true);
  return run(c, () => cartTotalPay(c.var.app.buyers, c.var.userId, ids));
});

cartRouter.post("/p/shopCart/checkItems", async (c) => {
  const items = parse(c, checkRule, await body(c, []));
  return run(c, async () => {
    await checkItems(c.var.app.db, c.var.userId, items);
    return null;
  });
});

cartRouter.delete("/p/shopCart/deleteItem", async (c) => {
  const ids = parse(c, idsRule, idList(await body(c, [])));
  return run(c, async () => {
    await deleteItems(c.var.app.db, c.var.userId, ids);
    return null;
  });
});

cartRouter.get("/p/shopCart/prodCount", async (c) => ok(c, await cartProdCount(c.var.app.db, c.var.userId)));

cartRouter.get("/mall4cloud_product/shop_cart/ma/prod_count", async (c) => {
  const token = sentToken(c);
  const session = token ? await c.var.app.buyers.session(token) : null;
  return ok(c, session ? await cartProdCount(c.var.app.db, session.userId) : 0);
});
