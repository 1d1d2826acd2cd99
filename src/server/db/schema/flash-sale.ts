/** Flash sale (domain/flash-sale; CONTRACT §6.1, docs/flash-sale.md). */
import { index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, money, ts } from "./columns.ts";

/** Flash-sale sessions (time slots): every activity of a session runs from startTime to endTime. */
export const flashSessions = pgTable(
  "flash_sessions",
  {
    sessionId: serial("session_id").primaryKey(),
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time").notNull(),
    createdAt: created(),
  },
  (t) => [index("flash_sessions_time_idx").on(t.startTime)],
);

/**
 * Flash-sale activities (seckill): one product of one shop in one session. maxNum = pieces one
 * buyer may buy (-1 no limit); payMinutes = the pay time limit of its orders. status 1 on, 0 ended
 * by the merchant. The flash units are the SKUs' own allocation (flash_skus.stocks), apart from
 * the SKUs' normal stock.
 */
export const flashActivities = pgTable(
  "flash_activities",
  {
    seckillId: serial("seckill_id").primaryKey(),
    sessionId: integer("session_id").notNull(),
    shopId: integer("shop_id").notNull(),
    prodId: integer("prod_id").notNull(),
    maxNum: integer("max_num").notNull().default(-1),
    payMinutes: integer("pay_minutes").notNull().default(5),
    status: smallint("status").notNull().default(1),
    createdAt: created(),
  },
  (t) => [index("flash_activities_session_idx").on(t.sessionId), index("flash_activities_prod_idx").on(t.prodId)],
);

/** Flash price and units left per SKU; stocks only ever change by one conditional update. */
export const flashSkus = pgTable(
  "flash_skus",
  {
    seckillSkuId: serial("seckill_sku_id").primaryKey(),
    seckillId: integer("seckill_id").notNull(),
    skuId: integer("sku_id").notNull(),
    price: money("price").notNull(),
    stocks: integer("stocks").notNull(),
    originStocks: integer("origin_stocks").notNull(),
  },
  (t) => [uniqueIndex("flash_skus_uq").on(t.seckillId, t.skuId)],
);

/** Pieces a buyer holds in a flash activity (unpaid and paid orders): the per-user limit's counter. */
export const flashBuys = pgTable(
  "flash_buys",
  {
    seckillId: integer("seckill_id").notNull(),
    userId: text("user_id").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.seckillId, t.userId] })],
);

/** Which flash SKU an order took its units from (closing the order gives them back). */
export const flashOrders = pgTable(
  "flash_orders",
  {
    orderNumber: text("order_number").primaryKey(),
    seckillId: integer("seckill_id").notNull(),
    seckillSkuId: integer("seckill_sku_id").notNull(),
    userId: text("user_id").notNull(),
    count: integer("count").notNull(),
    /** 1 once the units went back (closed unpaid). */
    returned: smallint("returned").notNull().default(0),
  },
  (t) => [index("flash_orders_activity_idx").on(t.seckillId)],
);
