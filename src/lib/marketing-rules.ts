/**
 * Rules for creating coupons and limited-time discounts (docs/merchant-api.md "Coupons and
 * discounts"), shared by the merchant and platform API and the ops CLI. zod schemas (server and
 * CLI only: browser code never imports this module). Messages are i18n keys under
 * "merchant.marketing"; the checks against the clock take `now`.
 *
 * - Names: one text for every language, or {zh, zh-tw, en}; 1-30 characters, no control characters.
 * - Money: digits with at most 2 decimals, up to 99,999,999.99; rates (8.5 = pay 85 %) 0.1-9.9
 *   with one decimal.
 * - Times: ISO 8601. Claiming (launchTime–overTime) and a fixed validity (startTime–endTime)
 *   must end after now and after they start; claiming may not go on after a fixed validity ends.
 * - A coupon for selected (1) or excluded (2) products names 1-200 products; the domain checks
 *   they are the shop's own (any shop's for a platform coupon).
 * - A discount has 1-5 tiers with rising needs, each better than the one before; repeating per
 *   tier (discountType 1) only for the amount-off rules (0, 1); a rule's saving is below its need
 *   for "spend X save Y".
 */
import { z } from "zod";
import type { LocalizedText } from "./locale.ts";
import { CouponType, DiscountRule, DiscountType, SuitableProdType, ValidTimeType, isCountRule, isPercentRule } from "./marketing.ts";
import { Money, type MoneyDecimal } from "./money.ts";
import { hasControlChars } from "./text-rules.ts";

export const MARKETING_NAME_MAX = 30;
export const MARKETING_PRODS_MAX = 200;
export const DISCOUNT_TIERS_MAX = 5;
export const COUPON_STOCK_MAX = 1_000_000;
export const COUPON_LIMIT_MAX = 100;
export const VALID_DAYS_MAX = 365;
const MONEY_MAX = "99999999.99";
const MONEY_RE = /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/;
const RATE_RE = /^[1-9](\.\d)?$|^0\.[1-9]$/;
const PIC_RE = /^(\/[\w\-./]{1,290}|https:\/\/[\w\-.]{1,100}\/[\w\-./%]{0,200})$/;

const K = (k: string) => `merchant.marketing.${k}`;

/** A money field as a Decimal (string or number input); `positive` refuses 0. */
function money(key: string, positive = true) {
  return z.union([z.string(), z.number()], { error: K(key) })
    .transform((v, ctx): MoneyDecimal => {
      const s = String(v).trim();
      if (!MONEY_RE.test(s) || (positive && new Money(s).lte(0)) || new Money(s).gt(MONEY_MAX)) {
        ctx.addIssue({ code: "custom", message: K(key) });
        return z.NEVER;
      }
      return new Money(s);
    });
}

/** A rate 0.1-9.9 with one decimal (8.5 = pay 85 %). */
function rate(key: string) {
  return z.union([z.string(), z.number()], { error: K(key) })
    .transform((v, ctx): MoneyDecimal => {
      const s = String(v).trim();
      if (!RATE_RE.test(s)) {
        ctx.addIssue({ code: "custom", message: K(key) });
        return z.NEVER;
      }
      return new Money(s);
    });
}

function int(key: string, min: number, max: number) {
  return z.preprocess((v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: K(key) }).int(K(key)).min(min, K(key)).max(max, K(key)));
}

function oneOf<T extends number>(key: string, values: readonly T[]) {
  return z.preprocess((v) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: K(key) }).refine((n): n is T => (values as readonly number[]).includes(n), K(key))) as unknown as z.ZodType<T>;
}

function time(key: string) {
  return z.string({ error: K(key) }).trim()
    .refine((s) => /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(s) && !Number.isNaN(new Date(s).getTime()), K(key))
    .transform((s) => new Date(s));
}

const nameText = (key: string) => z.string({ error: K(key) }).trim()
  .refine((s) => s.length >= 1 && [...s].length <= MARKETING_NAME_MAX && !hasControlChars(s), K(key));

/** One text for every language, or one per language (all three). */
function localizedName(key: string) {
  return z.union([
    nameText(key).transform((s): LocalizedText => ({ zh: s, "zh-tw": s, en: s })),
    z.object({ zh: nameText(key), "zh-tw": nameText(key), en: nameText(key) }, { error: K(key) }).transform((o): LocalizedText => o),
  ], { error: K(key) });
}

