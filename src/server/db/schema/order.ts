/**
 * Orders (domain/order): freight rules, submit tokens, order numbers, orders and their lines,
 * deliveries and logistics traces.
 */
import { index, integer, jsonb, pgSequence, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../../lib/locale.ts";
import type { LineOffers } from "../../../lib/pricing/pricing-types.ts";
import { created, money, ts, updated } from "./columns.ts";

/**
 * Freight rule per shop (docs/decisions.md "Orders: statuses, freight and points"): a fixed fee
 * per shop order and an optional free-shipping threshold (null = never free). A shop without a
 * row uses DEFAULT_FREIGHT_RULE (src/server/domain/pricing/order-pricing.ts).
 */
export const shopFreightRules = pgTable("shop_freight_rules", {
  shopId: integer("shop_id").primaryKey(),
  fee: money("fee").notNull(),
  freeOver: money("free_over"),
  updatedAt: updated(),
});

/**
 * Submit tokens issued by the confirm step: what is being bought (basketIds or a buy-now line)
 * and the address. Submitting uses the token once (usedAt set in the order's transaction); a
 * repeat answers A03002 "do not submit the order twice" with the orders already made.
 */
export const submitTokens = pgTable(
  "submit_tokens",
  {
    token: text("token").primaryKey(),
    userId: text("user_id").notNull(),
    /** {source: "cart", basketIds} | {source: "buyNow", prodId, skuId, prodCount}; addrId; shopIds. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    /** Comma-joined order numbers created with this token. */
    orderNumbers: text("order_numbers"),
    createdAt: created(),
  },
  (t) => [index("submit_tokens_user_idx").on(t.userId)],
);

/** Order numbers: yyMMddHHmmss + 7 digits of this sequence (19 digits, always strings). */
export const orderNumberSeq = pgSequence("order_number_seq", {
  startWith: 1,
  increment: 1,
  minValue: 1,
  maxValue: 9_999_999,
  cycle: true,
});

/** Address copied into the order at submit time. */
export type OrderAddress = {
  receiver: string;
  mobile: string;
  province: string;
  city: string;
  area: string;
  addr: string;
  provinceId: number;
  cityId: number;
  areaId: number;
  postCode: string | null;
};
/**
 * Invoice choice stored with the order. type 0 none, 1 personal, 2 unit. The invoice feature
 * (domain/invoice) adds its state: 1 application in progress (absent = 1), 2 invoiced, with the
 * PDF the merchant uploaded (filePath, uploadTime ISO) once invoiced.
 */
export type OrderInvoice = {
  invoiceType: 0 | 1 | 2;
  headerName: string | null;
  invoiceTaxNumber: string | null;
  invoiceState?: 1 | 2;
  filePath?: string | null;
  uploadTime?: string | null;
  updateTime?: string | null;
};

/**
 * One order per shop (CONTRACT §4.5, §13 tz_order). status: 1 unpaid, 2 paid/to ship, 3 shipped,
 * 5 completed, 6 closed, 7 waiting for group. closeType: 1 payment timeout, 2 everything refunded, 4 buyer cancelled.
 * deleteStatus: 0 normal, 2 deleted by the buyer. isComm: 1 once every item is reviewed.
 */
export const orders = pgTable(
  "orders",
  {
    orderId: serial("order_id").primaryKey(),
    orderNumber: text("order_number").notNull(),
    userId: text("user_id").notNull(),
    shopId: integer("shop_id").notNull(),
    shopName: jsonb("shop_name").$type<LocalizedText>().notNull(),
    /** Product names of the items (zh), for the order-number/product-name search. */
    prodNames: text("prod_names").notNull().default(""),
    status: smallint("status").notNull().default(1),
    orderType: smallint("order_type").notNull().default(0),
    /** 1 express, 3 no delivery needed (virtual goods). */
    dvyType: smallint("dvy_type").notNull().default(1),
    /** CONTRACT `orderMold`: 0 physical goods, 1 virtual goods (write-off codes instead of shipping). */
    orderMold: smallint("order_mold").notNull().default(0),
    /** Goods total. */
    total: money("total").notNull(),
    freightAmount: money("freight_amount").notNull().default("0"),
    /** Money taken off by points (useScore / 100). */
    scoreAmount: money("score_amount").notNull().default("0"),
    /** All reductions but points: activity prices, discounts and coupons (the parts below). */
    reduceAmount: money("reduce_amount").notNull().default("0"),
    /** Parts of reduceAmount: limited-time discounts (activity price and tiers), shop coupon, platform coupon share. */
    discountAmount: money("discount_amount").notNull().default("0"),
    shopCouponAmount: money("shop_coupon_amount").notNull().default("0"),
    platformCouponAmount: money("platform_coupon_amount").notNull().default("0"),
    /** What the buyer pays: total + freight − scoreAmount − reduceAmount. */
    actualTotal: money("actual_total").notNull(),
    /** Points used on this order. */
    useScore: integer("use_score").notNull().default(0),
    productNums: integer("product_nums").notNull(),
    remarks: text("remarks").notNull().default(""),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    invoice: jsonb("invoice").$type<OrderInvoice>(),
    /** Payment that paid this order (payments.payNo) and how (CONTRACT PayType: 9 balance, 3 scan code…). */
    payNo: text("pay_no"),
    payType: smallint("pay_type"),
    isComm: smallint("is_comm").notNull().default(0),
    refundStatus: smallint("refund_status"),
    closeType: smallint("close_type"),
    deleteStatus: smallint("delete_status").notNull().default(0),
    /** The submit token that created the order. */
    submitToken: text("submit_token"),
    /** Payment deadline (unpaid orders close after it). */
    payDeadline: ts("pay_deadline").notNull(),
    /** Receipt deadline (shipped orders complete after it); set when shipped. */
    receiptDeadline: ts("receipt_deadline"),
    createdAt: created(),
    payTime: ts("pay_time"),
    dvyTime: ts("dvy_time"),
    finallyTime: ts("finally_time"),
    cancelTime: ts("cancel_time"),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("orders_number_uq").on(t.orderNumber),
    index("orders_user_idx").on(t.userId, t.deleteStatus, t.createdAt),
    index("orders_shop_idx").on(t.shopId, t.status, t.createdAt),
    index("orders_pay_no_idx").on(t.payNo),
  ],
);

/** Order lines: a snapshot of the product at submit time (names in all three languages). */
export const orderItems = pgTable(
  "order_items",
  {
    orderItemId: serial("order_item_id").primaryKey(),
    orderNumber: text("order_number").notNull(),
    shopId: integer("shop_id").notNull(),
    userId: text("user_id").notNull(),
    prodId: integer("prod_id").notNull(),
    skuId: integer("sku_id").notNull(),
    prodName: jsonb("prod_name").$type<LocalizedText>().notNull(),
    skuName: jsonb("sku_name").$type<LocalizedText>().notNull(),
    properties: jsonb("properties").$type<LocalizedText>().notNull(),
    pic: text("pic").notNull().default(""),
    price: money("price").notNull(),
    prodCount: integer("prod_count").notNull(),
    productTotalAmount: money("product_total_amount").notNull(),
    /** 1 once reviewed. */
    commSts: smallint("comm_sts").notNull().default(0),
    /** The cart line it came from (0 = buy now). */
    basketId: integer("basket_id").notNull().default(0),
    /** What the line costs after every reduction (freight excluded): offers.actualAmount. */
    actualTotal: money("actual_total"),
    /** The pricing engine's per-line breakdown (LineOffers: activity, discount, coupons, points). */
    offers: jsonb("offers").$type<LineOffers>(),
    /** Virtual goods: the product's validity rule and refund flag when it was bought (products.writeOffTime, isRefund). */
    writeOffTime: integer("write_off_time"),
    isRefund: smallint("is_refund").notNull().default(1),
    createdAt: created(),
  },
  (t) => [index("order_items_order_idx").on(t.orderNumber), index("order_items_user_idx").on(t.userId)],
);

/**
 * Write-off codes of a paid virtual-goods order: one per unit bought (docs/virtual-goods.md).
 * status: 0 unused, 1 used (verified by the shop), 2 void (refunded). expiresAt null = long-term.
 */
export const orderWriteOffs = pgTable(
  "order_write_offs",
  {
    code: text("code").primaryKey(),
    orderNumber: text("order_number").notNull(),
    orderItemId: integer("order_item_id").notNull(),
    shopId: integer("shop_id").notNull(),
    userId: text("user_id").notNull(),
    status: smallint("status").notNull().default(0),
    expiresAt: ts("expires_at"),
    usedAt: ts("used_at"),
    voidAt: ts("void_at"),
    createdAt: created(),
  },
  (t) => [index("order_write_offs_order_idx").on(t.orderNumber)],
);

/**
 * Packages of a shipped order (CONTRACT §4.6 DeliveryOrder). deliveryType: 1 express, 3 no logistics.
 * state: 0 no record, 1 collected, 2 in transit, 201 arrived at destination city, 3 signed, 4 problem.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    orderDeliveryId: serial("order_delivery_id").primaryKey(),
    orderNumber: text("order_number").notNull(),
    shopId: integer("shop_id").notNull(),
    dvyId: integer("dvy_id").notNull(),
    dvyFlowId: text("dvy_flow_id").notNull(),
    deliveryType: smallint("delivery_type").notNull().default(1),
    /** [{orderItemId, prodCount}] carried in this package. */
    items: jsonb("items").$type<{ orderItemId: number; prodCount: number }[]>().notNull(),
    state: smallint("state").notNull().default(0),
    createdAt: created(),
  },
  (t) => [index("deliveries_order_idx").on(t.orderNumber)],
);

/** Logistics events of a package, newest shown first. */
export const deliveryTraces = pgTable(
  "delivery_traces",
  {
    id: serial("id").primaryKey(),
    orderDeliveryId: integer("order_delivery_id").notNull(),
    state: smallint("state").notNull(),
    acceptStation: text("accept_station").notNull(),
    acceptTime: ts("accept_time").notNull(),
  },
  (t) => [index("delivery_traces_delivery_idx").on(t.orderDeliveryId, t.acceptTime)],
);
