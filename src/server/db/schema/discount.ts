/** Limited-time discounts (domain/discount; CONTRACT §6.3, docs/pricing.md). */
import { index, integer, jsonb, pgTable, primaryKey, serial, smallint, text } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../../lib/locale.ts";
import { created, money, ts, updated } from "./columns.ts";

/**
 * Limited-time discounts (CONTRACT §6.3). discountRule 0 spend X save Y, 1 buy N save Y, 2 spend X
 * get Z% off, 3 buy N get Z% off; discountType 0 highest tier once, 1 repeated; maxReduceAmount
 * caps one group's saving; suitableProdType 0 all the shop's products, 1 discount_prods.
 * status 1 on, 0 stopped.
 */
export const discounts = pgTable(
  "discounts",
  {
    discountId: serial("discount_id").primaryKey(),
    shopId: integer("shop_id").notNull(),
    discountName: jsonb("discount_name").$type<LocalizedText>().notNull(),
    discountRule: smallint("discount_rule").notNull(),
    discountType: smallint("discount_type").notNull().default(0),
    maxReduceAmount: money("max_reduce_amount"),
    suitableProdType: smallint("suitable_prod_type").notNull().default(0),
    pcPic: text("pc_pic").notNull().default(""),
    pcBackgroundPic: text("pc_background_pic").notNull().default(""),
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time").notNull(),
    status: smallint("status").notNull().default(1),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("discounts_shop_idx").on(t.shopId, t.status, t.endTime)],
);

/** Tiers: needAmount (money or pieces) and discount (amount saved, or the rate 8.5 = 85 %). */
export const discountItems = pgTable(
  "discount_items",
  {
    discountItemId: serial("discount_item_id").primaryKey(),
    discountId: integer("discount_id").notNull(),
    needAmount: money("need_amount").notNull(),
    discount: money("discount").notNull(),
  },
  (t) => [index("discount_items_discount_idx").on(t.discountId)],
);

export const discountProds = pgTable(
  "discount_prods",
  {
    discountId: integer("discount_id").notNull(),
    prodId: integer("prod_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.prodId] }), index("discount_prods_prod_idx").on(t.prodId)],
);
