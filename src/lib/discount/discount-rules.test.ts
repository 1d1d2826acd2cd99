import { describe, expect, it } from "vitest";
import { discountFormRule, tierOf } from "./discount-rules.ts";

const now = new Date("2026-11-24T00:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe("discount form rule", () => {
  const base = {
    discountName: "Offer",
    discountRule: 0,
    discountItems: [
      { needAmount: "100", discount: "10" },
      { needAmount: 200, discount: 25 },
    ],
    endTime: at(3),
  };

  it("normalises tiers and defaults", () => {
    expect(discountFormRule(now).parse(base)).toMatchObject({
      discountType: 0,
      maxReduceAmount: null,
      suitableProdType: 0,
      pcPic: "",
      startTime: now,
      discountItems: [
        { needAmount: "100.00", discount: "10.00" },
        { needAmount: "200.00", discount: "25.00" },
      ],
    });
    expect(
      discountFormRule(now).parse({
        ...base,
        discountRule: 3,
        discountItems: [
          { needAmount: 2, discount: "9" },
          { needAmount: "3", discount: "8.5" },
        ],
      }).discountItems,
    ).toEqual([
      { needAmount: "2.00", discount: "9.00" },
      { needAmount: "3.00", discount: "8.50" },
    ]);
  });

  it("tiers: pieces are whole, rates 0.1-9.9, a saving below its need", () => {
    expect(tierOf(1, { needAmount: "2.5", discount: "5" })).toBe("merchant.marketing.tierNeed");
    expect(tierOf(2, { needAmount: "100", discount: "10" })).toBe("merchant.marketing.tierValue");
    expect(tierOf(0, { needAmount: "100", discount: "100" })).toBe("merchant.marketing.reduceAboveCondition");
    expect(tierOf(1, { needAmount: "2", discount: "100" })).toMatchObject({});
  });

  it("refuses with the rule's key", () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ discountRule: 2, discountType: 1, discountItems: [{ needAmount: "100", discount: "9" }] }, "repeatPercent"],
      [
        {
          discountItems: [
            { needAmount: "200", discount: "10" },
            { needAmount: "100", discount: "20" },
          ],
        },
        "tierOrder",
      ],
      [{ discountItems: [] }, "tiers"],
      [{ endTime: at(-1) }, "activityTime"],
      [{ maxReduceAmount: "-1" }, "maxReduceAmount"],
      [{ suitableProdType: 2, prodIds: [1] }, "suitableProdType"],
      [{ pcBackgroundPic: "http://x/a.png" }, "pic"],
    ];
    for (const [over, key] of bad)
      expect(msg(discountFormRule(now).safeParse({ ...base, ...over })), key).toBe(`merchant.marketing.${key}`);
  });
});
