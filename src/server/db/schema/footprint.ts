/** Footprints (domain/footprint). */
import { bigint, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns.ts";

/** Browsing history (footprints): one row per user and product, browseTime updated on each visit. */
export const footprints = pgTable(
  "footprints",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id").notNull(),
    prodId: integer("prod_id").notNull(),
    browseTime: ts("browse_time").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("footprints_user_prod_uq").on(t.userId, t.prodId),
    index("footprints_user_time_idx").on(t.userId, t.browseTime),
  ],
);
