import { describe, expect, it } from "vitest";
import {
  CART_COUNT_CAP,
  CART_COUNT_CAP_ALT,
  EXCHANGE_RATE_CACHE_MS,
  formatCartCount,
  PAY_SWITCH_CACHE_MS,
  SHOP_STATUS,
  shopEntryState,
  TRACKING_SESSION_MS,
} from "./constants.ts";

describe("shopEntryState (SPEC §2)", () => {
  const cases: [number | string | null | undefined, string][] = [
    [SHOP_STATUS.OPEN, "open"],
    [1, "open"],
    ["1", "open"],
    [0, "underReview"],
    ["0", "underReview"],
    [-1, "notOpened"],
    ["-1", "notOpened"],
    [2, "offline"],
    [3, "offline"],
    [-2, "offline"],
    [1.5, "offline"],
    ["", "offline"],
    ["abc", "offline"],
    [null, "offline"],
    [undefined, "offline"],
    [Number.NaN, "offline"],
  ];
  it.each(cases)("status %j → %s", (status, state) => {
    expect(shopEntryState(status)).toBe(state);
  });
});

describe("formatCartCount", () => {
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

describe("durations", () => {
  it("match SPEC §9", () => {
    expect(EXCHANGE_RATE_CACHE_MS).toBe(15 * 24 * 60 * 60 * 1000);
    expect(PAY_SWITCH_CACHE_MS).toBe(5 * 60 * 60 * 1000);
    expect(TRACKING_SESSION_MS).toBe(1_800_000);
  });
});
