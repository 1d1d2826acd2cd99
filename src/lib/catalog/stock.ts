/**
 * What a stock count means to a shopper (docs/product.md "What shoppers see"): 0 is sold out —
 * the card, the decorated block, the buy box and the cart say so and nothing can be bought; a
 * negative count is the "unlimited" of goods nobody counts (the buy box reads "In stock").
 */

/** Whether a product (its total over its SKUs on sale) or a SKU with this stock reads "sold out". */
export function isSoldOut(stocks: number): boolean {
  return stocks === 0;
}
