/**
 * The points ledger (SPEC §1, §9; CONTRACT §6.5; docs/points.md). Points change only through
 * changePoints: a conditional update of users.score (never below 0) and one user_ledger row
 * (kind "score") in the caller's transaction, so users.score always equals the sum of the
 * user's score ledger.
 *
 * Expiry rule (SPEC does not show one; decided in docs/points.md): points received in a calendar
 * year (Asia/Shanghai) expire when the following year ends. Points spent are taken from the
 * oldest first, so at the start of year Y the points still due to expire are
 *   max(0, received before the start of Y−1 − every outflow before the start of Y, and every expiry),
 * never more than the current balance. Expiry is settled lazily (settleExpiry): when the points
 * page or sign-in is used and before points are spent at checkout.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { PointsSource, type PointsLogDto } from "../../../lib/points/points.ts";
import type { Db, Tx } from "../../db/client.ts";
import { userLedger, users } from "../../db/schema/index.ts";
import { ledgerPage, mapPage, writeLedger } from "../kernel/user-ledger.ts";
import { DomainError } from "../kernel/domain-error.ts";

/** Ledger reasons of points (user_ledger.reason with kind "score"). */
export const PointsReason = {
  REGISTER: "register",
  EARN: "orderEarnScore",
  CLAW_BACK: "refundClawBack",
  LEVEL_UP: "levelUp",
  SIGN_IN: "signIn",
  USE: "orderUseScore",
  /** Points paid for a points-mall exchange (the exchange's order number on the row). */
  EXCHANGE: "pointsMallExchange",
  RETURNED: "orderCancelRefund",
  /** The points a refunded order used, given back with the refund (refund-payout.ts). */
  REFUND_RETURNED: "orderRefundScore",
  EXPIRE: "expire",
  RECHARGE_BONUS: "rechargeBonus",
  ADJUST: "adjust",
} as const;
export type PointsReasonValue = (typeof PointsReason)[keyof typeof PointsReason];

/** Points given on registration (source 0). */
export const REGISTER_POINTS = 100;

const SOURCE_OF: Record<string, number> = {
  [PointsReason.REGISTER]: PointsSource.REGISTER,
  [PointsReason.EARN]: PointsSource.SHOPPING,
  [PointsReason.CLAW_BACK]: PointsSource.SHOPPING,
  [PointsReason.LEVEL_UP]: PointsSource.LEVEL_UP,
  [PointsReason.SIGN_IN]: PointsSource.SIGN_IN,
  [PointsReason.USE]: PointsSource.ORDER,
  [PointsReason.EXCHANGE]: PointsSource.EXCHANGE,
  [PointsReason.RETURNED]: PointsSource.ORDER,
  [PointsReason.REFUND_RETURNED]: PointsSource.ORDER,
  [PointsReason.EXPIRE]: PointsSource.EXPIRED,
  [PointsReason.RECHARGE_BONUS]: PointsSource.RECHARGE_BONUS,
  [PointsReason.ADJUST]: PointsSource.ADJUST,
};

/** The CONTRACT source code and direction of a ledger row. Unknown reasons count as adjustments. */
export function pointsSourceOf(reason: string, delta: number): { source: number; ioType: 0 | 1 } {
  return { source: SOURCE_OF[reason] ?? PointsSource.ADJUST, ioType: delta < 0 ? 0 : 1 };
}

export class PointsError extends DomainError {}

// ------------------------------------------------------------------------------------------
// Expiry (pure)
// ------------------------------------------------------------------------------------------

const SHANGHAI_MS = 8 * 3600_000;

/** The Shanghai calendar year of a moment. */
export function shanghaiYear(d: Date): number {
  return new Date(d.getTime() + SHANGHAI_MS).getUTCFullYear();
}

/** 00:00 of 1 January of `year` in Asia/Shanghai. */
export function yearStart(year: number): Date {
  return new Date(Date.UTC(year, 0, 1) - SHANGHAI_MS);
}

