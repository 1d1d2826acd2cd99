/**
 * The body rules of the checkouts — the cart's and buy-now's (submit.ts), the flash sale's and
 * the group buy's (../flash-sale.ts, ../group-buy.ts extend them with what they buy) — the parse
 * options their messages need, and the domain's SubmitInput from a parsed submit body.
 */
import { z } from "zod";
import { ResponseCode } from "../../../lib/api-types.ts";
import { CART_SETTLE_MAX } from "../../../lib/constants.ts";
import {
  controlFreeString,
  couponUserIdsRule,
  orderInvoiceListRule,
  orderShopParamsRule,
  shownAmountRule,
  userChangeCouponRule,
  usePointsRule,
} from "../../../lib/rule-schemas.ts";
import { intField } from "../../../lib/validation.ts";
import type { OrderInvoice } from "../../db/schema/index.ts";
import { CART_IDS_MAX } from "../../domain/cart/cart.ts";
import type { SubmitInput } from "../../domain/order/order-submit.ts";
import type { ParseOptions } from "../kit.ts";

/**
 * A checkout's messages name fields by the checkout's labels (orderSubmit.fields); a missing or
 * malformed submit token is "order expired" with the repeated-order code A03002.
 */
export const CHECKOUT: ParseOptions = {
  labels: "orderSubmit",
  codes: { "orderSubmit.expired": ResponseCode.REPEAT_ORDER },
};

const MAX_INT = 2_147_483_647;
const id = () => intField(1, MAX_INT);
/** Optional values: null and "" are "not given". */
const opt = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === null || v === "" ? undefined : v), s.optional());

const scorePayRule = z.preprocess(
  (v) => (v === "1" || v === true ? 1 : v === "0" || v === false ? 0 : v),
  z.union([z.literal(0), z.literal(1)], { error: "validation.invalid" }),
);

const countRule = z.preprocess(
  (v) => (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: "cart.badCount" })
    .int({ error: "cart.badCount" })
    .min(1, "cart.badCount")
    .max(CART_SETTLE_MAX, { error: "cart.settleMax" }),
);

export const confirmRule = z.object({
  basketIds: opt(z.array(id(), { error: "validation.invalid" }).max(CART_IDS_MAX, "validation.outOfRange")),
  orderItem: opt(
    z.object({ prodId: id(), skuId: id(), prodCount: countRule, shopId: id() }, { error: "validation.invalid" }),
  ),
  addrId: opt(intField(0, MAX_INT)),
  isScorePay: opt(scorePayRule),
  userUseScore: opt(usePointsRule),
  couponUserIds: opt(couponUserIdsRule),
  userChangeCoupon: opt(userChangeCouponRule),
});

export const submitRule = z.object({
  uuid: controlFreeString("orderSubmit.expired").trim().min(1, "orderSubmit.expired").max(200, "orderSubmit.expired"),
  addrId: opt(intField(0, MAX_INT)),
  orderShopParams: opt(orderShopParamsRule),
  /** The older singular key of open mall4j clients. */
  orderShopParam: opt(orderShopParamsRule),
  orderInvoiceList: opt(orderInvoiceListRule),
  isScorePay: opt(scorePayRule),
  userUseScore: opt(usePointsRule),
  couponUserIds: opt(couponUserIdsRule),
  userChangeCoupon: opt(userChangeCouponRule),
  actualTotal: opt(shownAmountRule),
});

/** The domain's SubmitInput from a parsed submit body (also used by the activity checkouts). */
export function submitInputOf(input: z.infer<typeof submitRule>): SubmitInput {
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
