/**
 * A product page whose product is no longer on sale (docs/product.md "What shoppers see"): the
 * shop took it off the shelf, the platform did, the shop deleted it, or its shop is closed. The
 * page says so by name, in the request's language, with goods the shopper may take instead —
 * on sale in the same category first, then of the same shop, then the best sellers — and answers
 * 404 (src/pages/detail/[...prodId].astro), not a bare "page not found".
 */
import { eq } from "drizzle-orm";
import type { ProductCard } from "../../../lib/catalog/product-types.ts";
import { SHOP_STATUS as ShopStatus } from "../../../lib/shop/shop.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import type { Db } from "../../db/client.ts";
import { products, shops } from "../../db/schema/index.ts";
import { searchProducts } from "./product-list.ts";
import { PROD_ON_SALE } from "./search-plan.ts";
import { loadProductTexts } from "./product-cards.ts";
import { toCrumbs } from "./category-path.ts";
import { categoryPath, type CategoryRow } from "./catalog.ts";
import type { CategoryCrumbItem } from "../../../lib/catalog/product-types.ts";

/** How many goods the page offers instead. */
export const RELATED_MAX = 10;

/** products.status values the page speaks of (src/server/domain/product/product-rules.ts ProdStatus). */
const DELETED = -1;
const OFF_SHELF = 0;
const PLATFORM_OFF = 2;

/** Why a product that exists is not on sale: the page's second line. */
export type GoneReason = "offShelf" | "deleted" | "shopClosed";

/**
 * Why the product with this status in a shop of this status is not on sale, or null when it is
 * (the product page is shown) or when it is nothing a shopper could have seen (a points-mall
 * item: its own page; an unknown status).
 */
export function goneReason(prodStatus: number, shopStatus: number | null): GoneReason | null {
  if (prodStatus === DELETED) return "deleted";
  if (prodStatus === OFF_SHELF || prodStatus === PLATFORM_OFF) return "offShelf";
  if (prodStatus === PROD_ON_SALE) return shopStatus === ShopStatus.OPEN ? null : "shopClosed";
  return null;
}

/** The goods of several lists in their order, without repeats and without `exclude`, at most `max`. */
export function mergeRelated(lists: readonly (readonly ProductCard[])[], exclude: number, max: number): ProductCard[] {
  const out: ProductCard[] = [];
  const seen = new Set([exclude]);
  for (const list of lists)
    for (const card of list) {
      if (out.length >= max) return out;
      if (seen.has(card.prodId)) continue;
      seen.add(card.prodId);
      out.push(card);
    }
  return out;
}

export interface GoneProduct {
  prodId: number;
  prodName: string;
  reason: GoneReason;
  shopId: number;
  shopName: string;
  /** The category path of the product (links to its lists), [] when the category is gone. */
  categoryPath: CategoryCrumbItem[];
  /** Goods on sale instead (RELATED_MAX at most). */
  related: ProductCard[];
}

/**
 * The page's content for a product that exists but is not on sale, or null (unknown id, on sale,
 * a points-mall item). `categoryRows`: the platform's categories (read-model copy).
 */
export async function goneProduct(
  db: Db,
  locale: Locale,
  prodId: number,
  categoryRows: readonly CategoryRow[],
): Promise<GoneProduct | null> {
  const [row] = await db
    .select({
      status: products.status,
      shopId: products.shopId,
      categoryId: products.categoryId,
      shopStatus: shops.shopStatus,
      shopName: shops.shopName,
    })
    .from(products)
    .leftJoin(shops, eq(shops.shopId, products.shopId))
    .where(eq(products.prodId, prodId))
    .limit(1);
  if (!row) return null;
  const reason = goneReason(row.status, row.shopStatus);
  if (!reason) return null;
  const texts = await loadProductTexts(db, locale, [prodId]);
  const page = { current: 1, size: RELATED_MAX + 1 };
  const [sameCategory, sameShop, bestSellers] = await Promise.all([
    searchProducts(db, locale, { ...page, categoryId: row.categoryId }),
    reason === "shopClosed" ? null : searchProducts(db, locale, { ...page, shopId: row.shopId }),
    searchProducts(db, locale, page),
  ]);
  return {
    prodId,
    prodName: texts.get(prodId)?.prodName ?? "",
    reason,
    shopId: row.shopId,
    shopName: row.shopName ? pickText(row.shopName as LocalizedText, locale) : "",
    categoryPath: toCrumbs(categoryPath(categoryRows, row.categoryId), locale),
    related: mergeRelated([sameCategory.records, sameShop?.records ?? [], bestSellers.records], prodId, RELATED_MAX),
  };
}
