/**
 * Private uploads (docs/image.md "Private pictures"): the documents of a store application
 * (business licence, both sides of the ID card: folder "identity") and the shops' invoice files
 * (folder "invoice") are never public. They are stored like every upload, but /uploads answers
 * them only to their owner (upload_owners: the buyer who uploaded them, or the shop) and to the
 * platform; anyone else — another buyer, another shop, a visitor without a session — gets the
 * same 404 as for a file that does not exist. They get no ladder of public variants, and nginx
 * never serves them from disk (deploy/nginx/mall.conf).
 */
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { uploadOwners } from "../../db/schema/index.ts";
import { sameOwner } from "./upload-owner.ts";

/** Who asks for a private file: a buyer's session, a shop's session, the platform's token. */
export type PrivateReader = { userId: string } | { shopId: number } | { platform: true };

/** Whether any of `readers` may read the private upload at `path`: the platform, or its recorded owner. */
export async function mayReadPrivateUpload(
  db: Db | Tx,
  path: string,
  readers: readonly PrivateReader[],
): Promise<boolean> {
  if (readers.some((r) => "platform" in r)) return true;
  if (readers.length === 0) return false;
  const [owner] = await db
    .select({ userId: uploadOwners.userId, shopId: uploadOwners.shopId })
    .from(uploadOwners)
    .where(eq(uploadOwners.path, path))
    .limit(1);
  if (!owner) return false;
  return readers.some(
    (r) =>
      ("userId" in r && sameOwner(owner, { userId: r.userId, shopId: null })) ||
      ("shopId" in r && sameOwner(owner, { userId: null, shopId: r.shopId })),
  );
}
