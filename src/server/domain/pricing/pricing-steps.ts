/**
 * The steps of the pricing engine (pricing.ts priceLines, docs/pricing.md) that stand on their own:
 * money shared by largest remainder, the shop discount tiers (step 3) and the coupons (steps 4, 5).
 */
import { CouponType, SuitableProdType, type CouponUnusableReason } from "../../../lib/coupon/coupon-types.ts";
import {
  DiscountRule,
  DiscountType,
  isCountRule,
  isPercentRule,
  type DiscountHint,
} from "../../../lib/discount/discount-types.ts";
import { formatPrice, Money, toDecimal, type MoneyDecimal, type MoneyInput } from "../../../lib/money.ts";
import {
  type PricingLine,
  type ActivityPriceProvider,
  type DiscountRuleSet,
  type HeldCoupon,
  type CouponOption,
  PricingRefusal,
} from "./pricing-shapes.ts";

export const ZERO = new Money(0);

const CENT = new Money("0.01");

export const cents = (d: MoneyDecimal) => d.toDecimalPlaces(2, Money.ROUND_HALF_UP);

export const dsum = (list: readonly MoneyDecimal[]) => list.reduce((s, d) => s.plus(d), ZERO);

const min = (a: MoneyDecimal, b: MoneyDecimal) => (a.lessThan(b) ? a : b);

/**
 * Shares `amount` (cents) over `weights` (cents, ≥ 0) in proportion: each share is rounded down
 * to a cent, then the cents left go one each to the largest remainders (earlier index first on a
 * tie). The shares add up to `amount` exactly; when amount ≤ Σ weights no share exceeds its
 * weight. Zero weights get nothing (all-zero weights: everything on the first line).
 */
export function shareByLargestRemainder(amount: MoneyInput, weights: readonly MoneyInput[]): MoneyDecimal[] {
  const total = cents(toDecimal(amount));
  const w = weights.map((x) => toDecimal(x));
  if (w.length === 0) return [];
  const whole = dsum(w);
  if (total.isZero()) return w.map(() => ZERO);
  if (whole.isZero()) return w.map((_, i) => (i === 0 ? total : ZERO));
  const exact = w.map((x) => total.times(x).dividedBy(whole));
  const shares = exact.map((e) => e.toDecimalPlaces(2, Money.ROUND_DOWN));
  let left = total.minus(dsum(shares));
  const order = exact
    .map((e, i) => ({ i, rem: e.minus(shares[i]!) }))
    .sort((a, b) => b.rem.comparedTo(a.rem) || a.i - b.i);
  for (let k = 0; left.greaterThan(0) && order.length > 0; k = (k + 1) % order.length) {
    const i = order[k]!.i;
    shares[i] = shares[i]!.plus(CENT);
    left = left.minus(CENT);
  }
  return shares;
}

export function isRunning(d: { startTime: Date; endTime: Date }, now: Date): boolean {
  return d.startTime.getTime() <= now.getTime() && now.getTime() < d.endTime.getTime();
}

export function discountCovers(d: DiscountRuleSet, line: { shopId: number; prodId: number }): boolean {
  return d.shopId === line.shopId && (d.prodIds === null || d.prodIds.includes(line.prodId));
}

/**
 * A discount that is really a per-piece price: "buy 1 get Z% off" (rule 3) with one tier and no
 * cap. The activity-price step applies it per unit; the tier step leaves it alone.
 */
export function isPerPieceDiscount(d: DiscountRuleSet): boolean {
  return (
    d.rule === DiscountRule.COUNT_DISCOUNT &&
    d.tiers.length === 1 &&
    toDecimal(d.tiers[0]!.need).equals(1) &&
    d.maxReduce === null
  );
}

function sortedTiers(d: DiscountRuleSet): { need: MoneyDecimal; value: MoneyDecimal }[] {
  return d.tiers
    .map((t) => ({ need: toDecimal(t.need), value: toDecimal(t.value) }))
    .sort((a, b) => a.need.comparedTo(b.need));
}

/** What a percentage tier takes off `amount`: amount × (10 − rate) / 10, half-up to cents. */
function percentOff(amount: MoneyDecimal, rate: MoneyDecimal): MoneyDecimal {
  return cents(amount.times(new Money(10).minus(rate)).dividedBy(10));
}

