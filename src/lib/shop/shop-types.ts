/**
 * Payload types of the shop list and the shop index reads (CONTRACT §3.6-§3.7), answered by
 * src/server/domain/shop/ (shop-list.ts searchShops; shop-index.ts getShopHeadInfo, getShopCategories).
 */
import type { CategoryNode, ShopHeadInfo } from "../api-types.ts";

/** A row of /shopList (GET /shop/listShop). */
export interface ShopCard extends ShopHeadInfo {
  productCount: number;
}

/** /shopIndex head info of an OPEN shop (GET /shop/getShopInfo). */
export interface ShopIndexInfo {
  shopId: number;
  shopName: string;
  shopLogo: string;
  intro: string;
  shopStatus: number;
  fansCount: number;
  type: number;
  rating: number;
  productCount: number;
  /** Its published PC home renovation, or null. */
  renovationId: number | null;
  /** 1 when the shop has a published PC home renovation (SPEC §4 "Decoration is on when homeStatus is 1"). */
  homeStatus: 0 | 1;
}

/** A shop that is not open reveals only its status (CONTRACT §3.7). */
export interface ShopClosedInfo {
  shopId: number;
  shopStatus: number;
}

export type ShopIndexAnswer = ShopIndexInfo | ShopClosedInfo;

export function isShopOpenInfo(info: ShopIndexAnswer): info is ShopIndexInfo {
  return info.shopStatus === 1 && "shopName" in info;
}

/** The shop's own categories (one tree, same shape as /category/categoryInfo). */
export type ShopCategory = CategoryNode;
