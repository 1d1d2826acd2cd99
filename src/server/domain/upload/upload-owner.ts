/**
 * Who stored each upload (table upload_owners): the buyer (userId) or the shop (shopId; 0 = the
 * platform), with the file's size. Recorded by every upload route when the file is stored
 * (images: api/upload.ts; invoice PDFs: domain/invoice). Every form that takes upload paths
 * accepts only its caller's own uploads (assertOwnUploads) plus the paths it already had;
 * renovations check their pictures the same way (domain/renovation/renovation-authoring.ts).
 */
import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { uploadOwners } from "../../db/schema/index.ts";
import { DomainError } from "../kernel/domain-error.ts";

export interface UploadOwner {
  userId: string | null;
  shopId: number | null;
}

/** Refusals of the upload rules (limits, quota, someone else's file); keys of the "upload" namespace. */
export class UploadError extends DomainError {}

/** Records the owner and size of a stored file (its public path "/uploads/<folder>/<name>"). */
export async function recordUploadOwner(db: Db | Tx, path: string, owner: UploadOwner, size = 0): Promise<void> {
  await db
    .insert(uploadOwners)
    .values({ path, userId: owner.userId, shopId: owner.shopId, size })
    .onConflictDoNothing({ target: uploadOwners.path });
}

/** Whether a recorded owner is `owner`: the same buyer, or (no buyer) the same shop. */
export function sameOwner(recorded: UploadOwner, owner: UploadOwner): boolean {
  if (owner.userId !== null) return recorded.userId === owner.userId;
  return recorded.userId === null && owner.shopId !== null && recorded.shopId === owner.shopId;
}

/** Which of `paths` are uploads of `owner` (one query for a whole batch of forms). */
export async function ownUploadsAmong(db: Db | Tx, paths: readonly string[], owner: UploadOwner): Promise<Set<string>> {
  const asked = [...new Set(paths.filter((p) => p !== ""))];
  if (asked.length === 0) return new Set();
  const rows = await db
    .select({ path: uploadOwners.path, userId: uploadOwners.userId, shopId: uploadOwners.shopId })
    .from(uploadOwners)
    .where(inArray(uploadOwners.path, asked));
  return new Set(rows.filter((r) => sameOwner(r, owner)).map((r) => r.path));
}

/**
 * Refuses ("upload.uploadNotYours") when any of `paths` is neither in `kept` (what the form already
 * had: the current avatar, the photos of the application being changed) nor an upload of `owner`.
 * A path nobody recorded (a made-up one, another account's file from before owners were
 * recorded) is refused alike. Checks only: the caller changes nothing before it passes.
 */
export async function assertOwnUploads(
  db: Db | Tx,
  paths: readonly string[],
  owner: UploadOwner,
  kept: readonly string[] = [],
): Promise<void> {
  const keep = new Set(kept);
  const asked = [...new Set(paths.filter((p) => p !== "" && !keep.has(p)))];
  if (asked.length === 0) return;
  const rows = await db
    .select({ path: uploadOwners.path, userId: uploadOwners.userId, shopId: uploadOwners.shopId })
    .from(uploadOwners)
    .where(inArray(uploadOwners.path, asked));
  const mine = new Set(rows.filter((r) => sameOwner(r, owner)).map((r) => r.path));
  if (asked.some((p) => !mine.has(p))) throw new UploadError("upload.uploadNotYours");
}
