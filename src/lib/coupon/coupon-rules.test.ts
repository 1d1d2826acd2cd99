import { describe, expect, it } from "vitest";
import { couponFormRule } from "./coupon-rules.ts";

const now = new Date("2026-11-24T00:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe("coupon form rule", () => {
  const base = {
    couponName: " Save 10 ",
    couponType: 1,
    cashCondition: "100",
    reduceAmount: 10,
    validTimeType: 2,
    validDays: "7",
    overTime: at(5),
    stocks: 20,
  };

  it("normalises a valid form: names for every language, money with 2 decimals, claim from now", () => {
    const r = couponFormRule(now).parse(base);
    expect(r).toMatchObject({
      couponName: { zh: "Save 10", "zh-tw": "Save 10", en: "Save 10" },
      cashCondition: "100.00",
      reduceAmount: "10.00",
      couponDiscount: null,
      validDays: 7,
      afterReceiveDays: 0,
      startTime: null,
      endTime: null,
      limitNum: 1,
      stocks: 20,
      prodIds: [],
    });
    expect(r.launchTime).toEqual(now);
    const d = couponFormRule(now).parse({
      ...base,
      couponType: 2,
      couponDiscount: "8.5",
      suitableProdType: 2,
      prodIds: [3, 3, 4],
    });
    expect(d).toMatchObject({ reduceAmount: null, couponDiscount: "8.5", prodIds: [3, 4] });
  });

  it("refuses with the rule's key", () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ couponName: "\u0007x" }, "couponName"],
      [{ couponName: { zh: "a", en: "b" } }, "couponName"],
      [{ reduceAmount: 0 }, "reduceAmount"],
      [{ reduceAmount: "150" }, "reduceAboveCondition"],
      [{ couponType: 2 }, "couponDiscount"],
      [{ couponType: 2, couponDiscount: "0.05" }, "couponDiscount"],
      [{ suitableProdType: 1 }, "prodIds"],
      [{ prodIds: Array.from({ length: 201 }, (_, i) => i + 1), suitableProdType: 1 }, "prodIds"],
      [{ overTime: at(-1) }, "launchTime"],
      [{ validTimeType: 1 }, "validTime"],
      [{ validTimeType: 1, startTime: at(0), endTime: at(3), overTime: at(4) }, "claimAfterValidity"],
      [{ validDays: 366 }, "validDays"],
      [{ stocks: "1e3" }, "stocks"],
    ];
    for (const [over, key] of bad)
      expect(msg(couponFormRule(now).safeParse({ ...base, ...over })), key).toBe(`merchant.marketing.${key}`);
  });
});
