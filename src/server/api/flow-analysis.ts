/**
 * Visit logs (CONTRACT §11, docs/flow-analysis.md): POST /flowAnalysisLog (visitor) and
 * POST /p/flowAnalysisLog (logged in: userId stored). JSON body of at most 8 KB, validated by
 * the shared schema; answers null data. Nothing is stored when the body is refused.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ResponseCode } from "../../lib/api-types.ts";
import { FLOW_LOG_MAX_BYTES, flowAnalysisLogSchema } from "../../lib/flow-analysis/flow-analysis.ts";
import { recordFlowLog } from "../domain/flow-analysis/flow-analysis.ts";
import type { ApiEnv } from "./context.ts";
import { envelope, ok } from "./envelope.ts";
import { parseJson } from "./validate.ts";

export const flowAnalysisRouter = new Hono<ApiEnv>();

const limit = bodyLimit({
  maxSize: FLOW_LOG_MAX_BYTES,
  onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c as Context<ApiEnv>).var.t("catalog.bodyTooLarge")), 413),
});

flowAnalysisRouter.post("/flowAnalysisLog", limit, async (c) => {
  const log = await parseJson(c, flowAnalysisLogSchema);
  await recordFlowLog(c.var.app.db, log, null);
  return ok(c, null);
});

flowAnalysisRouter.post("/p/flowAnalysisLog", limit, async (c) => {
  const log = await parseJson(c, flowAnalysisLogSchema);
  await recordFlowLog(c.var.app.db, log, c.var.userId);
  return ok(c, null);
});
