/**
 * The one database schema, for PGlite and PostgreSQL alike. SQL migrations in ./migrations are
 * generated from this file by drizzle-kit (`npm run db:generate`) and committed.
 * Money is numeric(12,2) (strings in JS, decimal.js in src/lib/money.ts); texts shown in three
 * languages are jsonb LocalizedText ({zh, "zh-tw", en}); product texts have their own table.
 */
import { sql } from "drizzle-orm";
import {
  index, integer, jsonb, numeric, pgSequence, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, bigint, bigserial,
} from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../lib/locale.ts";
import type { LineOffers } from "../../lib/pricing/pricing-types.ts";

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const created = () => ts("created_at").notNull().defaultNow();
const updated = () => ts("updated_at").notNull().defaultNow();

export const users = pgTable("users", {
  userId: text("user_id").primaryKey(),
  username: text("username").notNull(),
  nickName: text("nick_name").notNull(),
  pic: text("pic"),
  sex: text("sex").notNull().default("M"),
  userMobile: text("user_mobile"),
  passwordHash: text("password_hash"),
  status: smallint("status").notNull().default(1),
  score: integer("score").notNull().default(0),
  balance: money("balance").notNull().default("0"),
  level: integer("level").notNull().default(1),
  levelType: smallint("level_type").notNull().default(0),
  growth: integer("growth").notNull().default(0),
  /** Paid membership (levelType 1) valid until then; null = never bought. */
  levelEndTime: ts("level_end_time"),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  uniqueIndex("users_username_uq").on(sql`lower(${t.username})`),
  uniqueIndex("users_mobile_uq").on(t.userMobile),
]);

/** Access tokens: only a SHA-256 of the token is stored. kind: 'user' (buyer) or 'merchant'. */
export const sessions = pgTable("sessions", {
  id: serial("id").primaryKey(),
  tokenHash: text("token_hash").notNull(),
  kind: text("kind").notNull().default("user"),
  userId: text("user_id"),
  shopId: integer("shop_id"),
  expiresAt: ts("expires_at").notNull(),
  revokedAt: ts("revoked_at"),
  createdAt: created(),
}, (t) => [uniqueIndex("sessions_token_uq").on(t.tokenHash), index("sessions_user_idx").on(t.userId)]);

/** type: 1 self-operated, 2 preferred, 0 general. shopStatus: 1 open, 0 under review, -1 not opened, 2/3 offline. */
export const shops = pgTable("shops", {
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
}, (t) => [index("shops_status_idx").on(t.shopStatus)]);

/** shopId 0 = platform category tree (3 levels, grade 0/1/2); other shopIds = a shop's own categories. status 1 active. */
export const categories = pgTable("categories", {
  categoryId: serial("category_id").primaryKey(),
  shopId: integer("shop_id").notNull().default(0),
  parentId: integer("parent_id").notNull().default(0),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  pic: text("pic"),
  icon: text("icon"),
  seq: integer("seq").notNull().default(0),
  status: smallint("status").notNull().default(1),
  grade: smallint("grade").notNull().default(0),
  updatedAt: updated(),
}, (t) => [index("categories_parent_idx").on(t.shopId, t.parentId)]);

