/**
 * The shared form rules (written once as plain rules in their features' modules) as zod schemas,
 * for the API: the same names, so a router writes `z.object({ mobile: mobileRule })` with the rule
 * the browser form checks. Browser code never imports this module (it would ship zod); it imports
 * the feature's rules module.
 */
import { z } from "zod";
import { TOPUP_MAX, TOPUP_MIN } from "./balance/balance.ts";
import { isValidAmount } from "./money.ts";
import { RULE_KEYS } from "./rule-keys.ts";
import type { ObjectRule, Rule, Shape, ShapeOutput } from "./rule-kit.ts";
import { CONTROL_CHARS_KEY, hasControlChars } from "./text-rules.ts";
import * as account from "./account/account-rules.ts";
import * as address from "./address/address-rules.ts";
import * as search from "./catalog/search-rules.ts";
import * as order from "./order/order-rules.ts";
import * as points from "./points/points.ts";
import * as refund from "./refund/refund-form.ts";
import * as review from "./review/review-form.ts";
import * as store from "./store-application/store-application.ts";

/**
 * A plain string schema for API-only fields (merchant login, logistics text, submit token …)
 * that refuses control characters first, like every shared text rule (src/lib/text-rules.ts).
 */
export function controlFreeString(key: string, opts: { multiline?: boolean } = {}) {
  return z
    .string({ error: key })
    .refine((s) => !hasControlChars(s.trim(), opts.multiline), { error: CONTROL_CHARS_KEY, abort: true });
}

/** A rule as a zod schema: the rule parses, its issues (message keys, paths) become zod issues. */
export function schemaOf<T>(rule: Rule<T>): z.ZodType<T> {
  const schema = z.unknown().transform((value, ctx): T => {
    const r = rule.safeParse(value);
    if (r.success) return r.data;
    for (const issue of r.error.issues)
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path, input: value });
    return z.NEVER;
  });
  // A rule that turns "absent" into undefined is an optional field for zod's objects (which
  // refuse an undefined output otherwise); for undefined the answer is the same either way.
  const absent = rule.safeParse(undefined);
  return (absent.success && absent.data === undefined ? schema.optional() : schema) as unknown as z.ZodType<T>;
}

/** An object rule as a zod object of its fields' schemas (so routers can .extend it or pick .shape). */
export function objectSchema<S extends Shape>(
  rule: ObjectRule<S, ShapeOutput<S>>,
): z.ZodObject<{ [K in keyof S]: z.ZodType<ShapeOutput<S>[K]> }> {
  const shape = Object.fromEntries(Object.entries(rule.shape).map(([k, r]) => [k, schemaOf(r)]));
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodType<ShapeOutput<S>[K]> }>;
}

export const usernameRule = schemaOf(account.usernameRule);
export const passwordRule = schemaOf(account.passwordRule);
export const storePasswordRule = schemaOf(store.storePasswordRule);
export const mobileRule = schemaOf(account.mobileRule);
export const smsCodeRule = schemaOf(account.smsCodeRule);
export const nicknameRule = schemaOf(account.nicknameRule);
export const searchKeywordRule = (kind: search.SearchKind) => schemaOf(search.searchKeywordRule(kind));
export const addressDetailRule = schemaOf(address.addressDetailRule);
export const storeNameRule = schemaOf(store.storeNameRule);
export const storeDescriptionRule = schemaOf(store.storeDescriptionRule);
export const refundDescriptionRule = schemaOf(refund.refundDescriptionRule);
export const reviewTextRule = schemaOf(review.reviewTextRule);
export const pointsRule = schemaOf(points.pointsRule);

/**
 * Top-up amount as a decimal string (numbers from JSON are accepted): 0.01-100000, ≤ 2 decimals.
 * Output: the trimmed string. Server only: the amount check is the money module's (decimal.js).
 */
export const topupAmountRule = z.preprocess(
  (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
  z
    .string({ error: RULE_KEYS.topupAmount })
    .trim()
    .refine((s) => isValidAmount(s, { min: TOPUP_MIN, max: TOPUP_MAX }), RULE_KEYS.topupAmount),
);

// Address form (address-rules.ts)
export const addressFormRule = objectSchema(address.addressFormRule);
/** POST /p/address/addAddr: addrId may be absent, null or 0; anything else is refused. */
export const addAddressRule = addressFormRule.extend({ addrId: schemaOf(address.newAddressIdRule).optional() });
/** PUT /p/address/updateAddr: addrId is required (a positive integer). */
export const updateAddressRule = addressFormRule.extend({ addrId: schemaOf(address.addressIdRule) });

// Submit order (order-rules.ts)
export const orderRemarkRule = schemaOf(order.orderRemarkRule);
export const usePointsRule = schemaOf(order.usePointsRule);
export const orderShopParamRule = schemaOf(order.orderShopParamRule);
export const orderInvoiceRule = schemaOf(order.orderInvoiceRule);
/** An invoice choice without its shop: the /invoice-detail edit. */
export const invoiceChoiceRule = schemaOf(order.invoiceChoiceRule);
/** Held coupons chosen at checkout (ids of the buyer's coupons). */
export const couponUserIdsRule = z
  .array(
    z
      .number({ error: "coupon.notYours" })
      .int({ error: "coupon.notYours" })
      .min(1, "coupon.notYours")
      .max(2_147_483_647, "coupon.notYours"),
    { error: "coupon.notYours" },
  )
  .max(order.COUPON_CHOICE_MAX, "coupon.onePerShop");
export const userChangeCouponRule = z.union([z.literal(0), z.literal(1)], { error: "validation.invalid" });
/** The amount the buyer saw at checkout: digits with at most 2 decimals. */
export const shownAmountRule = z
  .string({ error: "submitOrder.amountChanged" })
  .trim()
  .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, "submitOrder.amountChanged");
/** The per-shop lists of the submit body (at most one message / invoice per shop: the last one wins). */
export const orderShopParamsRule = z
  .array(orderShopParamRule)
  .max(order.ORDER_SHOP_LIST_MAX, order.ORDER_RULE_KEYS.shopInvalid);
export const orderInvoiceListRule = z
  .array(orderInvoiceRule)
  .max(order.ORDER_SHOP_LIST_MAX, order.ORDER_RULE_KEYS.shopInvalid);

export { ruleError, ruleErrors } from "./rule-kit.ts";
