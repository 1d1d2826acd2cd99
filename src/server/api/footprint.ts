/**
 * POST /p/user/recentBrowse (SPEC §7: form encoded; JSON and ?prodId= accepted too): records a
 * footprint of the logged-in user for an existing product. Answers null data; an unknown
 * product is ignored (fire-and-forget call from the detail page).
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ResponseCode } from "../../lib/api-types.ts";
import { recentBrowseBody } from "../../lib/catalog/catalog-params.ts";
import { recordFootprint } from "../domain/footprint/footprint.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, envelope, ok } from "./envelope.ts";

export const footprintRouter = new Hono<ApiEnv>();

async function readBody(c: Context<ApiEnv>): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const fromQuery = c.req.query("prodId");
  try {
    if (type.includes("application/json")) {
      const body: unknown = await c.req.json();
      if (typeof body === "number" || typeof body === "string") return { prodId: body };
      return body ?? {};
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await c.req.parseBody();
      return { prodId: typeof form.prodId === "string" ? form.prodId : fromQuery };
    }
    const text = (await c.req.text()).trim();
    if (/^\d+$/.test(text)) return { prodId: text };
  } catch {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("catalog.badBody"));
  }
  return { prodId: fromQuery };
}

footprintRouter.post(
  "/p/user/recentBrowse",
  bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c as Context<ApiEnv>).var.t("catalog.bodyTooLarge")), 413) }),
  async (c) => {
    const { prodId } = recentBrowseBody.parse(await readBody(c));
    await recordFootprint(c.var.app.db, c.var.userId, prodId);
    return ok(c, null);
  },
);
