/** Coupons (domain/coupon; CONTRACT §6.4, docs/pricing.md). */
import { index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../../lib/locale.ts";
import { created, money, ts, updated } from "./columns.ts";

/**
 * Coupons. shopId 0 = a platform coupon (usable in every shop). couponType 1 cash (reduceAmount
 * off from cashCondition), 2 discount (couponDiscount 8.5 = pay 85 %). suitableProdType 0 all,
 * 1 selected (coupon_prods), 2 all but the selected. validTimeType 1 fixed startTime–endTime,
 * 2 validDays days from claiming (+ afterReceiveDays). Claimable between launchTime and overTime
 * while stocks > 0 and status 1; limitNum per user. stocks counts down at each claim.
 */
export const coupons = pgTable(
  "coupons",
  {
    couponId: serial("coupon_id").primaryKey(),
    shopId: integer("shop_id").notNull(),
    couponName: jsonb("coupon_name").$type<LocalizedText>().notNull(),
    couponType: smallint("coupon_type").notNull(),
    cashCondition: money("cash_condition").notNull().default("0"),
    reduceAmount: money("reduce_amount"),
    couponDiscount: numeric("coupon_discount", { precision: 3, scale: 1 }),
    suitableProdType: smallint("suitable_prod_type").notNull().default(0),
    validTimeType: smallint("valid_time_type").notNull(),
    startTime: ts("start_time"),
    endTime: ts("end_time"),
    afterReceiveDays: integer("after_receive_days").notNull().default(0),
    validDays: integer("valid_days").notNull().default(0),
    launchTime: ts("launch_time").notNull(),
    overTime: ts("over_time").notNull(),
    limitNum: integer("limit_num").notNull().default(1),
    stocks: integer("stocks").notNull(),
    sourceStock: integer("source_stock").notNull(),
    status: smallint("status").notNull().default(1),
    /** 1 = an exclusive coupon of paid members: only an active paid member may claim it. */
    memberOnly: smallint("member_only").notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("coupons_shop_idx").on(t.shopId, t.status, t.overTime)],
);

/** Products a coupon applies to (suitableProdType 1) or excludes (2). */
export const couponProds = pgTable(
  "coupon_prods",
  {
    couponId: integer("coupon_id").notNull(),
    prodId: integer("prod_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.prodId] }), index("coupon_prods_prod_idx").on(t.prodId)],
);

/**
 * Coupons a buyer holds. status 1 not used, 2 used (orderNumbers, useTime; given back when the
 * unpaid orders close). Expired = not used and validEnd passed (computed, never stored).
 * deleted 1 = removed from "my coupons" (it still counts against the per-user limit).
 */
export const couponUsers = pgTable(
  "coupon_users",
  {
    couponUserId: serial("coupon_user_id").primaryKey(),
    couponId: integer("coupon_id").notNull(),
    userId: text("user_id").notNull(),
    shopId: integer("shop_id").notNull(),
    status: smallint("status").notNull().default(1),
    validStart: ts("valid_start").notNull(),
    validEnd: ts("valid_end").notNull(),
    receiveTime: ts("receive_time").notNull().defaultNow(),
    useTime: ts("use_time"),
    /** Comma-joined orders it was used on (a platform coupon spans every shop order of a submit). */
    orderNumbers: text("order_numbers"),
    deleted: smallint("deleted").notNull().default(0),
  },
  (t) => [
    index("coupon_users_user_idx").on(t.userId, t.status, t.validEnd),
    index("coupon_users_coupon_user_idx").on(t.couponId, t.userId),
  ],
);
