/** Page decorations (domain/renovation). */
import { index, integer, jsonb, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";
import { created, updated } from "./columns.ts";

/**
 * Page decorations. shopId 0 = platform. renovationType 1 PC, 2 mobile. homeStatus 1 = the home page
 * (of the platform or of the shop). status 1 published, 0 draft (only previewable).
 * content = array of blocks {type, dataField} (CONTRACT §10).
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
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("renovations_shop_idx").on(t.shopId, t.renovationType, t.homeStatus)],
);

export interface RenovationBlock {
  type: string;
  dataField: Record<string, unknown>;
}
