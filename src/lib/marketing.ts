/**
 * Marketing shapes and enums (CONTRACT §6.3 limited-time discounts, §6.4 coupons), shared by the
 * server, the islands and the tests. Money fields are strings with 2 decimals; times ISO 8601.
 * Imports nothing but other src/lib modules.
 */

/** couponType: 1 cash ("spend X save Y"), 2 discount ("Z% off"; couponDiscount 8.5 = pay 85 %). */
export const CouponType = { CASH: 1, DISCOUNT: 2 } as const;
export type CouponTypeValue = (typeof CouponType)[keyof typeof CouponType];

/** suitableProdType: 0 all products, 1 selected products, 2 all but the selected products. */
export const SuitableProdType = { ALL: 0, SELECTED: 1, EXCLUDED: 2 } as const;
export type SuitableProdTypeValue = (typeof SuitableProdType)[keyof typeof SuitableProdType];

/** validTimeType: 1 fixed range startTime–endTime, 2 validDays days from claiming (after afterReceiveDays). */
export const ValidTimeType = { FIXED: 1, AFTER_CLAIM: 2 } as const;
export type ValidTimeTypeValue = (typeof ValidTimeType)[keyof typeof ValidTimeType];

/** Held coupon status as CONTRACT §6.4 getCouponList asks for it: 0 expired, 1 not used, 2 used. */
export const MyCouponStatus = { EXPIRED: 0, UNUSED: 1, USED: 2 } as const;
export type MyCouponStatusValue = (typeof MyCouponStatus)[keyof typeof MyCouponStatus];

/** discountRule: 0 spend X save Y, 1 buy N save Y, 2 spend X get Z% off, 3 buy N get Z% off. */
export const DiscountRule = { AMOUNT_REDUCE: 0, COUNT_REDUCE: 1, AMOUNT_DISCOUNT: 2, COUNT_DISCOUNT: 3 } as const;
export type DiscountRuleValue = (typeof DiscountRule)[keyof typeof DiscountRule];

/** discountType: 0 the highest tier reached, once; 1 repeated for every time the tier is reached. */
export const DiscountType = { ONCE: 0, REPEAT: 1 } as const;
export type DiscountTypeValue = (typeof DiscountType)[keyof typeof DiscountType];

/** Activity status as the pages show it: 1 upcoming, 2 running, 3 ended (or stopped). */
export const ActivityStatus = { UPCOMING: 1, RUNNING: 2, ENDED: 3 } as const;

/** Rule kinds measured in pieces rather than money. */
export function isCountRule(rule: number): boolean {
  return rule === DiscountRule.COUNT_REDUCE || rule === DiscountRule.COUNT_DISCOUNT;
}
/** Rule kinds that take a percentage off rather than an amount. */
export function isPercentRule(rule: number): boolean {
  return rule === DiscountRule.AMOUNT_DISCOUNT || rule === DiscountRule.COUNT_DISCOUNT;
}

/** Page sizes. */
export const COUPON_PAGE_SIZE = 12;
export const MY_COUPON_PAGE_SIZE = 10;
export const DISCOUNT_PAGE_SIZE = 10;
export const DISCOUNT_PROD_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

/** A coupon as the coupon centre, the product page and the shop page show it. */
export interface CouponDto {
  couponId: number;
  /** 0 = a platform coupon (usable in every shop). */
  shopId: number;
  shopName: string;
  couponName: string;
  couponType: CouponTypeValue;
  /** Minimum spend on the products it applies to ("0.00" = none). */
  cashCondition: string;
  /** Amount taken off (cash coupons). */
  reduceAmount: string | null;
  /** 8.5 = pay 85 % (discount coupons), as a string with up to 1 decimal. */
  couponDiscount: string | null;
  suitableProdType: SuitableProdTypeValue;
  validTimeType: ValidTimeTypeValue;
  /** Fixed validity (validTimeType 1). */
  startTime: string | null;
  endTime: string | null;
  /** validTimeType 2: usable from afterReceiveDays days after claiming, for validDays days. */
  afterReceiveDays: number;
  validDays: number;
  /** Claimable from / until. */
  launchTime: string;
  overTime: string;
  /** Per-user limit. */
  /** 1 = an exclusive coupon of paid members (only they may claim it). */
  memberOnly?: number;
  limitNum: number;
  /** Left to claim / issued in all. */
  stocks: number;
  sourceStock: number;
  /** How many of it the current user has claimed (0 for visitors). */
  curUserReceiveCount: number;
  /** True when the current user may claim one now. */
  canReceive: boolean;
  /** 1 on, 0 stopped. */
  status: number;
  /** Some of the products it applies to (selected-products coupons). */
  prods: { prodId: number; prodName: string; pic: string; price: string }[];
}

