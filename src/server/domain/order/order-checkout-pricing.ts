/**
 * The amounts of a checkout through the pricing engine (pricing/pricing.ts): per shop goods total,
 * reductions, freight, points and amount to pay; the coupons it offers and how a preview shows its
 * prices (docs/order.md "Submit order").
 */
import { ResponseCode } from "../../../lib/api-types.ts";
import type { CheckoutCouponDto } from "../../../lib/coupon/coupon-types.ts";
import type { LineOffers } from "../../../lib/pricing/pricing-types.ts";
import { formatPrice, mulQty, sub, sum, type MoneyInput } from "../../../lib/money.ts";
import { ProdMold, takesPromotions } from "../../../lib/order/virtual-goods.ts";
import type { FreightRule } from "../pricing/order-pricing.ts";
import { priceLines } from "../pricing/pricing.ts";
import {
  PricingRefusal,
  type ActivityPriceProvider,
  type CouponChoice,
  type CouponOption,
  type DiscountRuleSet,
  type HeldCoupon,
  type PricedLine,
  type PricedShopResult,
  type PricingResult,
} from "../pricing/pricing-shapes.ts";
import { choiceFromIds, CouponError } from "../coupon/coupon.ts";
import { heldCoupons, whyNotHeld } from "../coupon/coupon-checkout.ts";
import { runningDiscounts } from "../discount/discount.ts";
import { OrderSubmitError } from "./order-submit-payload.ts";
import type { Db, Tx } from "../../db/client.ts";

/** A line as the pricing needs it. */
export interface PriceLine {
  price: string;
  prodCount: number;
  prodId?: number;
  skuId?: number;
  /** The discount the cart line chose (0 = decide, -1 = none). */
  discountId?: number;
  /** CONTRACT `mold`: virtual goods take no promotion (takesPromotions). */
  mold?: number;
}

export interface CheckoutShopInput<L extends PriceLine> {
  shopId: number;
  /** 1 = self-operated. */
  shopType: number;
  rule: FreightRule;
  lines: L[];
}

export interface PricedShop<L extends PriceLine> extends CheckoutShopInput<L> {
  total: string;
  transFee: string;
  useScore: number;
  scoreReduce: string;
  actualTotal: string;
  totalCount: number;
  /** The engine's answer for this shop (per line in `lines` order: priced.lines[i]). */
  priced: PricedShopResult;
}

export interface Checkout<L extends PriceLine> {
  shops: PricedShop<L>[];
  total: string;
  totalTransFee: string;
  totalCount: number;
  actualTotal: string;
  isScorePay: 0 | 1;
  maxUsableScore: number;
  useScore: number;
  totalScoreAmount: string;
  pricing: PricingResult;
}

export interface PointsChoice {
  /** The buyer's points balance. */
  balance: number;
  isScorePay: 0 | 1;
  /** Points to use; null / undefined = the most allowed. */
  userUseScore?: number | null | undefined;
  /** A paid member (free shipping at self-operated shops). */
  memberFreeShipping?: boolean;
  /** A paid member's price (member/member.ts memberPriceProvider), step 2 of the pricing engine. */
  memberPrice?: ActivityPriceProvider | undefined;
  /** An activity's price (flash sale, group buy: ActivityBuy.provider), step 2 of the pricing engine. */
  activityPrice?: ActivityPriceProvider | undefined;
}

/** Promotions for priceCheckout: running discounts, the buyer's coupons and choice (none = no coupon step). */
export interface CheckoutPromotions {
  discounts?: readonly DiscountRuleSet[];
  coupons?: readonly HeldCoupon[];
  couponChoice?: CouponChoice | undefined;
  now?: Date;
}

/**
 * Amounts of a checkout through the pricing engine (pricing/pricing.ts): per shop goods total,
 * reductions, freight, points and amount to pay, and the sums. Throws OrderSubmitError for what
 * the engine refuses (points not a multiple of 10, over the balance or the 50 % rule; a coupon
 * that is not the buyer's or not usable).
 */
