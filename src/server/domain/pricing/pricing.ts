/**
 * The pricing engine: ONE pure function, priceLines, that turns lines and a buyer into every
 * amount the cart, the checkout, the order and the payment use. Steps, in this order
 * (docs/pricing.md):
 *
 *   1. SKU price            the SKU's price × count (`amount`)
 *   2. activity price       plug-in providers (limited-time per-piece price now; group-buy,
 *                           flash-sale and member prices later) offer a unit price; the lowest
 *                           wins, rounded half-up to cents per unit
 *   3. shop discount tiers  lines of a shop grouped by the limited-time discount they join;
 *                           each group's reduction shared over its lines
 *   4. shop coupon          one per shop, on its products in scope
 *   5. platform coupon      one per checkout, on all shops' products in scope
 *   6. points               in multiples of 10, at most 50 % of each shop's goods after coupons
 *   7. freight              per shop, on the shop's goods after reductions (before points)
 *
 * Every reduction is computed in cents (half-up) and shared over the lines it applies to by
 * shareByLargestRemainder, so the lines always add up to the shop and the shops to the total.
 * All money through src/lib/money.ts (decimal.js).
 */
import type { LocalizedText } from "../../../lib/locale.ts";
import {
  CouponType,
  SuitableProdType,
  type CouponTypeValue,
  type CouponUnusableReason,
  type SuitableProdTypeValue,
} from "../../../lib/coupon/coupon-types.ts";
import {
  DiscountRule,
  DiscountType,
  isCountRule,
  isPercentRule,
  type DiscountHint,
  type DiscountRuleValue,
  type DiscountTypeValue,
} from "../../../lib/discount/discount-types.ts";
import type { LineOffers } from "../../../lib/pricing/pricing-types.ts";
import { formatPrice, Money, toDecimal, type MoneyDecimal, type MoneyInput } from "../../../lib/money.ts";
import { freightFor, type FreightRule } from "./order-pricing.ts";
import { maxUsablePointsForShops, pointsToMoney, splitPoints, validatePointsUse } from "../points/points.ts";
import { DomainError } from "../kernel/domain-error.ts";

// ------------------------------------------------------------------------------------------
// Input
// ------------------------------------------------------------------------------------------

export interface PricingLine {
  /** The cart line id (basketId) or any id unique in the call. */
  key: number;
  prodId: number;
  skuId: number;
  shopId: number;
  /** The SKU's unit price. */
  price: MoneyInput;
  count: number;
  /** The discount the line asked to join: 0 = decide, -1 = none, > 0 = this one (when it covers the line). */
  discountId?: number;
  /**
   * Sold at its price (virtual goods, docs/virtual-goods.md "Promotions"): no promotion offer
   * (member price, limited-time price), no discount group, outside every coupon's goods. An
   * activity buy's own price (flash sale, group buy) still applies.
   */
  noPromotions?: boolean;
}

export interface PricingShop {
  shopId: number;
  /** 1 = self-operated. */
  shopType: number;
  /** null = freight is not computed (the cart). */
  freight: FreightRule | null;
}

/** A unit price an activity offers for a line. */
export interface ActivityOffer {
  kind: string;
  activityId: number;
  price: MoneyInput;
  /** The line then joins no discount group (one promotion per line). */
  excludesDiscounts: boolean;
  /** A promotion every buyer or member gets (member price, limited-time price), which a line sold at its price does not take. */
  promotion?: boolean;
}

/** A plug-in of step 2: answers an offer for a line, or null. */
export type ActivityPriceProvider = (line: PricingLine, now: Date) => ActivityOffer | null;

export interface DiscountTier {
  /** Money (rules 0, 2) or pieces (rules 1, 3). */
  need: MoneyInput;
  /** Saved amount (rules 0, 1) or the rate paid in tenths (rules 2, 3: 8.5 = 85 %). */
  value: MoneyInput;
}

