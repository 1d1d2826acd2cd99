import { describe, expect, it } from "vitest";
import { SHOP_STATUS, shopEntryState } from "./shop.ts";

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
