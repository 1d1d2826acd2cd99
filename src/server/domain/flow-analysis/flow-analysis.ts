/** Stores visit logs of the flow analysis (CONTRACT §11, docs/flow-analysis.md). */
import type { FlowAnalysisLog } from "../../../lib/flow-analysis/flow-analysis.ts";
import type { Db } from "../../db/client.ts";
import { flowLogs } from "../../db/schema/index.ts";

/** Stores one validated visit log; userId when it came through /p/flowAnalysisLog. */
export async function recordFlowLog(db: Db, log: FlowAnalysisLog, userId: string | null): Promise<void> {
  await db.insert(flowLogs).values({
    uuid: log.uuid,
    uuidSession: log.uuidSession,
    userId,
    pageId: log.pageId,
    prevPageId: log.prevPageId ?? null,
    bizType: log.bizType ?? null,
    bizData: log.bizData ?? null,
    step: log.step,
    systemType: log.systemType,
    visitType: log.visitType,
    nums: log.nums ?? null,
    orderNumbers: log.orderNumbers ?? null,
  });
}
