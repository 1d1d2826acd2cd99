/**
 * The user's collected products and followed shops (CONTRACT §7.2), answered by
 * src/server/domain/collection/collection.ts and read by the user centre. Times are ISO 8601.
 */

export interface CollectedProduct {
  prodId: number;
  prodName: string;
  pic: string;
  price: string;
  oriPrice: string;
  status: number;
  /** Stock over its SKUs on sale: 0 reads "sold out" (isSoldOut, src/lib/catalog/stock.ts). */
  totalStocks: number;
  /** ISO 8601. */
  collectTime: string;
}

export interface CollectedShop {
  shopId: number;
  shopName: string;
  shopLogo: string | null;
  type: number;
  shopStatus: number;
  fansCount: number;
  /** ISO 8601. */
  collectTime: string;
}