export function priceCheckout<L extends PriceLine>(
  shopsIn: readonly CheckoutShopInput<L>[],
  choice: PointsChoice,
  promo: CheckoutPromotions = {},
): Checkout<L> {
  if (shopsIn.length === 0 || shopsIn.some((s) => s.lines.length === 0)) throw new OrderSubmitError("cart.selectOne");
  let key = 0;
  const keyed = shopsIn.map((s) => s.lines.map((l) => ({ key: ++key, line: l, shopId: s.shopId })));
  let pricing: PricingResult;
  try {
    pricing = priceLines({
      lines: keyed.flat().map(({ key: k, line, shopId }) => ({
        key: k,
        prodId: line.prodId ?? -k,
        skuId: line.skuId ?? -k,
        shopId,
        price: line.price,
        count: line.prodCount,
        discountId: line.discountId ?? 0,
        noPromotions: !takesPromotions(line.mold ?? ProdMold.PHYSICAL),
      })),
      shops: shopsIn.map((s) => ({ shopId: s.shopId, shopType: s.shopType, freight: s.rule })),
      buyer: { points: choice.balance, memberFreeShipping: choice.memberFreeShipping === true },
      providers: [choice.activityPrice, choice.memberPrice].filter((p): p is ActivityPriceProvider => p !== undefined),
      ...(promo.discounts ? { discounts: promo.discounts } : {}),
      ...(promo.coupons ? { coupons: promo.coupons } : {}),
      ...(promo.couponChoice ? { couponChoice: promo.couponChoice } : {}),
      points: { isScorePay: choice.isScorePay, userUseScore: choice.userUseScore ?? null },
      now: promo.now ?? new Date(),
    });
  } catch (e) {
    if (e instanceof PricingRefusal) throw new OrderSubmitError(e.key, ResponseCode.SHOW_FAIL, e.params);
    throw e;
  }
  const shops = shopsIn.map((s, i): PricedShop<L> => {
    const p = pricing.shops.find((x) => x.shopId === s.shopId)!;
    const byKey = new Map(p.lines.map((l) => [l.key, l]));
    const priced = { ...p, lines: keyed[i]!.map((k) => byKey.get(k.key)!) };
    return {
      ...s,
      total: p.total,
      transFee: p.transFee,
      useScore: p.useScore,
      scoreReduce: p.scoreReduce,
      actualTotal: p.actualTotal,
      totalCount: p.totalCount,
      priced,
    };
  });
  return {
    shops,
    total: pricing.total,
    totalTransFee: pricing.totalTransFee,
    totalCount: pricing.totalCount,
    actualTotal: pricing.actualTotal,
    isScorePay: pricing.isScorePay,
    maxUsableScore: pricing.maxUsableScore,
    useScore: pricing.useScore,
    totalScoreAmount: pricing.totalScoreAmount,
    pricing,
  };
}

/**
 * Prices a checkout with everything that applies: running discounts, the buyer's coupons and
 * their choice (`couponUserIds` null = the best combination).
 */
export async function priceWithPromotions<L extends PriceLine>(
  q: Db | Tx,
  userId: string,
  inputs: CheckoutShopInput<L>[],
  points: PointsChoice,
  couponUserIds: readonly number[] | null,
  now: Date,
) {
  const shopIds = inputs.map((s) => s.shopId);
  const [discountsNow, held] = await Promise.all([
    runningDiscounts(q, shopIds, now),
    heldCoupons(q, userId, shopIds, now),
  ]);
  let couponChoice: CouponChoice | undefined;
  try {
    couponChoice = couponUserIds === null ? undefined : choiceFromIds(held, couponUserIds, shopIds);
  } catch (e) {
    if (e instanceof CouponError && e.key === "coupon.notYours") {
      const missing = (couponUserIds ?? []).filter((id) => !held.some((h) => h.couponUserId === id));
      throw new OrderSubmitError(await whyNotHeld(q, userId, missing, now));
    }
    if (e instanceof CouponError) throw new OrderSubmitError(e.key);
    throw e;
  }
  return {
    checkout: priceCheckout(inputs, points, { discounts: discountsNow, coupons: held, couponChoice, now }),
    held,
  };
}

