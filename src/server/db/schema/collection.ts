/** Collections (domain/collection): collected products and followed shops. */
import { integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created } from "./columns.ts";

/** Collected (favourite) products. */
export const prodCollections = pgTable(
  "prod_collections",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").notNull(),
    prodId: integer("prod_id").notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex("prod_collections_user_prod_uq").on(t.userId, t.prodId)],
);

/** Followed (collected) shops. */
export const shopCollections = pgTable(
  "shop_collections",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").notNull(),
    shopId: integer("shop_id").notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex("shop_collections_user_shop_uq").on(t.userId, t.shopId)],
);
