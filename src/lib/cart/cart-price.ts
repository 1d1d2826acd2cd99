/**
 * A cart line whose price changed since the buyer put it in the cart (docs/product.md "What
 * shoppers see"): the cart keeps the price the buyer saw (cart_items.price_seen, set when the line
 * is added or its quantity changed) and says "dropped from ¥X" / "rose from ¥X" while the SKU's
 * price is another. Shared by the cart's answer (server) and the cart page (island).
 */
import { compare, formatPrice, tryDecimal } from "../money.ts";

/** The price the buyer saw ("12.30"), when the line's price now is another; null otherwise (or unknown). */
export function priceBefore(seen: unknown, now: unknown): string | null {
  const a = tryDecimal(seen);
  const b = tryDecimal(now);
  if (a === null || b === null || compare(a, b) === 0) return null;
  return formatPrice(a);
}
