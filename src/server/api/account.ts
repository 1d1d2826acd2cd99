/**
 * Accounts API (CONTRACT §2; docs/account.md). Public paths: the login popup, /register and
 * /forget-password call them without a token.
 *   POST /sms/sendLoginCode {mobile}              POST /sms/sendRegisterCode {mobile}
 *   POST /sms/sendUpdatePwdCode {mobile}          POST /login {userName, passWord} → TokenInfo
 *   POST /smsLogin {userName: mobile, passWord: code} → TokenInfo
 *   POST /user/register {userName, password, confirmPassword?, mobile, validCode, agreed} → TokenInfo
 *   PUT  /user/checkUpdatePwdSms {mobile, validCode} → flag (string)
 *   PUT  /user/updatePwd {mobile, password, confirmPassword?, checkRegisterSmsFlag} → null
 *   POST /logOut (Authorization header) → null, always
 * Logged in: POST /p/sms/sendPasswordCode → null (code of purpose "password" to the user's mobile),
 * and the user's own profile (below). Small forms: their body limits are in src/server/http/body-limit.ts.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { isMobile, isUsername, passwordPairRule } from "../../lib/account/account-rules.ts";
import { RULE_KEYS } from "../../lib/rule-keys.ts";
import { ruleErrors } from "../../lib/rule-kit.ts";
import {
  controlFreeString,
  mobileRule,
  nicknameRule,
  passwordRule,
  smsCodeRule,
  usernameRule,
} from "../../lib/rule-schemas.ts";
import {
  checkResetCode,
  findUserById,
  findUserByMobile,
  loginWithPassword,
  loginWithSms,
  REGISTER_LIMIT,
  registerUser,
  resetPassword,
  revokeToken,
} from "../domain/account/auth.ts";
import { pruneRateLimits } from "../domain/kernel/rate-limit.ts";
import { normalizeMobile, sendSmsCode, SMS_LIMITS } from "../domain/account/sms.ts";
import { getCenterInfo, getUserInfo, setUserInfo, updatePassword } from "../domain/account/user-profile.ts";
import { getServiceSwitch } from "../domain/kernel/site.ts";
import type { SmsNotice, SmsPurpose } from "../providers/sms.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { clientIp, parseJson, run, sentToken } from "./kit.ts";

/** The stored form of a mobile that passed mobileRule. */
function stored(mobile: string): string {
  return normalizeMobile(mobile) ?? mobile;
}

// ---------------------------------------------------------------------------------------------
// Request rules (SPEC §5 rules from src/lib/account/account-rules.ts)
// ---------------------------------------------------------------------------------------------

const mobileBody = z.object({ mobile: mobileRule });

/** Login account: a username (4-16 letters, digits, _) or a mobile number. */
const accountRule = z
  .string({ error: RULE_KEYS.usernameInvalid })
  .trim()
  .min(1, { error: RULE_KEYS.usernameInvalid, abort: true })
  .refine((s) => isUsername(s) || isMobile(s), RULE_KEYS.usernameInvalid);

/** The login password is only checked for presence (and a sane length); the hash decides. */
const loginPasswordRule = z
  .string({ error: RULE_KEYS.passwordRequired })
  .min(1, { error: RULE_KEYS.passwordRequired, abort: true })
  .max(128, RULE_KEYS.passwordInvalid);

const loginBody = z.object({ userName: accountRule, passWord: loginPasswordRule });
const smsLoginBody = z.object({ userName: mobileRule, passWord: smsCodeRule });

/** confirmPassword is optional; when sent it must match the (new) password (passwordPairRule). */
function withOptionalConfirm<T extends { confirmPassword?: string }>(passwordOf: (v: T) => string) {
  return (v: T, ctx: z.RefinementCtx) => {
    if (v.confirmPassword === undefined) return;
    const pair = ruleErrors(passwordPairRule, { password: passwordOf(v), confirmPassword: v.confirmPassword });
    for (const [field, message] of Object.entries(pair)) ctx.addIssue({ code: "custom", message, path: [field] });
  };
}

const registerBody = z
  .object({
    userName: usernameRule,
    password: passwordRule,
    confirmPassword: z.string({ error: RULE_KEYS.confirmPasswordRequired }).optional(),
    mobile: mobileRule,
    validCode: smsCodeRule,
    agreed: z.boolean({ error: RULE_KEYS.termsRequired }).optional(),
  })
  .superRefine(withOptionalConfirm((v) => v.password));

const checkResetBody = z.object({ mobile: mobileRule, validCode: smsCodeRule });

const resetBody = z
  .object({
    mobile: mobileRule,
    password: passwordRule,
    confirmPassword: z.string({ error: RULE_KEYS.confirmPasswordRequired }).optional(),
    checkRegisterSmsFlag: z
      .string({ error: "account.resetFlagInvalid" })
      .trim()
      .min(1, "account.resetFlagInvalid")
      .max(200, "account.resetFlagInvalid"),
  })
  .superRefine(withOptionalConfirm((v) => v.password));

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

export const accountRouter = new Hono<ApiEnv>();

async function send(c: Context<ApiEnv>, mobile: string, purpose: SmsPurpose, notice?: SmsNotice) {
  const now = new Date();
  const limits = {
    ...SMS_LIMITS,
    perIpDaily: { ...SMS_LIMITS.perIpDaily, limit: c.var.app.config.ipLimits.smsPerDay },
  };
  return run(c, async () => {
    await sendSmsCode(
      c.var.app.db,
      c.var.app.sms,
      { mobile, purpose, notice, ip: clientIp(c), locale: c.var.locale, now },
      limits,
    );
    if (Math.random() < 0.01) void pruneRateLimits(c.var.app.db, now).catch(() => {});
    return null;
  });
}

