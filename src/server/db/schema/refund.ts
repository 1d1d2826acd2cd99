/** Refunds and returns (domain/refund). */
import { index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { money, ts } from "./columns.ts";

/**
 * Refunds and returns (CONTRACT §5.1 tz_order_refund). refundType 1 whole order, 2 one line
 * (orderItemId, goodsNum of its prodCount). applyType 1 refund only, 2 return and refund.
 * returnMoneySts: 1 applied, 2 accepted (return: waiting for the buyer's parcel), 3 buyer
 * shipped, 4 seller received, 5 refunded, 6 withdrawn, 7 refused, -1 closed (src/lib/refund-state.ts).
 * refundWay once refunded: "balance", "provider" or "points"; refundScore = points given back.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    refundId: serial("refund_id").primaryKey(),
    refundSn: text("refund_sn").notNull(),
    orderNumber: text("order_number").notNull(),
    shopId: integer("shop_id").notNull(),
    userId: text("user_id").notNull(),
    refundType: smallint("refund_type").notNull(),
    orderItemId: integer("order_item_id"),
    goodsNum: integer("goods_num").notNull(),
    applyType: smallint("apply_type").notNull(),
    isReceiver: smallint("is_receiver").notNull().default(0),
    buyerReason: smallint("buyer_reason").notNull(),
    buyerDesc: text("buyer_desc").notNull().default(""),
    photoFiles: text("photo_files").notNull().default(""),
    buyerMobile: text("buyer_mobile").notNull(),
    refundAmount: money("refund_amount").notNull(),
    refundScore: integer("refund_score").notNull().default(0),
    returnMoneySts: smallint("return_money_sts").notNull().default(1),
    sellerMsg: text("seller_msg"),
    rejectMessage: text("reject_message"),
    /** Return parcel: {dvyId, expressName, expressNo, mobile, senderRemarks} once the buyer ships. */
    refundDelivery: jsonb("refund_delivery").$type<{
      dvyId: number;
      expressName: string;
      expressNo: string;
      mobile: string;
      senderRemarks: string;
    }>(),
    refundWay: text("refund_way"),
    /** The provider's refund number (refunds of provider payments). */
    providerRefundNo: text("provider_refund_no"),
    /** Until then the seller may answer (then the refund counts as accepted) / the buyer may ship (then it closes). */
    dueAt: ts("due_at"),
    applyTime: ts("apply_time").notNull().defaultNow(),
    handelTime: ts("handel_time"),
    shipTime: ts("ship_time"),
    receiveTime: ts("receive_time"),
    refundTime: ts("refund_time"),
    cancelTime: ts("cancel_time"),
    updateTime: ts("update_time").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_refunds_sn_uq").on(t.refundSn),
    index("order_refunds_order_idx").on(t.orderNumber),
    index("order_refunds_user_idx").on(t.userId, t.applyTime),
    index("order_refunds_shop_idx").on(t.shopId, t.returnMoneySts, t.applyTime),
  ],
);
