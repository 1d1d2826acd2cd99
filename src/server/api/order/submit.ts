/**
 * Checkout (CONTRACT §4.2-§4.3), login required (/p/):
 *   POST /p/order/confirm  body OrderConfirmParam {basketIds[] | orderItem, addrId?, isScorePay?, userUseScore?, couponUserIds?, userChangeCoupon?} → OrderConfirmDto (with the submit token `uuid`)
 *   POST /p/order/submit   body OrderSubmitParam {uuid, addrId?, orderShopParams?, orderInvoiceList?, isScorePay?, userUseScore?, couponUserIds?, userChangeCoupon?, actualTotal?} → OrderNumbersDto
 * Refusals: A00001 with a translated message (bad input, unavailable goods, points, address);
 * A03002 for a repeated submit ("do not submit the order twice"; data = {orderNumbers, duplicateError: 1})
 * or an unknown / expired token ("order expired"); A03010 when stock runs out at submit.
 * Body rules: submit-rules.ts (shared with the activity checkouts); rules: src/server/domain/order/order-submit.ts,
 * docs/order.md "Submit order".
 */
import { Hono } from "hono";
import { ResponseCode } from "../../../lib/api-types.ts";
import { confirmOrder } from "../../domain/order/order-submit.ts";
import type { ApiEnv } from "../context.ts";
import { ApiError } from "../envelope.ts";
import { parse, readJson, run } from "../kit.ts";
import { CHECKOUT, confirmRule, choicesOf, submitFrom, submitRule } from "./submit-rules.ts";

export const orderSubmitRouter = new Hono<ApiEnv>();

orderSubmitRouter.post("/p/order/confirm", async (c) => {
  const input = parse(c, confirmRule, await readJson(c, { empty: {} }), CHECKOUT);
  const hasCart = input.basketIds !== undefined && input.basketIds.length > 0;
  if (hasCart === (input.orderItem !== undefined)) {
    // Neither (or an empty list) → choose something; both → ambiguous.
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(hasCart ? "submitOrder.cartOrBuyNow" : "cart.selectOne"));
  }
  return run(c, () =>
    confirmOrder(
      c.var.app.db,
      c.var.userId,
      c.var.locale,
      {
        ...(hasCart ? { basketIds: input.basketIds } : { orderItem: input.orderItem }),
        ...choicesOf(input),
      },
      new Date(),
    ),
  );
});

orderSubmitRouter.post("/p/order/submit", async (c) => {
  const input = parse(c, submitRule, await readJson(c, { empty: {} }), CHECKOUT);
  return run(c, () => submitFrom(c, input));
});
