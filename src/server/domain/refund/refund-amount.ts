/**
 * How much of an order line can be refunded (docs/refund.md "Amounts"). Pure; money via
 * src/lib/money.ts. The one place that decides what a line was paid: the pricing engine's
 * per-line breakdown (order_items.actual_total = offers.actualAmount: price after activity,
 * discount, shop and platform coupons and points), or — for lines stored before the breakdown
 * existed — the goods amount less a share of the order's reductions by goods amount.
 *
 * - A part of a line (goodsNum of prodCount) may take paid × goodsNum / prodCount, rounded down
 *   to the cent; the application that takes the last pieces takes the rest, so the parts add up
 *   to exactly what was paid. What earlier refunds of the line took is never refundable again.
 * - Points used on the line come back the same way (whole points).
 * - Freight comes back only with a whole-order refund of an order not shipped yet.
 * - Coupons are not given back (they were spent on the order; docs/refund.md).
 */
import { compare, formatPrice, Money, sub, sum, toDecimal, type MoneyInput } from "../../../lib/money.ts";
import { POINTS_PER_YUAN } from "../points/points.ts";

export interface PaidLine {
  orderItemId: number;
  prodCount: number;
  productTotalAmount: string;
  /** The pricing engine's amount after every reduction (null for lines stored before it). */
  actualTotal: string | null;
  /** Money taken off the line by points (offers.scoreReduce), when known. */
  scoreReduce: string | null;
}

export interface PaidOrder {
  total: string;
  scoreAmount: string;
  reduceAmount: string;
  useScore: number;
  freightAmount: string;
}

/** What the buyer paid for each line (freight excluded), in `lines` order. */
export function linesPaid(order: PaidOrder, lines: readonly PaidLine[]): string[] {
  if (lines.every((l) => l.actualTotal !== null)) return lines.map((l) => formatPrice(l.actualTotal!));
  // Older lines: the order's reductions shared by goods amount, the last line takes the rest.
  const reductions = toDecimal(order.scoreAmount).plus(order.reduceAmount);
  const goods = sum(lines.map((l) => l.productTotalAmount));
  let left = reductions;
  return lines.map((l, i) => {
    const share =
      i === lines.length - 1 || goods.isZero()
        ? left
        : reductions.times(l.productTotalAmount).div(goods).toDecimalPlaces(2, Money.ROUND_DOWN);
    left = left.minus(share);
    const paid = toDecimal(l.productTotalAmount).minus(share);
    return formatPrice(paid.isNegative() ? 0 : paid);
  });
}

/** Points used on each line: from the breakdown (scoreReduce × 100), else the order's points shared by paid amount. */
export function linesPoints(order: PaidOrder, lines: readonly PaidLine[]): number[] {
  if (order.useScore <= 0) return lines.map(() => 0);
  if (lines.every((l) => l.scoreReduce !== null)) {
    return lines.map((l) =>
      toDecimal(l.scoreReduce!).times(POINTS_PER_YUAN).toDecimalPlaces(0, Money.ROUND_HALF_UP).toNumber(),
    );
  }
  const goods = sum(lines.map((l) => l.productTotalAmount));
  let left = order.useScore;
  return lines.map((l, i) => {
    const share =
      i === lines.length - 1 || goods.isZero()
        ? left
        : Math.floor(order.useScore * toDecimal(l.productTotalAmount).div(goods).toNumber());
    left -= share;
    return share;
  });
}

export interface RefundedSoFar {
  goodsNum: number;
  amount: MoneyInput;
  score: number;
}

/** The most a refund of `goodsNum` pieces of a line may take, and the points that come back with it. */
export function lineRefundable(
  line: { prodCount: number; paid: MoneyInput; score: number },
  goodsNum: number,
  before: RefundedSoFar,
): { amount: string; score: number } {
  const leftPieces = line.prodCount - before.goodsNum;
  if (!Number.isInteger(goodsNum) || goodsNum < 1 || goodsNum > leftPieces) return { amount: "0.00", score: 0 };
  const leftAmount = sub(line.paid, before.amount);
  const leftPoints = Math.max(0, line.score - before.score);
  if (goodsNum === leftPieces)
    return { amount: formatPrice(leftAmount.isNegative() ? 0 : leftAmount), score: leftPoints };
  const part = toDecimal(line.paid).times(goodsNum).div(line.prodCount).toDecimalPlaces(2, Money.ROUND_DOWN);
  const amount = compare(part, leftAmount) > 0 ? leftAmount : part;
  return {
    amount: formatPrice(amount.isNegative() ? 0 : amount),
    score: Math.min(leftPoints, Math.floor((line.score * goodsNum) / line.prodCount)),
  };
}

/** A whole-order refund (nothing refunded before): every line's paid amount, plus freight when not shipped. */
export function orderRefundable(
  order: PaidOrder,
  lines: readonly PaidLine[],
  notShipped: boolean,
): { amount: string; score: number } {
  const paid = sum(linesPaid(order, lines));
  return { amount: formatPrice(notShipped ? paid.plus(order.freightAmount) : paid), score: order.useScore };
}

/** Whether a requested amount is a valid money amount between 0.01 and `max`. */
export function amountWithin(requested: string, max: MoneyInput): boolean {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(requested)) return false;
  return compare(requested, "0.01") >= 0 && compare(requested, max) <= 0;
}