const prodIds = z.array(int("prodIds", 1, 2_147_483_647), { error: K("prodIds") }).max(MARKETING_PRODS_MAX, K("prodIds"))
  .transform((ids) => [...new Set(ids)]);

const pic = z.string({ error: K("pic") }).trim().refine((s) => s === "" || PIC_RE.test(s), K("pic")).optional().default("");

/** The fields of a new coupon (POST /merchant/coupons, /platform/coupons). */
export function couponFormRule(now: Date) {
  return z.object({
    couponName: localizedName("couponName"),
    couponType: oneOf("couponType", [CouponType.CASH, CouponType.DISCOUNT]),
    cashCondition: money("cashCondition", false).optional().default(new Money(0)),
    reduceAmount: money("reduceAmount").optional(),
    couponDiscount: rate("couponDiscount").optional(),
    suitableProdType: oneOf("suitableProdType", [SuitableProdType.ALL, SuitableProdType.SELECTED, SuitableProdType.EXCLUDED]).optional().default(SuitableProdType.ALL),
    prodIds: prodIds.optional().default([]),
    validTimeType: oneOf("validTimeType", [ValidTimeType.FIXED, ValidTimeType.AFTER_CLAIM]),
    startTime: time("validTime").optional(),
    endTime: time("validTime").optional(),
    afterReceiveDays: int("validDays", 0, VALID_DAYS_MAX).optional().default(0),
    validDays: int("validDays", 1, VALID_DAYS_MAX).optional(),
    launchTime: time("launchTime").optional(),
    overTime: time("launchTime"),
    limitNum: int("limitNum", 1, COUPON_LIMIT_MAX).optional().default(1),
    stocks: int("stocks", 1, COUPON_STOCK_MAX),
  }, { error: K("form") }).transform((f, ctx) => {
    const fail = (key: string, path: string) => {
      ctx.addIssue({ code: "custom", message: K(key), path: [path] });
      return z.NEVER;
    };
    if (f.couponType === CouponType.CASH) {
      if (!f.reduceAmount) return fail("reduceAmount", "reduceAmount");
      if (f.cashCondition.gt(0) && f.reduceAmount.gte(f.cashCondition)) return fail("reduceAboveCondition", "reduceAmount");
    } else if (!f.couponDiscount) return fail("couponDiscount", "couponDiscount");
    if (f.suitableProdType !== SuitableProdType.ALL && f.prodIds.length === 0) return fail("prodIds", "prodIds");
    const launch = f.launchTime ?? now;
    if (f.overTime.getTime() <= launch.getTime() || f.overTime.getTime() <= now.getTime()) return fail("launchTime", "overTime");
    if (f.validTimeType === ValidTimeType.FIXED) {
      if (!f.startTime || !f.endTime || f.endTime.getTime() <= f.startTime.getTime() || f.endTime.getTime() <= now.getTime()) return fail("validTime", "endTime");
      if (f.overTime.getTime() > f.endTime.getTime()) return fail("claimAfterValidity", "overTime");
    } else if (f.validDays === undefined) return fail("validDays", "validDays");
    return {
      couponName: f.couponName,
      couponType: f.couponType,
      cashCondition: f.cashCondition.toFixed(2),
      reduceAmount: f.couponType === CouponType.CASH ? f.reduceAmount!.toFixed(2) : null,
      couponDiscount: f.couponType === CouponType.DISCOUNT ? f.couponDiscount!.toFixed(1) : null,
      suitableProdType: f.suitableProdType,
      prodIds: f.suitableProdType === SuitableProdType.ALL ? [] : f.prodIds,
      validTimeType: f.validTimeType,
      startTime: f.validTimeType === ValidTimeType.FIXED ? f.startTime! : null,
      endTime: f.validTimeType === ValidTimeType.FIXED ? f.endTime! : null,
      afterReceiveDays: f.validTimeType === ValidTimeType.AFTER_CLAIM ? f.afterReceiveDays : 0,
      validDays: f.validTimeType === ValidTimeType.AFTER_CLAIM ? f.validDays! : 0,
      launchTime: f.launchTime ?? now,
      overTime: f.overTime,
      limitNum: f.limitNum,
      stocks: f.stocks,
    };
  });
}
export type CouponForm = z.output<ReturnType<typeof couponFormRule>>;

const tierRule = z.object({
  needAmount: z.union([z.string(), z.number()], { error: K("tierNeed") }),
  discount: z.union([z.string(), z.number()], { error: K("tierValue") }),
}, { error: K("tiers") });

