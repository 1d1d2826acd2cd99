/**
 * Payload types of the product list / search and the product detail reads (CONTRACT §3.2-§3.5).
 * The API answers them and the Astro pages get them directly from the domain functions in
 * src/server/domain/catalog/:
 *   product-list.ts   searchProducts, searchPage, categoryPath, renovationProducts
 *   product-detail.ts getProductDetail, getSkuList, isProductOnSale, buildSkuMatrix
 * Money is a string with 2 decimals ("12.30"); times are ISO 8601 strings (UTC).
 */

import type { Page } from "../api-types.ts";

/** Matches are counted up to this many; beyond it the total reads "10,000+" and no page past it is served. */
export const SEARCH_TOTAL_CAP = 10_000;

/** Sort codes of /search/page and /list (CONTRACT §3.4). */
export const ProductSort = {
  /** Comprehensive: sales desc, then comments desc. */
  DEFAULT: 0,
  /** Newest listed first (putawayTime desc). */
  NEWEST: 1,
  SALES_DESC: 2,
  SALES_ASC: 3,
  PRICE_DESC: 4,
  PRICE_ASC: 5,
} as const;
export type ProductSortCode = (typeof ProductSort)[keyof typeof ProductSort];

/** Input of searchProducts (already validated, e.g. by productSearchQuery in catalog-params.ts). */
export interface ProductSearchParams {
  /** Substring of the product name in any language (trimmed, case-insensitive). */
  keyword?: string | undefined;
  /** Level 1 (cpid). */
  primaryCategoryId?: number | undefined;
  /** Level 2 (cid). */
  secondaryCategoryId?: number | undefined;
  /** Level 3 (thCid) — or any level when given alone. */
  categoryId?: number | undefined;
  brandIds?: number[] | undefined;
  shopId?: number | undefined;
  /** A shop's own category (with its sub-categories). */
  shopCategoryId?: number | undefined;
  /** 0 all, 1 new products (listed in the last 30 days). */
  st?: 0 | 1 | undefined;
  /** Price range, yuan with at most 2 decimals ("100", "99.9"), both ends included. */
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
  /** 1 = only products with stock left. */
  hasStock?: 0 | 1 | undefined;
  /** 1 = only self-operated shops (shop type 1). */
  selfShop?: 0 | 1 | undefined;
  /** Sort code 0..5; absent → 0, or 1 (newest) when st = 1. */
  sort?: ProductSortCode | undefined;
  current: number;
  size: number;
}

/** A product in lists (ProductSearchVO subset). shopType 1 self-operated, 2 preferred, 0 general. */
export interface ProductCard {
  prodId: number;
  prodName: string;
  brief: string;
  price: string;
  oriPrice: string;
  pic: string;
  shopId: number;
  shopName: string;
  shopType: number;
  soldNum: number;
  commentNum: number;
  totalStocks: number;
  /** ISO 8601. */
  putawayTime: string;
}

/** shopInfo of /search/page when the keyword matches an open shop's name. type 1 self-operated. */
export interface SearchShopInfo {
  shopId: number;
  shopName: string;
  shopLogo: string;
  type: number;
}

export interface SearchBrand {
  brandId: number;
  brandName: string;
  brandImg: string;
}

export interface SearchCategory {
  categoryId: number;
  name: string;
}

/** A price range of the search facets: [minPrice, maxPrice] in yuan; maxPrice null = no upper end. */
export interface SearchPriceRange {
  minPrice: string;
  maxPrice: string | null;
  /** Matching products in the range (of the counted matches, see totalCapped). */
  count: number;
}

/** records[0] of /search/page (EsProductSearchVO). */
export interface ProductSearchRecord {
  shopInfo: SearchShopInfo | null;
  /** Brands of the matching products (not only this page), most matches first. */
  brands: SearchBrand[];
  /** Level-3 categories of the matching products, most matches first. */
  categories: SearchCategory[];
  /** Price ranges of the matching products, cheapest first (only ranges with matches). */
  priceRanges: SearchPriceRange[];
  products: ProductCard[];
}

/** GET /search/page answer (EsPageVO). records has exactly one element. */
export interface ProductSearchPage {
  pages: number;
  /** Matches, at most SEARCH_TOTAL_CAP (then totalCapped is true: "10,000+"). */
  total: number;
  totalCapped: boolean;
  records: [ProductSearchRecord];
  /** What the search did with the keyword (corrected, relaxed); null when it was searched as typed. */
  searchNote?: SearchNote | null;
  /** Where to go from a keyword that found nothing (ProductCardPage.searchHelp). */
  searchHelp?: SearchHelp | null;
}