export const brands = pgTable("brands", {
  brandId: serial("brand_id").primaryKey(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  imgUrl: text("img_url"),
  firstLetter: text("first_letter").notNull().default(""),
  seq: integer("seq").notNull().default(0),
  status: smallint("status").notNull().default(1),
});

/** Which brands are offered in which (any level) platform category. */
export const categoryBrands = pgTable("category_brands", {
  categoryId: integer("category_id").notNull(),
  brandId: integer("brand_id").notNull(),
}, (t) => [primaryKey({ columns: [t.categoryId, t.brandId] })]);

/**
 * status: 1 on sale, 0 off shelf by merchant, -1 deleted, 2 off shelf by platform, 3 on offer in the
 * points mall only (prodType 3; never listed, searched or put in a cart like ordinary goods).
 * prodType: 0 normal, 1 group buy, 2 seckill, 3 points (integral).
 * categoryId is the platform level-3 category; cpid/cid are derived from it.
 */
export const products = pgTable("products", {
  prodId: serial("prod_id").primaryKey(),
  shopId: integer("shop_id").notNull(),
  categoryId: integer("category_id").notNull(),
  shopCategoryId: integer("shop_category_id"),
  brandId: integer("brand_id"),
  pic: text("pic").notNull(),
  /** Comma-separated image paths (gallery), as in the original contract. */
  imgs: text("imgs").notNull(),
  price: money("price").notNull(),
  oriPrice: money("ori_price").notNull(),
  totalStocks: integer("total_stocks").notNull().default(0),
  soldNum: integer("sold_num").notNull().default(0),
  commentNum: integer("comment_num").notNull().default(0),
  status: smallint("status").notNull().default(1),
  prodType: smallint("prod_type").notNull().default(0),
  /** 1 = seven-day no-reason return (the footer's promise); 0 = returns only for a fault (e.g. fresh food, custom goods). */
  sevenDayReturn: smallint("seven_day_return").notNull().default(1),
  /** Points-mall items (prodType 3): the points of one piece (price is the money part, 0 = points only). */
  scorePrice: integer("score_price").notNull().default(0),
  /** Points-mall items: how many pieces one buyer may exchange in all (0 = no limit). */
  scoreLimit: integer("score_limit").notNull().default(0),
  putawayTime: ts("putaway_time").notNull().defaultNow(),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  index("products_category_idx").on(t.categoryId),
  index("products_shop_idx").on(t.shopId),
  index("products_brand_idx").on(t.brandId),
]);

/** Product texts per locale. parameters = specification rows [{key, value}]. */
export const productTranslations = pgTable("product_translations", {
  prodId: integer("prod_id").notNull(),
  locale: text("locale").notNull(),
  prodName: text("prod_name").notNull(),
  brief: text("brief").notNull().default(""),
  content: text("content").notNull().default(""),
  parameters: jsonb("parameters").$type<{ key: string; value: string }[]>().notNull().default([]),
}, (t) => [
  primaryKey({ columns: [t.prodId, t.locale] }),
  index("product_translations_name_trgm").using("gin", sql`${t.prodName} gin_trgm_ops`),
]);

/** properties: "k1:v1;k2:v2" per locale; stocks counted per SKU (-1 never used: stock is always finite here). */
export const skus = pgTable("skus", {
  skuId: serial("sku_id").primaryKey(),
  prodId: integer("prod_id").notNull(),
  skuName: jsonb("sku_name").$type<LocalizedText>().notNull(),
  properties: jsonb("properties").$type<LocalizedText>().notNull(),
  price: money("price").notNull(),
  oriPrice: money("ori_price").notNull(),
  stocks: integer("stocks").notNull().default(0),
  pic: text("pic"),
  status: smallint("status").notNull().default(1),
  version: integer("version").notNull().default(0),
}, (t) => [index("skus_prod_idx").on(t.prodId)]);

/** Product reviews. score 1-5; evaluate 0 good, 1 medium, 2 bad; status 1 shown. */
export const prodComments = pgTable("prod_comments", {
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
}, (t) => [
  index("prod_comments_prod_idx").on(t.prodId),
  index("prod_comments_user_idx").on(t.userId, t.recTime),
  /** One review per order line. */
  uniqueIndex("prod_comments_order_item_uq").on(t.orderItemId),
]);

/** shopId 0 = platform notice. status 1 published. */
export const notices = pgTable("notices", {
  id: serial("id").primaryKey(),
  shopId: integer("shop_id").notNull().default(0),
  title: jsonb("title").$type<LocalizedText>().notNull(),
  content: jsonb("content").$type<LocalizedText>().notNull(),
  isTop: smallint("is_top").notNull().default(0),
  status: smallint("status").notNull().default(1),
  publishTime: ts("publish_time").notNull().defaultNow(),
  updatedAt: updated(),
}, (t) => [index("notices_shop_idx").on(t.shopId, t.status)]);

/** type 1 product keyword, 2 shop keyword. content = the search keyword; title = what is shown. */
export const hotSearches = pgTable("hot_searches", {
  hotSearchId: serial("hot_search_id").primaryKey(),
  shopId: integer("shop_id").notNull().default(0),
  title: jsonb("title").$type<LocalizedText>().notNull(),
  content: jsonb("content").$type<LocalizedText>().notNull(),
  type: smallint("type").notNull().default(1),
  seq: integer("seq").notNull().default(0),
  status: smallint("status").notNull().default(1),
  createdAt: created(),
});

/**
 * Key/value site configuration: PC_WEBSITE_CONFIG, SERVICE_SWITCH, PAY_SWITCH, EXCHANGE_RATE,
 * SERVICE_TERMS, PRIVACY_POLICY (localized HTML). Values are JSON.
 */
export const siteConfig = pgTable("site_config", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updated(),
});

/**
 * Page decorations. shopId 0 = platform. renovationType 1 PC, 2 mobile. homeStatus 1 = the home page
 * (of the platform or of the shop). status 1 published, 0 draft (only previewable).
 * content = array of blocks {type, dataField} (CONTRACT §10).
 */