/** Checks one tier's need and value for a rule; answers them as stored strings or an error key. */
export function tierOf(rule: number, t: { needAmount: string | number; discount: string | number }): { need: MoneyDecimal; value: MoneyDecimal } | string {
  const need = isCountRule(rule) ? int("tierNeed", 1, 9999).safeParse(t.needAmount) : money("tierNeed").safeParse(t.needAmount);
  if (!need.success) return K("tierNeed");
  const value = isPercentRule(rule) ? rate("tierValue").safeParse(t.discount) : money("tierValue").safeParse(t.discount);
  if (!value.success) return K("tierValue");
  const n = new Money(need.data);
  if (rule === DiscountRule.AMOUNT_REDUCE && value.data.gte(n)) return K("reduceAboveCondition");
  return { need: n, value: value.data };
}

/** The fields of a new limited-time discount (POST /merchant/discounts). */
export function discountFormRule(now: Date) {
  return z.object({
    discountName: localizedName("discountName"),
    discountRule: oneOf("discountRule", [DiscountRule.AMOUNT_REDUCE, DiscountRule.COUNT_REDUCE, DiscountRule.AMOUNT_DISCOUNT, DiscountRule.COUNT_DISCOUNT]),
    discountType: oneOf("discountType", [DiscountType.ONCE, DiscountType.REPEAT]).optional().default(DiscountType.ONCE),
    maxReduceAmount: z.preprocess((v) => (v === "" || v === null ? undefined : v), money("maxReduceAmount").optional()),
    suitableProdType: oneOf("suitableProdType", [SuitableProdType.ALL, SuitableProdType.SELECTED]).optional().default(SuitableProdType.ALL),
    prodIds: prodIds.optional().default([]),
    pcPic: pic,
    pcBackgroundPic: pic,
    startTime: time("activityTime").optional(),
    endTime: time("activityTime"),
    discountItems: z.array(tierRule, { error: K("tiers") }).min(1, K("tiers")).max(DISCOUNT_TIERS_MAX, K("tiers")),
  }, { error: K("form") }).transform((f, ctx) => {
    const fail = (key: string, path: string) => {
      ctx.addIssue({ code: "custom", message: key.startsWith("merchant.marketing.") ? key : K(key), path: [path] });
      return z.NEVER;
    };
    if (f.discountType === DiscountType.REPEAT && isPercentRule(f.discountRule)) return fail("repeatPercent", "discountType");
    if (f.suitableProdType === SuitableProdType.SELECTED && f.prodIds.length === 0) return fail("prodIds", "prodIds");
    const start = f.startTime ?? now;
    if (f.endTime.getTime() <= start.getTime() || f.endTime.getTime() <= now.getTime()) return fail("activityTime", "endTime");
    const tiers: { need: MoneyDecimal; value: MoneyDecimal }[] = [];
    for (const t of f.discountItems) {
      const r = tierOf(f.discountRule, t);
      if (typeof r === "string") return fail(r, "discountItems");
      const prev = tiers[tiers.length - 1];
      // Rising needs; each tier better than the one before (more off, or a lower rate).
      if (prev && (r.need.lte(prev.need) || (isPercentRule(f.discountRule) ? r.value.gte(prev.value) : r.value.lte(prev.value)))) return fail("tierOrder", "discountItems");
      tiers.push(r);
    }
    return {
      discountName: f.discountName,
      discountRule: f.discountRule,
      discountType: f.discountType,
      maxReduceAmount: f.maxReduceAmount ? f.maxReduceAmount.toFixed(2) : null,
      suitableProdType: f.suitableProdType,
      prodIds: f.suitableProdType === SuitableProdType.ALL ? [] : f.prodIds,
      pcPic: f.pcPic,
      pcBackgroundPic: f.pcBackgroundPic,
      startTime: start,
      endTime: f.endTime,
      discountItems: tiers.map((t) => ({ needAmount: t.need.toFixed(2), discount: t.value.toFixed(2) })),
    };
  });
}
export type DiscountForm = z.output<ReturnType<typeof discountFormRule>>;

/** Listing filters of the management lists: 0 all, 1 running or upcoming, 2 ended or stopped. */
export const MANAGED_STATE = { ALL: 0, LIVE: 1, OVER: 2 } as const;

export const managedListRule = z.object({
  state: int("state", 0, 2).optional().default(0),
  current: int("page", 1, 100_000).optional().default(1),
  size: int("page", 1, 100).optional().default(20),
});
