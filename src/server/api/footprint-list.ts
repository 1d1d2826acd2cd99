/**
 * Footprint list of the user centre (CONTRACT §7.2), login required:
 *   GET    /p/prodBrowseLog/page?current&size → Page<{time: "yyyy-MM-dd", list: FootprintItem[]}>
 *          (paged by footprint rows, then grouped by Asia/Shanghai day; see footprintPage)
 *   DELETE /p/prodBrowseLog        body [prodBrowseLogId…] (or {prodBrowseLogIds}) → null;
 *          all or nothing: any id that is not the user's → "footprint not found", nothing deleted
 *   DELETE /p/prodBrowseLog/all    → number of footprints removed
 * Recording a footprint is POST /p/user/recentBrowse (api/footprint.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { intField, pageParams } from "../../lib/validation.ts";
import { clearFootprints, deleteFootprints, footprintPage } from "../domain/footprint/footprint.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parseWith, readJson } from "./address.ts";

/** At most this many footprints are deleted by one call. */
export const FOOTPRINT_DELETE_MAX = 100;

const idsRule = z.object({
  prodBrowseLogIds: z
    .array(intField(1, Number.MAX_SAFE_INTEGER), { error: "validation.invalid" })
    .min(1, "validation.required")
    .max(FOOTPRINT_DELETE_MAX, "validation.outOfRange"),
});

export const footprintListRouter = new Hono<ApiEnv>();

footprintListRouter.get("/p/prodBrowseLog/page", async (c) => {
  const { current, size } = parseWith(c, pageParams, c.req.query());
  return ok(c, await footprintPage(c.var.app.db, c.var.userId, c.var.locale, current, size));
});

footprintListRouter.delete("/p/prodBrowseLog/all", async (c) => ok(c, await clearFootprints(c.var.app.db, c.var.userId)));

footprintListRouter.delete("/p/prodBrowseLog", async (c) => {
  const body = await readJson(c);
  const { prodBrowseLogIds } = parseWith(c, idsRule, Array.isArray(body) ? { prodBrowseLogIds: body } : body);
  if (!(await deleteFootprints(c.var.app.db, c.var.userId, prodBrowseLogIds))) {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("address.footprintNotFound"));
  }
  return ok(c, null);
});
