/**
 * The rule for creating a limited-time discount (docs/merchant-api.md "Coupons and discounts"),
 * shared by the merchant API and the ops CLI. zod schemas (server and CLI only: browser code never
 * imports this module). Messages are i18n keys under "merchant.marketing"; the checks against the
 * clock take `now`.
 *
 * - A discount has 1-5 tiers with rising needs, each better than the one before; repeating per
 *   tier (discountType 1) only for the amount-off rules (0, 1); a rule's saving is below its need
 *   for "spend X save Y".
 */
import { z } from "zod";
import { Money, type MoneyDecimal } from "../money.ts";
import { SuitableProdType } from "../coupon/coupon-types.ts";
import { int, K, localizedName, money, oneOf, pic, prodIds, rate, time } from "../merchant/merchant-fields.ts";
import { DiscountRule, DiscountType, isCountRule, isPercentRule } from "./discount-types.ts";

export const DISCOUNT_TIERS_MAX = 5;

const tierRule = z.object(
  {
    needAmount: z.union([z.string(), z.number()], { error: K("tierNeed") }),
    discount: z.union([z.string(), z.number()], { error: K("tierValue") }),
  },
  { error: K("tiers") },
);

/** Checks one tier's need and value for a rule; answers them as stored strings or an error key. */
export function tierOf(
  rule: number,
  t: { needAmount: string | number; discount: string | number },
): { need: MoneyDecimal; value: MoneyDecimal } | string {
  const need = isCountRule(rule)
    ? int("tierNeed", 1, 9999).safeParse(t.needAmount)
    : money("tierNeed").safeParse(t.needAmount);
  if (!need.success) return K("tierNeed");
  const value = isPercentRule(rule)
    ? rate("tierValue").safeParse(t.discount)
    : money("tierValue").safeParse(t.discount);
  if (!value.success) return K("tierValue");
  const n = new Money(need.data);
  if (rule === DiscountRule.AMOUNT_REDUCE && value.data.gte(n)) return K("reduceAboveCondition");
  return { need: n, value: value.data };
}

/** The fields of a new limited-time discount (POST /merchant/discounts). */
export function discountFormRule(now: Date) {
  return z
    .object(
      {
        discountName: localizedName("discountName"),
        discountRule: oneOf("discountRule", [
          DiscountRule.AMOUNT_REDUCE,
          DiscountRule.COUNT_REDUCE,
          DiscountRule.AMOUNT_DISCOUNT,
          DiscountRule.COUNT_DISCOUNT,
        ]),
        discountType: oneOf("discountType", [DiscountType.ONCE, DiscountType.REPEAT])
          .optional()
          .default(DiscountType.ONCE),
        maxReduceAmount: z.preprocess(
          (v) => (v === "" || v === null ? undefined : v),
          money("maxReduceAmount").optional(),
        ),
        suitableProdType: oneOf("suitableProdType", [SuitableProdType.ALL, SuitableProdType.SELECTED])
          .optional()
          .default(SuitableProdType.ALL),
        prodIds: prodIds.optional().default([]),
        pcPic: pic,
        pcBackgroundPic: pic,
        startTime: time("activityTime").optional(),
        endTime: time("activityTime"),
        discountItems: z
          .array(tierRule, { error: K("tiers") })
          .min(1, K("tiers"))
          .max(DISCOUNT_TIERS_MAX, K("tiers")),
      },
      { error: K("form") },
    )
    .transform((f, ctx) => {
      const fail = (key: string, path: string) => {
        ctx.addIssue({ code: "custom", message: key.startsWith("merchant.marketing.") ? key : K(key), path: [path] });
        return z.NEVER;
      };
      if (f.discountType === DiscountType.REPEAT && isPercentRule(f.discountRule))
        return fail("repeatPercent", "discountType");
      if (f.suitableProdType === SuitableProdType.SELECTED && f.prodIds.length === 0) return fail("prodIds", "prodIds");
      const start = f.startTime ?? now;
      if (f.endTime.getTime() <= start.getTime() || f.endTime.getTime() <= now.getTime())
        return fail("activityTime", "endTime");
      const tiers: { need: MoneyDecimal; value: MoneyDecimal }[] = [];
      for (const t of f.discountItems) {
        const r = tierOf(f.discountRule, t);
        if (typeof r === "string") return fail(r, "discountItems");
        const prev = tiers[tiers.length - 1];
        // Rising needs; each tier better than the one before (more off, or a lower rate).
        if (
          prev &&
          (r.need.lte(prev.need) || (isPercentRule(f.discountRule) ? r.value.gte(prev.value) : r.value.lte(prev.value)))
        )
          return fail("tierOrder", "discountItems");
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
