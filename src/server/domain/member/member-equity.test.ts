import { describe, expect, it } from "vitest";
import { extendedEnd, memberActive, memberPriceProvider, multipliedPoints } from "./member-equity.ts";

const DAY = 86_400_000;

describe("membership rules", () => {
  const now = new Date("2026-03-01T00:00:00Z");
  it("is active only as a paid level before its end", () => {
    expect(memberActive({ levelType: 1, levelEndTime: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(memberActive({ levelType: 1, levelEndTime: now }, now)).toBe(false);
    expect(memberActive({ levelType: 0, levelEndTime: new Date(now.getTime() + DAY) }, now)).toBe(false);
    expect(memberActive({ levelType: 1, levelEndTime: null }, now)).toBe(false);
  });
  it("renewal extends from the running end, else from now", () => {
    expect(extendedEnd(null, now, 365).getTime()).toBe(now.getTime() + 365 * DAY);
    const running = new Date(now.getTime() + 10 * DAY);
    expect(extendedEnd(running, now, 365).getTime()).toBe(running.getTime() + 365 * DAY);
    const over = new Date(now.getTime() - 10 * DAY);
    expect(extendedEnd(over, now, 30).getTime()).toBe(now.getTime() + 30 * DAY);
  });
  it("member price: the level's discount on the SKU price, half-up to cents", () => {
    const p = memberPriceProvider({ id: 7, discount: "0.95" });
    expect(p({ key: 1, prodId: 1, skuId: 1, shopId: 1, price: "19.99", count: 1 }, now)).toEqual({
      kind: "member",
      activityId: 7,
      price: "18.99",
      excludesDiscounts: false,
      promotion: true,
    });
    expect(
      memberPriceProvider({ id: 7, discount: "1" })(
        { key: 1, prodId: 1, skuId: 1, shopId: 1, price: "10", count: 1 },
        now,
      ),
    ).toBeNull();
  });
  it("points multiplier rounds down", () => {
    expect(multipliedPoints(25, "2")).toBe(50);
    expect(multipliedPoints(25, "1.5")).toBe(37);
    expect(multipliedPoints(0, "2")).toBe(0);
  });
});

describe("growth", () => {
  it("growth: 1 per whole yuan paid, nothing for free orders", async () => {
    const { growthEarned } = await import("./member-equity.ts");
    expect(growthEarned("199.99")).toBe(199);
    expect(growthEarned("0.99")).toBe(0);
    expect(growthEarned("0.00")).toBe(0);
  });
});

describe("member price shown on products", () => {
  it("the price × the discount, half-up to cents; none without a discount", async () => {
    const { memberPriceOf } = await import("./member-equity.ts");
    expect(memberPriceOf("24.90", "0.95")).toBe("23.66");
    expect(memberPriceOf("0.10", "0.95")).toBe("0.10");
    expect(memberPriceOf("99.00", "1")).toBeNull();
  });
});
