/** Payments (domain/payment). */
import { index, integer, jsonb, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { created, money, ts } from "./columns.ts";

/**
 * Payments (CONTRACT §13 tz_order_settlement / pay_info): one per pay attempt over one or more
 * orders. status: 0 waiting, 1 paid, 2 closed (expired or superseded). payType: CONTRACT PayType.
 */
export const payments = pgTable(
  "payments",
  {
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
  },
  (t) => [index("payments_user_idx").on(t.userId)],
);