export interface LedgerEntry {
  amount: number;
  createdAt: Date;
  reason: string;
}

function outflowsBefore(entries: readonly LedgerEntry[], end: Date): number {
  let out = 0;
  for (const e of entries) if (e.amount < 0 && (e.createdAt < end || e.reason === PointsReason.EXPIRE)) out -= e.amount;
  return out;
}

function inflowsBefore(entries: readonly LedgerEntry[], end: Date): number {
  let inn = 0;
  for (const e of entries) if (e.amount > 0 && e.createdAt < end) inn += e.amount;
  return inn;
}

/** Points that must expire now (at `now`), given the whole score ledger and the balance. */
export function dueExpiry(entries: readonly LedgerEntry[], balance: number, now: Date): number {
  const y = shanghaiYear(now);
  const due = inflowsBefore(entries, yearStart(y - 1)) - outflowsBefore(entries, yearStart(y));
  return Math.max(0, Math.min(due, balance));
}

/** Points that will expire at the end of the current year unless spent first, and when. */
export function upcomingExpiry(
  entries: readonly LedgerEntry[],
  balance: number,
  now: Date,
): { points: number; at: Date } {
  const y = shanghaiYear(now);
  const due = inflowsBefore(entries, yearStart(y)) - outflowsBefore(entries, new Date(8.64e15));
  return { points: Math.max(0, Math.min(due, balance)), at: yearStart(y + 1) };
}

/**
 * Points taken back when `refundAmount` of an order that paid `actualTotal` is refunded after it
 * earned `earned` points (of which `clawed` were taken back already): the refunded share of the
 * earned points, rounded down, never more than what is left of them nor than the balance.
 */
export function clawBackAmount(
  earned: number,
  clawed: number,
  refundAmount: number,
  actualTotal: number,
  balance: number,
): number {
  if (!(earned > 0) || !(refundAmount > 0) || !(actualTotal > 0)) return 0;
  const share = Math.floor((earned * Math.min(refundAmount, actualTotal)) / actualTotal);
  return Math.max(0, Math.min(share, earned - clawed, balance));
}

// ------------------------------------------------------------------------------------------
// Database
// ------------------------------------------------------------------------------------------

/**
 * Adds `delta` points (negative = takes) with a ledger row, in the caller's transaction.
 * Taking more than the balance throws PointsError("points.notEnough") (nothing written).
 * Answers the new balance.
 */
export async function changePoints(
  tx: Tx,
  userId: string,
  delta: number,
  reason: PointsReasonValue,
  now: Date,
  orderNumber: string | null = null,
  note: string | null = null,
): Promise<number> {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new RangeError("points delta must be a non-zero integer");
  const total = await writeLedger(tx, { userId, kind: "score", delta: String(delta), reason, now, orderNumber, note });
  if (total === null) throw new PointsError("points.notEnough");
  return Number(total);
}

async function pointsEntries(q: Db | Tx, userId: string): Promise<LedgerEntry[]> {
  const rows = await q
    .select({ amount: userLedger.amount, createdAt: userLedger.createdAt, reason: userLedger.reason })
    .from(userLedger)
    .where(and(eq(userLedger.userId, userId), eq(userLedger.kind, "score")));
  return rows.map((r) => ({ amount: Number(r.amount), createdAt: r.createdAt, reason: r.reason }));
}

/** Locks the user row and reads its points (null: no such user). */
async function lockPoints(tx: Tx, userId: string): Promise<{ score: number } | null> {
  const [u] = await tx
    .select({ score: users.score })
    .from(users)
    .where(eq(users.userId, userId))
    .for("update")
    .limit(1);
  return u ?? null;
}

/** Expires what the rule says is due now (one "expire" row); locks the user row first. Answers the points expired. */
export async function settleExpiry(tx: Tx, userId: string, now: Date): Promise<number> {
  const u = await lockPoints(tx, userId);
  if (!u || u.score <= 0) return 0;
  const due = dueExpiry(await pointsEntries(tx, userId), u.score, now);
  if (due > 0) await changePoints(tx, userId, -due, PointsReason.EXPIRE, now);
  return due;
}