/** The coupon ids a checkout applied (shop coupons in shop order, then the platform coupon). */
export function chosenCoupons(p: PricingResult): number[] {
  return [...p.shops.map((s) => s.chosenCouponUserId), p.chosenPlatformCouponUserId].filter((id) => id > 0);
}

export function couponDtos(options: readonly CouponOption[], names: ReadonlyMap<number, string>): CheckoutCouponDto[] {
  return options.map((o) => ({
    couponUserId: o.coupon.couponUserId,
    couponId: o.coupon.couponId,
    shopId: o.coupon.shopId,
    couponName: names.get(o.coupon.couponId) ?? "",
    couponType: o.coupon.couponType,
    cashCondition: formatPrice(o.coupon.cashCondition),
    reduceAmount: o.coupon.reduceAmount === null ? null : formatPrice(o.coupon.reduceAmount),
    couponDiscount: o.coupon.couponDiscount === null ? null : String(Number(o.coupon.couponDiscount)),
    suitableProdType: o.coupon.suitableProdType,
    validEnd: o.coupon.validEnd.toISOString(),
    canUse: o.canUse,
    reason: o.reason,
    shortBy: o.shortBy,
    couponReduce: o.reduce,
    choose: o.choose,
  }));
}

export const lineOffers = (l: PricedLine): LineOffers => ({
  skuPrice: l.skuPrice,
  activityPrice: l.activityPrice,
  activity: l.activity,
  amount: l.amount,
  activityReduce: l.activityReduce,
  discountId: l.discountId,
  discountReduce: l.discountReduce,
  shopCouponReduce: l.shopCouponReduce,
  platformCouponReduce: l.platformCouponReduce,
  scoreReduce: l.scoreReduce,
  actualAmount: l.actualAmount,
});

/** Discount reduction of a shop as the order stores it: activity prices and tiers together. */
export const discountPart = (p: PricedShopResult) => formatPrice(sum([p.activityReduce, p.discountReduce]));

/** The reductions a checkout preview shows, of one shop or of all. */
type Reductions = Pick<
  PricedShopResult,
  "activityReduce" | "discountReduce" | "shopCouponReduce" | "platformCouponReduce"
>;

/**
 * How a checkout preview shows its prices. The ordinary checkout: each line at its SKU price, and
 * activity prices and tiers as one "limited-time discount" reduction. An activity checkout (flash
 * sale, group buy): each line at the activity's price, which is then no reduction.
 */
interface PriceView {
  line: (l: { price: MoneyInput; prodCount: number }, p: PricedLine) => { price: string; productTotalAmount: string };
  total: (goodsTotal: string, r: Reductions) => string;
  discountReduce: (r: Reductions) => string;
  totalReduce: (r: Reductions) => string;
}

const allReductions = (r: Reductions) =>
  [r.activityReduce, r.discountReduce, r.shopCouponReduce, r.platformCouponReduce] as const;

export const atSkuPrice: PriceView = {
  line: (l) => ({ price: formatPrice(l.price), productTotalAmount: formatPrice(mulQty(l.price, l.prodCount)) }),
  total: (goodsTotal) => goodsTotal,
  discountReduce: (r) => formatPrice(sum([r.activityReduce, r.discountReduce])),
  totalReduce: (r) => formatPrice(sum(allReductions(r))),
};

export const atActivityPrice: PriceView = {
  line: (_l, p) => ({ price: p.activityPrice, productTotalAmount: formatPrice(sub(p.amount, p.activityReduce)) }),
  total: (goodsTotal, r) => formatPrice(sub(goodsTotal, r.activityReduce)),
  discountReduce: (r) => formatPrice(r.discountReduce),
  totalReduce: (r) => formatPrice(sum(allReductions(r).slice(1))),
};
