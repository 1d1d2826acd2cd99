/**
 * SMS verification codes (docs/account.md):
 *   - 6 random digits (crypto.randomInt), only a SHA-256 of purpose:mobile:code is stored;
 *   - bound to the normalised mobile and a purpose (login | register | reset | password);
 *   - valid for 5 minutes, single use, and only the newest code of a mobile + purpose counts;
 *   - 5 wrong tries kill a code ("too many attempts, get a new code");
 *   - one send per mobile per 60 s; at most 10 sends per mobile and 30 per IP per (UTC) day.
 * Every function takes `now`, so tests move the clock instead of waiting.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { SMS_RESEND_SECONDS } from "../../../lib/account/account-rules.ts";
import type { Locale } from "../../../lib/locale.ts";
import type { Db, Tx } from "../../db/client.ts";
import { smsCodes } from "../../db/schema/index.ts";
import { SMS_PURPOSES, type SmsPurpose } from "../../../lib/account/account-types.ts";
import type { SmsNotice, SmsProvider } from "../../providers/sms.ts";
import { AuthError, hit, unhit, type RateWindow } from "../kernel/rate-limit.ts";

/** The purpose of the one-time flag answered by PUT /user/checkUpdatePwdSms. */
export const RESET_FLAG_PURPOSE = "reset-flag";

export interface SmsLimits {
  codeTtlSeconds: number;
  resendSeconds: number;
  maxAttempts: number;
  perMobileDaily: RateWindow;
  perIpDaily: RateWindow;
  resetFlagTtlSeconds: number;
}

export const SMS_LIMITS: SmsLimits = {
  codeTtlSeconds: 5 * 60,
  // The same cooldown the code buttons count down (SmsCodeButton, Password).
  resendSeconds: SMS_RESEND_SECONDS,
  maxAttempts: 5,
  perMobileDaily: { limit: 10, seconds: 86_400 },
  perIpDaily: { limit: 30, seconds: 86_400 },
  resetFlagTtlSeconds: 10 * 60,
};

// ---------------------------------------------------------------------------------------------
// Mobile numbers (the shapes accepted by mobileRule in src/lib/account/account-rules.ts)
// ---------------------------------------------------------------------------------------------

/**
 * The stored form of a mobile accepted by mobileRule: mainland numbers as 11 digits
 * ("+8613800138000" → "13800138000"), Taiwan numbers in the local form ("+886912345678" →
 * "0912345678"). Null for anything else.
 */
export function normalizeMobile(input: string): string | null {
  const v = input.trim().replace(/^\+/, "");
  let m = /^(?:86)?(1[3-9]\d{9})$/.exec(v);
  if (m) return m[1]!;
  m = /^(?:886(9\d{8})|0(9\d{8}))$/.exec(v);
  if (m) return `0${m[1] ?? m[2]}`;
  return null;
}

