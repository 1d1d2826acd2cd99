/** Column shapes every feature's tables share: money is numeric(12,2), times are timestamptz. */
import { customType, numeric, timestamp } from "drizzle-orm/pg-core";

export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const created = () => ts("created_at").notNull().defaultNow();
export const updated = () => ts("updated_at").notNull().defaultNow();

/** A full-text search vector (filled by the database's triggers, never written by the app). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
