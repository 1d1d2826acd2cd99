/** Due-time jobs (domain/jobs). */
import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, ts } from "./columns.ts";

/**
 * Due-time jobs (unpaid-order cancel, shipped-order auto-confirm). A runner claims due rows with
 * FOR UPDATE SKIP LOCKED, so several server processes never run one job twice.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    refKey: text("ref_key").notNull(),
    dueAt: ts("due_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    doneAt: ts("done_at"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("jobs_kind_ref_uq").on(t.kind, t.refKey), index("jobs_due_idx").on(t.dueAt)],
);
