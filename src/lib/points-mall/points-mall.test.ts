import { describe, expect, it } from "vitest";
import { exchangeCountError, exchangeRefusal } from "./points-mall.ts";

describe("points mall rules", () => {
  it("count: a whole number 1..99", () => {
    expect(exchangeCountError(1)).toBeNull();
    expect(exchangeCountError("99")).toBeNull();
    for (const bad of [0, 100, 1.5, "x", "", null, "-1"]) expect(exchangeCountError(bad)).toBe("points.mall.badCount");
  });

  it("stock, then the per-user limit, then points", () => {
    const item = { stocks: 3, scoreLimit: 2, scorePrice: 500 };
    expect(exchangeRefusal(item, 1, 0, 500)).toBeNull();
    expect(exchangeRefusal(item, 4, 0, 99999)).toBe("points.mall.noStock");
    expect(exchangeRefusal(item, 2, 1, 99999)).toBe("points.mall.limitReached");
    expect(exchangeRefusal({ ...item, scoreLimit: 0 }, 3, 10, 99999)).toBeNull();
    expect(exchangeRefusal(item, 2, 0, 999)).toBe("points.notEnough");
  });
});
