/** Merchant accounts (domain/merchant). */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created } from "./columns.ts";

/** Merchant (seller platform) accounts: one or more per shop; tokens are sessions of kind 'merchant'. */
export const merchantAccounts = pgTable(
  "merchant_accounts",
  {
    merchantId: serial("merchant_id").primaryKey(),
    shopId: integer("shop_id").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    status: smallint("status").notNull().default(1),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("merchant_accounts_username_uq").on(sql`lower(${t.username})`),
    index("merchant_accounts_shop_idx").on(t.shopId),
  ],
);
