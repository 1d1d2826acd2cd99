/**
 * The logged-in user (CONTRACT §7.1):
 *   GET /p/user/userInfo → UserInfo        GET /p/user/centerInfo → CenterInfo
 *   PUT /p/user/setUserInfo {nickName, avatarUrl?, sex?} → null
 *   PUT /p/user/updatePassword {oldPassword?, newPassword, confirmPassword?, validCode?} → TokenInfo
 * Data is always that of the session's user (c.var.userId), never of an id in the request.
 */
import { Hono } from "hono";
import { z } from "zod";
import { RULE_KEYS } from "../../lib/rules.ts";
import { nicknameRule, passwordPairRule, passwordRule, smsCodeRule } from "../../lib/rule-schemas.ts";
import { getCenterInfo, getUserInfo, setUserInfo, updatePassword } from "../domain/account/user-profile.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { parseAuthJson, run, smallBody } from "./auth.ts";
import { controlFreeString } from "../../lib/rule-schemas.ts";

const setUserInfoBody = z.object({
  nickName: nicknameRule,
  avatarUrl: controlFreeString("auth.avatarInvalid").trim().max(200, "auth.avatarInvalid").optional().nullable(),
  sex: z.enum(["M", "F"], { error: "auth.sexInvalid" }).optional().nullable(),
});

const updatePasswordBody = z
  .object({
    oldPassword: z.string({ error: "auth.oldPasswordRequired" }).max(128, "auth.oldPasswordWrong").optional().nullable(),
    newPassword: passwordRule,
    confirmPassword: z.string({ error: RULE_KEYS.confirmPasswordRequired }).optional(),
    validCode: z.preprocess((v) => (v === "" || v === null ? undefined : v), smsCodeRule.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword === undefined) return;
    const r = passwordPairRule.safeParse({ password: v.newPassword, confirmPassword: v.confirmPassword });
    if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  });

export const userRouter = new Hono<ApiEnv>();

userRouter.get("/p/user/userInfo", async (c) => ok(c, await run(c, () => getUserInfo(c.var.app.db, c.var.userId))));

userRouter.get("/p/user/centerInfo", async (c) => ok(c, await run(c, () => getCenterInfo(c.var.app.db, c.var.userId, c.var.locale, new Date()))));

userRouter.put("/p/user/setUserInfo", smallBody, async (c) => {
  const body = await parseAuthJson(c, setUserInfoBody);
  await run(c, () => setUserInfo(c.var.app.db, c.var.app.storage, c.var.userId, {
    nickName: body.nickName,
    avatarUrl: body.avatarUrl ?? undefined,
    sex: body.sex ?? undefined,
    now: new Date(),
  }));
  return ok(c, null);
});

userRouter.put("/p/user/updatePassword", smallBody, async (c) => {
  const body = await parseAuthJson(c, updatePasswordBody);
  return ok(c, await run(c, () => updatePassword(c.var.app.db, c.var.userId, {
    oldPassword: body.oldPassword || undefined,
    newPassword: body.newPassword,
    validCode: body.validCode,
    now: new Date(),
  })));
});
