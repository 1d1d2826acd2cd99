/**
 * The equity of a paid membership (docs/points.md "Membership"), pure rules and the buyer's
 * current level; used by checkout (order-submit.ts), order completion (order-lifecycle.ts) and
 * buying (member.ts). A membership is active while users.levelType is 1 and levelEndTime is in
 * the future.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { formatPrice, Money, toDecimal, type MoneyInput } from "../../../lib/money.ts";
import type { Db, Tx } from "../../db/client.ts";
import { memberLevels, users } from "../../db/schema/index.ts";
import type { ActivityOffer, ActivityPriceProvider } from "../pricing/pricing-shapes.ts";

const DAY_MS = 24 * 3600_000;

export type LevelRow = typeof memberLevels.$inferSelect;

/** Whether a user's paid membership is running at `now`. */
export function memberActive(u: { levelType: number; levelEndTime: Date | null }, now: Date): boolean {
  return u.levelType === 1 && u.levelEndTime !== null && u.levelEndTime.getTime() > now.getTime();
}

/** The end of a membership bought or renewed at `now` for `termDays`. */
export function extendedEnd(currentEnd: Date | null, now: Date, termDays: number): Date {
  const from = currentEnd && currentEnd.getTime() > now.getTime() ? currentEnd.getTime() : now.getTime();
  return new Date(from + termDays * DAY_MS);
}

/** The member price of `price` under a level's discount (half-up to cents); null when the level gives no discount. */
export function memberPriceOf(price: MoneyInput, discount: string): string | null {
  const d = toDecimal(discount);
  if (!d.greaterThan(0) || !d.lessThan(1)) return null;
  return formatPrice(toDecimal(price).times(d));
}

/** Step 2 of the pricing engine for a member: the SKU price × the level's discount (half-up to cents). */
export function memberPriceProvider(level: { id: number; discount: string }): ActivityPriceProvider {
  return (line): ActivityOffer | null => {
    const price = memberPriceOf(line.price, level.discount);
    return price === null
      ? null
      : { kind: "member", activityId: level.id, price, excludesDiscounts: false, promotion: true };
  };
}

/** The shopping reward of a member: base points × the level's multiplier, rounded down. */
export function multipliedPoints(base: number, multiple: string): number {
  const m = toDecimal(multiple);
  if (base <= 0 || !m.greaterThan(0)) return base;
  return new Money(base).times(m).floor().toNumber();
}

/** Growth an order earns when it completes (docs/points.md "Growth"): 1 per whole yuan paid. */
export function growthEarned(actualTotal: string): number {
  const n = toDecimal(actualTotal);
  return n.greaterThan(0) ? n.floor().toNumber() : 0;
}

/** Adds growth to the buyer (an order completed), in the caller's transaction. */
export async function addGrowth(tx: Tx, userId: string, growth: number): Promise<void> {
  if (growth <= 0) return;
  await tx
    .update(users)
    .set({ growth: sql`${users.growth} + ${growth}` })
    .where(eq(users.userId, userId));
}

/** The buyer's equity now: null when not an active paid member. */
export async function memberEquity(q: Db | Tx, userId: string, now: Date): Promise<{ level: LevelRow } | null> {
  const [u] = await q
    .select({ levelType: users.levelType, level: users.level, levelEndTime: users.levelEndTime })
    .from(users)
    .where(eq(users.userId, userId))
    .limit(1);
  if (!u || !memberActive(u, now)) return null;
  const [level] = await q
    .select()
    .from(memberLevels)
    .where(and(eq(memberLevels.levelType, 1), eq(memberLevels.level, u.level)))
    .limit(1);
  return level ? { level } : null;
}

/**
 * The points multiplier of the buyer now: an active paid plan's, else the multiplier of the
 * ordinary level their growth reached (each level its own, docs/points.md "Membership").
 */
export async function pointsMultipleOf(q: Db | Tx, userId: string, now: Date): Promise<string> {
  const equity = await memberEquity(q, userId, now);
  if (equity) return String(equity.level.pointsMultiple);
  const [u] = await q.select({ growth: users.growth }).from(users).where(eq(users.userId, userId)).limit(1);
  const reached = await q
    .select({ pointsMultiple: memberLevels.pointsMultiple })
    .from(memberLevels)
    .where(and(eq(memberLevels.levelType, 0), eq(memberLevels.status, 1), lte(memberLevels.needGrowth, u?.growth ?? 0)))
    .orderBy(asc(memberLevels.needGrowth));
  return String(reached.at(-1)?.pointsMultiple ?? "1");
}
