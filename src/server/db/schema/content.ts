/**
 * Public content (domain/content): notices, site configuration, and the version counters and
 * change log of public content that the render cache and the read models follow.
 */
import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../../lib/locale.ts";
import { ts, updated } from "./columns.ts";

/** shopId 0 = platform notice. status 1 published. */
export const notices = pgTable(
  "notices",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull().default(0),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    content: jsonb("content").$type<LocalizedText>().notNull(),
    isTop: smallint("is_top").notNull().default(0),
    status: smallint("status").notNull().default(1),
    publishTime: ts("publish_time").notNull().defaultNow(),
    updatedAt: updated(),
  },
  (t) => [index("notices_shop_idx").on(t.shopId, t.status)],
);

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
export const contentChanges = pgTable(
  "content_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tag: text("tag").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_changes_changed_at_idx").on(t.changedAt)],
);