export const renovations = pgTable("renovations", {
  renovationId: serial("renovation_id").primaryKey(),
  shopId: integer("shop_id").notNull().default(0),
  name: text("name").notNull(),
  renovationType: smallint("renovation_type").notNull().default(1),
  homeStatus: smallint("home_status").notNull().default(0),
  status: smallint("status").notNull().default(1),
  content: jsonb("content").$type<RenovationBlock[]>().notNull(),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [index("renovations_shop_idx").on(t.shopId, t.renovationType, t.homeStatus)]);

export interface RenovationBlock {
  type: string;
  dataField: Record<string, unknown>;
}

/** Visit logs of the flow analysis (SPEC §3, CONTRACT §11). userId set when sent to /p/flowAnalysisLog. */
export const flowLogs = pgTable("flow_logs", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  uuid: text("uuid").notNull(),
  uuidSession: text("uuid_session").notNull(),
  userId: text("user_id"),
  pageId: integer("page_id").notNull(),
  prevPageId: integer("prev_page_id"),
  bizType: smallint("biz_type"),
  bizData: text("biz_data"),
  step: integer("step").notNull().default(1),
  systemType: smallint("system_type").notNull().default(1),
  visitType: smallint("visit_type").notNull().default(1),
  nums: integer("nums"),
  orderNumbers: text("order_numbers"),
  createdAt: created(),
}, (t) => [index("flow_logs_created_idx").on(t.createdAt), index("flow_logs_session_idx").on(t.uuidSession)]);

/** Browsing history (footprints): one row per user and product, browseTime updated on each visit. */
export const footprints = pgTable("footprints", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: text("user_id").notNull(),
  prodId: integer("prod_id").notNull(),
  browseTime: ts("browse_time").notNull().defaultNow(),
}, (t) => [uniqueIndex("footprints_user_prod_uq").on(t.userId, t.prodId), index("footprints_user_time_idx").on(t.userId, t.browseTime)]);

/**
 * Version counters of public content, bumped by statement triggers (migration 0002) whenever the
 * rows behind public pages change, from any process. The page render cache keys on them.
 */