export interface DiscountRuleSet {
  discountId: number;
  shopId: number;
  name: LocalizedText;
  rule: DiscountRuleValue;
  type: DiscountTypeValue;
  maxReduce: MoneyInput | null;
  tiers: readonly DiscountTier[];
  /** null = all of the shop's products. */
  prodIds: readonly number[] | null;
  startTime: Date;
  endTime: Date;
}

export interface HeldCoupon {
  couponUserId: number;
  couponId: number;
  /** 0 = platform coupon. */
  shopId: number;
  couponType: CouponTypeValue;
  cashCondition: MoneyInput;
  reduceAmount: MoneyInput | null;
  couponDiscount: MoneyInput | null;
  suitableProdType: SuitableProdTypeValue;
  prodIds: readonly number[];
  validStart: Date;
  validEnd: Date;
  used: boolean;
}

/** The buyer's coupon choice: undefined = the best combination; a shop missing from `shops` = best for it. */
export interface CouponChoice {
  /** shopId → couponUserId (0 = none). */
  shops?: Readonly<Record<number, number>>;
  /** couponUserId, 0 = none, undefined = best. */
  platform?: number;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  shops: readonly PricingShop[];
  buyer: { points: number; memberFreeShipping: boolean };
  providers?: readonly ActivityPriceProvider[];
  discounts?: readonly DiscountRuleSet[];
  /** Coupons the buyer holds; undefined = the coupon steps are skipped (the cart). */
  coupons?: readonly HeldCoupon[];
  couponChoice?: CouponChoice;
  /** undefined = no points. */
  points?: { isScorePay: 0 | 1; userUseScore: number | null };
  now: Date;
}

// ------------------------------------------------------------------------------------------
// Output
// ------------------------------------------------------------------------------------------

export interface PricedLine extends LineOffers {
  key: number;
  prodId: number;
  skuId: number;
  shopId: number;
  count: number;
}

export interface PricedGroup {
  /** 0 = lines in no discount. */
  discountId: number;
  discount: DiscountRuleSet | null;
  lineKeys: number[];
  /** Goods of the group after the activity price. */
  amount: string;
  count: number;
  /** Index of the tier reached, -1 = none. */
  tierIndex: number;
  reduce: string;
  hint: DiscountHint | null;
}

export interface CouponOption {
  coupon: HeldCoupon;
  canUse: boolean;
  reason: CouponUnusableReason | null;
  shortBy: string | null;
  /** What it would take off with the other choices as they are. */
  reduce: string;
  choose: boolean;
}

export interface PricedShopResult {
  shopId: number;
  shopType: number;
  lines: PricedLine[];
  groups: PricedGroup[];
  /** SKU price × count summed. */
  total: string;
  activityReduce: string;
  discountReduce: string;
  shopCouponReduce: string;
  platformCouponReduce: string;
  /** Goods after every reduction but points. */
  goodsAfterCoupons: string;
  useScore: number;
  scoreReduce: string;
  transFee: string;
  /** goodsAfterCoupons − scoreReduce + transFee. */
  actualTotal: string;
  totalCount: number;
  /** The shop's held coupons (empty when the coupon steps are skipped). */
  coupons: CouponOption[];
  chosenCouponUserId: number;
}

export interface PricingResult {
  shops: PricedShopResult[];
  platformCoupons: CouponOption[];
  chosenPlatformCouponUserId: number;
  total: string;
  activityReduce: string;
  discountReduce: string;
  shopCouponReduce: string;
  platformCouponReduce: string;
  /** All reductions before points (activity + discounts + coupons). */
  totalReduce: string;
  goodsAfterCoupons: string;
  totalTransFee: string;
  isScorePay: 0 | 1;
  maxUsableScore: number;
  useScore: number;
  totalScoreAmount: string;
  actualTotal: string;
  totalCount: number;
}

/** A refusal: `key` is a full i18n key, `params` its values. */
export class PricingRefusal extends DomainError {
  constructor(key: string, params: Record<string, unknown> = {}) {
    super(key, { params });
  }
}

