/**
 * Visit logs (CONTRACT §11, docs/flow-analysis.md): POST /flowAnalysisLog (visitor) and
 * POST /p/flowAnalysisLog (logged in: userId stored). JSON body of at most 8 KB (the limit is in
 * src/server/http/body-limit.ts), validated by the shared schema; answers null data. Nothing is
 * stored when the body is refused.
 */
import { Hono } from "hono";
import { flowAnalysisLogSchema } from "../../lib/flow-analysis/flow-analysis.ts";
import { recordFlowLog } from "../domain/flow-analysis/flow-analysis.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { parseJson } from "./kit.ts";

export const flowAnalysisRouter = new Hono<ApiEnv>();

flowAnalysisRouter.post("/flowAnalysisLog", async (c) => {
  const log = await parseJson(c, flowAnalysisLogSchema);
  await recordFlowLog(c.var.app.db, log, null);
  return ok(c, null);
});

flowAnalysisRouter.post("/p/flowAnalysisLog", async (c) => {
  const log = await parseJson(c, flowAnalysisLogSchema);
  await recordFlowLog(c.var.app.db, log, c.var.userId);
  return ok(c, null);
});
