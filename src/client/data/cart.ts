/** The cart's calls (CONTRACT §6): the cart island, the buy box's "add to cart" and the top bar's count. */
import type { CartTotal, ShopCartDto } from "../../lib/cart/cart-types.ts";
import { api, type RequestOptions } from "../api.ts";

/** One line's change: a count delta for a product SKU (a new line when none holds it). */
export interface CartChange {
  basketId?: number;
  prodId: number;
  skuId: number;
  shopId: number;
  /** Added (negative: removed) to the line's count. */
  count: number;
}

/** POST /p/shopCart/info: the cart by shop. */
export function getCart(): Promise<ShopCartDto[]> {
  return api.post<ShopCartDto[]>("/p/shopCart/info", {});
}

/** POST /p/shopCart/totalPay: the amounts of the checked lines. */
export function getCartTotal(basketIds: readonly number[], opts?: RequestOptions): Promise<CartTotal> {
  return api.post<CartTotal>("/p/shopCart/totalPay", basketIds, opts);
}

/** POST /p/shopCart/checkItems: lines checked or unchecked. */
export async function checkCartItems(body: readonly { basketId: number; isChecked: 0 | 1 }[]): Promise<void> {
  await api.post("/p/shopCart/checkItems", body);
}

/** POST /p/shopCart/changeItem: answers the cart's new product count. */
export function changeCartItem(change: CartChange): Promise<number> {
  return api.post<number>("/p/shopCart/changeItem", change);
}

/** DELETE /p/shopCart/deleteItem */
export async function deleteCartItems(basketIds: readonly number[]): Promise<void> {
  await api.del("/p/shopCart/deleteItem", basketIds);
}

/** GET /p/shopCart/prodCount: the top bar's count. */
export function getCartCount(opts?: RequestOptions): Promise<number> {
  return api.get<number>("/p/shopCart/prodCount", undefined, opts);
}