/** Takes back the shopping reward of a refunded order (ledger "refundClawBack"); answers the points taken. */
export async function clawBackForRefund(
  tx: Tx,
  userId: string,
  orderNumber: string,
  refundAmount: string,
  actualTotal: string,
  now: Date,
): Promise<number> {
  const u = await lockPoints(tx, userId);
  if (!u) return 0;
  const rows = await tx
    .select({ amount: userLedger.amount, reason: userLedger.reason })
    .from(userLedger)
    .where(and(eq(userLedger.userId, userId), eq(userLedger.kind, "score"), eq(userLedger.orderNumber, orderNumber)));
  const earned = rows.filter((r) => r.reason === PointsReason.EARN).reduce((n, r) => n + Number(r.amount), 0);
  const clawed = rows.filter((r) => r.reason === PointsReason.CLAW_BACK).reduce((n, r) => n - Number(r.amount), 0);
  const take = clawBackAmount(earned, clawed, Number(refundAmount), Number(actualTotal), u.score);
  if (take > 0) await changePoints(tx, userId, -take, PointsReason.CLAW_BACK, now, orderNumber);
  return take;
}

/** The points balance and what expires at the end of this year. */
export async function pointsSummary(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ score: number; expiringPoints: number; expireTime: string }> {
  await db.transaction((tx) => settleExpiry(tx, userId, now));
  const [u] = await db.select({ score: users.score }).from(users).where(eq(users.userId, userId)).limit(1);
  const score = u?.score ?? 0;
  const up = upcomingExpiry(await pointsEntries(db, userId), score, now);
  return { score, expiringPoints: up.points, expireTime: up.at.toISOString() };
}

/** GET /p/score/page: the points log, newest first. */
export async function pointsLog(db: Db, userId: string, current: number, size: number): Promise<Page<PointsLogDto>> {
  return mapPage(await ledgerPage(db, userId, "score", current, size), (r) => {
    const delta = Number(r.amount);
    return {
      id: r.id,
      score: Math.abs(delta),
      ...pointsSourceOf(r.reason, delta),
      createTime: r.createdAt.toISOString(),
      orderNumber: r.orderNumber,
    };
  });
}

/** Users whose points or balance differ from the sum of their ledger, or are negative (the suite checks it stays empty). */
export async function ledgerMismatches(
  db: Db,
  userIds?: readonly string[],
): Promise<{ userId: string; kind: string; total: string; ledger: string }[]> {
  const sums = await db
    .select({ userId: userLedger.userId, kind: userLedger.kind, total: sql<string>`sum(${userLedger.amount})` })
    .from(userLedger)
    .groupBy(userLedger.userId, userLedger.kind);
  const sumOf = new Map(sums.map((r) => [`${r.userId}/${r.kind}`, Number(r.total)]));
  const rows = await db.select({ userId: users.userId, score: users.score, balance: users.balance }).from(users);
  const out: { userId: string; kind: string; total: string; ledger: string }[] = [];
  for (const r of rows) {
    if (userIds && !userIds.includes(r.userId)) continue;
    const pointsSum = sumOf.get(`${r.userId}/score`) ?? 0;
    const balanceSum = sumOf.get(`${r.userId}/balance`) ?? 0;
    if (pointsSum !== r.score)
      out.push({ userId: r.userId, kind: "score", total: String(r.score), ledger: String(pointsSum) });
    if (Math.round(balanceSum * 100) !== Math.round(Number(r.balance) * 100))
      out.push({ userId: r.userId, kind: "balance", total: String(r.balance), ledger: String(balanceSum) });
    if (r.score < 0 || Number(r.balance) < 0)
      out.push({ userId: r.userId, kind: "negative", total: `${r.score}/${r.balance}`, ledger: "" });
  }
  return out;
}
