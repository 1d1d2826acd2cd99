/**
 * The rule for creating a coupon (docs/merchant-api.md "Coupons and discounts"), shared by the
 * merchant and platform API and the ops CLI. zod schemas (server and CLI only: browser code never
 * imports this module). Messages are i18n keys under "merchant.marketing"; the checks against the
 * clock take `now`.
 *
 * - Claiming (launchTime–overTime) and a fixed validity (startTime–endTime) must end after now and
 *   after they start; claiming may not go on after a fixed validity ends.
 * - A coupon for selected (1) or excluded (2) products names 1-200 products; the domain checks
 *   they are the shop's own (any shop's for a platform coupon).
 */
import { z } from "zod";
import { Money } from "../money.ts";
import { int, K, localizedName, money, oneOf, prodIds, rate, time } from "../merchant/merchant-fields.ts";
import { CouponType, SuitableProdType, ValidTimeType } from "./coupon-types.ts";

export const COUPON_STOCK_MAX = 1_000_000;
export const COUPON_LIMIT_MAX = 100;
export const VALID_DAYS_MAX = 365;

/** The fields of a new coupon (POST /merchant/coupons, /platform/coupons). */
export function couponFormRule(now: Date) {
  return z
    .object(
      {
        couponName: localizedName("couponName"),
        couponType: oneOf("couponType", [CouponType.CASH, CouponType.DISCOUNT]),
        cashCondition: money("cashCondition", false).optional().default(new Money(0)),
        reduceAmount: money("reduceAmount").optional(),
        couponDiscount: rate("couponDiscount").optional(),
        suitableProdType: oneOf("suitableProdType", [
          SuitableProdType.ALL,
          SuitableProdType.SELECTED,
          SuitableProdType.EXCLUDED,
        ])
          .optional()
          .default(SuitableProdType.ALL),
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
      },
      { error: K("form") },
    )
    .transform((f, ctx) => {
      const fail = (key: string, path: string) => {
        ctx.addIssue({ code: "custom", message: K(key), path: [path] });
        return z.NEVER;
      };
      if (f.couponType === CouponType.CASH) {
        if (!f.reduceAmount) return fail("reduceAmount", "reduceAmount");
        if (f.cashCondition.gt(0) && f.reduceAmount.gte(f.cashCondition))
          return fail("reduceAboveCondition", "reduceAmount");
      } else if (!f.couponDiscount) return fail("couponDiscount", "couponDiscount");
      if (f.suitableProdType !== SuitableProdType.ALL && f.prodIds.length === 0) return fail("prodIds", "prodIds");
      const launch = f.launchTime ?? now;
      if (f.overTime.getTime() <= launch.getTime() || f.overTime.getTime() <= now.getTime())
        return fail("launchTime", "overTime");
      if (f.validTimeType === ValidTimeType.FIXED) {
        if (
          !f.startTime ||
          !f.endTime ||
          f.endTime.getTime() <= f.startTime.getTime() ||
          f.endTime.getTime() <= now.getTime()
        )
          return fail("validTime", "endTime");
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
