/**
 * Shop reads: hot shops (search page / header), shop head info (/shopIndex), shop search
 * (/shopList). Used by the API (src/server/api/shop.ts) and by Astro pages.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Page, ShopHeadInfo, ShopHeadInfoAnswer } from "../../lib/api-types.ts";
import { pickText, type Locale, type LocalizedText } from "../../lib/locale.ts";
import type { Db } from "../db/client.ts";
import { shops } from "../db/schema.ts";

/** shopStatus (SPEC §4, CONTRACT §3.7). */
export const ShopStatus = { NOT_OPENED: -1, UNDER_REVIEW: 0, OPEN: 1, OFFLINE: 2, OFFLINE_AWAITING_REVIEW: 3 } as const;
/** Shop type: 1 self-operated, 2 preferred, 0 general. */
export const ShopType = { GENERAL: 0, SELF_OPERATED: 1, PREFERRED: 2 } as const;

/** SPEC §7/§9: the hot-shop list uses at most the first 6 shops. */
export const HOT_SHOPS_MAX = 6;

/** How many hot shops to answer for a requested number: 0..6. */
export function hotShopLimit(requested: number): number {
  if (!Number.isFinite(requested)) return 0;
  return Math.max(0, Math.min(Math.trunc(requested), HOT_SHOPS_MAX));
}

/** The status message key for a shop that cannot be entered (SPEC §2 "Entering a shop"); null when open. */
export function shopStatusMessageKey(shopStatus: number): "shopUnderReview" | "shopNotOpened" | "shopOffline" | null {
  if (shopStatus === ShopStatus.OPEN) return null;
  if (shopStatus === ShopStatus.UNDER_REVIEW) return "shopUnderReview";
  if (shopStatus === ShopStatus.NOT_OPENED) return "shopNotOpened";
  return "shopOffline";
}

const headColumns = {
  shopId: shops.shopId,
  shopName: shops.shopName,
  shopLogo: shops.shopLogo,
  intro: shops.intro,
  type: shops.type,
  shopStatus: shops.shopStatus,
  fansCount: shops.fansCount,
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
export async function getHotShops(db: Db, locale: Locale, opts: { number: number; sort: number }): Promise<ShopHeadInfo[]> {
  const limit = hotShopLimit(opts.number);
  if (limit === 0) return [];
  const order = opts.sort === 1
    ? [desc(shops.soldNum), desc(shops.fansCount), asc(shops.shopId)]
    : [desc(shops.createdAt), desc(shops.shopId)];
  const rows = await db.select(headColumns).from(shops).where(eq(shops.shopStatus, ShopStatus.OPEN)).orderBy(...order).limit(limit);
  return rows.map((r) => toShopHeadInfo(r, locale));
}

/** One shop's head info, or null when there is no such shop. Check `shopStatus` before showing it. */
export async function getShopHeadInfo(db: Db, locale: Locale, shopId: number): Promise<ShopHeadInfo | null> {
  const [row] = await db.select(headColumns).from(shops).where(eq(shops.shopId, shopId)).limit(1);
  return row ? toShopHeadInfo(row, locale) : null;
}

/** What the API answers for /shop/headInfo: a shop that is not open only reveals its status (CONTRACT §3.7). */
export function publicShopHeadInfo(info: ShopHeadInfo): ShopHeadInfoAnswer {
  return info.shopStatus === ShopStatus.OPEN ? info : { shopId: info.shopId, shopStatus: info.shopStatus };
}

/** Escapes LIKE wildcards so a user's "%" or "_" matches literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/**
 * Open shops whose name (in any language) contains `shopName` (case-insensitive), self-operated
 * first then most popular; an empty name lists all open shops.
 */
export async function searchShops(db: Db, locale: Locale, opts: { shopName?: string; current: number; size: number }): Promise<Page<ShopHeadInfo>> {
  const conds: SQL[] = [eq(shops.shopStatus, ShopStatus.OPEN)];
  const name = opts.shopName?.trim();
  if (name) {
    const pattern = `%${escapeLike(name)}%`;
    conds.push(sql`(${shops.shopName}->>'zh' ilike ${pattern} or ${shops.shopName}->>'zh-tw' ilike ${pattern} or ${shops.shopName}->>'en' ilike ${pattern})`);
  }
  const where = and(...conds);
  const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(shops).where(where);
  const total = Number(countRow?.n ?? 0);
  const rows = await db
    .select(headColumns)
    .from(shops)
    .where(where)
    .orderBy(sql`case when ${shops.type} = ${ShopType.SELF_OPERATED} then 0 else 1 end`, desc(shops.soldNum), asc(shops.shopId))
    .limit(opts.size)
    .offset((opts.current - 1) * opts.size);
  return {
    records: rows.map((r) => toShopHeadInfo(r, locale)),
    total,
    size: opts.size,
    current: opts.current,
    pages: Math.max(1, Math.ceil(total / opts.size)),
  };
}
