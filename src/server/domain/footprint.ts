/** Footprints (browsing history, SPEC "footprint"): one row per user and product, browseTime refreshed on each visit. */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { footprints, products } from "../db/schema.ts";

/**
 * Records that `userId` viewed `prodId` now (insert, or move browseTime forward). Only for
 * products that exist (any status: an off-shelf product seen earlier stays in the history);
 * answers false and stores nothing for an unknown product.
 */
export async function recordFootprint(db: Db, userId: string, prodId: number, now: Date = new Date()): Promise<boolean> {
  const [exists] = await db.select({ id: products.prodId }).from(products).where(eq(products.prodId, prodId)).limit(1);
  if (!exists) return false;
  await db
    .insert(footprints)
    .values({ userId, prodId, browseTime: now })
    .onConflictDoUpdate({ target: [footprints.userId, footprints.prodId], set: { browseTime: sql`greatest(${footprints.browseTime}, excluded.browse_time)` } });
  return true;
}
