import { describe, expect, it } from "vitest";
import { priceBefore } from "./cart-price.ts";
import { priceMove } from "./cart-price-move.ts";

describe("priceBefore", () => {
  it("answers the price the buyer saw when the price now is another, as money", () => {
    expect(priceBefore("10", "12.00")).toBe("10.00");
    expect(priceBefore("12.5", "9.99")).toBe("12.50");
  });
  it("is null when the price is the same (whatever its spelling) or either is unknown", () => {
    expect(priceBefore("10.00", "10")).toBeNull();
    expect(priceBefore(null, "10.00")).toBeNull();
    expect(priceBefore("10.00", null)).toBeNull();
    expect(priceBefore("x", "1.00")).toBeNull();
  });
});

describe("priceMove", () => {
  it("says whether the price rose or dropped", () => {
    expect(priceMove("10.00", "12.00")).toBe("up");
    expect(priceMove("10.00", "9.99")).toBe("down");
  });
});
