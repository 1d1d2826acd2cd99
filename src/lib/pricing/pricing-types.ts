/**
 * The price breakdown the pricing engine (src/server/domain/pricing/) answers per line, shared by
 * the server, the islands and the tests. Money fields are strings with 2 decimals.
 */

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
