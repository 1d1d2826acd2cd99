/**
 * Platform adjustments of a user's points or balance (rules in src/server/domain/ledger/adjustment.ts),
 * platform token required (`npm run ops -- adjust`):
 *   POST /platform/users/{user}/adjust {kind: "points"|"balance", amount, reason} → AdjustmentResult
 * {user} is a username, mobile or user id. Refusals are A00001 with the message in the request's language.
 */
import { z } from "zod";
import { Hono } from "hono";
import { adjustUser } from "../domain/ledger/adjustment.ts";
import type { ApiEnv } from "./context.ts";
import { parseParams, readObject, run } from "./kit.ts";
import { requirePlatform } from "./platform-auth.ts";

/** The user named by username, mobile or id (adjustUser looks it up). */
const userParams = z.object({ user: z.string().default("") });

export const ledgerRouter = new Hono<ApiEnv>();

ledgerRouter.post("/platform/users/:user/adjust", requirePlatform, async (c) => {
  const body = await readObject(c);
  return run(c, () => adjustUser(c.var.app.db, parseParams(c, userParams).user, body, new Date()));
});
