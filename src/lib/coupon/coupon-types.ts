/**
 * Coupon shapes and enums (CONTRACT §6.4), shared by the server, the islands and the tests.
 * Money fields are strings with 2 decimals; times ISO 8601. Imports nothing but other src/lib modules.
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

/** Page sizes. */
export const COUPON_PAGE_SIZE = 12;
export const MY_COUPON_PAGE_SIZE = 10;

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
export interface CheckoutCouponDto extends Pick<
  CouponDto,
  | "couponId"
  | "shopId"
  | "couponName"
  | "couponType"
  | "cashCondition"
  | "reduceAmount"
  | "couponDiscount"
  | "suitableProdType"
> {
  couponUserId: number;
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
