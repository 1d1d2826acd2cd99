/** Accounts (domain/account): buyers, access tokens of buyers and merchants, SMS codes, rate-limit counters. */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, money, ts, updated } from "./columns.ts";

export const users = pgTable(
  "users",
  {
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
  },
  (t) => [
    uniqueIndex("users_username_uq").on(sql`lower(${t.username})`),
    uniqueIndex("users_mobile_uq").on(t.userMobile),
  ],
);

/** Access tokens: only a SHA-256 of the token is stored. kind: 'user' (buyer) or 'merchant'. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    kind: text("kind").notNull().default("user"),
    userId: text("user_id"),
    shopId: integer("shop_id"),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("sessions_token_uq").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** SMS verification codes (only a hash is stored). purpose: login | register | reset | password. */
export const smsCodes = pgTable(
  "sms_codes",
  {
    id: serial("id").primaryKey(),
    mobile: text("mobile").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    consumedAt: ts("consumed_at"),
    ip: text("ip"),
    createdAt: created(),
  },
  (t) => [index("sms_codes_mobile_idx").on(t.mobile, t.purpose, t.createdAt)],
);

/** Fixed-window counters for rate limits that must hold across processes (login, SMS). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
