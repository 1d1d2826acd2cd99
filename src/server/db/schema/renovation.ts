/** Page renovations (domain/renovation). */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns.ts";

/**
 * Page renovations. shopId 0 = platform. renovationType 1 PC, 2 mobile. homeStatus 1 = the home page
 * (of the platform or of the shop). status 1 published, 0 draft (only previewable), 2 an earlier
 * published version (kept when another page was published in its place; can be restored).
 * content = array of blocks {type, dataField} (CONTRACT §10). At most one live home page
 * (homeStatus 1, status 1) per shop and type: a unique partial index, so concurrent publishes
 * can not leave two (domain/renovation/renovation-authoring.ts also locks the shop's pages).
 */
export const renovations = pgTable(
  "renovations",
  {
    renovationId: serial("renovation_id").primaryKey(),
    shopId: integer("shop_id").notNull().default(0),
    name: text("name").notNull(),
    renovationType: smallint("renovation_type").notNull().default(1),
    homeStatus: smallint("home_status").notNull().default(0),
    status: smallint("status").notNull().default(1),
    content: jsonb("content").$type<RenovationBlock[]>().notNull(),
    /** When it was last made live (null: never published). */
    publishedAt: ts("published_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("renovations_shop_idx").on(t.shopId, t.renovationType, t.homeStatus),
    uniqueIndex("renovations_one_live_home")
      .on(t.shopId, t.renovationType)
      .where(sql`${t.homeStatus} = 1 and ${t.status} = 1`),
  ],
);

export interface RenovationBlock {
  type: string;
  dataField: Record<string, unknown>;
}

/**
 * Previews of unsaved renovations (domain/renovation/draft-preview.ts): the checked blocks an
 * editor sent to POST …/renovations/preview, under the SHA-256 of a random key (the key itself is
 * only in the preview link), until `expiresAt` (10 minutes). In the database so every process can
 * serve the preview link; bounded per shop in count and bytes, expired rows are removed when any
 * preview is kept.
 */
export const renovationPreviews = pgTable(
  "renovation_previews",
  {
    previewId: serial("preview_id").primaryKey(),
    keyHash: text("key_hash").notNull(),
    shopId: integer("shop_id").notNull(),
    name: text("name").notNull(),
    content: jsonb("content").$type<RenovationBlock[]>().notNull(),
    /** Size of `content` as JSON, in bytes (the per-shop byte budget adds these up). */
    bytes: integer("bytes").notNull(),
    createdAt: created(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("renovation_previews_key").on(t.keyHash),
    index("renovation_previews_shop_idx").on(t.shopId, t.previewId),
    index("renovation_previews_expiry_idx").on(t.expiresAt),
  ],
);
