/**
 * Membership (CONTRACT §6.6; rules in src/server/domain/member/member.ts), login required:
 *   GET  /p/score/scoreLevel/page?levelType=0|1  → LevelPageDto
 *   GET  /p/level/payStatus?payNo= → 0 waiting, 1 paid, 2 closed or expired
 *   POST /p/level/payLevel {id, payType 9|2|3, returnUrl?} → {type 1, message, endTime, balance} | {type 3, message, balance} | {type 2, ...ProviderPayDto}
 */
import { z } from "zod";
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { ID_MAX } from "../../lib/ids.ts";
import { strictInt } from "../../lib/validation.ts";
import { buyLevel, levelPage, levelPayStatus } from "../domain/member/member.ts";
import { safeReturnUrl } from "../domain/payment/payment-rules.ts";
import { paymentProviderFor } from "../providers/payment.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parseQuery, queryText, readObject, run } from "./kit.ts";

const levelTypeQuery = z.object({ levelType: z.string().optional() });

export const memberRouter = new Hono<ApiEnv>();

memberRouter.get("/p/score/scoreLevel/page", async (c) => {
  const levelType = parseQuery(c, levelTypeQuery).levelType === "1" ? 1 : 0;
  return ok(c, await levelPage(c.var.app.db, c.var.userId, levelType, c.var.locale, new Date()));
});

memberRouter.get("/p/level/payStatus", async (c) => {
  const st = await levelPayStatus(c.var.app.db, c.var.userId, queryText(c, "payNo"), new Date());
  if (st === null) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("order.paymentNotFound"));
  return ok(c, st);
});

memberRouter.post("/p/level/payLevel", async (c) => {
  const body = await readObject(c);
  const levelId = strictInt(body.id) ?? 0;
  const payType = strictInt(body.payType) ?? Number.NaN;
  if (levelId < 1 || levelId > ID_MAX) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("member.levelNotFound"));
  return run(c, async () => {
    const r = await buyLevel(
      c.var.app.db,
      paymentProviderFor(c.var.app.config),
      {
        userId: c.var.userId,
        levelId,
        payType,
        returnUrl: safeReturnUrl(body.returnUrl) ?? undefined,
        subject: c.var.t("member.subject"),
        locale: c.var.locale,
      },
      new Date(),
    );
    if (r.type === 1) return { ...r, message: c.var.t("member.paid") };
    if (r.type === 3) return { ...r, message: c.var.t("payment.insufficientBalance", { balance: r.balance }) };
    return { type: 2, ...r.pay };
  });
});
