/** Uploaded files kept in the database (domain/upload; providers/storage.ts, STORAGE=database). */
import { customType, integer, pgTable, text } from "drizzle-orm/pg-core";
import { created } from "./columns.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * One row per stored file, by its public path ("/uploads/review/<uuid>.png"): the storage every
 * server process shares when they run on different machines (docs/operations.md "Uploads").
 */
export const storedFiles = pgTable("stored_files", {
  path: text("path").primaryKey(),
  bytes: bytea("bytes").notNull(),
  size: integer("size").notNull(),
  /** Content hash (sha-256, base64url, 22 characters): the ETag. */
  etag: text("etag").notNull(),
  createdAt: created(),
});