/** "13800138000" → "138****8000"; shorter strings keep only their last 4 characters. */
export function maskMobile(mobile: string | null | undefined): string | null {
  if (!mobile) return null;
  if (mobile.length <= 7) return `****${mobile.slice(-4)}`;
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

// ---------------------------------------------------------------------------------------------
// Codes
// ---------------------------------------------------------------------------------------------

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function hashSmsCode(mobile: string, purpose: string, code: string): string {
  return createHash("sha256").update(`${purpose}:${mobile}:${code}`, "utf8").digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface SendInput {
  mobile: string;
  purpose: SmsPurpose;
  /**
   * Send this notice instead of the code (account enumeration, docs/security.md): every limit and
   * the cooldown apply exactly as for a code, and a code row is stored whose code nobody learns,
   * so the answer and the timing of the next request are the same either way.
   */
  notice?: SmsNotice | undefined;
  ip: string;
  locale: Locale;
  now: Date;
}

/**
 * Creates and sends a code. Refuses (AuthError) while the previous code of this mobile is younger
 * than 60 s ("please wait N seconds") and when a daily cap is reached.
 */
export async function sendSmsCode(
  db: Db,
  sms: SmsProvider,
  input: SendInput,
  limits: SmsLimits = SMS_LIMITS,
): Promise<void> {
  const { mobile, purpose, ip, locale, now } = input;
  const [last] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        inArray(smsCodes.purpose, [...SMS_PURPOSES]),
        gt(smsCodes.createdAt, new Date(now.getTime() - limits.resendSeconds * 1000)),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (last) {
    const wait = Math.max(
      1,
      Math.ceil((last.createdAt.getTime() + limits.resendSeconds * 1000 - now.getTime()) / 1000),
    );
    throw new AuthError("account.smsWait", { count: wait });
  }
  // The IP first: a request its IP may not make is refused before it counts against the mobile
  // (else one IP past its cap could spend anyone's daily codes). A request the mobile's cap
  // refuses takes its IP hit back, and neither counts a send that did not happen.
  if (!(await hit(db, `sms:ip:${ip}`, limits.perIpDaily, now)).allowed) throw new AuthError("account.smsIpDailyLimit");
  if (!(await hit(db, `sms:mobile:${mobile}`, limits.perMobileDaily, now)).allowed) {
    await unhit(db, `sms:mobile:${mobile}`, limits.perMobileDaily, now);
    await unhit(db, `sms:ip:${ip}`, limits.perIpDaily, now);
    throw new AuthError("account.smsMobileDailyLimit", { max: limits.perMobileDaily.limit });
  }
  const code = newSmsCode();
  await db.insert(smsCodes).values({
    mobile,
    purpose,
    codeHash: hashSmsCode(mobile, purpose, code),
    expiresAt: new Date(now.getTime() + limits.codeTtlSeconds * 1000),
    ip,
    createdAt: now,
  });
  if (input.notice) await sms.sendNotice(mobile, input.notice, locale);
  else await sms.send(mobile, code, purpose, locale);
}

/**
 * Checks a code without using it up: answers the code's row id when right. A wrong code counts
 * an attempt (kept even when the caller's transaction fails: call this outside of it); the 5th
 * wrong try kills the code. Use consumeSmsCode(id) inside the transaction that acts on it.
 */
export async function checkSmsCode(
  db: Db,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
  now: Date,
  limits: SmsLimits = SMS_LIMITS,
): Promise<number> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) throw new AuthError("account.smsCodeExpired");
  if (row.attempts >= limits.maxAttempts) throw new AuthError("account.smsTooManyAttempts");
  if (!sameHash(row.codeHash, hashSmsCode(mobile, purpose, code))) {
    const [after] = await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(and(eq(smsCodes.id, row.id), lt(smsCodes.attempts, limits.maxAttempts)))
      .returning({ attempts: smsCodes.attempts });
    if (!after || after.attempts >= limits.maxAttempts) throw new AuthError("account.smsTooManyAttempts");
    throw new AuthError("account.smsCodeWrong");
  }
  return row.id;
}

/** Uses up a code checked by checkSmsCode; throws when it was used (or killed, or expired) meanwhile. */
export async function consumeSmsCode(
  tx: Db | Tx,
  id: number,
  now: Date,
  limits: SmsLimits = SMS_LIMITS,
): Promise<void> {
  const done = await tx
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(smsCodes.id, id),
        isNull(smsCodes.consumedAt),
        lt(smsCodes.attempts, limits.maxAttempts),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .returning({ id: smsCodes.id });
  if (done.length === 0) throw new AuthError("account.smsCodeExpired");
}

/** Stores a one-time reset flag (10 minutes) for `mobile` and answers it. */
export async function issueResetFlag(
  tx: Db | Tx,
  mobile: string,
  now: Date,
  limits: SmsLimits = SMS_LIMITS,
): Promise<string> {
  const flag = randomBytes(24).toString("base64url");
  await tx.insert(smsCodes).values({
    mobile,
    purpose: RESET_FLAG_PURPOSE,
    codeHash: hashSmsCode(mobile, RESET_FLAG_PURPOSE, flag),
    expiresAt: new Date(now.getTime() + limits.resetFlagTtlSeconds * 1000),
    createdAt: now,
  });
  return flag;
}

/** Uses up a reset flag; throws account.resetFlagInvalid when it is unknown, used or expired. */
export async function consumeResetFlag(tx: Db | Tx, mobile: string, flag: string, now: Date): Promise<void> {
  const done = await tx
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        eq(smsCodes.purpose, RESET_FLAG_PURPOSE),
        eq(smsCodes.codeHash, hashSmsCode(mobile, RESET_FLAG_PURPOSE, flag)),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .returning({ id: smsCodes.id });
  if (done.length === 0) throw new AuthError("account.resetFlagInvalid");
}