export const contentVersions = pgTable("content_versions", {
  scope: text("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * What changed in public content, one row per tag (migration 0006 triggers, from any process):
 * "site" (categories, brands, hot words, notices, site config), "home" (platform renovations),
 * "products" (any product list), "product:<id>", "stock:<id>" (stock / sales counters only),
 * "shops", "shop:<id>", "shop-products:<shopId>". The render cache and the in-memory read
 * models poll it and drop only what depends on a changed tag (docs/performance.md).
 */
export const contentChanges = pgTable("content_changes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  tag: text("tag").notNull(),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("content_changes_changed_at_idx").on(t.changedAt)]);

/** SMS verification codes (only a hash is stored). purpose: login | register | reset | password. */
export const smsCodes = pgTable("sms_codes", {
  id: serial("id").primaryKey(),
  mobile: text("mobile").notNull(),
  purpose: text("purpose").notNull(),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: ts("expires_at").notNull(),
  consumedAt: ts("consumed_at"),
  ip: text("ip"),
  createdAt: created(),
}, (t) => [index("sms_codes_mobile_idx").on(t.mobile, t.purpose, t.createdAt)]);

/** Fixed-window counters for rate limits that must hold across processes (login, SMS). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").notNull(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.key, t.windowStart] })]);

/** Address book. commonAddr 1 = the default address. Area ids are GB/T 2260 codes. */
export const addresses = pgTable("addresses", {
  addrId: serial("addr_id").primaryKey(),
  userId: text("user_id").notNull(),
  receiver: text("receiver").notNull(),
  mobile: text("mobile").notNull(),
  provinceId: integer("province_id").notNull(),
  province: text("province").notNull(),
  cityId: integer("city_id").notNull(),
  city: text("city").notNull(),
  areaId: integer("area_id").notNull(),
  area: text("area").notNull(),
  addr: text("addr").notNull(),
  postCode: text("post_code"),
  commonAddr: smallint("common_addr").notNull().default(0),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [index("addresses_user_idx").on(t.userId)]);

/** Collected (favourite) products. */
export const prodCollections = pgTable("prod_collections", {
  id: serial("id").primaryKey(),
  userId: text("user_id").notNull(),
  prodId: integer("prod_id").notNull(),
  createdAt: created(),
}, (t) => [uniqueIndex("prod_collections_user_prod_uq").on(t.userId, t.prodId)]);

/** Followed (collected) shops. */
export const shopCollections = pgTable("shop_collections", {
  id: serial("id").primaryKey(),
  userId: text("user_id").notNull(),
  shopId: integer("shop_id").notNull(),
  createdAt: created(),
}, (t) => [uniqueIndex("shop_collections_user_shop_uq").on(t.userId, t.shopId)]);

/**
 * Cart lines (CONTRACT §4.1 "basket"): one line per user and SKU. isChecked 1 = selected for
 * settlement; discountId 0 = no promotion chosen.
 */
export const cartItems = pgTable("cart_items", {
  basketId: serial("basket_id").primaryKey(),
  userId: text("user_id").notNull(),
  shopId: integer("shop_id").notNull(),
  prodId: integer("prod_id").notNull(),
  skuId: integer("sku_id").notNull(),
  prodCount: integer("prod_count").notNull(),
  isChecked: smallint("is_checked").notNull().default(1),
  discountId: integer("discount_id").notNull().default(0),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [uniqueIndex("cart_items_user_sku_uq").on(t.userId, t.skuId), index("cart_items_user_idx").on(t.userId)]);

// ------------------------------------------------------------------------------------------
// Buying: freight rules, merchant accounts, submit tokens, orders, payments, deliveries, jobs
// ------------------------------------------------------------------------------------------

/**
 * Freight rule per shop (docs/decisions.md "Orders: statuses, freight and points"): a fixed fee
 * per shop order and an optional free-shipping threshold (null = never free). A shop without a
 * row uses DEFAULT_FREIGHT_RULE (src/server/domain/order/order-pricing.ts).
 */
export const shopFreightRules = pgTable("shop_freight_rules", {
  shopId: integer("shop_id").primaryKey(),
  fee: money("fee").notNull(),
  freeOver: money("free_over"),
  updatedAt: updated(),
});

/** Merchant (seller platform) accounts: one or more per shop; tokens are sessions of kind 'merchant'. */
export const merchantAccounts = pgTable("merchant_accounts", {
  merchantId: serial("merchant_id").primaryKey(),
  shopId: integer("shop_id").notNull(),
  username: text("username").notNull(),
  passwordHash: text("password_hash").notNull(),
  status: smallint("status").notNull().default(1),
  createdAt: created(),
}, (t) => [uniqueIndex("merchant_accounts_username_uq").on(sql`lower(${t.username})`), index("merchant_accounts_shop_idx").on(t.shopId)]);

/**
 * Submit tokens issued by the confirm step: what is being bought (basketIds or a buy-now line)
 * and the address. Submitting uses the token once (usedAt set in the order's transaction); a
 * repeat answers A03002 "do not submit the order twice" with the orders already made.
 */
export const submitTokens = pgTable("submit_tokens", {
  token: text("token").primaryKey(),
  userId: text("user_id").notNull(),
  /** {source: "cart", basketIds} | {source: "buyNow", prodId, skuId, prodCount}; addrId; shopIds. */
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  /** Comma-joined order numbers created with this token. */
  orderNumbers: text("order_numbers"),
  createdAt: created(),
}, (t) => [index("submit_tokens_user_idx").on(t.userId)]);

/** Order numbers: yyMMddHHmmss + 7 digits of this sequence (19 digits, always strings). */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1, increment: 1, minValue: 1, maxValue: 9_999_999, cycle: true });

/** Address copied into the order at submit time. */
export type OrderAddress = {
  receiver: string; mobile: string; province: string; city: string; area: string; addr: string;
  provinceId: number; cityId: number; areaId: number; postCode: string | null;
};
/**
 * Invoice choice stored with the order. type 0 none, 1 personal, 2 unit. The invoice feature
 * (domain/invoice) adds its state: 1 application in progress (absent = 1), 2 invoiced, with the
 * PDF the merchant uploaded (filePath, uploadTime ISO) once invoiced.
 */
export type OrderInvoice = {
  invoiceType: 0 | 1 | 2; headerName: string | null; invoiceTaxNumber: string | null;
  invoiceState?: 1 | 2; filePath?: string | null; uploadTime?: string | null; updateTime?: string | null;
};

/**
 * One order per shop (CONTRACT §4.5, §13 tz_order). status: 1 unpaid, 2 paid/to ship, 3 shipped,
 * 5 completed, 6 closed, 7 waiting for group. closeType: 1 payment timeout, 2 everything refunded, 4 buyer cancelled.
 * deleteStatus: 0 normal, 2 deleted by the buyer. isComm: 1 once every item is reviewed.
 */
export const orders = pgTable("orders", {
  orderId: serial("order_id").primaryKey(),
  orderNumber: text("order_number").notNull(),
  userId: text("user_id").notNull(),
  shopId: integer("shop_id").notNull(),
  shopName: jsonb("shop_name").$type<LocalizedText>().notNull(),
  /** Product names of the items (zh), for the order-number/product-name search. */
  prodNames: text("prod_names").notNull().default(""),
  status: smallint("status").notNull().default(1),
  orderType: smallint("order_type").notNull().default(0),
  /** 1 express. */
  dvyType: smallint("dvy_type").notNull().default(1),
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
}, (t) => [
  uniqueIndex("orders_number_uq").on(t.orderNumber),
  index("orders_user_idx").on(t.userId, t.deleteStatus, t.createdAt),
  index("orders_shop_idx").on(t.shopId, t.status, t.createdAt),
  index("orders_pay_no_idx").on(t.payNo),
]);

/** Order lines: a snapshot of the product at submit time (names in all three languages). */
export const orderItems = pgTable("order_items", {
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
  createdAt: created(),
}, (t) => [index("order_items_order_idx").on(t.orderNumber), index("order_items_user_idx").on(t.userId)]);

/**
 * Payments (CONTRACT §13 tz_order_settlement / pay_info): one per pay attempt over one or more
 * orders. status: 0 waiting, 1 paid, 2 closed (expired or superseded). payType: CONTRACT PayType.
 */
export const payments = pgTable("payments", {
  payNo: text("pay_no").primaryKey(),
  userId: text("user_id").notNull(),
  orderNumbers: text("order_numbers").notNull(),
  payType: smallint("pay_type").notNull(),
  amount: money("amount").notNull(),
  /** What is paid: "order" (orderNumbers), "recharge" (balance top-up, orderNumbers empty) or "level" (paid membership refId). */
  purpose: text("purpose").notNull().default("order"),
  /** The member level bought (purpose "level"). */
  refId: integer("ref_id"),
  status: smallint("status").notNull().default(0),
  /** The provider's trade number once paid. */
  providerTradeNo: text("provider_trade_no"),
  /** The pay page / QR code is valid until then. */
  expiresAt: ts("expires_at").notNull(),
  paidAt: ts("paid_at"),
  /** The last callback body the provider sent (audit). */
  callback: jsonb("callback").$type<Record<string, unknown>>(),
  /**
   * SHA-256 (hex) of the payment's page key: a random secret only the provider page link / QR
   * code carries; the sandbox's "Pay now" must present it (src/server/domain/payment/payment.ts).
   */
  pageKeyHash: text("page_key_hash"),
  createdAt: created(),
}, (t) => [index("payments_user_idx").on(t.userId)]);

/** Balance and points movements (audit; the uc-balance and uc-integral pages list them). kind: "balance" | "score". */
export const userLedger = pgTable("user_ledger", {
  id: serial("id").primaryKey(),
  userId: text("user_id").notNull(),
  kind: text("kind").notNull(),
  /** Signed change: money for balance, an integer for points. */
  amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
  /** Why: "orderPay", "orderUseScore", "orderCancelRefund", "orderEarnScore", … */
  reason: text("reason").notNull(),
  orderNumber: text("order_number"),
  /** Free text: why a platform adjustment was made (reason "adjust"). */
  note: text("note"),
  createdAt: created(),
}, (t) => [index("user_ledger_user_idx").on(t.userId, t.kind, t.createdAt)]);

/**
 * Packages of a shipped order (CONTRACT §4.6 DeliveryOrder). deliveryType: 1 express, 3 no logistics.
 * state: 0 no record, 1 collected, 2 in transit, 201 arrived at destination city, 3 signed, 4 problem.
 */
export const deliveries = pgTable("deliveries", {
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
}, (t) => [index("deliveries_order_idx").on(t.orderNumber)]);

/** Logistics events of a package, newest shown first. */
export const deliveryTraces = pgTable("delivery_traces", {
  id: serial("id").primaryKey(),
  orderDeliveryId: integer("order_delivery_id").notNull(),
  state: smallint("state").notNull(),
  acceptStation: text("accept_station").notNull(),
  acceptTime: ts("accept_time").notNull(),
}, (t) => [index("delivery_traces_delivery_idx").on(t.orderDeliveryId, t.acceptTime)]);

/**
 * Due-time jobs (unpaid-order cancel, shipped-order auto-confirm). A runner claims due rows with
 * FOR UPDATE SKIP LOCKED, so several server processes never run one job twice.
 */
export const jobs = pgTable("jobs", {
  id: serial("id").primaryKey(),
  kind: text("kind").notNull(),
  refKey: text("ref_key").notNull(),
  dueAt: ts("due_at").notNull(),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  doneAt: ts("done_at"),
  createdAt: created(),
}, (t) => [uniqueIndex("jobs_kind_ref_uq").on(t.kind, t.refKey), index("jobs_due_idx").on(t.dueAt)]);

/**
 * Refunds and returns (CONTRACT §5.1 tz_order_refund). refundType 1 whole order, 2 one line
 * (orderItemId, goodsNum of its prodCount). applyType 1 refund only, 2 return and refund.
 * returnMoneySts: 1 applied, 2 accepted (return: waiting for the buyer's parcel), 3 buyer
 * shipped, 4 seller received, 5 refunded, 6 withdrawn, 7 refused, -1 closed (src/lib/refund/refund-state.ts).
 * refundWay once refunded: "balance", "provider" or "points"; refundScore = points given back.
 */
export const orderRefunds = pgTable("order_refunds", {
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
  refundDelivery: jsonb("refund_delivery").$type<{ dvyId: number; expressName: string; expressNo: string; mobile: string; senderRemarks: string }>(),
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
}, (t) => [
  uniqueIndex("order_refunds_sn_uq").on(t.refundSn),
  index("order_refunds_order_idx").on(t.orderNumber),
  index("order_refunds_user_idx").on(t.userId, t.applyTime),
  index("order_refunds_shop_idx").on(t.shopId, t.returnMoneySts, t.applyTime),
]);

// ------------------------------------------------------------------------------------------
// Marketing: coupons and limited-time discounts (CONTRACT §6.3, §6.4; docs/pricing.md)
// ------------------------------------------------------------------------------------------

/**
 * Coupons. shopId 0 = a platform coupon (usable in every shop). couponType 1 cash (reduceAmount
 * off from cashCondition), 2 discount (couponDiscount 8.5 = pay 85 %). suitableProdType 0 all,
 * 1 selected (coupon_prods), 2 all but the selected. validTimeType 1 fixed startTime–endTime,
 * 2 validDays days from claiming (+ afterReceiveDays). Claimable between launchTime and overTime
 * while stocks > 0 and status 1; limitNum per user. stocks counts down at each claim.
 */
export const coupons = pgTable("coupons", {
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
}, (t) => [index("coupons_shop_idx").on(t.shopId, t.status, t.overTime)]);

/** Products a coupon applies to (suitableProdType 1) or excludes (2). */
export const couponProds = pgTable("coupon_prods", {
  couponId: integer("coupon_id").notNull(),
  prodId: integer("prod_id").notNull(),
}, (t) => [primaryKey({ columns: [t.couponId, t.prodId] }), index("coupon_prods_prod_idx").on(t.prodId)]);

/**
 * Coupons a buyer holds. status 1 not used, 2 used (orderNumbers, useTime; given back when the
 * unpaid orders close). Expired = not used and validEnd passed (computed, never stored).
 * deleted 1 = removed from "my coupons" (it still counts against the per-user limit).
 */
export const couponUsers = pgTable("coupon_users", {
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
}, (t) => [
  index("coupon_users_user_idx").on(t.userId, t.status, t.validEnd),
  index("coupon_users_coupon_user_idx").on(t.couponId, t.userId),
]);

/**
 * Limited-time discounts (CONTRACT §6.3). discountRule 0 spend X save Y, 1 buy N save Y, 2 spend X
 * get Z% off, 3 buy N get Z% off; discountType 0 highest tier once, 1 repeated; maxReduceAmount
 * caps one group's saving; suitableProdType 0 all the shop's products, 1 discount_prods.
 * status 1 on, 0 stopped.
 */
export const discounts = pgTable("discounts", {
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
}, (t) => [index("discounts_shop_idx").on(t.shopId, t.status, t.endTime)]);

/** Tiers: needAmount (money or pieces) and discount (amount saved, or the rate 8.5 = 85 %). */
export const discountItems = pgTable("discount_items", {
  discountItemId: serial("discount_item_id").primaryKey(),
  discountId: integer("discount_id").notNull(),
  needAmount: money("need_amount").notNull(),
  discount: money("discount").notNull(),
}, (t) => [index("discount_items_discount_idx").on(t.discountId)]);

export const discountProds = pgTable("discount_prods", {
  discountId: integer("discount_id").notNull(),
  prodId: integer("prod_id").notNull(),
}, (t) => [primaryKey({ columns: [t.discountId, t.prodId] }), index("discount_prods_prod_idx").on(t.prodId)]);

/** Daily sign-in (docs/points.md): one row per user and Asia/Shanghai calendar day; streak = consecutive days ending that day. */
export const signIns = pgTable("sign_ins", {
  userId: text("user_id").notNull(),
  /** yyyy-MM-dd in Asia/Shanghai. */
  day: text("day").notNull(),
  streak: integer("streak").notNull(),
  points: integer("points").notNull(),
  createdAt: created(),
}, (t) => [primaryKey({ columns: [t.userId, t.day] })]);

/**
 * Member levels (CONTRACT §6.6): levelType 0 ordinary (reached by growth), 1 paid (bought for
 * `price` per `termDays`). Equity: discount (a multiplier like "0.95" on goods prices, paid
 * levels), points multiplier, free shipping at self-operated shops (paid levels).
 */
export const memberLevels = pgTable("member_levels", {
  id: serial("id").primaryKey(),
  level: integer("level").notNull(),
  levelType: smallint("level_type").notNull(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  needGrowth: integer("need_growth").notNull().default(0),
  price: money("price").notNull().default("0"),
  termDays: integer("term_days").notNull().default(0),
  discount: numeric("discount", { precision: 4, scale: 2 }).notNull().default("1"),
  pointsMultiple: numeric("points_multiple", { precision: 4, scale: 2 }).notNull().default("1"),
  freeShipping: smallint("free_shipping").notNull().default(0),
  status: smallint("status").notNull().default(1),
}, (t) => [uniqueIndex("member_levels_uq").on(t.levelType, t.level)]);

/**
 * Store-opening applications (SPEC §1/§3/§4, CONTRACT §8), one row per buyer: a rejected one is
 * modified and resubmitted in place. status: 0 under review, 1 approved, -1 rejected (the
 * buyer's `shopAuditStatus`). shopId is set when the platform approves (the shop it created).
 * type: the store type asked for (0 general, 2 preferred). Images are upload paths (folder "store").
 */
export const storeApplications = pgTable("store_applications", {
  applyId: serial("apply_id").primaryKey(),
  userId: text("user_id").notNull(),
  shopName: text("shop_name").notNull(),
  mobile: text("mobile").notNull(),
  provinceId: integer("province_id").notNull(),
  province: text("province").notNull(),
  cityId: integer("city_id").notNull(),
  city: text("city").notNull(),
  areaId: integer("area_id").notNull(),
  area: text("area").notNull(),
  addr: text("addr").notNull(),
  intro: text("intro").notNull(),
  shopLogo: text("shop_logo").notNull(),
  businessLicense: text("business_license").notNull(),
  identityCardFront: text("identity_card_front").notNull(),
  identityCardLater: text("identity_card_later").notNull(),
  type: smallint("type").notNull().default(0),
  status: smallint("status").notNull().default(0),
  rejectReason: text("reject_reason"),
  shopId: integer("shop_id"),
  submittedAt: ts("submitted_at").notNull().defaultNow(),
  reviewedAt: ts("reviewed_at"),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [uniqueIndex("store_applications_user_uq").on(t.userId), index("store_applications_status_idx").on(t.status, t.submittedAt)]);

// ---------------------------------------------------------------------------------------------
// Chat (docs/chat.md)
// ---------------------------------------------------------------------------------------------

/**
 * One conversation per buyer and shop; shopId 0 = the platform's official service.
 * Read state: the highest message id each side has read (`userReadId`, `agentReadId`) and has
 * received on a socket (`…DeliveredId`); unread counters are kept beside them in the same
 * transaction as each message (the conversation list and the top bar badge read them directly).
 */
export const chatConversations = pgTable("chat_conversations", {
  conversationId: serial("conversation_id").primaryKey(),
  userId: text("user_id").notNull(),
  shopId: integer("shop_id").notNull(),
  lastMsgId: bigint("last_msg_id", { mode: "number" }).notNull().default(0),
  lastMsgAt: ts("last_msg_at"),
  userUnread: integer("user_unread").notNull().default(0),
  agentUnread: integer("agent_unread").notNull().default(0),
  userReadId: bigint("user_read_id", { mode: "number" }).notNull().default(0),
  agentReadId: bigint("agent_read_id", { mode: "number" }).notNull().default(0),
  userDeliveredId: bigint("user_delivered_id", { mode: "number" }).notNull().default(0),
  agentDeliveredId: bigint("agent_delivered_id", { mode: "number" }).notNull().default(0),
  createdAt: created(),
}, (t) => [
  uniqueIndex("chat_conversations_user_shop_uq").on(t.userId, t.shopId),
  index("chat_conversations_shop_idx").on(t.shopId, t.lastMsgAt),
]);

/** sender: 1 buyer, 2 agent (the shop's or the official service). msgType: 0 text, 1 image, 2 product card, 3 order card. */
export const chatMessages = pgTable("chat_messages", {
  msgId: bigserial("msg_id", { mode: "number" }).primaryKey(),
  conversationId: integer("conversation_id").notNull(),
  sender: smallint("sender").notNull(),
  msgType: smallint("msg_type").notNull().default(0),
  content: text("content").notNull(),
  createdAt: created(),
}, (t) => [index("chat_messages_conversation_idx").on(t.conversationId, t.msgId)]);

/** Agent sockets open now, in any process (a row per socket; rows not seen for 60 s count as gone). */
export const chatAgentPresence = pgTable("chat_agent_presence", {
  connId: text("conn_id").primaryKey(),
  shopId: integer("shop_id").notNull(),
  seenAt: ts("seen_at").notNull().defaultNow(),
}, (t) => [index("chat_agent_presence_shop_idx").on(t.shopId)]);

// ------------------------------------------------------------------------------------------
// Marketing II: flash sale and group buy (CONTRACT §6.1, §6.2; docs/group-buy-flash-sale.md)
// ------------------------------------------------------------------------------------------

/** Flash-sale sessions (time slots): every activity of a session runs from startTime to endTime. */
export const flashSessions = pgTable("flash_sessions", {
  sessionId: serial("session_id").primaryKey(),
  startTime: ts("start_time").notNull(),
  endTime: ts("end_time").notNull(),
  createdAt: created(),
}, (t) => [index("flash_sessions_time_idx").on(t.startTime)]);

/**
 * Flash-sale activities (seckill): one product of one shop in one session. maxNum = pieces one
 * buyer may buy (-1 no limit); payMinutes = the pay time limit of its orders. status 1 on, 0 ended
 * by the merchant. The flash units are the SKUs' own allocation (flash_skus.stocks), apart from
 * the SKUs' normal stock.
 */
export const flashActivities = pgTable("flash_activities", {
  seckillId: serial("seckill_id").primaryKey(),
  sessionId: integer("session_id").notNull(),
  shopId: integer("shop_id").notNull(),
  prodId: integer("prod_id").notNull(),
  maxNum: integer("max_num").notNull().default(-1),
  payMinutes: integer("pay_minutes").notNull().default(5),
  status: smallint("status").notNull().default(1),
  createdAt: created(),
}, (t) => [index("flash_activities_session_idx").on(t.sessionId), index("flash_activities_prod_idx").on(t.prodId)]);

/** Flash price and units left per SKU; stocks only ever change by one conditional update. */
export const flashSkus = pgTable("flash_skus", {
  seckillSkuId: serial("seckill_sku_id").primaryKey(),
  seckillId: integer("seckill_id").notNull(),
  skuId: integer("sku_id").notNull(),
  price: money("price").notNull(),
  stocks: integer("stocks").notNull(),
  originStocks: integer("origin_stocks").notNull(),
}, (t) => [uniqueIndex("flash_skus_uq").on(t.seckillId, t.skuId)]);

/** Pieces a buyer holds in a flash activity (unpaid and paid orders): the per-user limit's counter. */
export const flashBuys = pgTable("flash_buys", {
  seckillId: integer("seckill_id").notNull(),
  userId: text("user_id").notNull(),
  count: integer("count").notNull(),
}, (t) => [primaryKey({ columns: [t.seckillId, t.userId] })]);

/** Which flash SKU an order took its units from (closing the order gives them back). */
export const flashOrders = pgTable("flash_orders", {
  orderNumber: text("order_number").primaryKey(),
  seckillId: integer("seckill_id").notNull(),
  seckillSkuId: integer("seckill_sku_id").notNull(),
  userId: text("user_id").notNull(),
  count: integer("count").notNull(),
  /** 1 once the units went back (closed unpaid). */
  returned: smallint("returned").notNull().default(0),
}, (t) => [index("flash_orders_activity_idx").on(t.seckillId)]);

/**
 * Group-buy activities: one product of one shop. groupNumber = team size; maxNum = pieces one
 * buyer may buy per order (-1 no limit); teamHours = how long an opened team may take to fill.
 * status 1 on, 0 ended by the merchant.
 */
export const groupActivities = pgTable("group_activities", {
  groupActivityId: serial("group_activity_id").primaryKey(),
  shopId: integer("shop_id").notNull(),
  prodId: integer("prod_id").notNull(),
  groupNumber: integer("group_number").notNull(),
  maxNum: integer("max_num").notNull().default(-1),
  teamHours: integer("team_hours").notNull().default(24),
  startTime: ts("start_time").notNull(),
  endTime: ts("end_time").notNull(),
  status: smallint("status").notNull().default(1),
  createdAt: created(),
}, (t) => [index("group_activities_prod_idx").on(t.prodId), index("group_activities_time_idx").on(t.status, t.endTime)]);

export const groupSkus = pgTable("group_skus", {
  groupSkuId: serial("group_sku_id").primaryKey(),
  groupActivityId: integer("group_activity_id").notNull(),
  skuId: integer("sku_id").notNull(),
  actPrice: money("act_price").notNull(),
  sellNum: integer("sell_num").notNull().default(0),
}, (t) => [uniqueIndex("group_skus_uq").on(t.groupActivityId, t.skuId)]);

/**
 * Teams. status 0 awaiting (leader not paid), 1 grouping, 2 succeeded, 3 failed.
 * seats = members holding a place (unpaid and paid orders); joinNum = paid members.
 * endTime is set when the leader pays (the team opens).
 */
export const groupTeams = pgTable("group_teams", {
  groupTeamId: serial("group_team_id").primaryKey(),
  groupActivityId: integer("group_activity_id").notNull(),
  shopId: integer("shop_id").notNull(),
  prodId: integer("prod_id").notNull(),
  leaderUserId: text("leader_user_id").notNull(),
  groupNumber: integer("group_number").notNull(),
  seats: integer("seats").notNull().default(0),
  joinNum: integer("join_num").notNull().default(0),
  status: smallint("status").notNull().default(0),
  startTime: ts("start_time"),
  endTime: ts("end_time"),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [index("group_teams_activity_idx").on(t.groupActivityId, t.status, t.endTime)]);

/** Members of a team: one row per order. leader 1 = opened the team. paid 1 once its order is paid; left 1 once its order closed unpaid. */
export const groupMembers = pgTable("group_members", {
  id: serial("id").primaryKey(),
  groupTeamId: integer("group_team_id").notNull(),
  userId: text("user_id").notNull(),
  orderNumber: text("order_number").notNull(),
  leader: smallint("leader").notNull().default(0),
  paid: smallint("paid").notNull().default(0),
  left: smallint("left").notNull().default(0),
  createdAt: created(),
}, (t) => [uniqueIndex("group_members_order_uq").on(t.orderNumber), index("group_members_team_idx").on(t.groupTeamId)]);
