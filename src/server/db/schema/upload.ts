/** Uploaded files: who stored each one, and the files themselves when kept in the database (domain/upload). */
import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { created, ts } from "./columns.ts";

/**
 * The owner of each stored upload, by its public path ("/uploads/<folder>/<uuid>.<ext>"): the
 * buyer (userId) or the shop (shopId; 0 = the platform) whose request stored it. Renovations
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

/**
 * What the image pipeline knows of each picture, by its public path (domain/image): its size,
 * placeholder colour, content hash and transparency, recorded when it is stored; and whether the
 * background worker has made its ladder of variants yet (state pending → ready, or failed after
 * its attempts). A row claimed by a worker that died is claimed again once its lease has passed,
 * so the work survives a restart.
 */
export const images = pgTable(
  "images",
  {
    path: text("path").primaryKey(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    color: text("color").notNull(),
    hash: text("hash").notNull(),
    alpha: boolean("alpha").notNull().default(false),
    /** Animated pictures (chat only) are served as stored, without a ladder. */
    animated: boolean("animated").notNull().default(false),
    /** "pending" (variants to make), "ready" or "failed". */
    state: text("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: ts("claimed_at"),
    lastError: text("last_error"),
    createdAt: created(),
  },
  (t) => [
    index("images_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);
