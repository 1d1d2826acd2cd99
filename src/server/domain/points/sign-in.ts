/**
 * Daily sign-in (SPEC §1 "paid membership with daily sign-in"; CONTRACT §6.5 scoreInfo /
 * updateUserScore; docs/points.md). One sign-in per user and Asia/Shanghai calendar day (the
 * sign_ins primary key makes a second one impossible, also under parallel requests). The streak
 * counts consecutive days; the reward follows a 7-day cycle (SIGN_IN_REWARDS, day 8 starts again
 * at day 1's reward). Points are added through the points ledger in the same transaction.
 */
import { desc, eq } from "drizzle-orm";
import type { PointsInfoDto, SignInDayDto } from "../../../lib/points/points.ts";
import type { Db } from "../../db/client.ts";
import { signIns } from "../../db/schema/index.ts";
import { shanghaiDay } from "../footprint/footprint.ts";
import { changePoints, PointsError, PointsReason, pointsSummary, settleExpiry } from "./points-ledger.ts";

/** Points of day 1..7 of the cycle. */
export const SIGN_IN_REWARDS: readonly number[] = [10, 10, 20, 20, 30, 30, 50];

/** yyyy-MM-dd moved by `n` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}

/** Position 1..7 of a streak in the reward cycle. */
export function cyclePosition(streak: number): number {
  return ((Math.max(1, streak) - 1) % SIGN_IN_REWARDS.length) + 1;
}

export function rewardFor(streak: number): number {
  return SIGN_IN_REWARDS[cyclePosition(streak) - 1]!;
}

/** The streak of a sign-in on `today` after the last one (`last`: its day and streak, or null). */
export function nextStreak(last: { day: string; streak: number } | null, today: string): number {
  if (last && last.day === addDays(today, -1)) return last.streak + 1;
  return 1;
}

/**
 * The current streak as shown (consecutive days up to today, or up to yesterday while today is
 * not signed yet; 0 when the chain is broken) and whether today is signed.
 */
export function currentStreak(
  last: { day: string; streak: number } | null,
  today: string,
): { count: number; signedToday: boolean } {
  if (!last) return { count: 0, signedToday: false };
  if (last.day === today) return { count: last.streak, signedToday: true };
  if (last.day === addDays(today, -1)) return { count: last.streak, signedToday: false };
  return { count: 0, signedToday: false };
}

/** The 7-day strip: the current cycle, from its first day, with each day's reward and whether it is signed. */
export function signInStrip(last: { day: string; streak: number } | null, today: string): SignInDayDto[] {
  const { count, signedToday } = currentStreak(last, today);
  const todayStreak = signedToday ? count : count + 1;
  const start = addDays(today, -(cyclePosition(todayStreak) - 1));
  return SIGN_IN_REWARDS.map((points, i) => {
    const day = addDays(start, i);
    return { day, points, signed: day < today || (day === today && signedToday), today: day === today };
  });
}

async function lastSignIn(db: Db, userId: string): Promise<{ day: string; streak: number } | null> {
  const [row] = await db
    .select({ day: signIns.day, streak: signIns.streak })
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.day))
    .limit(1);
  return row ?? null;
}

/** GET /p/score/scoreInfo. */
export async function pointsInfo(db: Db, userId: string, now: Date): Promise<PointsInfoDto> {
  const summary = await pointsSummary(db, userId, now);
  const today = shanghaiDay(now);
  const last = await lastSignIn(db, userId);
  const { count, signedToday } = currentStreak(last, today);
  return {
    ...summary,
    signInCount: count,
    isSignIn: signedToday ? 1 : 0,
    days: signInStrip(last, today),
    rewards: [...SIGN_IN_REWARDS],
  };
}

/** Signs today; a second sign-in the same day throws PointsError("points.alreadySigned"). */
export async function signIn(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ points: number; signInCount: number; score: number }> {
  const today = shanghaiDay(now);
  return db.transaction(async (tx) => {
    await settleExpiry(tx, userId, now); // also locks the user row: one sign-in of a user at a time
    const [last] = await tx
      .select({ day: signIns.day, streak: signIns.streak })
      .from(signIns)
      .where(eq(signIns.userId, userId))
      .orderBy(desc(signIns.day))
      .limit(1);
    if (last?.day === today) throw new PointsError("points.alreadySigned");
    const streak = nextStreak(last ?? null, today);
    const points = rewardFor(streak);
    const inserted = await tx
      .insert(signIns)
      .values({ userId, day: today, streak, points, createdAt: now })
      .onConflictDoNothing()
      .returning({ day: signIns.day });
    if (inserted.length === 0) throw new PointsError("points.alreadySigned");
    const score = await changePoints(tx, userId, points, PointsReason.SIGN_IN, now);
    return { points, signInCount: streak, score };
  });
}
