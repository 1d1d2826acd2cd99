/** Product reviews (domain/review). */
import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../../lib/locale.ts";
import { ts } from "./columns.ts";

/** Product reviews. score 1-5; evaluate 0 good, 1 medium, 2 bad; status 1 shown. */
export const prodComments = pgTable(
  "prod_comments",
  {
    prodCommId: serial("prod_comm_id").primaryKey(),
    prodId: integer("prod_id").notNull(),
    userId: text("user_id").notNull(),
    orderItemId: bigint("order_item_id", { mode: "number" }),
    skuId: integer("sku_id"),
    skuName: jsonb("sku_name").$type<LocalizedText>().notNull(),
    score: smallint("score").notNull(),
    evaluate: smallint("evaluate").notNull().default(0),
    content: text("content").notNull(),
    pics: text("pics").notNull().default(""),
    isAnonymous: smallint("is_anonymous").notNull().default(0),
    status: smallint("status").notNull().default(1),
    replyContent: text("reply_content"),
    replyTime: ts("reply_time"),
    recTime: ts("rec_time").notNull().defaultNow(),
  },
  (t) => [
    index("prod_comments_prod_idx").on(t.prodId),
    index("prod_comments_user_idx").on(t.userId, t.recTime),
    /** One review per order line. */
    uniqueIndex("prod_comments_order_item_uq").on(t.orderItemId),
  ],
);
