import { describe, expect, it } from "vitest";
import { maxUsablePoints, pointsEarned, pointsToMoney, validatePointsUse } from "./points.ts";

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
    for (const p of [5, 15, -10, 10.5, NaN, Infinity]) expect(validatePointsUse(p, 1000, "100")).toEqual({ ok: false, error: "rules.pointsStep" });
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
    for (const [balance, amount] of [[125, "100"], [1000, "0.3"], [30, "1"]] as const) {
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
