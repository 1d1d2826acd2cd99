/**
 * Previews of unsaved renovations (docs/renovation.md "Preview before saving"): the editor sends a
 * draft's JSON, the API checks it like a save (unknown fields dropped, size and depth bounded) and
 * keeps the checked blocks in the table `renovation_previews` — in the database, so every process
 * behind a load balancer serves the link — under the SHA-256 of a random key for 10 minutes, and
 * answers the link `/select-decorate?sid=<shopId>&draft=<key>`. The key (128 random bits) is the
 * capability: it is only given to the shop that sent the content, only its hash is stored, and it
 * expires.
 *
 * Bounded per shop: at most RENOVATION_PREVIEWS_PER_SHOP previews and
 * RENOVATION_PREVIEW_SHOP_BYTES bytes of content; a new preview drops that shop's oldest ones
 * (never another shop's). Expired previews are never served and are deleted (of every shop)
 * whenever a preview is kept.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { renovationPreviews, type RenovationBlock } from "../../db/schema/index.ts";

export const DRAFT_PREVIEW_TTL_MS = 10 * 60 * 1000;
/** Previews a shop (or the platform) may hold at once; the oldest of that shop go first. */
export const RENOVATION_PREVIEWS_PER_SHOP = 20;
/** Bytes of content (JSON) a shop's previews may hold together: 2 MB. */
export const RENOVATION_PREVIEW_SHOP_BYTES = 2 * 1024 * 1024;

const KEY_RE = /^[A-Za-z0-9_-]{22}$/;
const hashOf = (key: string) => createHash("sha256").update(key).digest("base64url");

/**
 * Keeps checked blocks for a preview (one transaction under an advisory lock per shop, so
 * concurrent previews of one shop respect its bounds on every process); answers the key and
 * when it expires.
 */
export async function keepDraftPreview(
  db: Db,
  shopId: number,
  name: string,
  blocks: RenovationBlock[],
  now: Date = new Date(),
): Promise<{ key: string; expiresAt: Date }> {
  const key = randomBytes(16).toString("base64url");
  const expiresAt = new Date(now.getTime() + DRAFT_PREVIEW_TTL_MS);
  const bytes = Buffer.byteLength(JSON.stringify(blocks));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4102, ${shopId})`);
    await tx.delete(renovationPreviews).where(lte(renovationPreviews.expiresAt, now));
    await tx
      .insert(renovationPreviews)
      .values({ keyHash: hashOf(key), shopId, name, content: blocks, bytes, createdAt: now, expiresAt });
    const kept = await tx
      .select({ id: renovationPreviews.previewId, bytes: renovationPreviews.bytes })
      .from(renovationPreviews)
      .where(eq(renovationPreviews.shopId, shopId))
      .orderBy(desc(renovationPreviews.previewId));
    let count = 0;
    let total = 0;
    const drop: number[] = [];
    for (const r of kept) {
      count += 1;
      total += r.bytes;
      // The newest (just kept) always stays; older ones go once the shop's bounds are reached.
      if (count > 1 && (count > RENOVATION_PREVIEWS_PER_SHOP || total > RENOVATION_PREVIEW_SHOP_BYTES)) drop.push(r.id);
    }
    if (drop.length > 0)
      await tx
        .delete(renovationPreviews)
        .where(and(eq(renovationPreviews.shopId, shopId), inArray(renovationPreviews.previewId, drop)));
  });
  return { key, expiresAt };
}

/** The preview kept under `key` for shop `shopId`, or null (unknown, another shop's, expired). */
export async function findDraftPreview(
  db: Db,
  key: string | null | undefined,
  shopId: number,
  now: Date = new Date(),
): Promise<{ name: string; blocks: RenovationBlock[] } | null> {
  if (!key || !KEY_RE.test(key) || !Number.isSafeInteger(shopId)) return null;
  const [row] = await db
    .select({ name: renovationPreviews.name, content: renovationPreviews.content })
    .from(renovationPreviews)
    .where(
      and(
        eq(renovationPreviews.keyHash, hashOf(key)),
        eq(renovationPreviews.shopId, shopId),
        gt(renovationPreviews.expiresAt, now),
      ),
    )
    .limit(1);
  return row ? { name: row.name, blocks: row.content } : null;
}

/** The page path of a kept preview. */
export function draftPreviewPath(shopId: number, key: string): string {
  return `/select-decorate?sid=${shopId}&draft=${key}`;
}
