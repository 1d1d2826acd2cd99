import { describe, expect, it } from "vitest";
import { claimRefusal } from "./coupon.ts";

describe("exclusive coupons", () => {
  it("an exclusive coupon is refused to a known non-member only", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    const c = {
      status: 1,
      launchTime: new Date("2026-05-01T00:00:00Z"),
      overTime: new Date("2026-07-01T00:00:00Z"),
      validTimeType: 2,
      endTime: null,
      stocks: 5,
      limitNum: 1,
      memberOnly: 1,
    };
    expect(claimRefusal(c, 0, now, false)).toBe("member.notMember");
    expect(claimRefusal(c, 0, now, true)).toBeNull();
    expect(claimRefusal(c, 0, now, null)).toBeNull();
    expect(claimRefusal({ ...c, memberOnly: 0 }, 0, now, false)).toBeNull();
    expect(claimRefusal(c, 1, now, true)).toBe("coupon.limitReached");
  });
});
