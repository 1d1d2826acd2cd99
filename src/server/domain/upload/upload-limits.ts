/**
 * Upload rate limits and the storage quota (docs/security.md "Limits"). Every upload route (images,
 * decoration pictures, invoice PDFs) counts one hit per owner (the buyer, or the shop) and per IP
 * in a one-minute and a one-day window of the shared rate_limits table (domain/account/rate-limit.ts),
 * so several processes share them; and refuses a file that would take the owner's recorded bytes
 * (upload_owners.size) past the quota. Files nothing uses any more are removed by the clean-up job
 * (upload-cleanup.ts), which gives their bytes back.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { uploadOwners } from "../../db/schema/index.ts";
import { hit } from "../account/rate-limit.ts";
import { UploadError, type UploadOwner } from "./upload-owner.ts";

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
export async function usedBytes(db: Db, owner: UploadOwner): Promise<number> {
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
 * "auth.uploadQuotaFull" (nothing counted), too many in a window "auth.uploadTooMany" (HTTP 429).
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
  if ((await usedBytes(db, owner)) + size > limits.quotaBytes)
    throw new UploadError("auth.uploadQuotaFull", { params: { mb: Math.floor(limits.quotaBytes / 1024 / 1024) } });
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
  if (refused) throw new UploadError("auth.uploadTooMany", { httpStatus: 429 });
}
