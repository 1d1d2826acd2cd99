/** Points (domain/points): daily sign-in. */
import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { created } from "./columns.ts";

/** Daily sign-in (docs/points.md): one row per user and Asia/Shanghai calendar day; streak = consecutive days ending that day. */
export const signIns = pgTable(
  "sign_ins",
  {
    userId: text("user_id").notNull(),
    /** yyyy-MM-dd in Asia/Shanghai. */
    day: text("day").notNull(),
    streak: integer("streak").notNull(),
    points: integer("points").notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