function reductionAt(
  d: DiscountRuleSet,
  tier: { need: MoneyDecimal; value: MoneyDecimal },
  amount: MoneyDecimal,
  metric: MoneyDecimal,
): MoneyDecimal {
  let r: MoneyDecimal;
  if (isPercentRule(d.rule)) r = percentOff(amount, tier.value);
  else if (d.type === DiscountType.REPEAT) r = tier.value.times(metric.dividedBy(tier.need).floor());
  else r = tier.value;
  if (d.maxReduce !== null) r = min(r, toDecimal(d.maxReduce));
  return cents(min(r, amount));
}

/**
 * One discount applied to a group of lines with goods `amount` and `count` pieces: the highest
 * tier reached (once, or repeated for every multiple of its need with discountType 1; percentage
 * rules are never repeated), capped by maxReduce and by the amount; and the hint for the next
 * step up (next tier, or the next multiple when repeating), null when nothing more can be saved.
 */
export function evaluateDiscount(
  d: DiscountRuleSet,
  amountIn: MoneyInput,
  count: number,
): { tierIndex: number; reduce: MoneyDecimal; hint: DiscountHint | null } {
  const amount = toDecimal(amountIn);
  const tiers = sortedTiers(d);
  const metric = isCountRule(d.rule) ? new Money(count) : amount;
  let tierIndex = -1;
  tiers.forEach((t, i) => {
    if (t.need.greaterThan(0) && metric.greaterThanOrEqualTo(t.need)) tierIndex = i;
  });
  const reduce = tierIndex < 0 ? ZERO : reductionAt(d, tiers[tierIndex]!, amount, metric);
  const capped = d.maxReduce !== null && reduce.greaterThanOrEqualTo(toDecimal(d.maxReduce));
  let hint: DiscountHint | null = null;
  if (!capped) {
    let need: MoneyDecimal | null = null;
    let tier = tiers[tierIndex + 1];
    if (tier) need = tier.need;
    else if (tierIndex >= 0 && d.type === DiscountType.REPEAT && !isPercentRule(d.rule)) {
      tier = tiers[tierIndex]!;
      need = metric.dividedBy(tier.need).floor().plus(1).times(tier.need);
    }
    if (tier && need && need.greaterThan(0)) {
      const more = need.minus(metric);
      let nextReduce: string | null = null;
      if (!isPercentRule(d.rule)) {
        let r = d.type === DiscountType.REPEAT ? tier.value.times(need.dividedBy(tier.need).floor()) : tier.value;
        if (d.maxReduce !== null) r = min(r, toDecimal(d.maxReduce));
        nextReduce = formatPrice(r);
      }
      hint = {
        more: isCountRule(d.rule) ? more.toFixed(0) : formatPrice(more),
        needAmount: isCountRule(d.rule) ? need.toFixed(0) : formatPrice(need),
        reduce: nextReduce,
        discount: isPercentRule(d.rule) ? tier.value.toString() : null,
      };
    }
  }
  return { tierIndex, reduce, hint };
}

/** Step-2 provider for limited-time discounts that are a per-piece price (isPerPieceDiscount). */
export function limitedTimePriceProvider(discounts: readonly DiscountRuleSet[]): ActivityPriceProvider {
  const perPiece = discounts.filter(isPerPieceDiscount);
  return (line, now) => {
    const d = perPiece.find((x) => isRunning(x, now) && discountCovers(x, line));
    if (!d) return null;
    const rate = toDecimal(d.tiers[0]!.value);
    return {
      kind: "discount",
      activityId: d.discountId,
      price: cents(toDecimal(line.price).times(rate).dividedBy(10)),
      excludesDiscounts: true,
      promotion: true,
    };
  };
}

export function couponCovers(
  c: Pick<HeldCoupon, "shopId" | "suitableProdType" | "prodIds">,
  line: { shopId: number; prodId: number },
): boolean {
  if (c.shopId !== 0 && c.shopId !== line.shopId) return false;
  if (c.suitableProdType === SuitableProdType.SELECTED) return c.prodIds.includes(line.prodId);
  if (c.suitableProdType === SuitableProdType.EXCLUDED) return !c.prodIds.includes(line.prodId);
  return true;
}

/** What a coupon takes off `base` (the goods in its scope): cash = min(reduceAmount, base); discount = base × (10 − rate)/10. */
export function couponReduction(
  c: Pick<HeldCoupon, "couponType" | "reduceAmount" | "couponDiscount">,
  base: MoneyDecimal,
): MoneyDecimal {
  if (!base.greaterThan(0)) return ZERO;
  if (c.couponType === CouponType.DISCOUNT) return min(percentOff(base, toDecimal(c.couponDiscount ?? 10)), base);
  return cents(min(toDecimal(c.reduceAmount ?? 0), base));
}

