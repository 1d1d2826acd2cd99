/**
 * Collections (CONTRACT §7.2, §3.7): collected products and followed shops of a user.
 * Every function works on the given user's rows only.
 *
 * Products: any product that exists and is not deleted (status ≠ -1) can be collected; a
 * collection is kept when the product later goes off shelf and is then listed with its status
 * (see displayStatus) so the page can show it as invalid. Cancelling always works.
 * Shops: only open shops can be followed; unfollowing always works. shops.fansCount moves by
 * +1 / -1 in the same transaction as the follow row, and never below 0.
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { formatPriceSafe } from "../../../lib/money.ts";
import type { Db } from "../../db/client.ts";
import { prodCollections, products, shopCollections, shops } from "../../db/schema/index.ts";
import { loadProductTexts } from "../catalog/product-cards.ts";
import { changeFansCount, shopCardColumns, ShopStatus } from "../shop/shop.ts";
import type { CollectedProduct, CollectedShop } from "../../../lib/collection/collection-types.ts";
import { pageOf } from "../kernel/page.ts";

const PROD_DELETED = -1;
const PROD_ON_SALE = 1;
const PROD_OFF_SHELF = 0;

/**
 * Status shown for a product in the user's lists: 1 only when it is on sale in an open shop;
 * a product on sale in a closed shop shows 0 (off shelf); other statuses are passed on
 * (0 off shelf, -1 deleted, 2 off shelf by the platform). Anything but 1 is "invalid".
 */
export function displayStatus(prodStatus: number, shopStatus: number | null): number {
  if (prodStatus !== PROD_ON_SALE) return prodStatus;
  return shopStatus === ShopStatus.OPEN ? PROD_ON_SALE : PROD_OFF_SHELF;
}

/**
 * The columns of a kept product's card (a collected product, a footprint), read with `products`
 * joined and `shops` left-joined; `savedCard` makes the card of them.
 */
export const savedCardColumns = {
  prodId: products.prodId,
  pic: products.pic,
  price: products.price,
  prodStatus: products.status,
  totalStocks: products.totalStocks,
  shopStatus: shops.shopStatus,
};

type SavedCardRow = {
  prodId: number;
  pic: string;
  price: string;
  prodStatus: number;
  totalStocks: number;
  shopStatus: number | null;
};

/** A kept product's card: its name in the caller's language (`texts`), price and shown status. */
export function savedCard(r: SavedCardRow, texts: ReadonlyMap<number, { prodName: string }>) {
  return {
    prodId: r.prodId,
    prodName: texts.get(r.prodId)?.prodName ?? "",
    pic: r.pic,
    price: formatPriceSafe(r.price),
    status: displayStatus(r.prodStatus, r.shopStatus),
    totalStocks: r.totalStocks,
  };
}

// ------------------------------------------------------------------------------------------
// Products
// ------------------------------------------------------------------------------------------

/** Collects or un-collects; true = now collected, null = unknown (or deleted) product, nothing changed. */
export async function toggleProdCollection(db: Db, userId: string, prodId: number): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(prodCollections)
      .where(and(eq(prodCollections.userId, userId), eq(prodCollections.prodId, prodId)))
      .returning({ id: prodCollections.id });
    if (removed.length > 0) return false;
    const [prod] = await tx
      .select({ status: products.status })
      .from(products)
      .where(eq(products.prodId, prodId))
      .limit(1);
    if (!prod || prod.status === PROD_DELETED) return null;
    await tx.insert(prodCollections).values({ userId, prodId }).onConflictDoNothing();
    return true;
  });
}

export async function isProdCollected(db: Db, userId: string, prodId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: prodCollections.id })
    .from(prodCollections)
    .where(and(eq(prodCollections.userId, userId), eq(prodCollections.prodId, prodId)))
    .limit(1);
  return !!row;
}

export async function countProdCollections(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(prodCollections).where(eq(prodCollections.userId, userId));
  return Number(row?.n ?? 0);
}

