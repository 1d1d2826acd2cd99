/**
 * The shop index (/shopIndex?sid=&cid=, GET /shop/getShopInfo): head info with the published
 * PC home renovation, and the shop's own categories. The shop's products come from
 * searchProducts(db, locale, {shopId, shopCategoryId, ...}) in product-list.ts.
 */
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Locale } from "../../../lib/locale.ts";
import type { ShopCategory, ShopIndexAnswer, ShopIndexInfo } from "../../../lib/shop/shop-types.ts";
import type { Db } from "../../db/client.ts";
import { renovations, shops } from "../../db/schema/index.ts";
import { getCategoryTree } from "../catalog/catalog.ts";
import { onSaleCount } from "./shop-list.ts";
import { shopHeadColumns, ShopStatus, toShopHeadInfo } from "./shop.ts";

/** renovationType 1 = PC. */
export const RENOVATION_PC = 1;

/** The shop's PC home pages (renovationType 1, homeStatus 1) of any status: `and` it with the status wanted. */
export function shopPcHomes(shopId: number): SQL {
  return and(
    eq(renovations.shopId, shopId),
    eq(renovations.renovationType, RENOVATION_PC),
    eq(renovations.homeStatus, 1),
  )!;
}

/** The id of the shop's published PC home renovation (renovationType 1, homeStatus 1, status 1), or null. */
export async function shopHomeRenovationId(db: Db, shopId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: renovations.renovationId })
    .from(renovations)
    .where(and(shopPcHomes(shopId), eq(renovations.status, 1)))
    .orderBy(asc(renovations.renovationId))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Head info of a shop: null when it does not exist; only {shopId, shopStatus} when it is not
 * open (CONTRACT §3.7, the page shows the status message); the full ShopIndexInfo otherwise.
 */
export async function getShopHeadInfo(db: Db, locale: Locale, shopId: number): Promise<ShopIndexAnswer | null> {
  const [row] = await db
    .select({ ...shopHeadColumns, productCount: onSaleCount })
    .from(shops)
    .where(eq(shops.shopId, shopId))
    .limit(1);
  if (!row) return null;
  if (row.shopStatus !== ShopStatus.OPEN) return { shopId: row.shopId, shopStatus: row.shopStatus };
  const renovationId = await shopHomeRenovationId(db, shopId);
  const { soldNum: _soldNum, ...head } = toShopHeadInfo(row, locale);
  const info: ShopIndexInfo = {
    ...head,
    productCount: Number(row.productCount ?? 0),
    renovationId,
    homeStatus: renovationId === null ? 0 : 1,
  };
  return info;
}

/** The shop's own active categories (a tree, by seq); [] for an unknown shop or one without categories. */
export async function getShopCategories(db: Db, locale: Locale, shopId: number): Promise<ShopCategory[]> {
  if (shopId <= 0) return [];
  return getCategoryTree(db, locale, { parentId: 0, shopId });
}
