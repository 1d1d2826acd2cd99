/**
 * Limited-time discounts (CONTRACT §6.3), public:
 *   GET /marking/discount/getDiscountList?current&size            → Page<DiscountDto> (running first, then upcoming)
 *   GET /marking/discount/getDiscountByDiscountId/{discountId}    → DiscountDto
 *   GET /marking/discount/prodList?discountId&current&size        → Page<DiscountProdDto> (with activityPrice)
 *   GET /marking/discount/getDiscountByProdId?prodId              → DiscountDto[] (running and upcoming for the product)
 * Unknown ids: A00001 "discount.notFound".
 *
 * A shop's own discounts (docs/merchant-api.md "Coupons and discounts"), behind the merchant token;
 * forms are checked by the shared rules of src/lib/discount/discount-rules.ts, another shop's discount is
 * answered like an unknown one:
 *   GET  /merchant/discounts?state=0|1|2&current&size → Page<ManagedDiscountDto>
 *   POST /merchant/discounts {DiscountForm}            → {discountId}
 *   POST /merchant/discounts/{discountId}/stop         → null
 */
import { Hono } from "hono";
import { z } from "zod";
import { discountFormRule } from "../../lib/discount/discount-rules.ts";
import { managedListRule } from "../../lib/merchant/merchant-fields.ts";
import { intField, pageParams } from "../../lib/validation.ts";
import { createDiscount, listManagedDiscounts, stopDiscount } from "../domain/discount/discount-admin.ts";
import { discountDetail, discountList, discountProdList, discountsForProduct } from "../domain/discount/discount.ts";
import type { ApiEnv, MerchantEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { parseJson, parseParams, parseQuery, pathId, run } from "./kit.ts";
import { ID_MAX } from "../../lib/ids.ts";

const discountIdRule = z.object({ discountId: intField(1, ID_MAX) });
const prodListRule = pageParams.extend({ discountId: intField(1, ID_MAX) });
const prodIdRule = z.object({ prodId: intField(1, ID_MAX) });

export const discountRouter = new Hono<ApiEnv>();

discountRouter.get("/marking/discount/getDiscountList", async (c) => {
  const q = parseQuery(c, pageParams);
  return ok(c, await discountList(c.var.app.db, c.var.locale, q, new Date()));
});

discountRouter.get("/marking/discount/getDiscountByDiscountId/:discountId", async (c) => {
  const { discountId } = parseParams(c, discountIdRule);
  return run(c, () => discountDetail(c.var.app.db, c.var.locale, discountId, new Date()));
});

discountRouter.get("/marking/discount/prodList", async (c) => {
  const q = parseQuery(c, prodListRule);
  return run(c, () => discountProdList(c.var.app.db, c.var.locale, q.discountId, q, new Date()));
});

discountRouter.get("/marking/discount/getDiscountByProdId", async (c) => {
  const { prodId } = parseQuery(c, prodIdRule);
  return ok(c, await discountsForProduct(c.var.app.db, c.var.locale, prodId, new Date()));
});

// ---- a shop's own discounts (merchant token) ----------------------------------------------------

export const discountMerchantRouter = new Hono<MerchantEnv>();

discountMerchantRouter.get("/merchant/discounts", async (c) => {
  const q = parseQuery(c, managedListRule);
  return run(c, () => listManagedDiscounts(c.var.app.db, c.var.shopId, c.var.locale, q, new Date()));
});

discountMerchantRouter.post("/merchant/discounts", async (c) => {
  const form = await parseJson(c, discountFormRule(new Date()));
  return run(c, async () => ({ discountId: await createDiscount(c.var.app.db, c.var.shopId, form) }));
});

discountMerchantRouter.post("/merchant/discounts/:discountId/stop", async (c) =>
  run(c, async () => {
    await stopDiscount(
      c.var.app.db,
      c.var.shopId,
      pathId(c, "discountId", "merchant.marketing.discountNotFound"),
      new Date(),
    );
    return null;
  }),
);