/** A page of product cards; total is capped like ProductSearchPage's. */
export interface ProductCardPage extends Page<ProductCard> {
  totalCapped: boolean;
  /** What the search did with the keyword (corrected, relaxed); null when it was searched as typed. */
  searchNote?: SearchNote | null;
  /** Where to go from a keyword that found nothing (null when something was found, or no keyword). */
  searchHelp?: SearchHelp | null;
}

/**
 * A keyword that found nothing, even relaxed (docs/search.md "No dead ends"): keywords it may
 * have meant, the categories its words name or share, and whether it finds goods without the
 * other filters (category, brand, price…). The page adds the hot words.
 */
export interface SearchHelp {
  /** Keywords that find goods: the typed one with its latin words corrected more loosely. */
  corrections: string[];
  /** Categories with goods on sale whose names share the keyword's words, each as its path from level 1. */
  categories: CategoryCrumbItem[][];
  /** The keyword alone (no category, brand or price filter) finds goods. */
  withoutFilters: boolean;
}

/**
 * A keyword that found nothing as typed (docs/search.md "Relaxing"): the search shows the matches
 * of `shown` instead — the keyword with its latin typos corrected (`corrected`) and/or without
 * the words in `dropped` — and the page says so ("no results for A B; showing A").
 */
export interface SearchNote {
  /** The keyword as the shopper typed it (normalised). */
  asked: string;
  /** The keyword whose matches are shown. */
  shown: string;
  /** Latin words replaced by the closest known word: [typed, used]. */
  corrected: [string, string][];
  /** Words left out because nothing matched with them. */
  dropped: string[];
}

/** GET /search/suggest: what the header's search box offers while the shopper types. */
export interface SearchSuggestion {
  /** The product or shop name in the request language. */
  text: string;
  /** prodId (goods) or shopId (shop); 0 for a word the search knows (a synonym or category name, goods only). */
  id: number;
}

/** A breadcrumb item of /list: level 1, 2 or 3. */
export interface CategoryCrumbItem {
  categoryId: number;
  categoryName: string;
  level: 1 | 2 | 3;
}

// ------------------------------------------------------------------ product detail

export interface ProductParameter {
  key: string;
  value: string;
}

/** SkuVO subset. properties "k1:v1;k2:v2" in the request language. status 1 on sale. */
export interface SkuItem {
  skuId: number;
  skuName: string;
  properties: string;
  price: string;
  oriPrice: string;
  stocks: number;
  pic: string;
  status: number;
}

/** The property matrix derived from skuList: one row per property name, values in first-seen order. */
export interface SkuSpec {
  name: string;
  values: { value: string; skuIds: number[] }[];
}

export interface ProductShop {
  shopId: number;
  shopName: string;
  shopLogo: string;
  /** 1 self-operated, 2 preferred, 0 general. */
  type: number;
  shopStatus: number;
  rating: number;
  fansCount: number;
  /** Products on sale in the shop. */
  productCount: number;
}

/** GET /prod/prodInfo (ProductVO subset). content is sanitised HTML. */
export interface ProductDetail {
  prodId: number;
  prodName: string;
  brief: string;
  content: string;
  parameters: ProductParameter[];
  pic: string;
  imgs: string[];
  price: string;
  oriPrice: string;
  soldNum: number;
  commentNum: number;
  totalStocks: number;
  status: number;
  /** 0 normal, 1 group buy, 2 seckill, 3 points. */
  prodType: number;
  /** The seven-day no-reason return applies (docs/refund.md; products.seven_day_return). */
  sevenDayReturn: boolean;
  /** CONTRACT `mold`: 0 physical, 1 virtual goods (lib/order/virtual-goods.ts). */
  mold: number;
  /** Virtual goods: validity of the write-off codes (-1 long-term, 0 the payment day, n days). */
  writeOffTime: number;
  /** Virtual goods: 1 unused codes may be refunded, 0 non-refundable. */
  isRefund: number;
  /** The platform level-3 category. */
  categoryId: number;
  categoryPath: CategoryCrumbItem[];
  brand: { brandId: number; brandName: string } | null;
  shop: ProductShop;
  skuList: SkuItem[];
  specs: SkuSpec[];
}
