/**
 * Who stored each upload (table upload_owners): the buyer (userId) or the shop (shopId; 0 = the
 * platform). Recorded by every upload route when the file is stored; decorations check that their
 * pictures are uploads of their own shop (domain/renovation/renovation-authoring.ts). An operator
 * upload rework can add its own owner kind (a column) without touching the files.
 */
import type { Db } from "../../db/client.ts";
import { uploadOwners } from "../../db/schema/index.ts";

export interface UploadOwner {
  userId: string | null;
  shopId: number | null;
}

/** Records the owner of a stored file (its public path "/uploads/<folder>/<name>"). */
export async function recordUploadOwner(db: Db, path: string, owner: UploadOwner): Promise<void> {
  await db
    .insert(uploadOwners)
    .values({ path, userId: owner.userId, shopId: owner.shopId })
    .onConflictDoNothing({ target: uploadOwners.path });
}