/** The user's collected products, most recently collected first. */
export async function prodCollectionPage(
  db: Db,
  userId: string,
  locale: Locale,
  current: number,
  size: number,
): Promise<Page<CollectedProduct>> {
  const total = await countProdCollections(db, userId);
  const rows = await db
    .select({ ...savedCardColumns, oriPrice: products.oriPrice, collectTime: prodCollections.createdAt })
    .from(prodCollections)
    .innerJoin(products, eq(products.prodId, prodCollections.prodId))
    .leftJoin(shops, eq(shops.shopId, products.shopId))
    .where(eq(prodCollections.userId, userId))
    .orderBy(desc(prodCollections.createdAt), desc(prodCollections.id))
    .limit(size)
    .offset((current - 1) * size);
  const texts = await loadProductTexts(
    db,
    locale,
    rows.map((r) => r.prodId),
  );
  return pageOf(
    rows.map((r) => ({
      ...savedCard(r, texts),
      oriPrice: formatPriceSafe(r.oriPrice),
      collectTime: r.collectTime.toISOString(),
    })),
    total,
    { current, size },
  );
}

/** Removes the given products from the user's collection (ids not collected are ignored). Answers how many were removed. */
export async function cancelProdCollections(db: Db, userId: string, prodIds: readonly number[]): Promise<number> {
  if (prodIds.length === 0) return 0;
  const removed = await db
    .delete(prodCollections)
    .where(and(eq(prodCollections.userId, userId), inArray(prodCollections.prodId, [...prodIds])))
    .returning({ id: prodCollections.id });
  return removed.length;
}

// ------------------------------------------------------------------------------------------
// Shops
// ------------------------------------------------------------------------------------------

/** Follows or unfollows; true = now followed, null = unknown or not open shop, nothing changed. */
export async function toggleShopCollection(db: Db, userId: string, shopId: number): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(shopCollections)
      .where(and(eq(shopCollections.userId, userId), eq(shopCollections.shopId, shopId)))
      .returning({ id: shopCollections.id });
    if (removed.length > 0) {
      await changeFansCount(tx, shopId, -1);
      return false;
    }
    const [shop] = await tx.select({ status: shops.shopStatus }).from(shops).where(eq(shops.shopId, shopId)).limit(1);
    if (!shop || shop.status !== ShopStatus.OPEN) return null;
    const inserted = await tx
      .insert(shopCollections)
      .values({ userId, shopId })
      .onConflictDoNothing()
      .returning({ id: shopCollections.id });
    if (inserted.length > 0) await changeFansCount(tx, shopId, 1);
    return true;
  });
}

export async function isShopCollected(db: Db, userId: string, shopId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shopCollections.id })
    .from(shopCollections)
    .where(and(eq(shopCollections.userId, userId), eq(shopCollections.shopId, shopId)))
    .limit(1);
  return !!row;
}

/** The user's followed shops, most recently followed first. */
export async function shopCollectionPage(
  db: Db,
  userId: string,
  locale: Locale,
  current: number,
  size: number,
): Promise<Page<CollectedShop>> {
  const [c] = await db
    .select({ n: count() })
    .from(shopCollections)
    .innerJoin(shops, eq(shops.shopId, shopCollections.shopId))
    .where(eq(shopCollections.userId, userId));
  const rows = await db
    .select({ ...shopCardColumns, collectTime: shopCollections.createdAt })
    .from(shopCollections)
    .innerJoin(shops, eq(shops.shopId, shopCollections.shopId))
    .where(eq(shopCollections.userId, userId))
    .orderBy(desc(shopCollections.createdAt), desc(shopCollections.id))
    .limit(size)
    .offset((current - 1) * size);
  return pageOf(
    rows.map((r) => ({ ...r, shopName: pickText(r.shopName, locale), collectTime: r.collectTime.toISOString() })),
    Number(c?.n ?? 0),
    { current, size },
  );
}
