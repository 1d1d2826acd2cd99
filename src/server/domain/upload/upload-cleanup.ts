/**
 * Clean-up of unused uploads (docs/operations.md "Uploads"). A file stored by an upload route
 * (upload_owners, a random "/uploads/<folder>/<uuid>.<ext>" name) that no row of any table
 * mentions once it is older than UPLOAD_CLEANUP_HOURS (default 24) is removed from the storage
 * (the local folder or stored_files) and from upload_owners, which gives its bytes back to the
 * owner's quota. "Mentions" is looked up in every text and JSON column of every table of the
 * database (avatars, reviews, refunds, store applications, chat messages, renovations, invoices,
 * products, marketing pictures, …), so a feature that stores upload paths in a new table is
 * covered without being listed here. The seed's named pictures are never candidates.
 *
 * Files stored under an upload route's random name that upload_owners does not know (stored before
 * that table existed, or left when a request failed between storing and recording) are
 * candidates too, by the age of the file itself (the file's modification time, or its
 * stored_files row's): older than UPLOAD_CLEANUP_HOURS and mentioned nowhere, they are removed
 * like the recorded ones. A file under another name (the seed's pictures, anything put there by
 * hand) is never touched.
 *
 * Runs as the recurring job "uploadCleanup" (jobs.ts): each run reschedules the next one an hour
 * later; main.ts puts the first one in the jobs table when its job runner starts.
 */
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "../../db/client.ts";
import { uploadOwners } from "../../db/schema/index.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { registerJobHandler, scheduleJob } from "../jobs/jobs.ts";
import { removeImage } from "../image/image-store.ts";
import { privatePreviewPath } from "../../../lib/image/private.ts";
import { isStoredUpload, STORED_UPLOAD_NAME } from "./upload.ts";

/** Tables that record files rather than use them (images: what the pipeline knows of each picture). */
const NOT_USES = new Set(["upload_owners", "stored_files", "images"]);

/** Every text / JSON column of the database's own tables, by table. */
async function textColumns(db: Db | Tx): Promise<Map<string, string[]>> {
  const rows = rowsOf<{ t: string; c: string }>(
    await db.execute(sql`
    select c.table_name as t, c.column_name as c
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
    order by c.table_name, c.ordinal_position`),
  );
  const byTable = new Map<string, string[]>();
  for (const { t, c } of rows) {
    if (NOT_USES.has(t)) continue;
    byTable.set(t, [...(byTable.get(t) ?? []), c]);
  }
  return byTable;
}

/** The stored-upload paths mentioned anywhere in the database (one scan per table). */
export async function usedUploadPaths(db: Db | Tx): Promise<Set<string>> {
  const used = new Set<string>();
  for (const [table, columns] of await textColumns(db)) {
    const text = sql.join(
      columns.map((c) => sql`coalesce(${sql.identifier(c)}::text, '')`),
      sql` || ' ' || `,
    );
    const res = await db.execute(sql`
      select distinct m[1] as p
      from (select ${text} as v from ${sql.identifier(table)}) s,
        regexp_matches(s.v, ${`(${STORED_UPLOAD_NAME})`}, 'g') as m
      where s.v like '%/uploads/%'`);
    for (const r of rowsOf<{ p: string }>(res)) used.add(r.p);
  }
  return used;
}

/** Files of the storage stored before `olderThan` under an upload route's name that upload_owners does not know (at most `limit`). */
export async function unrecordedUploads(
  db: Db | Tx,
  storage: FileStorage,
  olderThan: Date,
  limit = 500,
): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of storage.storedBefore(olderThan)) {
    const names = batch.filter((p) => isStoredUpload(p));
    if (names.length === 0) continue;
    const recorded = new Set(
      (await db.select({ path: uploadOwners.path }).from(uploadOwners).where(inArray(uploadOwners.path, names))).map(
        (r) => r.path,
      ),
    );
    for (const p of names) {
      if (recorded.has(p)) continue;
      out.push(p);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/**
 * Uploads older than `olderThan` that nothing mentions: recorded ones (at most `limit`, oldest
 * first) and files nobody recorded (at most `limit`).
 */
export async function unusedUploads(
  db: Db | Tx,
  storage: FileStorage,
  olderThan: Date,
  limit = 500,
): Promise<string[]> {
  const recorded = (
    await db
      .select({ path: uploadOwners.path })
      .from(uploadOwners)
      .where(lt(uploadOwners.createdAt, olderThan))
      .orderBy(asc(uploadOwners.createdAt))
      .limit(limit)
  )
    .map((r) => r.path)
    .filter((p) => isStoredUpload(p));
  const candidates = [...recorded, ...(await unrecordedUploads(db, storage, olderThan, limit))];
  if (candidates.length === 0) return [];
  const used = await usedUploadPaths(db);
  return candidates.filter((p) => !used.has(p));
}

/**
 * Removes the unused uploads older than `olderThan` from the storage and upload_owners, with their
 * picture variants and their row of the table images; answers their paths.
 */
export async function cleanUnusedUploads(
  db: Db | Tx,
  storage: FileStorage,
  olderThan: Date,
  limit = 500,
): Promise<string[]> {
  const unused = await unusedUploads(db, storage, olderThan, limit);
  for (const p of unused) {
    await removeImage(db, storage, p);
    if (privatePreviewPath(p) !== p) await storage.remove(privatePreviewPath(p));
    await storage.remove(p);
    await db.delete(uploadOwners).where(and(eq(uploadOwners.path, p), lt(uploadOwners.createdAt, olderThan)));
  }
  return unused;
}

export const UPLOAD_CLEANUP_JOB = "uploadCleanup";
const JOB_REF = "unused";
/** How often the job runs. */
const EVERY_MS = 3600_000;

export interface UploadCleanupDeps {
  /** The storage, on the job's transaction when the files are rows of the database. */
  storage: (tx: Tx) => FileStorage;
  /** Age after which an unused upload is removed. */
  maxAgeMs: number;
}

let deps: (() => UploadCleanupDeps) | null = null;

/** The storage and age the job uses (src/server/all-jobs.ts: from the process's configuration; tests: their own). */
export function setUploadCleanupDeps(next: () => UploadCleanupDeps): void {
  deps = next;
}

/** Puts the clean-up job in the jobs table (due now) unless it is there and pending already. */
export async function scheduleUploadCleanup(db: Db, now: Date): Promise<void> {
  await scheduleJob(db, UPLOAD_CLEANUP_JOB, JOB_REF, now, { keepPending: true });
}

registerJobHandler(UPLOAD_CLEANUP_JOB, {
  async run(tx, _refKey, now) {
    if (!deps) throw new Error("upload clean-up: no storage configured");
    const d = deps();
    await cleanUnusedUploads(tx, d.storage(tx), new Date(now.getTime() - d.maxAgeMs));
    await scheduleJob(tx, UPLOAD_CLEANUP_JOB, JOB_REF, new Date(now.getTime() + EVERY_MS));
    return "rescheduled";
  },
});
