/**
 * The accounts calls of the login popup and the /login, /register, /forget-password pages
 * (CONTRACT §2). Every call is `silent`: the forms show the server's message inline instead of
 * the client's toast. Success stores the token (cookie "token", SPEC §4).
 */
import { api, isApiError } from "../../client/api.ts";
import { setToken } from "../../client/token.ts";
import type { RegisterBody, TokenInfo } from "../../lib/account/account-types.ts";
import type { ServiceSwitch } from "../../lib/api-types.ts";

export const AUTH_PATHS = {
  sendLoginCode: "/sms/sendLoginCode",
  sendRegisterCode: "/sms/sendRegisterCode",
  sendUpdatePwdCode: "/sms/sendUpdatePwdCode",
  login: "/login",
  smsLogin: "/smsLogin",
  register: "/user/register",
  checkUpdatePwdSms: "/user/checkUpdatePwdSms",
  updatePwd: "/user/updatePwd",
  logOut: "/logOut",
  userInfo: "/p/user/userInfo",
} as const;

export type SmsPurpose = "login" | "register" | "reset";

const SMS_PATH: Record<SmsPurpose, string> = {
  login: AUTH_PATHS.sendLoginCode,
  register: AUTH_PATHS.sendRegisterCode,
  reset: AUTH_PATHS.sendUpdatePwdCode,
};

/** Thirty days, the buyer token lifetime of CONTRACT §1.4, when the answer has no expiresIn. */
const DEFAULT_EXPIRES_IN_S = 2_592_000;

/** Accepts TokenInfo or {tokenInfo: TokenInfo} (CONTRACT §2 /smsLogin) and stores the token. */
function storeToken(data: unknown): void {
  const d = data as (Partial<TokenInfo> & { tokenInfo?: Partial<TokenInfo> }) | null;
  const info = d?.accessToken ? d : d?.tokenInfo;
  if (!info?.accessToken) throw new Error("no accessToken in the answer");
  const expires = Number(info.expiresIn);
  setToken(info.accessToken, Number.isFinite(expires) && expires > 0 ? expires : DEFAULT_EXPIRES_IN_S);
}

const quiet = { silent: true, dontShowLogin: true } as const;

export async function sendSmsCode(purpose: SmsPurpose, mobile: string): Promise<void> {
  await api.post(SMS_PATH[purpose], { mobile }, quiet);
}

export async function loginByPassword(userName: string, passWord: string): Promise<void> {
  storeToken(await api.post<unknown>(AUTH_PATHS.login, { userName, passWord }, quiet));
}

export async function loginBySms(mobile: string, code: string): Promise<void> {
  storeToken(await api.post<unknown>(AUTH_PATHS.smsLogin, { userName: mobile, passWord: code }, quiet));
}

export async function register(input: RegisterBody): Promise<void> {
  storeToken(await api.post<unknown>(AUTH_PATHS.register, input, quiet));
}

/** Step 1 of the password reset: the flag to pass to updatePwd. */
export async function checkUpdatePwdSms(mobile: string, validCode: string): Promise<string> {
  const flag = await api.put<unknown>(AUTH_PATHS.checkUpdatePwdSms, { mobile, validCode }, quiet);
  return typeof flag === "string" ? flag : String(flag ?? "");
}

export async function updatePwd(mobile: string, password: string, checkRegisterSmsFlag: string): Promise<void> {
  await api.put(AUTH_PATHS.updatePwd, { mobile, password, checkRegisterSmsFlag }, quiet);
}

/** The text to show for a failed call: the server's message when it has one, else `fallback`. */
export function errorText(e: unknown, fallback: string): string {
  if (isApiError(e) && e.msg && e.code !== "NETWORK" && e.code !== "BAD_RESPONSE") return e.msg;
  return fallback;
}

export type { ServiceSwitch };
/** Whether the terms checkbox is shown (SPEC §2: either switch on). */
export function termsShown(
  s: Pick<ServiceSwitch, "serviceTermsSwitch" | "privacyPolicySwitch"> | null | undefined,
): boolean {
  return Boolean(s && (s.serviceTermsSwitch || s.privacyPolicySwitch));
}