accountRouter.post("/sms/sendLoginCode", async (c) => {
  const { mobile } = await parseJson(c, mobileBody);
  return send(c, stored(mobile), "login");
});

// Register and reset codes answer the same whether the number has an account or not (docs/security.md
// "Account enumeration"): a registered number gets a notice instead of a register code, an unknown
// one a notice instead of a reset code; the limits and the cooldown apply alike.
accountRouter.post("/sms/sendRegisterCode", async (c) => {
  const m = stored((await parseJson(c, mobileBody)).mobile);
  return send(c, m, "register", (await findUserByMobile(c.var.app.db, m)) ? "account-exists" : undefined);
});

accountRouter.post("/sms/sendUpdatePwdCode", async (c) => {
  const m = stored((await parseJson(c, mobileBody)).mobile);
  return send(c, m, "reset", (await findUserByMobile(c.var.app.db, m)) ? undefined : "no-account");
});

accountRouter.post("/p/sms/sendPasswordCode", async (c) => {
  const user = await findUserById(c.var.app.db, c.var.userId);
  if (!user?.userMobile) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("account.noMobile"));
  return send(c, user.userMobile, "password");
});

accountRouter.post("/login", async (c) => {
  const { userName, passWord } = await parseJson(c, loginBody);
  return run(c, () => loginWithPassword(c.var.app.db, { userName, passWord, ip: clientIp(c), now: new Date() }));
});

accountRouter.post("/smsLogin", async (c) => {
  const { userName, passWord } = await parseJson(c, smsLoginBody);
  return run(c, () => loginWithSms(c.var.app.db, { mobile: stored(userName), code: passWord, now: new Date() }));
});

accountRouter.post("/user/register", async (c) => {
  const body = await parseJson(c, registerBody);
  const switches = await getServiceSwitch(c.var.app.db);
  if ((switches.serviceTermsSwitch || switches.privacyPolicySwitch) && body.agreed !== true) {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(RULE_KEYS.termsRequired));
  }
  return run(c, () =>
    registerUser(
      c.var.app.db,
      {
        userName: body.userName,
        password: body.password,
        mobile: stored(body.mobile),
        validCode: body.validCode,
        ip: clientIp(c),
        now: new Date(),
      },
      SMS_LIMITS,
      { ...REGISTER_LIMIT, limit: c.var.app.config.ipLimits.registerPerHour },
    ),
  );
});

accountRouter.put("/user/checkUpdatePwdSms", async (c) => {
  const { mobile, validCode } = await parseJson(c, checkResetBody);
  return run(c, () =>
    checkResetCode(c.var.app.db, { mobile: stored(mobile), validCode, ip: clientIp(c), now: new Date() }),
  );
});

accountRouter.put("/user/updatePwd", async (c) => {
  const body = await parseJson(c, resetBody);
  return run(c, async () => {
    await resetPassword(c.var.app.db, {
      mobile: stored(body.mobile),
      password: body.password,
      flag: body.checkRegisterSmsFlag,
      now: new Date(),
    });
    return null;
  });
});

/** Not under /p/: a dead token must never bring up the login popup on logout. Always succeeds. */
accountRouter.post("/logOut", async (c) => {
  const raw = sentToken(c);
  if (raw && raw.length <= 256) await revokeToken(c.var.app.db, raw, new Date());
  return ok(c, null);
});

// ---------------------------------------------------------------------------------------------
// The logged-in user (CONTRACT §7.1); data is always that of the session's user (c.var.userId),
// never of an id in the request:
//   GET /p/user/userInfo → UserInfo        GET /p/user/centerInfo → CenterInfo
//   PUT /p/user/setUserInfo {nickName, avatarUrl?, sex?} → null
//   PUT /p/user/updatePassword {oldPassword?, newPassword, confirmPassword?, validCode?} → TokenInfo
// ---------------------------------------------------------------------------------------------

const setUserInfoBody = z.object({
  nickName: nicknameRule,
  avatarUrl: controlFreeString("account.avatarInvalid").trim().max(200, "account.avatarInvalid").optional().nullable(),
  sex: z.enum(["M", "F"], { error: "account.sexInvalid" }).optional().nullable(),
});

const updatePasswordBody = z
  .object({
    oldPassword: z
      .string({ error: "account.oldPasswordRequired" })
      .max(128, "account.oldPasswordWrong")
      .optional()
      .nullable(),
    newPassword: passwordRule,
    confirmPassword: z.string({ error: RULE_KEYS.confirmPasswordRequired }).optional(),
    validCode: z.preprocess((v) => (v === "" || v === null ? undefined : v), smsCodeRule.optional()),
  })
  .superRefine(withOptionalConfirm((v) => v.newPassword));

accountRouter.get("/p/user/userInfo", async (c) => run(c, () => getUserInfo(c.var.app.db, c.var.userId)));

accountRouter.get("/p/user/centerInfo", async (c) =>
  run(c, () => getCenterInfo(c.var.app.db, c.var.userId, c.var.locale, new Date())),
);

accountRouter.put("/p/user/setUserInfo", async (c) => {
  const body = await parseJson(c, setUserInfoBody);
  return run(c, async () => {
    await setUserInfo(c.var.app.db, c.var.app.storage, c.var.userId, {
      nickName: body.nickName,
      avatarUrl: body.avatarUrl ?? undefined,
      sex: body.sex ?? undefined,
      now: new Date(),
    });
    return null;
  });
});

accountRouter.put("/p/user/updatePassword", async (c) => {
  const body = await parseJson(c, updatePasswordBody);
  return run(c, () =>
    updatePassword(c.var.app.db, c.var.userId, {
      oldPassword: body.oldPassword || undefined,
      newPassword: body.newPassword,
      validCode: body.validCode,
      now: new Date(),
    }),
  );
});
