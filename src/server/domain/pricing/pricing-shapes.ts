/**
 * What the pricing engine (pricing.ts priceLines) takes and answers, and its refusal (docs/pricing.md).
 */
import type { LocalizedText } from "../../../lib/locale.ts";
import type { CouponTypeValue, CouponUnusableReason, SuitableProdTypeValue } from "../../../lib/coupon/coupon-types.ts";
import type { DiscountHint, DiscountRuleValue, DiscountTypeValue } from "../../../lib/discount/discount-types.ts";
import type { LineOffers } from "../../../lib/pricing/pricing-types.ts";
import type { MoneyInput } from "../../../lib/money.ts";
import type { FreightRule } from "./order-pricing.ts";
import { DomainError } from "../kernel/domain-error.ts";

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
