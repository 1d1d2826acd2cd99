/**
 * Limited-time discount shapes and enums (CONTRACT §6.3), shared by the server, the islands and
 * the tests. Money fields are strings with 2 decimals; times ISO 8601. Imports nothing but other
 * src/lib modules.
 */

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
export const DISCOUNT_PAGE_SIZE = 10;
export const DISCOUNT_PROD_PAGE_SIZE = 20;

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
  soldNum: number;
  /** Stock over its SKUs on sale: 0 reads "sold out" (isSoldOut, src/lib/catalog/stock.ts). */
  totalStocks: number;
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
