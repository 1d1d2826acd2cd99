/**
 * The logged-in user's own data: GET /p/user/userInfo, GET /p/user/centerInfo,
 * PUT /p/user/setUserInfo and PUT /p/user/updatePassword. Every function is keyed by the
 * userId of the caller's session, never by an id from the request.
 */
import type { OrderCountData } from "../../../lib/order/order-state.ts";
import { eq } from "drizzle-orm";
import { formatPriceSafe } from "../../../lib/money.ts";
import type { Db } from "../../db/client.ts";
import { shops, users } from "../../db/schema/index.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { createSession, findUserById, LOGIN_LIMITS, revokeAllSessions, type LoginLimits } from "./auth.ts";
import { myOrderCount } from "../order/my-order.ts";
import { myCouponCounts } from "../coupon/coupon.ts";
import { userLevelOf } from "../member/member.ts";
import type { Locale } from "../../../lib/locale.ts";
import { hashPassword, verifyPassword } from "../kernel/password.ts";
import { AuthError, hit, unhit } from "../kernel/rate-limit.ts";
import { assertOwnUploads } from "../upload/upload-owner.ts";
import { auditStatusOf } from "../store-application/store-application.ts";
import { checkSmsCode, consumeSmsCode, maskMobile, SMS_LIMITS, type SmsLimits } from "./sms.ts";
import type { CenterInfo, TokenInfo, UserInfo } from "../../../lib/account/account-types.ts";

async function requireUser(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new AuthError("account.userNotFound");
  return user;
}

export async function getUserInfo(db: Db, userId: string): Promise<UserInfo> {
  const u = await requireUser(db, userId);
  const masked = maskMobile(u.userMobile);
  return {
    userId: u.userId,
    nickName: u.nickName,
    username: u.username,
    pic: u.pic,
    sex: u.sex === "F" ? "F" : "M",
    userMobile: masked,
    mobile: masked,
    status: u.status,
    level: u.level,
    levelType: u.levelType,
    score: u.score,
    balance: formatPriceSafe(u.balance),
  };
}

export async function getCenterInfo(db: Db, userId: string, locale: Locale, now: Date): Promise<CenterInfo> {
  const u = await requireUser(db, userId);
  const [coupons, level] = await Promise.all([myCouponCounts(db, userId, now), userLevelOf(db, userId, locale, now)]);
  const [shop] = await db
    .select({ shopId: shops.shopId, shopStatus: shops.shopStatus })
    .from(shops)
    .where(eq(shops.ownerUserId, userId))
    .limit(1);
  // The same numbers as GET /p/myOrder/orderCount (the user's orders not deleted; my-order.ts).
  const orderCountData: OrderCountData = await myOrderCount(db, userId);
  return {
    orderCountData,
    shopAuditStatus: await auditStatusOf(db, userId),
    shopStatus: shop ? shop.shopStatus : -1,
    shopId: shop ? shop.shopId : null,
    isSetPassword: Boolean(u.passwordHash),
    score: u.score,
    totalBalance: formatPriceSafe(u.balance),
    couponNum: coupons.unUseCount,
    levelName: level.levelName,
    levelType: level.levelType,
  };
}

/** Where uploaded avatars live; setUserInfo accepts only stored files under this folder. */
export const AVATAR_PREFIX = "/uploads/avatar/";

export async function setUserInfo(
  db: Db,
  storage: FileStorage,
  userId: string,
  input: { nickName: string; avatarUrl?: string; sex?: "M" | "F"; now: Date },
): Promise<void> {
  const u = await requireUser(db, userId);
  const patch: Partial<typeof users.$inferInsert> = { nickName: input.nickName, updatedAt: input.now };
  if (input.sex) patch.sex = input.sex;
  const avatar = input.avatarUrl?.trim();
  // Empty or absent: keep the current picture. The current picture may be sent back unchanged; a
  // new one must be the buyer's own upload.
  if (avatar && avatar !== u.pic) {
    if (!avatar.startsWith(AVATAR_PREFIX) || !(await storage.exists(avatar)))
      throw new AuthError("account.avatarInvalid");
    await assertOwnUploads(db, [avatar], { userId, shopId: null });
    patch.pic = avatar;
  }
  await db.update(users).set(patch).where(eq(users.userId, userId));
}

/**
 * PUT /p/user/updatePassword. With a password set, oldPassword must match (wrong tries count
 * against the same per-account window as logins); without one, an SMS code of purpose
 * "password" sent to the user's mobile is required. On success every session of the user —
 * the current one included — is revoked and a fresh token is answered, in one transaction.
 */
export async function updatePassword(
  db: Db,
  userId: string,
  input: { oldPassword?: string; newPassword: string; validCode?: string; now: Date },
  limits: { login?: LoginLimits; sms?: SmsLimits } = {},
): Promise<TokenInfo> {
  const loginLimits = limits.login ?? LOGIN_LIMITS;
  const smsLimits = limits.sms ?? SMS_LIMITS;
  const { oldPassword, newPassword, validCode, now } = input;
  const u = await requireUser(db, userId);
  let codeId: number | null = null;
  if (u.passwordHash) {
    if (!oldPassword) throw new AuthError("account.oldPasswordRequired");
    const key = `password:user:${userId}`;
    const h = await hit(db, key, loginLimits.perAccountIp, now);
    if (!h.allowed)
      throw new AuthError("account.tooManyLogins", { count: Math.max(1, Math.ceil(h.retryAfterSeconds / 60)) });
    if (!(await verifyPassword(oldPassword, u.passwordHash))) throw new AuthError("account.oldPasswordWrong");
    await unhit(db, key, loginLimits.perAccountIp, now);
    if (oldPassword === newPassword) throw new AuthError("account.samePassword");
  } else {
    if (!u.userMobile) throw new AuthError("account.noMobile");
    if (!validCode) throw new AuthError("rules.smsCodeRequired");
    codeId = await checkSmsCode(db, u.userMobile, "password", validCode, now, smsLimits);
  }
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    if (codeId !== null) await consumeSmsCode(tx, codeId, now, smsLimits);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.userId, userId));
    await revokeAllSessions(tx, userId, now);
    return createSession(tx, userId, now);
  });
}