// ------------------------------------------------------------------------------------------
// Money helpers
// ------------------------------------------------------------------------------------------

const ZERO = new Money(0);
const CENT = new Money("0.01");
const cents = (d: MoneyDecimal) => d.toDecimalPlaces(2, Money.ROUND_HALF_UP);
const dsum = (list: readonly MoneyDecimal[]) => list.reduce((s, d) => s.plus(d), ZERO);
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

// ------------------------------------------------------------------------------------------
// Discount tiers (step 3)
// ------------------------------------------------------------------------------------------

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

// ------------------------------------------------------------------------------------------
// Coupons (steps 4, 5)
// ------------------------------------------------------------------------------------------

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

interface WorkLine {
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

const remaining = (l: WorkLine) =>
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
function chooseCoupon(
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

// ------------------------------------------------------------------------------------------
// The engine
// ------------------------------------------------------------------------------------------

function checkLine(l: PricingLine): MoneyDecimal {
  if (!Number.isSafeInteger(l.count) || l.count <= 0) throw new PricingRefusal("order.invalidCount");
  let price: MoneyDecimal;
  try {
    price = toDecimal(l.price);
  } catch {
    throw new PricingRefusal("order.invalidPrice");
  }
  if (price.isNegative()) throw new PricingRefusal("order.invalidPrice");
  return price;
}

/** Step 2: the lowest offer of the providers (first provider on a tie), never above the SKU price. */
function activityStep(
  line: PricingLine,
  skuPrice: MoneyDecimal,
  providers: readonly ActivityPriceProvider[],
  now: Date,
) {
  let best: { offer: ActivityOffer; price: MoneyDecimal } | null = null;
  for (const p of providers) {
    const offer = p(line, now);
    if (!offer || (offer.promotion === true && line.noPromotions === true)) continue;
    const price = cents(toDecimal(offer.price));
    if (price.isNegative() || price.greaterThanOrEqualTo(skuPrice)) continue;
    if (!best || price.lessThan(best.price)) best = { offer, price };
  }
  return best;
}

/** Step 3 for one shop: which discount each line joins, and the groups. */
function discountStep(lines: WorkLine[], discounts: readonly DiscountRuleSet[], now: Date): PricedGroup[] {
  const running = discounts
    .filter((d) => isRunning(d, now) && !isPerPieceDiscount(d))
    .sort((a, b) => a.discountId - b.discountId);
  const groups = new Map<number, WorkLine[]>();
  for (const l of lines) {
    let d: DiscountRuleSet | undefined;
    if (!l.excludesDiscounts && l.src.discountId !== -1 && l.src.noPromotions !== true) {
      const asked =
        l.src.discountId && l.src.discountId > 0
          ? running.find((x) => x.discountId === l.src.discountId && discountCovers(x, l.src))
          : undefined;
      d = asked ?? running.find((x) => discountCovers(x, l.src));
    }
    l.discountId = d?.discountId ?? 0;
    (groups.get(l.discountId) ?? groups.set(l.discountId, []).get(l.discountId)!).push(l);
  }
  const out: PricedGroup[] = [];
  for (const [discountId, ls] of groups) {
    const amount = dsum(ls.map((l) => l.amount.minus(l.activityReduce)));
    const count = ls.reduce((n, l) => n + l.src.count, 0);
    const d = running.find((x) => x.discountId === discountId) ?? null;
    let tierIndex = -1;
    let reduce = ZERO;
    let hint: DiscountHint | null = null;
    if (d) {
      ({ tierIndex, reduce, hint } = evaluateDiscount(d, amount, count));
      const shares = shareByLargestRemainder(
        reduce,
        ls.map((l) => l.amount.minus(l.activityReduce)),
      );
      ls.forEach((l, i) => {
        l.discountReduce = shares[i]!;
      });
    }
    out.push({
      discountId,
      discount: d,
      lineKeys: ls.map((l) => l.src.key),
      amount: formatPrice(amount),
      count,
      tierIndex,
      reduce: formatPrice(reduce),
      hint,
    });
  }
  // Discount groups first (by id), lines in no discount last.
  return out.sort((a, b) => (a.discountId === 0 ? 1 : b.discountId === 0 ? -1 : a.discountId - b.discountId));
}

/**
 * Prices lines for a buyer (see the steps at the top). Lines of shops missing from `shops` are
 * refused (order.noItems when there are none at all). Throws PricingRefusal for bad counts or
 * prices, a coupon choice that is not the buyer's or not usable, and points the rules refuse.
 */
export function priceLines(input: PricingInput): PricingResult {
  const { now } = input;
  if (input.lines.length === 0) throw new PricingRefusal("cart.selectOne");
  const providers = [...(input.providers ?? []), limitedTimePriceProvider(input.discounts ?? [])];
  const shopInfo = new Map(input.shops.map((s) => [s.shopId, s]));

  // Steps 1-2 per line.
  const work: WorkLine[] = input.lines.map((src) => {
    const skuPrice = checkLine(src);
    if (!shopInfo.has(src.shopId)) throw new PricingRefusal("order.noItems");
    const act = activityStep(src, skuPrice, providers, now);
    const unit = act ? act.price : skuPrice;
    const amount = skuPrice.times(src.count);
    return {
      src,
      skuPrice,
      unit,
      amount,
      activity: act ? { kind: act.offer.kind, activityId: act.offer.activityId } : null,
      excludesDiscounts: act?.offer.excludesDiscounts ?? false,
      activityReduce: amount.minus(unit.times(src.count)),
      discountId: 0,
      discountReduce: ZERO,
      shopCouponReduce: ZERO,
      platformCouponReduce: ZERO,
      scoreReduce: ZERO,
    };
  });

  // Shops in the order of their first line.
  const shopIds = [...new Set(work.map((l) => l.src.shopId))];
  const byShop = new Map(shopIds.map((id) => [id, work.filter((l) => l.src.shopId === id)]));

  // Step 3.
  const groups = new Map(
    shopIds.map((id) => [
      id,
      discountStep(
        byShop.get(id)!,
        (input.discounts ?? []).filter((d) => d.shopId === id),
        now,
      ),
    ]),
  );

  // Steps 4-5.
  const couponsOn = input.coupons !== undefined;
  const shopOptions = new Map<number, { options: CouponOption[]; chosen: number }>();
  let platform: { options: CouponOption[]; chosen: number } = { options: [], chosen: 0 };
  if (couponsOn) {
    const held = input.coupons ?? [];
    const choice = input.couponChoice;
    for (const id of shopIds) {
      const mine = held.filter((c) => c.shopId === id);
      const asked = choice?.shops?.[id];
      shopOptions.set(id, chooseCoupon(mine, byShop.get(id)!, asked, "shopCouponReduce", now));
    }
    for (const [idStr, cu] of Object.entries(choice?.shops ?? {})) {
      if (!shopIds.includes(Number(idStr)) && cu !== 0) throw new PricingRefusal("coupon.notYours");
    }
    platform = chooseCoupon(
      held.filter((c) => c.shopId === 0),
      work,
      choice?.platform,
      "platformCouponReduce",
      now,
    );
  }

  // Step 6: points on the goods after coupons, at most 50 % per shop.
  const afterCoupons = shopIds.map((id) => dsum(byShop.get(id)!.map(remaining)));
  const maxUsableScore = maxUsablePointsForShops(
    input.buyer.points,
    afterCoupons.map((d) => formatPrice(d)),
  );
  let useScore = 0;
  const isScorePay = input.points?.isScorePay === 1 ? 1 : 0;
  if (isScorePay === 1) {
    useScore = input.points?.userUseScore ?? maxUsableScore;
    const check = validatePointsUse(useScore, input.buyer.points, formatPrice(dsum(afterCoupons)));
    if (!check.ok) throw new PricingRefusal(check.error);
    if (useScore > maxUsableScore) throw new PricingRefusal("order.pointsOverLimit");
  }
  const split = splitPoints(
    useScore,
    afterCoupons.map((d) => formatPrice(d)),
  );

  // Step 7 and the sums.
  const shops = shopIds.map((id, i): PricedShopResult => {
    const ls = byShop.get(id)!;
    const info = shopInfo.get(id)!;
    const scoreMoney = toDecimal(pointsToMoney(split[i]!));
    const shares = shareByLargestRemainder(scoreMoney, ls.map(remaining));
    ls.forEach((l, k) => {
      l.scoreReduce = shares[k]!;
    });
    const goods = afterCoupons[i]!;
    const transFee =
      info.freight === null
        ? ZERO
        : toDecimal(
            freightFor(formatPrice(goods), info.freight, {
              memberFreeShipping: input.buyer.memberFreeShipping,
              selfOperated: info.shopType === 1,
            }),
          );
    const priced = ls.map((l): PricedLine => ({
      key: l.src.key,
      prodId: l.src.prodId,
      skuId: l.src.skuId,
      shopId: l.src.shopId,
      count: l.src.count,
      skuPrice: formatPrice(l.skuPrice),
      activityPrice: formatPrice(l.unit),
      activity: l.activity,
      amount: formatPrice(l.amount),
      activityReduce: formatPrice(l.activityReduce),
      discountId: l.discountId,
      discountReduce: formatPrice(l.discountReduce),
      shopCouponReduce: formatPrice(l.shopCouponReduce),
      platformCouponReduce: formatPrice(l.platformCouponReduce),
      scoreReduce: formatPrice(l.scoreReduce),
      actualAmount: formatPrice(remaining(l).minus(l.scoreReduce)),
    }));
    const opt = shopOptions.get(id);
    return {
      shopId: id,
      shopType: info.shopType,
      lines: priced,
      groups: groups.get(id)!,
      total: formatPrice(dsum(ls.map((l) => l.amount))),
      activityReduce: formatPrice(dsum(ls.map((l) => l.activityReduce))),
      discountReduce: formatPrice(dsum(ls.map((l) => l.discountReduce))),
      shopCouponReduce: formatPrice(dsum(ls.map((l) => l.shopCouponReduce))),
      platformCouponReduce: formatPrice(dsum(ls.map((l) => l.platformCouponReduce))),
      goodsAfterCoupons: formatPrice(goods),
      useScore: split[i]!,
      scoreReduce: formatPrice(scoreMoney),
      transFee: formatPrice(transFee),
      actualTotal: formatPrice(goods.minus(scoreMoney).plus(transFee)),
      totalCount: ls.reduce((n, l) => n + l.src.count, 0),
      coupons: opt?.options ?? [],
      chosenCouponUserId: opt?.chosen ?? 0,
    };
  });
  const total = (f: (s: PricedShopResult) => string) => formatPrice(dsum(shops.map((s) => toDecimal(f(s)))));
  const activityReduce = total((s) => s.activityReduce);
  const discountReduce = total((s) => s.discountReduce);
  const shopCouponReduce = total((s) => s.shopCouponReduce);
  const platformCouponReduce = total((s) => s.platformCouponReduce);
  return {
    shops,
    platformCoupons: platform.options,
    chosenPlatformCouponUserId: platform.chosen,
    total: total((s) => s.total),
    activityReduce,
    discountReduce,
    shopCouponReduce,
    platformCouponReduce,
    totalReduce: formatPrice(
      dsum([activityReduce, discountReduce, shopCouponReduce, platformCouponReduce].map((x) => toDecimal(x))),
    ),
    goodsAfterCoupons: total((s) => s.goodsAfterCoupons),
    totalTransFee: total((s) => s.transFee),
    isScorePay,
    maxUsableScore,
    useScore,
    totalScoreAmount: pointsToMoney(useScore),
    actualTotal: total((s) => s.actualTotal),
    totalCount: shops.reduce((n, s) => n + s.totalCount, 0),
  };
}
