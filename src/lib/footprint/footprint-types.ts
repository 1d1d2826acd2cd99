/**
 * The user's browsing history by day (CONTRACT §7.2), answered by
 * src/server/domain/footprint/footprint.ts and read by the user centre.
 */

export interface FootprintItem {
  prodBrowseLogId: number;
  prodId: number;
  prodName: string;
  pic: string;
  price: string;
  /** 1 on sale; anything else = invalid (see displayStatus in collection.ts). */
  status: number;
  /** Stock over its SKUs on sale: 0 reads "sold out" (isSoldOut, src/lib/catalog/stock.ts). */
  totalStocks: number;
  /** ISO 8601. */
  browseTime: string;
}

export interface FootprintDay {
  /** yyyy-MM-dd in Asia/Shanghai. */
  time: string;
  list: FootprintItem[];
}
