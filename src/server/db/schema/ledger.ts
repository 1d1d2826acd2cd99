/** Balance and points ledger (domain/ledger). */
import { index, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { created } from "./columns.ts";

/** Balance and points movements (audit; the uc-balance and uc-integral pages list them). kind: "balance" | "score". */
export const userLedger = pgTable(
  "user_ledger",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").notNull(),
    kind: text("kind").notNull(),
    /** Signed change: money for balance, an integer for points. */
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    /** Why: "orderPay", "orderUseScore", "pointsMallExchange", "orderCancelRefund", "orderEarnScore", … */
    reason: text("reason").notNull(),
    orderNumber: text("order_number"),
    /** Free text: why a platform adjustment was made (reason "adjust"). */
    note: text("note"),
    createdAt: created(),
  },
  (t) => [index("user_ledger_user_idx").on(t.userId, t.kind, t.createdAt)],
);
