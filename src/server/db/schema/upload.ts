/** Who stored an uploaded file (domain/upload). */
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { created } from "./columns.ts";

/**
 * The owner of each stored upload, by its public path ("/uploads/<folder>/<uuid>.<ext>"): the
 * buyer (userId) or the shop (shopId; 0 = the platform) whose request stored it. Decorations
 * may only show pictures their shop uploaded; other features (an operator's upload rework,
 * clean-up of unused files) can build on the same record.
 */
export const uploadOwners = pgTable(
  "upload_owners",
  {
    path: text("path").primaryKey(),
    userId: text("user_id"),
    shopId: integer("shop_id"),
    createdAt: created(),
  },
  (t) => [index("upload_owners_shop_idx").on(t.shopId)],
);
