/**
 * Accounts: password login, SMS login (creates the account on first use), registration,
 * forgotten-password reset and logout. Sessions are rows of `sessions` holding the SHA-256 of a
 * random 256-bit token (src/server/domain/account/tokens.ts); every login creates a new one (30 days).
 * Failures are AuthError (i18n key + params). Every function takes `now` (tests move the clock).
 * See docs/account.md.
 */
import { changePoints, PointsReason, REGISTER_POINTS } from "../points/points-ledger.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { isMobile } from "../../../lib/account/account-rules.ts";
import type { Db, Tx } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { hashPassword, needsRehash, passwordLogins, verifyPassword } from "../kernel/password.ts";
import {
  AuthError,
  clearRateLimits,
  countLoginTry,
  hit,
  type LoginLimits,
  type RateWindow,
} from "../kernel/rate-limit.ts";
import {
  checkSmsCode,
  consumeResetFlag,
  consumeSmsCode,
  issueResetFlag,
  maskMobile,
  normalizeMobile,
  SMS_LIMITS,
  type SmsLimits,
} from "./sms.ts";
import { hashToken, newToken, USER_TOKEN_TTL_SECONDS } from "./tokens.ts";
import type { TokenInfo } from "../../../lib/account/account-types.ts";

export type { LoginLimits };

/**
 * Failed password logins in fixed 15-minute windows: 10 per account and IP, 50 per IP, 100 per
 * account. An account is the user it resolves to (username in any case, or its mobile), so
 * "buyer01", "BUYER01" and the mobile share one count. SMS login and a password reset clear the
 * account's counts (docs/account.md "Login limits").
 */
export const LOGIN_LIMITS: LoginLimits = {
  perAccountIp: { limit: 10, seconds: 15 * 60 },
  perIp: { limit: 50, seconds: 15 * 60 },
  perAccount: { limit: 100, seconds: 15 * 60 },
};

/** Registrations and reset-code checks per IP and hour (they tell whether a name is taken / try codes). */
export const REGISTER_LIMIT: RateWindow = { limit: 20, seconds: 3600 };
export const RESET_CHECK_LIMIT: RateWindow = { limit: 30, seconds: 3600 };

/** The rate-limit keys of an account's failed logins (all windows, all IPs) start with this. */
function accountKeyPrefix(account: string): string {
  return `login:acct:${account}`;
}

/** Clears an account's failed-login counts (after an SMS login or a password reset: the person proved the mobile). */
export async function clearLoginFailures(db: Db | Tx, userId: string): Promise<void> {
  await clearRateLimits(db, accountKeyPrefix(`user:${userId}`));
}

export type UserRow = typeof users.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

export async function createSession(tx: Db | Tx, userId: string, now: Date): Promise<TokenInfo> {
  const accessToken = newToken();
  await tx.insert(sessions).values({
    tokenHash: hashToken(accessToken),
    kind: "user",
    userId,
    expiresAt: new Date(now.getTime() + USER_TOKEN_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return { accessToken, expiresIn: USER_TOKEN_TTL_SECONDS };
}

/** A live buyer session by its token's hash (the API's token check; src/server/domain/content/buyer-read-models.ts keeps it in memory). */
export async function findUserSession(
  db: Db | Tx,
  tokenHash: string,
  now: Date,
): Promise<{ id: number; userId: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.kind, "user"),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId ? { id: row.id, userId: row.userId, expiresAt: row.expiresAt } : null;
}

/** Revokes one token (logout). Unknown or already revoked tokens are ignored. */
export async function revokeToken(db: Db | Tx, token: string, now: Date): Promise<void> {
  if (!token) return;
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user (password change / reset). */
export async function revokeAllSessions(tx: Db | Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, "user"), isNull(sessions.revokedAt)));
}

// ---------------------------------------------------------------------------------------------
// Look-ups
// ---------------------------------------------------------------------------------------------

export async function findUserByUsername(db: Db | Tx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByMobile(db: Db | Tx, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userMobile, mobile)).limit(1);
  return row;
}

