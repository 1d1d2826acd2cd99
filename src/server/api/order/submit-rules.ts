/**
 * The checkouts' parse options, the domain's SubmitInput from a parsed submit body, the
 * activity checkouts' confirm and every checkout's submit. The body
 * rules themselves are src/lib/order/submit-rules.ts (re-exported here for the cart's and buy
 * now's router, submit.ts, and the flash sale's and group buy's, which extend them).
 */
import { ResponseCode } from "../../../lib/api-types.ts";
import {
  confirmRule,
  submitRule,
  type CheckoutChoices,
  type OrderSubmitParam,
} from "../../../lib/order/submit-rules.ts";
import type { Context } from "hono";
import type { OrderInvoice } from "../../db/schema/index.ts";
import type { OrderNumbersDto } from "../../../lib/order/order-types.ts";
import type { ActivityBuy } from "../../domain/order/order-buy-lines.ts";
import type { ActivityRef } from "../../domain/order/order-submit-payload.ts";
import { confirmOrder, submitOrder, type SubmitInput } from "../../domain/order/order-submit.ts";
import type { ApiEnv } from "../context.ts";
import { run, type ParseOptions } from "../kit.ts";

export { confirmRule, submitRule };

/**
 * A checkout's messages name fields by the checkout's labels (submitOrder.fields); a missing or
 * malformed submit token is "order expired" with the repeated-order code A03002.
 */
export const CHECKOUT: ParseOptions = {
  labels: "submitOrder",
  codes: { "submitOrder.expired": ResponseCode.REPEAT_ORDER },
};

/** The domain's SubmitInput from a parsed submit body (also used by the activity checkouts). */
export function submitInputOf(input: OrderSubmitParam): SubmitInput {
  const remarks = new Map<number, string>();
  for (const p of input.orderShopParams ?? input.orderShopParam ?? []) remarks.set(p.shopId, p.remarks);
  const invoices = new Map<number, OrderInvoice>();
  for (const i of input.orderInvoiceList ?? [])
    invoices.set(i.shopId, {
      invoiceType: i.invoiceType,
      headerName: i.headerName,
      invoiceTaxNumber: i.invoiceTaxNumber,
    });
  return { uuid: input.uuid, ...choicesOf(input), remarks, invoices, actualTotal: input.actualTotal };
}

/**
 * The buyer's choices (address, points, coupons) of a parsed confirm or submit body, alone: what
 * every checkout hands the domain besides what it buys.
 */
export function choicesOf(input: CheckoutChoices): CheckoutChoices {
  return {
    addrId: input.addrId,
    isScorePay: input.isScorePay,
    userUseScore: input.userUseScore,
    couponUserIds: input.couponUserIds,
    userChangeCoupon: input.userChangeCoupon,
  };
}

/**
 * An activity checkout's confirm (flash sale, group buy): one line of `input.prodCount` pieces of
 * the activity's SKU, the buyer's choices, and the activity's own checks (`buy`).
 */
export function confirmActivity(
  c: Context<ApiEnv>,
  line: { prodId: number; skuId: number; shopId: number },
  input: CheckoutChoices & { prodCount: number },
  buy: ActivityBuy,
): Promise<Response> {
  return run(c, () =>
    confirmOrder(
      c.var.app.db,
      c.var.userId,
      c.var.locale,
      { orderItem: { ...line, prodCount: input.prodCount }, ...choicesOf(input) },
      new Date(),
      buy,
    ),
  );
}

/**
 * A checkout's submit: the orders of a parsed submit body, and their numbers as the answer;
 * `activityOf` (an activity checkout's) takes the activity the submit token names, or refuses it.
 */
export async function submitFrom(
  c: Context<ApiEnv>,
  input: OrderSubmitParam,
  activityOf?: (ref: ActivityRef) => ActivityBuy | null,
): Promise<OrderNumbersDto> {
  const numbers = await submitOrder(
    c.var.app.db,
    c.var.userId,
    c.var.locale,
    submitInputOf(input),
    new Date(),
    activityOf,
  );
  return { orderNumbers: numbers.join(",") };
}
