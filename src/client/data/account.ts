/**
 * The account's API calls (CONTRACT §2, §7.1): log in, register, reset the password, the user's
 * profile and summary, the SMS codes. One function per call; the accounts islands, the user
 * centre and the top bar's scripts call these, never a path. The log-in, register and reset calls
 * are `silent` (the forms show the server's message inline) and store the token they answer.
 */
import type { CenterInfo, RegisterBody, SmsPurpose, TokenInfo, UserInfo } from "../../lib/account/account-types.ts";
import { api, type RequestOptions } from "../api.ts";
import { setToken } from "../token.ts";

/** The purposes of a code sent to a typed mobile ("password" goes to the logged-in user's own: sendPasswordCode). */
export type MobileSmsPurpose = Exclude<SmsPurpose, "password">;

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

/** POST /sms/send…Code: a code to a mobile (log in, register, reset). */
export async function sendSmsCode(purpose: MobileSmsPurpose, mobile: string): Promise<void> {
  const path: Record<MobileSmsPurpose, string> = {
    login: "/sms/sendLoginCode",
    register: "/sms/sendRegisterCode",
    reset: "/sms/sendUpdatePwdCode",
  };
  await api.post(path[purpose], { mobile }, quiet);
}

/** POST /login */
export async function loginByPassword(userName: string, passWord: string): Promise<void> {
  storeToken(await api.post<unknown>("/login", { userName, passWord }, quiet));
}

/** POST /smsLogin */
export async function loginBySms(mobile: string, code: string): Promise<void> {
  storeToken(await api.post<unknown>("/smsLogin", { userName: mobile, passWord: code }, quiet));
}

/** POST /user/register */
export async function register(input: RegisterBody): Promise<void> {
  storeToken(await api.post<unknown>("/user/register", input, quiet));
}

/** PUT /user/checkUpdatePwdSms — step 1 of the password reset: the flag to pass to updatePwd. */
export async function checkUpdatePwdSms(mobile: string, validCode: string): Promise<string> {
  const flag = await api.put<unknown>("/user/checkUpdatePwdSms", { mobile, validCode }, quiet);
  return typeof flag === "string" ? flag : String(flag ?? "");
}

/** PUT /user/updatePwd — step 2 of the password reset. */
export async function updatePwd(mobile: string, password: string, checkRegisterSmsFlag: string): Promise<void> {
  await api.put("/user/updatePwd", { mobile, password, checkRegisterSmsFlag }, quiet);
}

/**
 * POST /logOut. Not under /p/, so the client would not send the token: it is passed here so the
 * server can revoke the session (src/server/api/account.ts reads Authorization).
 */
export async function logOut(token: string | null): Promise<void> {
  await api.post("/logOut", undefined, { ...quiet, headers: token ? { Authorization: token } : {} });
}

/** GET /p/user/userInfo */
export function getUserInfo(opts?: RequestOptions): Promise<UserInfo> {
  return api.get<UserInfo>("/p/user/userInfo", undefined, opts);
}

/** GET /p/user/centerInfo: the user centre's summary (orders, points, balance, coupons, level). */
export function getCenterInfo(opts?: RequestOptions): Promise<CenterInfo> {
  return api.get<CenterInfo>("/p/user/centerInfo", undefined, opts);
}

/** PUT /p/user/setUserInfo */
export async function setUserInfo(body: { nickName: string; avatarUrl: string; sex: UserInfo["sex"] }): Promise<void> {
  await api.put("/p/user/setUserInfo", body);
}

/** POST /p/sms/sendPasswordCode: a code to the logged-in user's own mobile. */
export async function sendPasswordCode(): Promise<void> {
  await api.post("/p/sms/sendPasswordCode", {});
}

/** The new password, proven by the old one or (none set yet) by an SMS code. */
export type UpdatePasswordBody = { newPassword: string; confirmPassword: string } & (
  | { oldPassword: string }
  | { validCode: string }
);

/** PUT /p/user/updatePassword: answers a new token when the server rotated it. */
export function updatePassword(body: UpdatePasswordBody): Promise<TokenInfo | null> {
  return api.put<TokenInfo | null>("/p/user/updatePassword", body);
}
