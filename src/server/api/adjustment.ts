/**
 * Platform adjustments of a user's points or balance (rules in src/server/domain/ledger/adjustment.ts),
 * platform token required (`npm run ops -- adjust`):
 *   POST /platform/users/{user}/adjust {kind: "points"|"balance", amount, reason} → AdjustmentResult
 * {user} is a username, mobile or user id. Refusals are A00001 with the message in the request's language.
 */
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { AdjustmentError, adjustUser } from "../domain/ledger/adjustment.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { readJson } from "./address.ts";
import { requirePlatform } from "./platform-auth.ts";

export const adjustmentRouter = new Hono<ApiEnv>();

adjustmentRouter.post("/platform/users/:user/adjust", requirePlatform, async (c) => {
  const body = (await readJson(c)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.badJson"));
  try {
    return ok(c, await adjustUser(c.var.app.db, c.req.param("user") ?? "", body, new Date()));
  } catch (err) {
    if (err instanceof AdjustmentError) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(err.key));
    throw err;
  }
});
