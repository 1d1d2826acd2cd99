/** Page decorations (domain/renovation). */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns.ts";

/**
 * Page decorations. shopId 0 = platform. renovationType 1 PC, 2 mobile. homeStatus 1 = the home page
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
