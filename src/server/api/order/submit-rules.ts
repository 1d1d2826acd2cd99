/**
 * The checkouts' parse options and the domain's SubmitInput from a parsed submit body. The body
 * rules themselves are src/lib/order/submit-rules.ts (re-exported here for the cart's and buy
 * now's router, submit.ts, and the flash sale's and group buy's, which extend them).
 */
import { ResponseCode } from "../../../lib/api-types.ts";
import { confirmRule, submitRule, type OrderSubmitParam } from "../../../lib/order/submit-rules.ts";
import type { OrderInvoice } from "../../db/schema/index.ts";
import type { SubmitInput } from "../../domain/order/order-submit.ts";
import type { ParseOptions } from "../kit.ts";

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
  return {
    uuid: input.uuid,
    addrId: input.addrId,
    remarks,
    invoices,
    isScorePay: input.isScorePay,
    userUseScore: input.userUseScore,
    couponUserIds: input.couponUserIds,
    userChangeCoupon: input.userChangeCoupon,
    actualTotal: input.actualTotal,
  };
}
