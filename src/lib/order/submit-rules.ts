/**
 * The body rules of the checkouts' confirm and submit calls (CONTRACT §5): the cart's and buy
 * now's (src/server/api/order/submit.ts), the flash sale's and the group buy's (which extend them
 * with what they buy). The one source of the order-submit body: the routers parse with these,
 * the browser's data module sends `OrderSubmitParam` / `OrderConfirmParam` (their output types,
 * below), the domain's SubmitInput is derived from `OrderSubmitParam`.
 */
import { z } from "zod";
import { CART_IDS_MAX, CART_SETTLE_MAX } from "../cart/cart-limits.ts";
import {
  controlFreeString,
  couponUserIdsRule,
  orderInvoiceListRule,
  orderShopParamsRule,
  shownAmountRule,
  userChangeCouponRule,
  usePointsRule,
} from "../rule-schemas.ts";
import { intField } from "../validation.ts";
import { ID_MAX } from "../ids.ts";

const id = () => intField(1, ID_MAX);
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

/** What the buyer chooses at every checkout, on confirm and on submit: the address, points and coupons. */
const choices = {
  addrId: opt(intField(0, ID_MAX)),
  isScorePay: opt(scorePayRule),
  userUseScore: opt(usePointsRule),
  couponUserIds: opt(couponUserIdsRule),
  userChangeCoupon: opt(userChangeCouponRule),
};
/** The buyer's choices of a parsed confirm or submit body (`choices` above). */
export type CheckoutChoices = Pick<OrderConfirmParam, keyof typeof choices>;

export const confirmRule = z.object({
  basketIds: opt(z.array(id(), { error: "validation.invalid" }).max(CART_IDS_MAX, "validation.outOfRange")),
  orderItem: opt(
    z.object({ prodId: id(), skuId: id(), prodCount: countRule, shopId: id() }, { error: "validation.invalid" }),
  ),
  ...choices,
});

export const submitRule = z.object({
  uuid: controlFreeString("submitOrder.expired").trim().min(1, "submitOrder.expired").max(200, "submitOrder.expired"),
  orderShopParams: opt(orderShopParamsRule),
  /** The older singular key of open mall4j clients. */
  orderShopParam: opt(orderShopParamsRule),
  orderInvoiceList: opt(orderInvoiceListRule),
  ...choices,
  actualTotal: opt(shownAmountRule),
});

/**
 * Body of POST /p/order/confirm: either cart lines (basketIds) or one buy-now line (orderItem),
 * the address, points and coupons chosen. The rule's output (`confirmRule`,
 * which the routers parse with): the browser sends values already valid.
 */
export type OrderConfirmParam = z.infer<typeof confirmRule>;

/**
 * Body of POST /p/order/submit (and the activities' submits): the submit token from confirm, the
 * address, a message and an invoice choice per shop, points and coupons, the amount the buyer saw.
 * The one type of the order-submit body: the output of `submitRule`, which the
 * routers parse with; the browser sends it, the domain's SubmitInput is derived from it.
 */
export type OrderSubmitParam = z.infer<typeof submitRule>;

/** Invoice choice per shop, stored with the order (issued by the invoice feature). */
export type OrderInvoiceParam = NonNullable<OrderSubmitParam["orderInvoiceList"]>[number];
