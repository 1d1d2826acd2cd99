/**
 * Checkout (CONTRACT §4.2-§4.3), login required (/p/):
 *   POST /p/order/confirm  body OrderConfirmParam {basketIds[] | orderItem, addrId?, isScorePay?, userUseScore?, couponUserIds?, userChangeCoupon?} → OrderConfirmDto (with the submit token `uuid`)
 *   POST /p/order/submit   body OrderSubmitParam {uuid, addrId?, orderShopParams?, orderInvoiceList?, isScorePay?, userUseScore?, couponUserIds?, userChangeCoupon?, actualTotal?} → OrderNumbersDto
 * Refusals: A00001 with a translated message (bad input, unavailable goods, points, address);
 * A03002 for a repeated submit ("do not submit the order twice"; data = {orderNumbers, duplicateError: 1})
 * or an unknown / expired token ("order expired"); A03010 when stock runs out at submit.
 * Rules: src/server/domain/order/order-submit.ts, docs/orders.md "Submit order".
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { CART_SETTLE_MAX } from "../../lib/constants.ts";
import { couponUserIdsRule, orderInvoiceListRule, orderShopParamsRule, shownAmountRule, userChangeCouponRule, usePointsRule } from "../../lib/rule-schemas.ts";
import type { OrderNumbersDto } from "../../lib/order/order-types.ts";
import { intField, messageKeyOf } from "../../lib/validation.ts";
import type { OrderInvoice } from "../db/schema.ts";
import { OrderSubmitError, confirmOrder, submitOrder, type SubmitInput } from "../domain/order/order-submit.ts";
import { CART_IDS_MAX } from "../domain/cart/cart.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, envelope, ok } from "./envelope.ts";
import { controlFreeString } from "../../lib/rule-schemas.ts";

const MAX_INT = 2_147_483_647;
const id = () => intField(1, MAX_INT);
/** Optional values: null and "" are "not given". */
const opt = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === null || v === "" ? undefined : v), s.optional());

const scorePayRule = z.preprocess((v) => (v === "1" || v === true ? 1 : v === "0" || v === false ? 0 : v), z.union([z.literal(0), z.literal(1)], { error: "validation.invalid" }));

const countRule = z.preprocess(
  (v) => (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z.number({ error: "cart.badCount" }).int({ error: "cart.badCount" }).min(1, "cart.badCount").max(CART_SETTLE_MAX, { error: "cart.settleMax" }),
);

export const confirmRule = z.object({
  basketIds: opt(z.array(id(), { error: "validation.invalid" }).max(CART_IDS_MAX, "validation.outOfRange")),
  orderItem: opt(z.object({ prodId: id(), skuId: id(), prodCount: countRule, shopId: id() }, { error: "validation.invalid" })),
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

const SHOWN = ["cart.", "rules.", "order.", "orderSubmit.", "coupon.", "flashSale.", "groupBuy."];

/** Parses the body; the first problem becomes an A00001 (A03002 for a missing token) with a translated message. */
export function parse<S extends z.ZodType>(c: Context<ApiEnv>, schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const t = c.var.t;
  if (issue.message === "orderSubmit.expired") throw new ApiError(ResponseCode.REPEAT_ORDER, t(issue.message));
  if (SHOWN.some((p) => issue.message.startsWith(p))) throw new ApiError(ResponseCode.SHOW_FAIL, t(issue.message, { max: CART_SETTLE_MAX }));
  const field = String([...issue.path].reverse().find((p) => typeof p === "string") ?? "");
  const label = field ? t(`orderSubmit.fields.${field}`, { defaultValue: t(`validation.fields.${field}`, { defaultValue: field }) }) : "";
  const params: Record<string, unknown> = { field: label };
  if ("maximum" in issue) params.max = issue.maximum;
  if ("minimum" in issue) params.min = issue.minimum;
  throw new ApiError(ResponseCode.SHOW_FAIL, t(messageKeyOf(issue), params));
}

/** The JSON body (an object); empty → {}; invalid JSON → A00001. */
export async function body(c: Context<ApiEnv>): Promise<unknown> {
  const text = (await c.req.text()).trim();
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.badJson"));
  }
}

export async function run<T>(c: Context<ApiEnv>, f: () => Promise<T>) {
  try {
    return ok(c, await f());
  } catch (err) {
    if (err instanceof OrderSubmitError) {
      const msg = c.var.t(err.key, err.params);
      if (err.data !== null) return c.json(envelope(err.code, err.data, msg));
      throw new ApiError(err.code, msg);
    }
    throw err;
  }
}

export const orderSubmitRouter = new Hono<ApiEnv>();

orderSubmitRouter.post("/p/order/confirm", async (c) => {
  const input = parse(c, confirmRule, await body(c));
  const hasCart = input.basketIds !== undefined && input.basketIds.length > 0;
  if (hasCart === (input.orderItem !== undefined)) {
    // Neither (or an empty list) → choose something; both → ambiguous.
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(hasCart ? "orderSubmit.cartOrBuyNow" : "cart.selectOne"));
  }
  return run(c, () => confirmOrder(c.var.app.db, c.var.userId, c.var.locale, {
    ...(hasCart ? { basketIds: input.basketIds } : { orderItem: input.orderItem }),
    addrId: input.addrId,
    isScorePay: input.isScorePay,
    userUseScore: input.userUseScore,
    couponUserIds: input.couponUserIds,
    userChangeCoupon: input.userChangeCoupon,
  }, new Date()));
});

orderSubmitRouter.post("/p/order/submit", async (c) => {
  const input = parse(c, submitRule, await body(c));
  return run(c, async (): Promise<OrderNumbersDto> => {
    const numbers = await submitOrder(c.var.app.db, c.var.userId, c.var.locale, submitInputOf(input), new Date());
    return { orderNumbers: numbers.join(",") };
  });
});

/** The domain's SubmitInput from a parsed submit body (also used by the activity checkouts). */
export function submitInputOf(input: z.infer<typeof submitRule>): SubmitInput {
  const remarks = new Map<number, string>();
  for (const p of input.orderShopParams ?? input.orderShopParam ?? []) remarks.set(p.shopId, p.remarks);
  const invoices = new Map<number, OrderInvoice>();
  for (const i of input.orderInvoiceList ?? []) invoices.set(i.shopId, { invoiceType: i.invoiceType, headerName: i.headerName, invoiceTaxNumber: i.invoiceTaxNumber });
  return {
    uuid: input.uuid, addrId: input.addrId, remarks, invoices, isScorePay: input.isScorePay, userUseScore: input.userUseScore,
    couponUserIds: input.couponUserIds, userChangeCoupon: input.userChangeCoupon, actualTotal: input.actualTotal,
  };
}
