/** Flow analysis (domain/flow-analysis). */
import { bigint, index, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { created } from "./columns.ts";

/** Visit logs of the flow analysis (SPEC §3, CONTRACT §11). userId set when sent to /p/flowAnalysisLog. */
export const flowLogs = pgTable(
  "flow_logs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: text("uuid").notNull(),
    uuidSession: text("uuid_session").notNull(),
    userId: text("user_id"),
    pageId: integer("page_id").notNull(),
    prevPageId: integer("prev_page_id"),
    bizType: smallint("biz_type"),
    bizData: text("biz_data"),
    step: integer("step").notNull().default(1),
    systemType: smallint("system_type").notNull().default(1),
    visitType: smallint("visit_type").notNull().default(1),
    nums: integer("nums"),
    orderNumbers: text("order_numbers"),
    createdAt: created(),
  },
  (t) => [index("flow_logs_created_idx").on(t.createdAt), index("flow_logs_session_idx").on(t.uuidSession)],
);
