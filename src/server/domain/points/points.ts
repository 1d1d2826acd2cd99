/**
 * Points ("积分") at checkout and earned by orders (SPEC §5, §9; CONTRACT §6.5 `isScorePay`,
 * `userUseScore`, `maxUsableScore`, `shopUseScore`). Pure functions; money via src/lib/money.ts.
 *
 * Rules (SPEC shows only the step of 10; the rest is decided here and documented in
 * docs/decisions.md):
 * - points are used in multiples of POINTS_STEP (10);
 * - 100 points = 1.00 yuan (so the step of 10 points is 0.10 yuan);
 * - at most 50% of the goods amount may be paid with points;
 * - an order earns 1 point per whole yuan actually paid (actualTotal rounded down).
 */
import { POINTS_STEP } from "../../../lib/points/points.ts";
import { formatPrice, Money, tryDecimal, type MoneyInput } from "../../../lib/money.ts";

/** Points worth 1.00 yuan (CONTRACT's `shopUseScore` ratio). */
export const POINTS_PER_YUAN = 100;
/** Largest share of the goods amount that points may pay (decimal string). */
export const POINTS_MAX_SHARE = "0.5";
/** Points earned per whole yuan paid. */
export const POINTS_EARNED_PER_YUAN = 1;

export const POINTS_ERRORS = {
  notMultiple: "rules.pointsStep",
  overBalance: "order.pointsOverBalance",
  overLimit: "order.pointsOverLimit",
} as const;
export type PointsErrorKey = (typeof POINTS_ERRORS)[keyof typeof POINTS_ERRORS];

export type PointsCheck = { ok: true } | { ok: false; error: PointsErrorKey };

/** Rounds a non-negative count down to the step; invalid or negative → 0. */
function floorToStep(n: number): number {
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.floor(Math.floor(n) / POINTS_STEP) * POINTS_STEP;
}

/** The most points the share rule allows for `amount` (in multiples of the step); invalid → 0. */
function limitFor(amount: MoneyInput): number {
  const d = tryDecimal(amount);
  if (d === null || !d.isPositive() || d.isZero()) return 0;
  const points = d.times(POINTS_MAX_SHARE).times(POINTS_PER_YUAN).floor();
  return floorToStep(Math.min(points.toNumber(), Number.MAX_SAFE_INTEGER));
}

/**
 * The most points usable on `amount` (the goods amount) with `balance` points: the smaller of
 * the balance and 50% of the amount in points, rounded down to a multiple of 10.
 */
export function maxUsablePoints(balance: number, amount: MoneyInput): number {
  return Math.min(floorToStep(balance), limitFor(amount));
}

/**
 * Checks points the buyer wants to use: a non-negative integer multiple of 10
 * (rules.pointsStep), not more than the balance (order.pointsOverBalance), not more than the
 * share rule allows on `amount` (order.pointsOverLimit). 0 points is always fine.
 */
export function validatePointsUse(points: number, balance: number, amount: MoneyInput): PointsCheck {
  if (!Number.isSafeInteger(points) || points < 0 || points % POINTS_STEP !== 0)
    return { ok: false, error: POINTS_ERRORS.notMultiple };
  if (points === 0) return { ok: true };
  if (!Number.isFinite(balance) || points > balance) return { ok: false, error: POINTS_ERRORS.overBalance };
  if (points > limitFor(amount)) return { ok: false, error: POINTS_ERRORS.overLimit };
  return { ok: true };
}

/** The money `points` are worth, as a 2-decimal string (100 points → "1.00"). Invalid → "0.00". */
export function pointsToMoney(points: number): string {
  if (!Number.isSafeInteger(points) || points <= 0) return "0.00";
  return formatPrice(new Money(points).dividedBy(POINTS_PER_YUAN));
}

/** Points earned by an order: 1 per whole yuan of `actualTotal` (rounded down); invalid → 0. */
export function pointsEarned(actualTotal: MoneyInput): number {
  const d = tryDecimal(actualTotal);
  if (d === null || !d.isPositive()) return 0;
  return Math.min(d.floor().times(POINTS_EARNED_PER_YUAN).toNumber(), Number.MAX_SAFE_INTEGER);
}

/** The most points the 50% share rule allows on one shop order's goods `amount` (multiple of 10). */
export function shopPointsCap(amount: MoneyInput): number {
  return limitFor(amount);
}

/**
 * The most points usable on a checkout of several shop orders: the smaller of the balance, 50%
 * of the whole goods total, and the sum of each shop's own 50% cap (all in multiples of 10), so
 * that splitPoints can always place them without any shop order paying more than half its goods
 * with points.
 */
export function maxUsablePointsForShops(balance: number, shopTotals: readonly MoneyInput[]): number {
  let whole = new Money(0);
  let caps = 0;
  for (const t of shopTotals) {
    const d = tryDecimal(t);
    if (d !== null && d.isPositive()) whole = whole.plus(d);
    caps += limitFor(t);
  }
  return Math.min(maxUsablePoints(balance, whole), caps);
}

/**
 * Splits `points` (a multiple of 10, at most maxUsablePointsForShops) over shop orders with the
 * given goods totals: each shop gets its share proportional to its goods total, rounded down to
 * a multiple of 10 and at most its own 50% cap; what is left goes to the last shop, then (if the
 * last shop is at its cap) to the shops before it, from the last to the first, each up to its
 * cap. Answers one count per shop (same order) summing to `points`; throws a RangeError when the
 * points cannot be placed (not a multiple of 10, negative, or over the caps).
 */
export function splitPoints(points: number, shopTotals: readonly MoneyInput[]): number[] {
  if (!Number.isSafeInteger(points) || points < 0 || points % POINTS_STEP !== 0)
    throw new RangeError("points must be a non-negative multiple of 10");
  const totals = shopTotals.map((t) => {
    const d = tryDecimal(t);
    return d !== null && d.isPositive() ? d : new Money(0);
  });
  const caps = totals.map((t) => limitFor(t));
  if (points > caps.reduce((s, c) => s + c, 0)) throw new RangeError("points exceed the shops' caps");
  if (points === 0) return totals.map(() => 0);
  const whole = totals.reduce((s, t) => s.plus(t), new Money(0));
  const shares = totals.map((t, i) => {
    const share = floorToStep(new Money(points).times(t).dividedBy(whole).floor().toNumber());
    return Math.min(share, caps[i]!);
  });
  let left = points - shares.reduce((s, n) => s + n, 0);
  for (let i = shares.length - 1; i >= 0 && left > 0; i--) {
    const add = Math.min(left, caps[i]! - shares[i]!);
    shares[i] = shares[i]! + add;
    left -= add;
  }
  return shares;
}
