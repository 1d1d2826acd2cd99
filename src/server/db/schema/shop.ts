/** Shops (domain/shop). */
import { index, integer, jsonb, numeric, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../../lib/locale.ts";
import { created, tsvector, updated } from "./columns.ts";

/** type: 1 self-operated, 2 preferred, 0 general. shopStatus: 1 open, 0 under review, -1 not opened, 2/3 offline. */
export const shops = pgTable(
  "shops",
  {
    shopId: serial("shop_id").primaryKey(),
    shopName: jsonb("shop_name").$type<LocalizedText>().notNull(),
    intro: jsonb("intro").$type<LocalizedText>().notNull(),
    shopLogo: text("shop_logo"),
    type: smallint("type").notNull().default(0),
    shopStatus: smallint("shop_status").notNull().default(1),
    tel: text("tel"),
    ownerUserId: text("owner_user_id"),
    fansCount: integer("fans_count").notNull().default(0),
    soldNum: integer("sold_num").notNull().default(0),
    /** Average review score 0-5, one decimal. */
    rating: numeric("rating", { precision: 2, scale: 1 }).notNull().default("5.0"),
    createdAt: created(),
    updatedAt: updated(),
    /** The search terms of its own names (migration 0035; docs/search.md "Matching"). */
    searchVec: tsvector("search_vec"),
  },
  (t) => [index("shops_status_idx").on(t.shopStatus), index("shops_search_idx").using("gin", t.searchVec)],
);
