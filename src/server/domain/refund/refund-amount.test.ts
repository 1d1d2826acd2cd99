import { describe, expect, it } from "vitest";
import {
  amountWithin,
  lineRefundable,
  linesPaid,
  linesPoints,
  orderRefundable,
  type PaidLine,
  type PaidOrder,
} from "./refund-amount.ts";

const order: PaidOrder = {
  total: "300.00",
  scoreAmount: "10.00",
  reduceAmount: "20.00",
  useScore: 1000,
  freightAmount: "8.00",
};
const line = (
  id: number,
  prodCount: number,
  total: string,
  actual: string | null,
  scoreReduce: string | null = null,
): PaidLine => ({ orderItemId: id, prodCount, productTotalAmount: total, actualTotal: actual, scoreReduce });

describe("refundable amounts", () => {
  it("uses the pricing engine's per-line amount after discounts, coupons and points", () => {
    const lines = [line(1, 2, "200.00", "176.67", "6.67"), line(2, 1, "100.00", "93.33", "3.33")];
    expect(linesPaid(order, lines)).toEqual(["176.67", "93.33"]);
    expect(linesPoints(order, lines)).toEqual([667, 333]);
  });
  it("older lines share the order's reductions by goods amount; the parts add up to what was paid", () => {
    const lines = [line(1, 1, "100.00", null), line(2, 1, "100.00", null), line(3, 1, "100.00", null)];
    const paid = linesPaid(order, lines);
    expect(paid).toEqual(["90.00", "90.00", "90.00"]);
    const odd = linesPaid({ ...order, reduceAmount: "0.01", scoreAmount: "0" }, lines);
    expect(odd).toEqual(["100.00", "100.00", "99.99"]);
    expect(linesPoints(order, lines)).toEqual([333, 333, 334]);
  });
  it("a part of a line takes its share rounded down; the last part takes the rest", () => {
    const l = { prodCount: 3, paid: "100.00", score: 100 };
    const first = lineRefundable(l, 1, { goodsNum: 0, amount: 0, score: 0 });
    expect(first).toEqual({ amount: "33.33", score: 33 });
    const second = lineRefundable(l, 1, { goodsNum: 1, amount: first.amount, score: first.score });
    expect(second).toEqual({ amount: "33.33", score: 33 });
    const last = lineRefundable(l, 1, { goodsNum: 2, amount: "66.66", score: 66 });
    expect(last).toEqual({ amount: "33.34", score: 34 });
    // What is left after a smaller refund of the same pieces.
    expect(lineRefundable(l, 3, { goodsNum: 0, amount: 0, score: 0 })).toEqual({ amount: "100.00", score: 100 });
    expect(lineRefundable(l, 2, { goodsNum: 1, amount: "10.00", score: 0 })).toEqual({ amount: "90.00", score: 100 });
  });
  it("nothing for zero, too many or fractional pieces", () => {
    const l = { prodCount: 2, paid: "50.00", score: 0 };
    expect(lineRefundable(l, 0, { goodsNum: 0, amount: 0, score: 0 }).amount).toBe("0.00");
    expect(lineRefundable(l, 3, { goodsNum: 0, amount: 0, score: 0 }).amount).toBe("0.00");
    expect(lineRefundable(l, 2, { goodsNum: 1, amount: "25.00", score: 0 }).amount).toBe("0.00");
    expect(lineRefundable(l, 1.5, { goodsNum: 0, amount: 0, score: 0 }).amount).toBe("0.00");
  });
  it("a whole order: every line, freight only when not shipped", () => {
    const lines = [line(1, 2, "200.00", "176.67"), line(2, 1, "100.00", "93.33")];
    expect(orderRefundable(order, lines, true)).toEqual({ amount: "278.00", score: 1000 });
    expect(orderRefundable(order, lines, false)).toEqual({ amount: "270.00", score: 1000 });
  });
  it("requested amounts: 0.01 up to the maximum, two decimals", () => {
    expect(amountWithin("0.01", "10")).toBe(true);
    expect(amountWithin("10.00", "10")).toBe(true);
    expect(amountWithin("10.01", "10")).toBe(false);
    expect(amountWithin("0", "10")).toBe(false);
    expect(amountWithin("1.234", "10")).toBe(false);
    expect(amountWithin("-1", "10")).toBe(false);
    expect(amountWithin("1e2", "1000")).toBe(false);
  });
});
