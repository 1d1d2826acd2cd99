/**
 * Accounts API (CONTRACT §2; docs/accounts.md). Public paths: the login popup, /register and
 * /forget-password call them without a token.
 *   POST /sms/sendLoginCode {mobile}              POST /sms/sendRegisterCode {mobile}
 *   POST /sms/sendUpdatePwdCode {mobile}          POST /login {userName, passWord} → TokenInfo
 *   POST /smsLogin {userName: mobile, passWord: code} → TokenInfo
 *   POST /user/register {userName, password, confirmPassword?, mobile, validCode, agreed} → TokenInfo
 *   PUT  /user/checkUpdatePwdSms {mobile, validCode} → flag (string)
 *   PUT  /user/updatePwd {mobile, password, confirmPassword?, checkRegisterSmsFlag} → null
 *   POST /logOut (Authorization header) → null, always
 * Logged in: POST /p/sms/sendPasswordCode → null (code of purpose "password" to the user's mobile).
 */
import type { IncomingMessage } from "node:http";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z, ZodError } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { isMobile, isUsername, RULE_KEYS } from "../../lib/rules.ts";
import { mobileRule, passwordPairRule, passwordRule, smsCodeRule, usernameRule } from "../../lib/rule-schemas.ts";
import { checkResetCode, findUserById, findUserByMobile, loginWithPassword, loginWithSms, REGISTER_LIMIT, registerUser, resetPassword, revokeToken } from "../domain/account/auth.ts";
import { AuthError, pruneRateLimits } from "../domain/account/rate-limit.ts";
import { normalizeMobile, sendSmsCode, SMS_LIMITS } from "../domain/account/sms.ts";
import { getServiceSwitch } from "../domain/content/site.ts";
import { clientIpOf } from "../http/client-ip.ts";
import type { SmsNotice, SmsPurpose } from "../providers/sms.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, envelope, ok } from "./envelope.ts";
import { parseJson } from "./validate.ts";

// ---------------------------------------------------------------------------------------------
// Helpers shared by the account routers (auth, user, upload)
// ---------------------------------------------------------------------------------------------

/** Small JSON bodies only (4 KB). */
export const smallBody = bodyLimit({
  maxSize: 4 * 1024,
  onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c as Context<ApiEnv>).var.t("auth.bodyTooLarge")), 413),
});

/** Turns an AuthError (i18n key + params) into an A00001 envelope in the request's language. */
export function authFail(c: Context<ApiEnv>, err: unknown): never {
  if (err instanceof AuthError) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(err.key, err.params));
  throw err;
}

/** Runs a domain call; AuthError becomes A00001 with the translated message. */
export async function run<T>(c: Context<ApiEnv>, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    return authFail(c, err);
  }
}

/** parseJson, with "auth.*" messages of these routers' own schemas translated here (the rest by app.ts). */
export async function parseAuthJson<S extends z.ZodType>(c: Context<ApiEnv>, schema: S): Promise<z.infer<S>> {
  try {
    return await parseJson(c, schema);
  } catch (err) {
    const msg = err instanceof ZodError ? err.issues[0]?.message : undefined;
    if (msg?.startsWith("auth.")) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(msg));
    throw err;
  }
}

/** The caller's IP for rate limits: the socket peer, or behind TRUST_PROXY the client it forwarded for (src/server/http/client-ip.ts). */
export function clientIp(c: Context<ApiEnv>): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return clientIpOf(incoming?.socket?.remoteAddress ?? "", c.req.header("x-forwarded-for"), c.var.app.config.trustProxy);
}

/** The stored form of a mobile that passed mobileRule. */
function stored(mobile: string): string {
  return normalizeMobile(mobile) ?? mobile;
}

// ---------------------------------------------------------------------------------------------
// Request rules (SPEC §5 rules from src/lib/rules.ts)
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

/** confirmPassword is optional; when sent it must match (passwordPairRule). */
function withOptionalConfirm<T extends { password: string; confirmPassword?: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.confirmPassword === undefined) return;
  const r = passwordPairRule.safeParse({ password: v.password, confirmPassword: v.confirmPassword });
  if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
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
  .superRefine(withOptionalConfirm);

const checkResetBody = z.object({ mobile: mobileRule, validCode: smsCodeRule });