export async function findUserById(db: Db | Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  return row;
}

/** A user by account name or mobile number (a mobile-shaped name is tried as a mobile first). */
export async function findUserByAccount(db: Db | Tx, account: string): Promise<UserRow | undefined> {
  const mobile = isMobile(account) ? normalizeMobile(account) : null;
  if (mobile) {
    const byMobile = await findUserByMobile(db, mobile);
    if (byMobile) return byMobile;
  }
  return findUserByUsername(db, account);
}

/** Same-cost verification for unknown users, so timing does not tell whether an account exists. */
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Password login
// ---------------------------------------------------------------------------------------------

/**
 * POST /login. userName is an account name or a mobile number; wrong password and unknown
 * account give the same message. Failed tries count per account and IP, per IP and per account
 * (LOGIN_LIMITS; one atomic hit each before verifying, taken back when the login succeeds).
 */
export async function loginWithPassword(
  db: Db,
  input: { userName: string; passWord: string; ip: string; now: Date },
  limits: LoginLimits = LOGIN_LIMITS,
): Promise<TokenInfo> {
  // A few at a time, database work included (kernel/password.ts passwordLogins).
  return passwordLogins.run(async () => {
    const { userName, passWord, ip, now } = input;
    const user = await findUserByAccount(db, userName);
    const account = user ? `user:${user.userId}` : `name:${(normalizeMobile(userName) ?? userName).toLowerCase()}`;
    const tries = await countLoginTry(db, "login", account, ip, limits, now);
    if (tries.waitSeconds !== null)
      throw new AuthError("account.tooManyLogins", { count: Math.max(1, Math.ceil(tries.waitSeconds / 60)) });
    const ok = user?.passwordHash
      ? await verifyPassword(passWord, user.passwordHash)
      : (await verifyPassword(passWord, await dummyPasswordHash()), false);
    if (!user || !ok) throw new AuthError("account.wrongCredentials");
    await tries.succeeded();
    if (user.status !== 1) throw new AuthError("account.accountDisabled");
    await rehashUserPassword(db, user.userId, user.passwordHash!, passWord);
    return createSession(db, user.userId, now);
  });
}

/**
 * A verified password whose hash was made with other parameters than today's gets a new hash, on
 * the condition that the stored one is still the hash that verified: a password changed meanwhile
 * is never overwritten (the update then matches no row). Nothing else of the account changes.
 */
export async function rehashUserPassword(db: Db, userId: string, verified: string, plain: string): Promise<void> {
  if (!needsRehash(verified)) return;
  const fresh = await hashPassword(plain);
  await db
    .update(users)
    .set({ passwordHash: fresh })
    .where(and(eq(users.userId, userId), eq(users.passwordHash, verified)));
}

// ---------------------------------------------------------------------------------------------
// SMS login (creates the account on first use)
// ---------------------------------------------------------------------------------------------

/** "u" + last 4 digits of the mobile + "_" + 6 random letters/digits, e.g. "u8000_k3x9q2" (12 characters). */
export function generatedUsername(mobile: string): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(6);
  let suffix = "";
  for (const b of bytes) suffix += alphabet[b % alphabet.length];
  return `u${mobile.slice(-4)}_${suffix}`;
}

