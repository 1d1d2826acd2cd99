import { describe, expect, it } from "vitest";
import { CART_COUNT_CAP, CART_COUNT_CAP_ALT, formatCartCount } from "./cart-count.ts";

describe("formatCartCount", () => {
  it("shows 0 for an empty cart (and for bad input)", () => {
    expect(formatCartCount(0)).toBe("0");
    expect(formatCartCount(-3)).toBe("0");
    expect(formatCartCount(Number.NaN)).toBe("0");
  });
  it("shows the number up to the cap", () => {
    expect(formatCartCount(1)).toBe("1");
    expect(formatCartCount(999)).toBe("999");
  });
  it("shows 999+ at 1000 or more", () => {
    expect(formatCartCount(1000)).toBe("999+");
    expect(formatCartCount(123456)).toBe("999+");
  });
  it("uses another cap when given", () => {
    expect(formatCartCount(99, 99)).toBe("99");
    expect(formatCartCount(100, 99)).toBe("99+");
  });
  it("caps at 999+ by default and at 99+ with the alternative text set's cap", () => {
    expect(CART_COUNT_CAP).toBe(999);
    expect(CART_COUNT_CAP_ALT).toBe(99);
    expect(formatCartCount(99, CART_COUNT_CAP_ALT)).toBe("99");
    expect(formatCartCount(100, CART_COUNT_CAP_ALT)).toBe("99+");
    expect(formatCartCount(1000, CART_COUNT_CAP_ALT)).toBe("99+");
    expect(formatCartCount(100.9, CART_COUNT_CAP_ALT)).toBe("99+");
    expect(formatCartCount(99.9, CART_COUNT_CAP_ALT)).toBe("99");
    expect(formatCartCount(0, CART_COUNT_CAP_ALT)).toBe("0");
    expect(formatCartCount(100, CART_COUNT_CAP)).toBe("100");
  });
});

describe("formatCartCount (the caps)", () => {
  it("caps at 999+", () => {
    expect(formatCartCount(0)).toBe("0");
    expect(formatCartCount(5)).toBe("5");
    expect(formatCartCount(999)).toBe("999");
    expect(formatCartCount(1000)).toBe("999+");
    expect(formatCartCount(12345)).toBe(`${CART_COUNT_CAP}+`);
  });
  it("caps at 99+ with the alternative cap", () => {
    expect(formatCartCount(99, CART_COUNT_CAP_ALT)).toBe("99");
    expect(formatCartCount(100, CART_COUNT_CAP_ALT)).toBe("99+");
  });
  it("treats invalid counts as 0", () => {
    expect(formatCartCount(-3)).toBe("0");
    expect(formatCartCount(Number.NaN)).toBe("0");
  });
});
