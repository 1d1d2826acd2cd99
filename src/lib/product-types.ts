/**
 * Payload types of the product list / search, product detail, reviews, shop list, shop index,
 * renovation and footprint reads (CONTRACT §3.2-§3.7, §5.2, §10). The API answers them and the
 * Astro pages get them directly from the domain functions in src/server/domain/:
 *   product-list.ts   searchProducts, searchPage, categoryPath, renovationProducts
 *   product-detail.ts getProductDetail, getSkuList, isProductOnSale, getCommentSummary, listComments, buildSkuMatrix
 *   shop-list.ts      searchShops
 *   shop-index.ts     getShopHeadInfo, getShopCategories
 *   renovation.ts     getHomeRenovation, getRenovation, getShopHomeRenovation, refreshBlocks
 * Money is a string with 2 decimals ("12.30"); times are ISO 8601 strings (UTC).
 */
import type { CategoryNode, Page } from "./api-types.ts";
import type { LocalizedText } from "./locale.ts";

export type { Page } from "./api-types.ts";

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

/** records[0] of /search/page (EsProductSearchVO). */
export interface ProductSearchRecord {
  shopInfo: SearchShopInfo | null;
  /** Brands of all matching products (not only this page), by seq. */
  brands: SearchBrand[];
  /** Level-3 categories of all matching products, by seq. */
  categories: SearchCategory[];
  products: ProductCard[];
}

/** GET /search/page answer (EsPageVO). records has exactly one element. */
export interface ProductSearchPage {
  pages: number;
  total: number;
  records: [ProductSearchRecord];
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
  /** The seven-day no-reason return applies (docs/after-sales.md; products.seven_day_return). */
  sevenDayReturn: boolean;
  /** The platform level-3 category. */
  categoryId: number;
  categoryPath: CategoryCrumbItem[];
  brand: { brandId: number; brandName: string } | null;
  shop: ProductShop;
  skuList: SkuItem[];
  specs: SkuSpec[];
}

/** GET /prod/prodCommData. positiveRating 0-100 (0 when there is no review). */
export interface CommentSummary {
  positiveRating: number;
  number: number;
  praiseNumber: number;
  secondaryNumber: number;
  negativeNumber: number;
  picNumber: number;
}

/** evaluate filter of /prod/prodCommPageByProd: -1 all, 0 good, 1 medium, 2 bad, 3 with pictures. */
export type CommentFilter = -1 | 0 | 1 | 2 | 3;

/** A review row (ProdCommDto). nickName is masked ("a***b") and pic empty when anonymous. */
export interface CommentItem {
  prodCommId: number;
  score: number;
  evaluate: number;
  content: string;
  pics: string[];
  isAnonymous: number;
  nickName: string;
  pic: string;
  recTime: string;
  replyContent: string | null;
  replyTime: string | null;
  skuName: string;
}

// ------------------------------------------------------------------ shops

/** A row of /shopList (GET /shop/listShop). */
export interface ShopCard {
  shopId: number;
  shopName: string;
  shopLogo: string;
  intro: string;
  type: number;
  shopStatus: number;
  rating: number;
  fansCount: number;
  productCount: number;
  soldNum: number;
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
  /** Its published PC home decoration, or null. */
  renovationId: number | null;
  /** 1 when the shop has a published PC home decoration (SPEC §4 "Decoration is on when homeStatus is 1"). */
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

// ------------------------------------------------------------------ renovation (CONTRACT §10)

export interface RenovationBlock {
  type: string;
  dataField: Record<string, unknown>;
}

/**
 * A decorated page. Texts inside blocks stay LocalizedText (the renderer picks the locale);
 * refreshed product items carry name/description already localized as plain strings.
 */
export interface RenovationPage {
  renovationId: number;
  shopId: number;
  name: string;
  /** 1 PC, 2 mobile. */
  renovationType: number;
  /** 1 = home page of the platform / the shop. */
  homeStatus: number;
  /** 1 published, 0 draft. */
  status: number;
  blocks: RenovationBlock[];
}

/** GET /shopRenovation/homepage and /shopRenovation/info: content = JSON string of the blocks. */
export interface RenovationAnswer {
  renovationId: number;
  shopId: number;
  name: string;
  renovationType: number;
  homeStatus: number;
  content: string;
}

/** A product item stored in a block (goodsList etc.) after refreshing. */
export interface RenovationGoodsItem {
  id: number;
  prodId: number;
  name: string | LocalizedText;
  prodType: number;
  status: number;
  price: string;
  orignPrice: string;
  imgs: string;
  description: string | LocalizedText;
  activityPrice?: string;
  [key: string]: unknown;
}

export type ProductCardPage = Page<ProductCard>;