const resetBody = z
  .object({
    mobile: mobileRule,
    password: passwordRule,
    confirmPassword: z.string({ error: RULE_KEYS.confirmPasswordRequired }).optional(),
    checkRegisterSmsFlag: z.string({ error: "auth.resetFlagInvalid" }).trim().min(1, "auth.resetFlagInvalid").max(200, "auth.resetFlagInvalid"),
  })
  .superRefine(withOptionalConfirm);

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

export const authRouter = new Hono<ApiEnv>();

async function send(c: Context<ApiEnv>, mobile: string, purpose: SmsPurpose, notice?: SmsNotice) {
  const now = new Date();
  const limits = { ...SMS_LIMITS, perIpDaily: { ...SMS_LIMITS.perIpDaily, limit: c.var.app.config.ipLimits.smsPerDay } };
  await run(c, () => sendSmsCode(c.var.app.db, c.var.app.sms, { mobile, purpose, notice, ip: clientIp(c), locale: c.var.locale, now }, limits));
  if (Math.random() < 0.01) void pruneRateLimits(c.var.app.db, now).catch(() => {});
  return ok(c, null);
}

authRouter.post("/sms/sendLoginCode", smallBody, async (c) => {
  const { mobile } = await parseAuthJson(c, mobileBody);
  return send(c, stored(mobile), "login");
});

// Register and reset codes answer the same whether the number has an account or not (docs/security.md
// "Account enumeration"): a registered number gets a notice instead of a register code, an unknown
// one a notice instead of a reset code; the limits and the cooldown apply alike.
authRouter.post("/sms/sendRegisterCode", smallBody, async (c) => {
  const m = stored((await parseAuthJson(c, mobileBody)).mobile);
  return send(c, m, "register", (await findUserByMobile(c.var.app.db, m)) ? "account-exists" : undefined);
});

authRouter.post("/sms/sendUpdatePwdCode", smallBody, async (c) => {
  const m = stored((await parseAuthJson(c, mobileBody)).mobile);
  return send(c, m, "reset", (await findUserByMobile(c.var.app.db, m)) ? undefined : "no-account");
});

authRouter.post("/p/sms/sendPasswordCode", async (c) => {
  const user = await findUserById(c.var.app.db, c.var.userId);
  if (!user?.userMobile) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("auth.noMobile"));
  return send(c, user.userMobile, "password");
});

authRouter.post("/login", smallBody, async (c) => {
  const { userName, passWord } = await parseAuthJson(c, loginBody);
  return ok(c, await run(c, () => loginWithPassword(c.var.app.db, { userName, passWord, ip: clientIp(c), now: new Date() })));
});

authRouter.post("/smsLogin", smallBody, async (c) => {
  const { userName, passWord } = await parseAuthJson(c, smsLoginBody);
  return ok(c, await run(c, () => loginWithSms(c.var.app.db, { mobile: stored(userName), code: passWord, now: new Date() })));
});

authRouter.post("/user/register", smallBody, async (c) => {
  const body = await parseAuthJson(c, registerBody);
  const switches = await getServiceSwitch(c.var.app.db);
  if ((switches.serviceTermsSwitch || switches.privacyPolicySwitch) && body.agreed !== true) {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(RULE_KEYS.termsRequired));
  }
  return ok(c, await run(c, () => registerUser(c.var.app.db, {
    userName: body.userName,
    password: body.password,
    mobile: stored(body.mobile),
    validCode: body.validCode,
    ip: clientIp(c),
    now: new Date(),
  }, SMS_LIMITS, { ...REGISTER_LIMIT, limit: c.var.app.config.ipLimits.registerPerHour })));
});

authRouter.put("/user/checkUpdatePwdSms", smallBody, async (c) => {
  const { mobile, validCode } = await parseAuthJson(c, checkResetBody);
  return ok(c, await run(c, () => checkResetCode(c.var.app.db, { mobile: stored(mobile), validCode, ip: clientIp(c), now: new Date() })));
});

authRouter.put("/user/updatePwd", smallBody, async (c) => {
  const body = await parseAuthJson(c, resetBody);
  await run(c, () => resetPassword(c.var.app.db, { mobile: stored(body.mobile), password: body.password, flag: body.checkRegisterSmsFlag, now: new Date() }));
  return ok(c, null);
});

/** Not under /p/: a dead token must never bring up the login popup on logout. Always succeeds. */
authRouter.post("/logOut", async (c) => {
  const raw = (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "").trim();
  if (raw && raw.length <= 256) await revokeToken(c.var.app.db, raw, new Date());
  return ok(c, null);
});
