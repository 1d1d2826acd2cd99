import { describe, expect, it } from "vitest";
import {
  maxUsablePoints,
  maxUsablePointsForShops,
  pointsEarned,
  pointsToMoney,
  shopPointsCap,
  splitPoints,
  validatePointsUse,
} from "./points.ts";

describe("maxUsablePoints", () => {
  it("is limited by the balance, rounded down to 10", () => {
    expect(maxUsablePoints(125, "100")).toBe(120);
    expect(maxUsablePoints(9, "100")).toBe(0);
    expect(maxUsablePoints(0, "100")).toBe(0);
  });
  it("is limited to 50% of the amount (100 points = 1.00)", () => {
    expect(maxUsablePoints(100000, "100")).toBe(5000);
    expect(maxUsablePoints(100000, "0.30")).toBe(10); // 0.15 yuan = 15 points → 10
    expect(maxUsablePoints(100000, "0.19")).toBe(0); // 9.5 points → 0
    expect(maxUsablePoints(100000, "0.2")).toBe(10); // exactly at the boundary
  });
  it("a zero, negative or invalid amount or balance allows nothing", () => {
    expect(maxUsablePoints(1000, "0")).toBe(0);
    expect(maxUsablePoints(1000, "-10")).toBe(0);
    expect(maxUsablePoints(1000, "abc")).toBe(0);
    expect(maxUsablePoints(-50, "100")).toBe(0);
    expect(maxUsablePoints(NaN, "100")).toBe(0);
  });
});

describe("validatePointsUse", () => {
  it("accepts multiples of 10 within the balance and the limit", () => {
    expect(validatePointsUse(0, 0, "0")).toEqual({ ok: true });
    expect(validatePointsUse(10, 10, "0.2")).toEqual({ ok: true });
    expect(validatePointsUse(5000, 5000, "100")).toEqual({ ok: true });
  });
  it("refuses points that are not a non-negative integer multiple of 10", () => {
    for (const p of [5, 15, -10, 10.5, NaN, Infinity])
      expect(validatePointsUse(p, 1000, "100")).toEqual({ ok: false, error: "rules.pointsStep" });
  });
  it("refuses more than the balance", () => {
    expect(validatePointsUse(20, 19, "100")).toEqual({ ok: false, error: "order.pointsOverBalance" });
    expect(validatePointsUse(20, 20, "100")).toEqual({ ok: true });
  });
  it("refuses more than 50% of the amount", () => {
    expect(validatePointsUse(5010, 10000, "100")).toEqual({ ok: false, error: "order.pointsOverLimit" });
    expect(validatePointsUse(20, 10000, "0.39")).toEqual({ ok: false, error: "order.pointsOverLimit" });
    expect(validatePointsUse(20, 10000, "0.40")).toEqual({ ok: true });
  });
  it("agrees with maxUsablePoints", () => {
    for (const [balance, amount] of [
      [125, "100"],
      [1000, "0.3"],
      [30, "1"],
    ] as const) {
      const max = maxUsablePoints(balance, amount);
      expect(validatePointsUse(max, balance, amount).ok).toBe(true);
      expect(validatePointsUse(max + 10, balance, amount).ok).toBe(false);
    }
  });
});

describe("pointsToMoney", () => {
  it("100 points = 1.00", () => {
    expect(pointsToMoney(100)).toBe("1.00");
    expect(pointsToMoney(10)).toBe("0.10");
    expect(pointsToMoney(5010)).toBe("50.10");
    expect(pointsToMoney(1)).toBe("0.01");
  });
  it("zero, negative or invalid is 0.00", () => {
    for (const p of [0, -10, 1.5, NaN]) expect(pointsToMoney(p)).toBe("0.00");
  });
});

describe("pointsEarned", () => {
  it("1 point per whole yuan paid", () => {
    expect(pointsEarned("99.99")).toBe(99);
    expect(pointsEarned("100")).toBe(100);
    expect(pointsEarned("0.99")).toBe(0);
    expect(pointsEarned(0.1 + 0.2)).toBe(0);
    expect(pointsEarned("1.00")).toBe(1);
  });
  it("zero, negative or invalid earns nothing", () => {
    for (const v of ["0", "-5", "x", ""]) expect(pointsEarned(v)).toBe(0);
  });
});

describe("shopPointsCap / maxUsablePointsForShops", () => {
  it("a shop's cap is 50% of its goods in points, rounded down to 10", () => {
    expect(shopPointsCap("100")).toBe(5000);
    expect(shopPointsCap("0.30")).toBe(10);
    expect(shopPointsCap("0.15")).toBe(0);
    expect(shopPointsCap("0")).toBe(0);
  });
  it("is the smallest of the balance, 50% of the whole total and the sum of the shops' caps", () => {
    expect(maxUsablePointsForShops(2000, ["100", "50"])).toBe(2000);
    expect(maxUsablePointsForShops(100000, ["100", "50"])).toBe(7500);
    expect(maxUsablePointsForShops(125, ["100"])).toBe(120);
    // 0.15 + 0.15: the whole allows 10 points but no single shop order can take them.
    expect(maxUsablePointsForShops(1000, ["0.15", "0.15"])).toBe(0);
    expect(maxUsablePointsForShops(1000, [])).toBe(0);
  });
});

describe("splitPoints", () => {
  it("one shop takes everything", () => {
    expect(splitPoints(120, ["100"])).toEqual([120]);
  });
  it("proportional to goods totals, multiples of 10, remainder on the last shop", () => {
    expect(splitPoints(1000, ["100", "100"])).toEqual([500, 500]);
    expect(splitPoints(1000, ["300", "100"])).toEqual([750, 250]);
    expect(splitPoints(100, ["10", "10", "10"])).toEqual([30, 30, 40]);
    expect(splitPoints(0, ["10", "20"])).toEqual([0, 0]);
  });
  it("never more than 50% of a shop's goods: the excess moves to shops with room", () => {
    // shop 2 (1.00) may take at most 50 points; proportional would give it 90.
    expect(splitPoints(1000, ["19.00", "1.00"])).toEqual([950, 50]);
    const s = splitPoints(5000, ["99.99", "0.21"]);
    expect(s).toEqual([4990, 10]);
  });
  it("always sums to the points and respects every cap", () => {
    const cases: string[][] = [
      ["12.34", "56.78", "0.50"],
      ["1", "1", "1", "1"],
      ["999.99", "0.20"],
      ["33.33", "33.33", "33.34"],
    ];
    for (const totals of cases) {
      const max = maxUsablePointsForShops(1_000_000, totals);
      for (let p = 0; p <= max; p += 10) {
        const s = splitPoints(p, totals);
        expect(s.reduce((a, b) => a + b, 0)).toBe(p);
        s.forEach((n, i) => {
          expect(n % 10).toBe(0);
          expect(n).toBeLessThanOrEqual(shopPointsCap(totals[i]!));
        });
      }
    }
  });
  it("refuses points that are not a multiple of 10 or over the caps", () => {
    expect(() => splitPoints(15, ["100"])).toThrow(RangeError);
    expect(() => splitPoints(-10, ["100"])).toThrow(RangeError);
    expect(() => splitPoints(20, ["0.15", "0.15"])).toThrow(RangeError);
  });
});