export interface WorkLine {
  src: PricingLine;
  skuPrice: MoneyDecimal;
  unit: MoneyDecimal;
  activity: { kind: string; activityId: number } | null;
  excludesDiscounts: boolean;
  amount: MoneyDecimal;
  activityReduce: MoneyDecimal;
  discountId: number;
  discountReduce: MoneyDecimal;
  shopCouponReduce: MoneyDecimal;
  platformCouponReduce: MoneyDecimal;
  scoreReduce: MoneyDecimal;
}

export const remaining = (l: WorkLine) =>
  l.amount.minus(l.activityReduce).minus(l.discountReduce).minus(l.shopCouponReduce).minus(l.platformCouponReduce);

/** A coupon against the lines as they are now: usable or why not, and what it takes off. */
function assessCoupon(
  c: HeldCoupon,
  lines: readonly WorkLine[],
  now: Date,
): {
  canUse: boolean;
  reason: CouponUnusableReason | null;
  shortBy: MoneyDecimal | null;
  reduce: MoneyDecimal;
  scope: WorkLine[];
} {
  const scope = lines.filter((l) => l.src.noPromotions !== true && couponCovers(c, l.src));
  const base = dsum(scope.map(remaining));
  const fail = (reason: CouponUnusableReason, shortBy: MoneyDecimal | null = null) => ({
    canUse: false,
    reason,
    shortBy,
    reduce: ZERO,
    scope,
  });
  if (c.used) return fail("used");
  if (now.getTime() >= c.validEnd.getTime()) return fail("expired");
  if (now.getTime() < c.validStart.getTime()) return fail("notStarted");
  if (scope.length === 0 || !base.greaterThan(0)) return fail("outOfScope");
  const condition = toDecimal(c.cashCondition);
  if (base.lessThan(condition)) return fail("belowThreshold", condition.minus(base));
  return { canUse: true, reason: null, shortBy: null, reduce: couponReduction(c, base), scope };
}

function applyCoupon(
  c: HeldCoupon,
  scope: readonly WorkLine[],
  reduce: MoneyDecimal,
  field: "shopCouponReduce" | "platformCouponReduce",
): void {
  const shares = shareByLargestRemainder(reduce, scope.map(remaining));
  scope.forEach((l, i) => {
    l[field] = l[field].plus(shares[i]!);
  });
  void c;
}

/** Best first: larger reduction, then sooner expiry, then lower id. */
function better(
  a: { reduce: MoneyDecimal; coupon: HeldCoupon },
  b: { reduce: MoneyDecimal; coupon: HeldCoupon },
): number {
  return (
    b.reduce.comparedTo(a.reduce) ||
    a.coupon.validEnd.getTime() - b.coupon.validEnd.getTime() ||
    a.coupon.couponUserId - b.coupon.couponUserId
  );
}

/**
 * Picks (or checks the buyer's pick of) one coupon among `held` for `lines`, applies it and
 * answers the options. `choice`: undefined = best usable; 0 = none; an id = that coupon, which
 * must be among `held` (coupon.notYours) and usable (coupon.reason.<why>).
 */
export function chooseCoupon(
  held: readonly HeldCoupon[],
  lines: readonly WorkLine[],
  choice: number | undefined,
  field: "shopCouponReduce" | "platformCouponReduce",
  now: Date,
): { options: CouponOption[]; chosen: number } {
  const assessed = held.map((c) => ({ coupon: c, ...assessCoupon(c, lines, now) }));
  let pick: (typeof assessed)[number] | undefined;
  if (choice === undefined) {
    pick = assessed.filter((a) => a.canUse && a.reduce.greaterThan(0)).sort(better)[0];
  } else if (choice !== 0) {
    pick = assessed.find((a) => a.coupon.couponUserId === choice);
    if (!pick) throw new PricingRefusal("coupon.notYours");
    if (!pick.canUse)
      throw new PricingRefusal(`coupon.reason.${pick.reason}`, {
        shortBy: pick.shortBy ? formatPrice(pick.shortBy) : "",
      });
  }
  if (pick) applyCoupon(pick.coupon, pick.scope, pick.reduce, field);
  const options = assessed.map((a): CouponOption => ({
    coupon: a.coupon,
    canUse: a.canUse,
    reason: a.reason,
    shortBy: a.shortBy ? formatPrice(a.shortBy) : null,
    reduce: formatPrice(a.reduce),
    choose: a === pick,
  }));
  return { options, chosen: pick?.coupon.couponUserId ?? 0 };
}
