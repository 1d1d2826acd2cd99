/**
 * Fixed-window rate limits kept in the rate_limits table, so they hold across processes and
 * restarts. A window of `seconds` starts at a multiple of `seconds` since the Unix epoch (daily
 * windows start at 00:00 UTC). hit() is one atomic upsert (`count = count + 1`), so concurrent
 * requests can never pass more than `limit` times per window.
 *
 * Also home of AuthError, the failure type of the account domain (auth, SMS, profile, upload):
 * an i18n key of the "account" (or "rules") namespace plus its parameters; the API translates it.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/index.ts";
import { DomainError } from "./domain-error.ts";

export class AuthError extends DomainError {
  constructor(key: string, params: Record<string, unknown> = {}) {
    super(key, { params });
  }
}

export interface RateWindow {
  /** How many hits a window allows. */
  limit: number;
  /** Window length in seconds. */
  seconds: number;
}

export interface HitResult {
  count: number;
  allowed: boolean;
  /** Seconds until the current window ends (≥ 1). */
  retryAfterSeconds: number;
}

export function windowStart(now: Date, seconds: number): Date {
  const ms = seconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

export function secondsLeft(now: Date, seconds: number): number {
  const end = windowStart(now, seconds).getTime() + seconds * 1000;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

/** Counts one hit of `key` in the current window; allowed is false once the count exceeds the limit. */
export async function hit(db: Db | Tx, key: string, w: RateWindow, now: Date): Promise<HitResult> {
  const start = windowStart(now, w.seconds);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return { count, allowed: count <= w.limit, retryAfterSeconds: secondsLeft(now, w.seconds) };
}

/** Takes one hit back (e.g. a login that succeeded after all). */
export async function unhit(db: Db | Tx, key: string, w: RateWindow, now: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(now, w.seconds))));
}

export interface LoginLimits {
  /** Failures of one account from one IP: only that IP is stopped (nobody locks a person out from elsewhere). */
  perAccountIp: RateWindow;
  /** Failures from one IP over all accounts (password spraying). */
  perIp: RateWindow;
  /** Failures of one account from all IPs together (distributed guessing). */
  perAccount: RateWindow;
}

/**
 * Counts one login try of `account` from `ip` in the three windows of `limits` (one atomic hit
 * each, before the password is checked, so parallel guesses can not slip past). Answers the
 * seconds to wait when a window is full, else null; `succeeded()` takes the hits back.
 * Keys: `<prefix>:acct:<account>:ip:<ip>`, `<prefix>:ip:<ip>`, `<prefix>:acct:<account>`.
 */
export async function countLoginTry(
  db: Db | Tx,
  prefix: string,
  account: string,
  ip: string,
  limits: LoginLimits,
  now: Date,
) {
  const windows: [string, RateWindow][] = [
    [`${prefix}:acct:${account}:ip:${ip}`, limits.perAccountIp],
    [`${prefix}:ip:${ip}`, limits.perIp],
    [`${prefix}:acct:${account}`, limits.perAccount],
  ];
  const hits: HitResult[] = [];
  for (const [key, w] of windows) hits.push(await hit(db, key, w, now));
  const blocked = hits.filter((h) => !h.allowed);
  return {
    waitSeconds: blocked.length > 0 ? Math.max(...blocked.map((h) => h.retryAfterSeconds)) : null,
    async succeeded() {
      for (const [key, w] of windows) await unhit(db, key, w, now);
    },
  };
}

/** Deletes every window of `key` and of the keys that start with `key:` (e.g. all IPs of an account). */
export async function clearRateLimits(db: Db | Tx, key: string): Promise<void> {
  const like = `${key.replace(/[\\%_]/g, (ch) => `\\${ch}`)}:%`;
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key} or ${rateLimits.key} like ${like}`);
}

/** Deletes windows that ended more than two days ago (no limit here is longer than a day). */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 3 * 86_400_000)));
}
