/** The collection's calls (CONTRACT §7.5): collected products and followed shops. */
import type { Page } from "../../lib/api-types.ts";
import type { CollectedProduct, CollectedShop } from "../../lib/collection/collection-types.ts";
import { api } from "../api.ts";

const quiet = { dontShowLogin: true, silent: true } as const;

/** GET /p/user/collection/prods */
export function listCollectedProducts(current: number, size: number): Promise<Page<CollectedProduct>> {
  return api.get<Page<CollectedProduct>>("/p/user/collection/prods", { current, size });
}

/** POST /p/user/collection/addOrCancel: answers true when the product is now collected. */
export function toggleProductCollection(prodId: number): Promise<boolean> {
  return api.post<boolean>("/p/user/collection/addOrCancel", prodId);
}

/** GET /p/user/collection/isCollection */
export function isProductCollected(prodId: number): Promise<boolean> {
  return api.get<boolean>("/p/user/collection/isCollection", { prodId }, quiet);
}

/** GET /p/shop/collection/page */
export function listFollowedShops(current: number, size: number): Promise<Page<CollectedShop>> {
  return api.get<Page<CollectedShop>>("/p/shop/collection/page", { current, size });
}

/** POST /p/shop/collection/addOrCancel: answers true when the shop is now followed. */
export function toggleShopFollow(shopId: number, opts?: { silent: boolean }): Promise<boolean> {
  return api.post<boolean>("/p/shop/collection/addOrCancel", shopId, opts);
}

/** GET /p/shop/collection/isCollection */
export function isShopFollowed(shopId: number): Promise<boolean> {
  return api.get<boolean>("/p/shop/collection/isCollection", { shopId }, quiet);
}
