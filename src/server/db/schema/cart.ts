/** Cart (domain/cart). */
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, money, updated } from "./columns.ts";

/**
 * Cart lines (CONTRACT §4.1 "basket"): one line per user and SKU. isChecked 1 = selected for
 * settlement; discountId 0 = no promotion chosen. priceSeen: the SKU's price when the buyer last
 * put the line in the cart or changed it (null for lines from before it was kept): the cart says
 * when the price is not that any more.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    basketId: serial("basket_id").primaryKey(),
    userId: text("user_id").notNull(),
    shopId: integer("shop_id").notNull(),
    prodId: integer("prod_id").notNull(),
    skuId: integer("sku_id").notNull(),
    prodCount: integer("prod_count").notNull(),
    isChecked: smallint("is_checked").notNull().default(1),
    discountId: integer("discount_id").notNull().default(0),
    priceSeen: money("price_seen"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("cart_items_user_sku_uq").on(t.userId, t.skuId), index("cart_items_user_idx").on(t.userId)],
);