export async function loginWithSms(
  db: Db,
  input: { mobile: string; code: string; now: Date },
  smsLimits: SmsLimits = SMS_LIMITS,
): Promise<TokenInfo> {
  const { mobile, code, now } = input;
  const codeId = await checkSmsCode(db, mobile, "login", code, now, smsLimits);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await consumeSmsCode(tx, codeId, now, smsLimits);
        let user = await findUserByMobile(tx, mobile);
        if (!user) {
          [user] = await tx
            .insert(users)
            .values({
              userId: randomUUID(),
              username: generatedUsername(mobile),
              nickName: maskMobile(mobile)!,
              userMobile: mobile,
              passwordHash: null,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          await changePoints(tx, user!.userId, REGISTER_POINTS, PointsReason.REGISTER, now);
        }
        if (user!.status !== 1) throw new AuthError("account.accountDisabled");
        await clearLoginFailures(tx, user!.userId);
        return createSession(tx, user!.userId, now);
      });
    } catch (err) {
      // A generated name that collided, or the same mobile registered concurrently: try again.
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------

export interface RegisterInput {
  userName: string;
  password: string;
  mobile: string;
  validCode: string;
  ip: string;
  now: Date;
}

/**
 * POST /user/register: REGISTER_LIMIT per IP first; the username must be free (the form has to
 * say so); then the register code — a registered mobile never received one (it got a notice),
 * so it fails here like any wrong code and the answer does not confirm the account; then user +
 * session in one transaction.
 */
export async function registerUser(
  db: Db,
  input: RegisterInput,
  smsLimits: SmsLimits = SMS_LIMITS,
  registerLimit: RateWindow = REGISTER_LIMIT,
): Promise<TokenInfo> {
  const { userName, password, mobile, validCode, ip, now } = input;
  const limit = await hit(db, `register:ip:${ip}`, registerLimit, now);
  if (!limit.allowed)
    throw new AuthError("account.tooManyRequests", { count: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) });
  if (isMobile(userName)) throw new AuthError("account.usernameIsMobile");
  if (await findUserByUsername(db, userName)) throw new AuthError("account.usernameTaken");
  const codeId = await checkSmsCode(db, mobile, "register", validCode, now, smsLimits);
  if (await findUserByMobile(db, mobile)) throw new AuthError("account.mobileRegistered");
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      await consumeSmsCode(tx, codeId, now, smsLimits);
      const userId = randomUUID();
      await tx.insert(users).values({
        userId,
        username: userName,
        nickName: userName,
        userMobile: mobile,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      await changePoints(tx, userId, REGISTER_POINTS, PointsReason.REGISTER, now);
      return createSession(tx, userId, now);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Someone took the name or the mobile between the check and the insert.
    throw new AuthError((await findUserByMobile(db, mobile)) ? "account.mobileRegistered" : "account.usernameTaken");
  }
}

// ---------------------------------------------------------------------------------------------
// Forgotten password: code → one-time flag → new password
// ---------------------------------------------------------------------------------------------

/**
 * PUT /user/checkUpdatePwdSms: uses up the reset code and answers a one-time flag (10 minutes).
 * RESET_CHECK_LIMIT per IP; a number without an account never received a code (it got a
 * notice), so it fails like any wrong code.
 */
export async function checkResetCode(
  db: Db,
  input: { mobile: string; validCode: string; ip: string; now: Date },
  smsLimits: SmsLimits = SMS_LIMITS,
): Promise<string> {
  const { mobile, validCode, ip, now } = input;
  const limit = await hit(db, `reset-check:ip:${ip}`, RESET_CHECK_LIMIT, now);
  if (!limit.allowed)
    throw new AuthError("account.tooManyRequests", { count: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) });
  const codeId = await checkSmsCode(db, mobile, "reset", validCode, now, smsLimits);
  if (!(await findUserByMobile(db, mobile))) throw new AuthError("account.smsCodeExpired");
  return db.transaction(async (tx) => {
    await consumeSmsCode(tx, codeId, now, smsLimits);
    return issueResetFlag(tx, mobile, now, smsLimits);
  });
}

/** PUT /user/updatePwd: sets the password and revokes every session of the user, in one transaction. */
export async function resetPassword(
  db: Db,
  input: { mobile: string; password: string; flag: string; now: Date },
): Promise<void> {
  const { mobile, password, flag, now } = input;
  const user = await findUserByMobile(db, mobile);
  if (!user) throw new AuthError("account.resetFlagInvalid");
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await consumeResetFlag(tx, mobile, flag, now);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.userId, user.userId));
    await revokeAllSessions(tx, user.userId, now);
    await clearLoginFailures(tx, user.userId);
  });
}
