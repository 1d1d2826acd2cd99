/**
 * The pictures the pipeline knows (table images) and their variants in the upload storage
 * (docs/image.md). Recording a picture puts it in the worker's queue (state "pending"); the
 * worker (image-worker.ts) makes its ladder; a variant asked for before the worker got to it is
 * made on request — one of the ladder's, never another size — through the same bounded queue,
 * ahead of the background work.
 */
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import PQueue from "p-queue";
import type { Db, Tx } from "../../db/client.ts";
import { images } from "../../db/schema/index.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { ladderWidths, variantFormats, variantPath, type ImageInfo } from "../../../lib/image/ladder.ts";
import { allVariantPaths, isLadderVariant, type VariantName } from "./image-ladder.ts";
import { PRIVATE_PREVIEW_WIDTH, privatePreviewPath } from "../../../lib/image/private.ts";
import { makePrivatePreview, makeVariant } from "./image-pipeline.ts";
import { makeLadderInThread } from "./image-thread-client.ts";

/** One picture at a time per process (IMAGE_WORKERS, default 1): a burst of uploads never takes every core. */
const queue = new PQueue({ concurrency: Math.max(1, Number(process.env.IMAGE_WORKERS) || 1) });

/** Records what the pipeline knows of the picture stored at `path`; its variants are to be made. */
export async function recordImage(db: Db | Tx, path: string, info: ImageInfo, animated = false): Promise<void> {
  const row = { path, ...info, animated, state: "pending", attempts: 0, claimedAt: null };
  await db
    .insert(images)
    .values(row)
    .onConflictDoUpdate({
      target: images.path,
      set: { ...row, lastError: null },
      // The same picture recorded again (a reseed with the same bytes) keeps its variants.
      setWhere: sql`${images.hash} <> excluded.hash`,
    });
}

export interface PictureRecord extends ImageInfo {
  animated: boolean;
}

/**
 * What readers are told of a recorded picture (the pages' catalogue, GET /api/pictures, a chat
 * message's `picture`): `animated` only when it moves, so a still's answer is unchanged.
 */
export function imageInfoOf(r: PictureRecord): ImageInfo {
  const info: ImageInfo = { width: r.width, height: r.height, color: r.color, hash: r.hash, alpha: r.alpha };
  if (r.animated) info.animated = true;
  return info;
}

const RECORD_COLUMNS = {
  path: images.path,
  width: images.width,
  height: images.height,
  color: images.color,
  hash: images.hash,
  alpha: images.alpha,
  animated: images.animated,
};

/** What the pipeline knows of each of `paths` that it knows. */
export async function imageRecords(db: Db | Tx, paths: readonly string[]): Promise<Map<string, PictureRecord>> {
  const asked = [...new Set(paths.filter((p) => p.startsWith("/uploads/")))];
  const out = new Map<string, PictureRecord>();
  if (asked.length === 0) return out;
  const rows = await db.select(RECORD_COLUMNS).from(images).where(inArray(images.path, asked));
  for (const { path, ...r } of rows) out.set(path, r);
  return out;
}

/** The bytes of the stored file at `path`, or null. */
export async function readAll(storage: FileStorage, path: string): Promise<Uint8Array | null> {
  const file = await storage.read(path);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const c of await file.stream()) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Makes every variant of the picture at `path` that the storage does not hold yet, in the image
 * thread (makeLadder: one decode, widest first); answers how many it made.
 */
export async function buildVariants(storage: FileStorage, path: string, info: ImageInfo): Promise<number> {
  return queue.add(
    async () => {
      const source = await readAll(storage, path);
      if (!source) throw new Error(`image source missing: ${path}`);
      const ladder = variantFormats(info).flatMap((format) =>
        ladderWidths(info.width).map((width) => ({ width, format, path: variantPath(path, info.hash, width, format) })),
      );
      const held = await Promise.all(ladder.map((v) => storage.exists(v.path)));
      const wanted = ladder.filter((_, i) => !held[i]).map(({ width, format }) => ({ width, format }));
      if (wanted.length === 0) return 0;
      const made = await makeLadderInThread(source, info, wanted);
      await Promise.all(made.map((v) => storage.put(variantPath(path, info.hash, v.width, v.format), v.bytes)));
      return made.length;
    },
    { priority: 0 },
  );
}

/**
 * The variant `name` made now, for a request that came before the worker (ahead of the worker's
 * queue); null when it is not a variant of a known picture's ladder.
 */