/** A coupon the buyer holds (GET /p/myCoupon/getCouponList). */
export interface MyCouponDto extends Omit<CouponDto, "canReceive" | "curUserReceiveCount" | "prods"> {
  couponUserId: number;
  /** 0 expired, 1 not used, 2 used. */
  userCouponStatus: MyCouponStatusValue;
  receiveTime: string;
  /** When this held coupon can be used. */
  validStart: string;
  validEnd: string;
  useTime: string | null;
  orderNumbers: string | null;
}

export interface MyCouponCountDto {
  unUseCount: number;
  useCount: number;
  expiredCount: number;
}

/** Why a held coupon cannot be used on a checkout (i18n key `coupon.reason.<key>`). */
export type CouponUnusableReason = "notStarted" | "expired" | "used" | "outOfScope" | "belowThreshold";

/** A held coupon offered at checkout (CONTRACT §4.2 `coupons[]`). */
export interface CheckoutCouponDto {
  couponUserId: number;
  couponId: number;
  shopId: number;
  couponName: string;
  couponType: CouponTypeValue;
  cashCondition: string;
  reduceAmount: string | null;
  couponDiscount: string | null;
  suitableProdType: SuitableProdTypeValue;
  validEnd: string;
  canUse: boolean;
  /** Why not (when canUse is false). */
  reason: CouponUnusableReason | null;
  /** For belowThreshold: how much more must be spent on the products it applies to. */
  shortBy: string | null;
  /** What it takes off this checkout when chosen (with the other choices as they are). */
  couponReduce: string;
  choose: boolean;
}

// ---------------------------------------------------------------------------------------------
// Limited-time discounts
// ---------------------------------------------------------------------------------------------

export interface DiscountTierDto {
  /** Money (rules 0, 2) or pieces (rules 1, 3), as a string. */
  needAmount: string;
  /** Amount saved (rules 0, 1) or the rate paid (rules 2, 3: 8.5 = 85 %). */
  discount: string;
}

export interface DiscountDto {
  discountId: number;
  discountName: string;
  shopId: number;
  shopName: string;
  discountRule: DiscountRuleValue;
  discountType: DiscountTypeValue;
  /** Cap on what one group of lines saves; null = none. */
  maxReduceAmount: string | null;
  /** 0 all the shop's products, 1 selected products. */
  suitableProdType: 0 | 1;
  pcPic: string;
  pcBackgroundPic: string;
  startTime: string;
  endTime: string;
  /** 1 upcoming, 2 running, 3 ended. */
  activityStatus: number;
  discountItems: DiscountTierDto[];
}

export interface DiscountProdDto {
  prodId: number;
  prodName: string;
  pic: string;
  brief: string;
  /** The SKU price (lowest on-sale SKU). */
  price: string;
  /** What one piece costs in the activity, as the pricing engine computes it for one piece alone. */
  activityPrice: string;
}

/** "Spend ¥N more to save ¥M" / "buy N more to get Z% off" for a group of cart lines. */
export interface DiscountHint {
  /** Money (amount rules) or pieces (count rules) still missing for the next tier. */
  more: string;
  /** The next tier's need. */
  needAmount: string;
  /** Rules 0/1: what the group would save at the next tier. */
  reduce: string | null;
  /** Rules 2/3: the next tier's rate (8.5 = 85 %). */
  discount: string | null;
}

/** The discount a group of cart / checkout lines shares (CONTRACT §4.1 chooseDiscountItemDto). */
export interface ChooseDiscountDto {
  discountId: number;
  discountName: string;
  discountRule: DiscountRuleValue;
  discountType: DiscountTypeValue;
  /** The tier reached (null = none yet). */
  needAmount: string | null;
  /** What the group saves now. */
  reduceAmount: string;
  discount: string | null;
  hint: DiscountHint | null;
  endTime: string;
}

/** A per-line breakdown of the price (order items' "offers", the cart and the checkout). */
export interface LineOffers {
  /** SKU unit price. */
  skuPrice: string;
  /** Unit price after the activity price step (= skuPrice when no activity). */
  activityPrice: string;
  /** The activity that set activityPrice, if any. */
  activity: { kind: string; activityId: number } | null;
  /** skuPrice × count. */
  amount: string;
  activityReduce: string;
  discountId: number;
  discountReduce: string;
  shopCouponReduce: string;
  platformCouponReduce: string;
  scoreReduce: string;
  /** amount − every reduction: what this line costs the buyer (freight excluded). */
  actualAmount: string;
}
