/**
 * Points (CONTRACT §6.5; rules in src/server/domain/points/points-ledger.ts and sign-in.ts), login required:
 *   GET  /p/score/scoreInfo          → PointsInfoDto (balance, expiring points, sign-in streak and 7-day strip)
 *   GET  /p/score/page?current&size  → Page<PointsLogDto> (newest first)
 *   POST /p/score/signIn             → {points, signInCount, score}; twice the same Asia/Shanghai day → A00001
 *   GET  /p/score/getScoreQuestion   → the points rules text (translated)
 */
import { Hono } from "hono";
import { pageParams } from "../../lib/validation.ts";
import { pointsLog } from "../domain/points/points-ledger.ts";
import { pointsInfo, signIn, SIGN_IN_REWARDS } from "../domain/points/sign-in.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { parseQuery, run } from "./kit.ts";

export const pointsRouter = new Hono<ApiEnv>();

pointsRouter.get("/p/score/scoreInfo", async (c) => ok(c, await pointsInfo(c.var.app.db, c.var.userId, new Date())));

pointsRouter.get("/p/score/page", async (c) => {
  const { current, size } = parseQuery(c, pageParams);
  return ok(c, await pointsLog(c.var.app.db, c.var.userId, current, size));
});

pointsRouter.post("/p/score/signIn", async (c) =>
  run(c, async () => {
    const r = await signIn(c.var.app.db, c.var.userId, new Date());
    return { ...r, message: c.var.t("points.signedIn", { count: r.points }) };
  }),
);

pointsRouter.get("/p/score/getScoreQuestion", (c) =>
  ok(c, {
    title: c.var.t("points.rules.title"),
    items: c.var.t("points.rules.items", {
      returnObjects: true,
      rewards: SIGN_IN_REWARDS.join(" / "),
    }) as unknown as string[],
  }),
);
