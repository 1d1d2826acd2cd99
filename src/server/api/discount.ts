/**
 * Limited-time discounts (CONTRACT §6.3), public:
 *   GET /marking/discount/getDiscountList?current&size            → Page<DiscountDto> (running first, then upcoming)
 *   GET /marking/discount/getDiscountByDiscountId/{discountId}    → DiscountDto
 *   GET /marking/discount/prodList?discountId&current&size        → Page<DiscountProdDto> (with activityPrice)
 *   GET /marking/discount/getDiscountByProdId?prodId              → DiscountDto[] (running and upcoming for the product)
 * Unknown ids: A00001 "discount.notFound".
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { intField, pageParams } from "../../lib/validation.ts";
import { DiscountError, discountDetail, discountList, discountProdList, discountsForProduct } from "../domain/discount/discount.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parseWith } from "./address.ts";

const MAX_INT = 2_147_483_647;
const discountIdRule = z.object({ discountId: intField(1, MAX_INT) });
const prodListRule = pageParams.extend({ discountId: intField(1, MAX_INT) });
const prodIdRule = z.object({ prodId: intField(1, MAX_INT) });

async function run<T>(c: Context<ApiEnv>, f: () => Promise<T>) {
  try {
    return ok(c, await f());
  } catch (err) {
    if (err instanceof DiscountError) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(err.key));
    throw err;
  }
}

export const discountRouter = new Hono<ApiEnv>();

discountRouter.get("/marking/discount/getDiscountList", async (c) => {
  const q = parseWith(c, pageParams, c.req.query());
  return ok(c, await discountList(c.var.app.db, c.var.locale, q, new Date()));
});

discountRouter.get("/marking/discount/getDiscountByDiscountId/:discountId", async (c) => {
  const { discountId } = parseWith(c, discountIdRule, { discountId: c.req.param("discountId") });
  return run(c, () => discountDetail(c.var.app.db, c.var.locale, discountId, new Date()));
});

discountRouter.get("/marking/discount/prodList", async (c) => {
  const q = parseWith(c, prodListRule, c.req.query());
  return run(c, () => discountProdList(c.var.app.db, c.var.locale, q.discountId, q, new Date()));
});

discountRouter.get("/marking/discount/getDiscountByProdId", async (c) => {
  const { prodId } = parseWith(c, prodIdRule, c.req.query());
  return ok(c, await discountsForProduct(c.var.app.db, c.var.locale, prodId, new Date()));
});
