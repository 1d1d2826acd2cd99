/** Member levels (domain/member). */
import { integer, jsonb, numeric, pgTable, serial, smallint, uniqueIndex } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../../lib/locale.ts";
import { money } from "./columns.ts";

/**
 * Member levels (CONTRACT §6.6): levelType 0 ordinary (reached by growth), 1 paid (bought for
 * `price` per `termDays`). Equity: discount (a multiplier like "0.95" on goods prices, paid
 * levels), points multiplier, free shipping at self-operated shops (paid levels).
 */
export const memberLevels = pgTable(
  "member_levels",
  {
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
  },
  (t) => [uniqueIndex("member_levels_uq").on(t.levelType, t.level)],
);
