/**
 * Footprints (CONTRACT §7.2), login required:
 *   POST   /p/user/recentBrowse (SPEC §7: form encoded; JSON and ?prodId= accepted too) → null: records a
 *          footprint for an existing product; an unknown product is ignored (fire-and-forget call
 *          from the detail page)
 *   GET    /p/prodBrowseLog/page?current&size → Page<{time: "yyyy-MM-dd", list: FootprintItem[]}>
 *          (paged by footprint rows, then grouped by Asia/Shanghai day; see footprintPage)
 *   DELETE /p/prodBrowseLog        body [prodBrowseLogId…] (or {prodBrowseLogIds}) → null;
 *          all or nothing: any id that is not the user's → "footprint not found", nothing deleted
 *   DELETE /p/prodBrowseLog/all    → number of footprints removed
 * Field names in messages come from address.fields (the user centre's labels), then validation.fields.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { intField, pageParams } from "../../lib/validation.ts";
import { clearFootprints, deleteFootprints, footprintPage, recordFootprint } from "../domain/footprint/footprint.ts";
import { recentBrowseBody } from "../../lib/catalog/catalog-params.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parse, parseQuery, readForm, readJson, readText } from "./kit.ts";

/** At most this many footprints are deleted by one call. */
const FOOTPRINT_DELETE_MAX = 100;

const LABELS = { labels: "address" } as const;

const idsRule = z.object({
  prodBrowseLogIds: z
    .array(intField(1, Number.MAX_SAFE_INTEGER), { error: "validation.invalid" })
    .min(1, "validation.required")
    .max(FOOTPRINT_DELETE_MAX, "validation.outOfRange"),
});

export const footprintRouter = new Hono<ApiEnv>();

const prodIdQuery = z.object({ prodId: z.string().optional() });

/** The recentBrowse body in any of its spellings, as {prodId}. */
async function readBrowseBody(c: Context<ApiEnv>): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const fromQuery = parseQuery(c, prodIdQuery).prodId;
  try {
    if (type.includes("application/json")) {
      const body: unknown = await readJson(c);
      if (typeof body === "number" || typeof body === "string") return { prodId: body };
      return body ?? {};
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await readForm(c);
      return { prodId: typeof form.prodId === "string" ? form.prodId : fromQuery };
    }
    const text = (await readText(c)).trim();
    if (/^\d+$/.test(text)) return { prodId: text };
  } catch {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("catalog.badBody"));
  }
  return { prodId: fromQuery };
}

footprintRouter.post("/p/user/recentBrowse", async (c) => {
  const { prodId } = parse(c, recentBrowseBody, await readBrowseBody(c));
  await recordFootprint(c.var.app.db, c.var.userId, prodId);
  return ok(c, null);
});

footprintRouter.get("/p/prodBrowseLog/page", async (c) => {
  const { current, size } = parseQuery(c, pageParams, LABELS);
  return ok(c, await footprintPage(c.var.app.db, c.var.userId, c.var.locale, current, size));
});

footprintRouter.delete("/p/prodBrowseLog/all", async (c) => ok(c, await clearFootprints(c.var.app.db, c.var.userId)));

footprintRouter.delete("/p/prodBrowseLog", async (c) => {
  const body = await readJson(c);
  const { prodBrowseLogIds } = parse(c, idsRule, Array.isArray(body) ? { prodBrowseLogIds: body } : body, LABELS);
  if (!(await deleteFootprints(c.var.app.db, c.var.userId, prodBrowseLogIds))) {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("address.footprintNotFound"));
  }
  return ok(c, null);
});
