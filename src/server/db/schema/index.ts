/**
 * The one database schema, for PGlite and PostgreSQL alike: one file per feature, named as the
 * feature's folder in src/server/domain, re-exported here. SQL migrations in ../migrations are
 * generated from these files by drizzle-kit (`npm run db:generate`) and committed.
 * Money is numeric(12,2) (strings in JS, decimal.js in src/lib/money.ts); texts shown in three
 * languages are jsonb LocalizedText ({zh, "zh-tw", en}); product texts have their own table.
 */
export * from "./account.ts";
export * from "./address.ts";
export * from "./cart.ts";
export * from "./catalog.ts";
export * from "./chat.ts";
export * from "./collection.ts";
export * from "./content.ts";
export * from "./coupon.ts";
export * from "./discount.ts";
export * from "./flash-sale.ts";
export * from "./flow-analysis.ts";
export * from "./footprint.ts";
export * from "./group-buy.ts";
export * from "./jobs.ts";
export * from "./ledger.ts";
export * from "./member.ts";
export * from "./merchant.ts";
export * from "./order.ts";
export * from "./payment.ts";
export * from "./points.ts";
export * from "./refund.ts";
export * from "./renovation.ts";
export * from "./review.ts";
export * from "./shop.ts";
export * from "./store-application.ts";
export * from "./upload.ts";
