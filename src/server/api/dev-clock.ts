/**
 * A controllable clock for browser tests (DEV_CLOCK=1 only; production refuses to start with it,
 * src/server/production-guard.ts): POST /api/dev/jobs/run {now, kinds} runs the due jobs of the
 * given kinds as of `now`, exactly as the job runner would at that time (domain/jobs). The
 * renovation studio's test schedules a page for later and then "moves the clock" here to see it go
 * live, without waiting and without running any other kind of job. Without DEV_CLOCK: A00013.
 */
import { Hono } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { runDueJobs } from "../all-jobs.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parseJson } from "./kit.ts";

const runRule = z.object({
  now: z.iso.datetime({ offset: true, error: "validation.invalid" }),
  kinds: z
    .array(z.string().regex(/^[A-Za-z]{1,40}$/, "validation.invalid"))
    .min(1, "validation.invalid")
    .max(10, "validation.invalid"),
});

export const devClockRouter = new Hono<ApiEnv>();

devClockRouter.post("/dev/jobs/run", async (c) => {
  if (!c.var.app.config.devClock) throw new ApiError(ResponseCode.NOT_FOUND, c.var.t("api.notFound"), 404);
  const input = await parseJson(c, runRule);
  return ok(c, await runDueJobs(c.var.app.db, new Date(input.now), 100, input.kinds));
});
