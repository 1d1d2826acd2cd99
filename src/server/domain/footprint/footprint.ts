/** Footprints (browsing history, SPEC "footprint"): one row per user and product, browseTime refreshed on each visit. */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import type { Locale } from "../../../lib/locale.ts";
import type { Db } from "../../db/client.ts";
import { footprints, products, shops } from "../../db/schema/index.ts";
import { savedCard, savedCardColumns } from "../collection/collection.ts";
import { loadProductTexts } from "../catalog/product-cards.ts";
import type { FootprintDay, FootprintItem } from "../../../lib/footprint/footprint-types.ts";
import { pageOf } from "../kernel/page.ts";

/**
 * Records that `userId` viewed `prodId` now (insert, or move browseTime forward). Only for
 * products that exist (any status: an off-shelf product seen earlier stays in the history);
 * answers false and stores nothing for an unknown product.
 */
export async function recordFootprint(
  db: Db,
  userId: string,
  prodId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const [exists] = await db.select({ id: products.prodId }).from(products).where(eq(products.prodId, prodId)).limit(1);
  if (!exists) return false;
  await db
    .insert(footprints)
    .values({ userId, prodId, browseTime: now })
    .onConflictDoUpdate({
      target: [footprints.userId, footprints.prodId],
      set: { browseTime: sql`greatest(${footprints.browseTime}, excluded.browse_time)` },
    });
  return true;
}

// ------------------------------------------------------------------------------------------
// The footprint list of the user centre (CONTRACT §7.2): page, delete, clear.
// ------------------------------------------------------------------------------------------

/** Day of a moment in Asia/Shanghai (UTC+8 all year, no daylight saving) as yyyy-MM-dd. */
export function shanghaiDay(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Consecutive items of the same Shanghai day become one group, in the given order. */
export function groupByDay(items: readonly FootprintItem[]): FootprintDay[] {
  const out: FootprintDay[] = [];
  for (const item of items) {
    const day = shanghaiDay(new Date(item.browseTime));
    const last = out[out.length - 1];
    if (last && last.time === day) last.list.push(item);
    else out.push({ time: day, list: [item] });
  }
  return out;
}

/**
 * One page of the user's footprints, newest first, grouped by day. Paging counts footprint rows,
 * not days: a page holds `size` rows (total / pages count rows too) and the rows of a page are
 * then grouped by day, so one day can continue on the next page (its first group then has the
 * same `time` as the previous page's last group; a client appending pages merges them).
 */
export async function footprintPage(
  db: Db,
  userId: string,
  locale: Locale,
  current: number,
  size: number,
): Promise<Page<FootprintDay>> {
  const [c] = await db.select({ n: count() }).from(footprints).where(eq(footprints.userId, userId));
  const total = Number(c?.n ?? 0);
  const rows = await db
    .select({ ...savedCardColumns, id: footprints.id, browseTime: footprints.browseTime })
    .from(footprints)
    .innerJoin(products, eq(products.prodId, footprints.prodId))
    .leftJoin(shops, eq(shops.shopId, products.shopId))
    .where(eq(footprints.userId, userId))
    .orderBy(desc(footprints.browseTime), desc(footprints.id))
    .limit(size)
    .offset((current - 1) * size);
  const texts = await loadProductTexts(
    db,
    locale,
    rows.map((r) => r.prodId),
  );
  const items = rows.map((r): FootprintItem => ({
    prodBrowseLogId: r.id,
    ...savedCard(r, texts),
    browseTime: r.browseTime.toISOString(),
  }));
  return pageOf(groupByDay(items), total, { current, size });
}

/**
 * Deletes the given footprints of the user. All or nothing: if any id is not one of the user's
 * footprints (unknown or someone else's), nothing is deleted and false is answered.
 */
export async function deleteFootprints(db: Db, userId: string, ids: readonly number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return false;
  return db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: footprints.id })
      .from(footprints)
      .where(and(eq(footprints.userId, userId), inArray(footprints.id, unique)))
      .for("update");
    if (mine.length !== unique.length) return false;
    await tx.delete(footprints).where(and(eq(footprints.userId, userId), inArray(footprints.id, unique)));
    return true;
  });
}

/** Deletes all footprints of the user; answers how many. */
export async function clearFootprints(db: Db, userId: string): Promise<number> {
  const gone = await db.delete(footprints).where(eq(footprints.userId, userId)).returning({ id: footprints.id });
  return gone.length;
}