export async function variantOnRequest(db: Db, storage: FileStorage, name: VariantName): Promise<boolean> {
  const info = (await imageRecords(db, [name.source])).get(name.source);
  if (!info || !isLadderVariant(name, info)) return false;
  const p = variantPath(name.source, name.hash, name.width, name.format);
  await queue.add(
    async () => {
      if (await storage.exists(p)) return;
      const source = await readAll(storage, name.source);
      if (!source) throw new Error(`image source missing: ${name.source}`);
      await storage.put(p, await makeVariant(source, info, name.width, name.format));
    },
    { priority: 10 },
  );
  return true;
}

/**
 * The preview of the private picture at `source` (src/lib/image/private.ts), made now through the
 * same bounded queue when the storage does not hold it yet; false when `source` is not stored.
 * Whoever calls it has checked that the reader may see the picture.
 */
export async function privatePreviewOnRequest(storage: FileStorage, source: string): Promise<boolean> {
  const p = privatePreviewPath(source);
  if (p === source) return false;
  return queue.add(
    async () => {
      if (await storage.exists(p)) return true;
      const bytes = await readAll(storage, source);
      if (!bytes) return false;
      await storage.put(p, await makePrivatePreview(bytes, PRIVATE_PREVIEW_WIDTH));
      return true;
    },
    { priority: 10 },
  );
}

/** How many recorded pictures wait for their variants. */
export async function pendingImageCount(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | number>`count(*)` })
    .from(images)
    .where(eq(images.state, "pending"));
  return Number(row?.n ?? 0);
}

/** Removes a picture's variants and its record (the clean-up of unused uploads). */
export async function removeImage(db: Db | Tx, storage: FileStorage, path: string): Promise<void> {
  const info = (await imageRecords(db, [path])).get(path);
  if (!info) return;
  for (const p of allVariantPaths(path, info)) await storage.remove(p);
  await db.delete(images).where(eq(images.path, path));
}

/** A claim not finished after this long is taken to be a dead worker's: claimed again. */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Tries before a picture is marked failed. */
export const MAX_IMAGE_ATTEMPTS = 3;

/** Claims the oldest pending picture no live worker holds, or null. Safe from several processes at once. */
export async function claimPendingImage(db: Db, now: Date): Promise<(PictureRecord & { path: string }) | null> {
  const stale = new Date(now.getTime() - CLAIM_LEASE_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ path: images.path })
      .from(images)
      .where(and(eq(images.state, "pending"), or(isNull(images.claimedAt), lt(images.claimedAt, stale))))
      .orderBy(images.createdAt)
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;
    const [claimed] = await tx
      .update(images)
      .set({ claimedAt: now, attempts: sql`${images.attempts} + 1` })
      .where(eq(images.path, row.path))
      .returning(RECORD_COLUMNS);
    return claimed ?? null;
  });
}

/** Marks a claimed picture done, or (after its last attempt) failed; a failure before that is claimed again later. */
export async function finishImage(db: Db, path: string, hash: string, error: string | null): Promise<void> {
  if (error === null) {
    await db
      .update(images)
      .set({ state: "ready", claimedAt: null, lastError: null })
      .where(and(eq(images.path, path), eq(images.hash, hash)));
    return;
  }
  await db
    .update(images)
    .set({
      lastError: error.slice(0, 500),
      state: sql`case when ${images.attempts} >= ${MAX_IMAGE_ATTEMPTS} then 'failed' else 'pending' end`,
      // Retried once the lease has passed (not at once: the error may be the storage's).
    })
    .where(and(eq(images.path, path), eq(images.hash, hash)));
}

/**
 * Records vector originals (the demo's generated SVGs, docs/image.md "The demo's pictures"): sharp
 * at every width, served as they are, so there is nothing for the worker to make (state "ready").
 */
export async function recordVectorImages(db: Db | Tx, rows: readonly (ImageInfo & { path: string })[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map((r) => ({ ...r, animated: false, state: "ready", attempts: 0 }));
    await db
      .insert(images)
      .values(values)
      .onConflictDoUpdate({
        target: images.path,
        set: {
          width: sql`excluded.width`,
          height: sql`excluded.height`,
          color: sql`excluded.color`,
          hash: sql`excluded.hash`,
          alpha: sql`excluded.alpha`,
          state: "ready",
        },
      });
  }
}
