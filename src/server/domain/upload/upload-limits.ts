/**
 * Upload rate limits and the storage quota (docs/security.md "Limits"). Every upload route (images,
 * renovation pictures, invoice PDFs) counts one hit per owner (the buyer, or the shop) and per IP
 * in a one-minute and a one-day window of the shared rate_limits table (domain/kernel/rate-limit.ts),
 * so several processes share them; and refuses a file that would take the owner's recorded bytes
 * (upload_owners.size) past the quota — checked again, atomically, when the file is recorded
 * (storeUpload), so uploads at the same moment cannot pass it together. Files nothing uses any
 * more are removed by the clean-up job (upload-cleanup.ts), which gives their bytes back.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { uploadOwners } from "../../db/schema/index.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { hit } from "../kernel/rate-limit.ts";
import { recordUploadOwner, UploadError, type UploadOwner } from "./upload-owner.ts";

export interface UploadLimits {
  /** Uploads per owner (buyer or shop) per minute and per day. */
  ownerPerMinute: number;
  ownerPerDay: number;
  /** Uploads per IP per minute and per day (all owners together). */
  ipPerMinute: number;
  ipPerDay: number;
  /** Bytes an owner's recorded uploads may add up to. */
  quotaBytes: number;
}

const MINUTE = 60;
const DAY = 86_400;

function ownerKey(owner: UploadOwner): string {
  return owner.userId !== null ? `upload:user:${owner.userId}` : `upload:shop:${owner.shopId ?? 0}`;
}

/** The bytes of `owner`'s recorded uploads. */
export async function usedBytes(db: Db | Tx, owner: UploadOwner): Promise<number> {
  const where =
    owner.userId !== null
      ? eq(uploadOwners.userId, owner.userId)
      : and(isNull(uploadOwners.userId), eq(uploadOwners.shopId, owner.shopId ?? 0));
  const [row] = await db
    .select({ n: sql<string | number>`coalesce(sum(${uploadOwners.size}), 0)` })
    .from(uploadOwners)
    .where(where);
  return Number(row?.n ?? 0);
}

/**
 * Admits one upload of `size` bytes by `owner` from `ip`, or refuses it: over the quota
 * "upload.uploadQuotaFull" (nothing counted), too many in a window "upload.uploadTooMany" (HTTP 429).
 * Call it before storing anything.
 */
export async function admitUpload(
  db: Db,
  owner: UploadOwner,
  ip: string,
  size: number,
  limits: UploadLimits,
  now: Date,
): Promise<void> {
  // Before anything is counted or stored; storeUpload checks again, atomically.
  if ((await usedBytes(db, owner)) + size > limits.quotaBytes) throw quotaFull(limits.quotaBytes);
  // One key per window length: a minute window starting at 00:00 UTC must not share the day's row.
  const windows: [string, number, number][] = [
    [`${ownerKey(owner)}:minute`, limits.ownerPerMinute, MINUTE],
    [`${ownerKey(owner)}:day`, limits.ownerPerDay, DAY],
    [`upload:ip:${ip}:minute`, limits.ipPerMinute, MINUTE],
    [`upload:ip:${ip}:day`, limits.ipPerDay, DAY],
  ];
  let refused = false;
  for (const [key, limit, seconds] of windows) {
    if (!(await hit(db, key, { limit, seconds }, now)).allowed) refused = true;
  }
  if (refused) throw new UploadError("upload.uploadTooMany", { httpStatus: 429 });
}

function quotaFull(quotaBytes: number): UploadError {
  return new UploadError("upload.uploadQuotaFull", { params: { mb: Math.floor(quotaBytes / 1024 / 1024) } });
}

/** Class of the advisory locks of upload quotas (pg_advisory_xact_lock(class, key); renovations use 4101). */
const QUOTA_LOCK_CLASS = 4102;

/**
 * Stores an admitted upload (admitUpload first) and records its owner and size within the owner's
 * quota, atomically: one transaction takes an advisory lock per owner (held by one request of any
 * process at a time, on PostgreSQL and PGlite alike), adds up the owner's recorded bytes and
 * writes the new row, so uploads at the same moment cannot together pass the quota. A file the
 * quota refuses here is removed again ("upload.uploadQuotaFull"); one left by a crash in between has
 * no upload_owners row and is removed by the clean-up (upload-cleanup.ts). Answers the file's path.
 */
export async function storeUpload(
  db: Db,
  storage: FileStorage,
  owner: UploadOwner,
  file: { bytes: Uint8Array; ext: string; folder: string },
  quotaBytes: number,
  /** What else is recorded of the file in the same transaction (the image pipeline's row). */
  alsoRecord?: (tx: Tx, path: string) => Promise<void>,
): Promise<string> {
  const filePath = await storage.save(file.bytes, file.ext, file.folder);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}, hashtext(${ownerKey(owner)}))`);
      if ((await usedBytes(tx, owner)) + file.bytes.length > quotaBytes) throw quotaFull(quotaBytes);
      await recordUploadOwner(tx, filePath, owner, file.bytes.length);
      await alsoRecord?.(tx, filePath);
    });
  } catch (err) {
    await storage.remove(filePath).catch(() => {});
    throw err;
  }
  return filePath;
}
