/** Uploaded files: who stored each one, and the files themselves when kept in the database (domain/upload). */
import { customType, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { created } from "./columns.ts";

/**
 * The owner of each stored upload, by its public path ("/uploads/<folder>/<uuid>.<ext>"): the
 * buyer (userId) or the shop (shopId; 0 = the platform) whose request stored it. Decorations
 * may only show pictures their shop uploaded, every form takes only its caller's uploads
 * (assertOwnUploads), the quota adds up the sizes and the clean-up job removes what nothing uses.
 */
export const uploadOwners = pgTable(
  "upload_owners",
  {
    path: text("path").primaryKey(),
    userId: text("user_id"),
    shopId: integer("shop_id"),
    /** The file's size in bytes: the owner's storage quota adds these up (domain/upload/upload-limits.ts). */
    size: integer("size").notNull().default(0),
    createdAt: created(),
  },
  (t) => [
    index("upload_owners_shop_idx").on(t.shopId),
    index("upload_owners_user_idx").on(t.userId),
    index("upload_owners_created_idx").on(t.createdAt),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * One row per stored file, by its public path ("/uploads/review/<uuid>.png"): the storage every
 * server process shares when they run on different machines (STORAGE=database;
 * providers/storage.ts, docs/operations.md "Uploads").
 */
export const storedFiles = pgTable("stored_files", {
  path: text("path").primaryKey(),
  bytes: bytea("bytes").notNull(),
  size: integer("size").notNull(),
  /** Content hash (sha-256, base64url, 22 characters): the ETag. */
  etag: text("etag").notNull(),
  createdAt: created(),
});
