/**
 * Shop reads: hot shops (search page / header), shop head info (/shopIndex), shop search
 * (/shopList). Used by the API (src/server/api/shop.ts) and by Astro pages.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import type { ShopHeadInfo } from "../../../lib/api-types.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import type { Db, Tx } from "../../db/client.ts";
import { shops } from "../../db/schema/index.ts";
import { HOT_SHOPS_MAX, SHOP_STATUS, SHOP_TYPE, shopEntryState } from "../../../lib/shop/shop.ts";

/** Shop status and type numbering live in src/lib/shop/shop.ts (one place for both sides). */
export const ShopStatus = SHOP_STATUS;
export const ShopType = SHOP_TYPE;
export { HOT_SHOPS_MAX };

/** Opens a new shop (an approved store application), in the caller's transaction. Answers its id. */
export async function createShop(tx: Tx, shop: typeof shops.$inferInsert): Promise<number> {
  const [row] = await tx.insert(shops).values(shop).returning({ shopId: shops.shopId });
  return row!.shopId;
}

/** Moves a shop to `shopStatus` (the platform's action on a store: close, reopen…), in the caller's transaction. */
export async function setShopStatus(tx: Tx, shopId: number, shopStatus: number, now: Date): Promise<void> {
  await tx.update(shops).set({ shopStatus, updatedAt: now }).where(eq(shops.shopId, shopId));
}

/** A follower more (1) or fewer (-1) in the shop's fans count (never below 0), in the caller's transaction. */
export async function changeFansCount(tx: Tx, shopId: number, delta: 1 | -1): Promise<void> {
  await tx
    .update(shops)
    .set({ fansCount: delta > 0 ? sql`${shops.fansCount} + 1` : sql`greatest(${shops.fansCount} - 1, 0)` })
    .where(eq(shops.shopId, shopId));
}

/** How many hot shops to answer for a requested number: 0..6. */
export function hotShopLimit(requested: number): number {
  if (!Number.isFinite(requested)) return 0;
  return Math.max(0, Math.min(Math.trunc(requested), HOT_SHOPS_MAX));
}

const STATUS_MESSAGE = { underReview: "shopUnderReview", notOpened: "shopNotOpened", offline: "shopOffline" } as const;

/** The status message key for a shop that cannot be entered (SPEC §2 "Entering a shop"); null when open. */
export function shopStatusMessageKey(shopStatus: number): (typeof STATUS_MESSAGE)[keyof typeof STATUS_MESSAGE] | null {
  const state = shopEntryState(shopStatus);
  return state === "open" ? null : STATUS_MESSAGE[state];
}

/** The columns of a shop's card: a collected shop, a shop of a renovation block's store list. */
export const shopCardColumns = {
  shopId: shops.shopId,
  shopName: shops.shopName,
  shopLogo: shops.shopLogo,
  type: shops.type,
  shopStatus: shops.shopStatus,
  fansCount: shops.fansCount,
};

/** The columns of a shop's head (`toShopHeadInfo`); the shop list and the shop index add their product count. */
export const shopHeadColumns = {
  ...shopCardColumns,
  intro: shops.intro,
  rating: shops.rating,
  soldNum: shops.soldNum,
};

interface ShopHeadRow {
  shopId: number;
  shopName: LocalizedText;
  shopLogo: string | null;
  intro: LocalizedText;
  type: number;
  shopStatus: number;
  fansCount: number;
  rating: string;
  soldNum: number;
}

export function toShopHeadInfo(r: ShopHeadRow, locale: Locale): ShopHeadInfo {
  const rating = Number(r.rating);
  return {
    shopId: r.shopId,
    shopName: pickText(r.shopName, locale),
    shopLogo: r.shopLogo ?? "",
    intro: pickText(r.intro, locale),
    type: r.type,
    shopStatus: r.shopStatus,
    fansCount: r.fansCount,
    rating: Number.isFinite(rating) ? rating : 0,
    soldNum: r.soldNum,
  };
}

/**
 * Open shops for the "hot shops" list: sort 1 = most popular first (sold, then fans), 0 = newest
 * first. At most 6 whatever `number` asks for.
 */
export async function getHotShops(
  db: Db,
  locale: Locale,
  opts: { number: number; sort: number },
): Promise<ShopHeadInfo[]> {
  const limit = hotShopLimit(opts.number);
  if (limit === 0) return [];
  const order =
    opts.sort === 1
      ? [desc(shops.soldNum), desc(shops.fansCount), asc(shops.shopId)]
      : [desc(shops.createdAt), desc(shops.shopId)];
  const rows = await db
    .select(shopHeadColumns)
    .from(shops)
    .where(eq(shops.shopStatus, ShopStatus.OPEN))
    .orderBy(...order)
    .limit(limit);
  return rows.map((r) => toShopHeadInfo(r, locale));
}
