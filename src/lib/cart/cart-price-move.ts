/**
 * Which way a cart line's price went (docs/product.md "What shoppers see"), for the cart page's
 * island: the server has already compared the prices with src/lib/money.ts (cart-price.ts); the
 * browser only orders two 2-decimal prices, in whole cents, without pulling decimal.js in.
 */
const cents = (price: string): number => Math.round(Number(price) * 100);

/** Which way the price went from `before` to `now`. */
export function priceMove(before: string, now: string): "up" | "down" {
  return cents(now) > cents(before) ? "up" : "down";
}
