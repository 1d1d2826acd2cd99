import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Money } from "../../../lib/money.ts";
import { priceLines } from "./pricing.ts";
import { evaluateDiscount, shareByLargestRemainder } from "./pricing-steps.ts";
import {
  PricingRefusal,
  type DiscountRuleSet,
  type HeldCoupon,
  type PricingInput,
  type PricingLine,
} from "./pricing-shapes.ts";

const now = new Date("2026-05-01T12:00:00Z");
const past = new Date("2026-04-01T00:00:00Z");
const future = new Date("2026-06-01T00:00:00Z");
const name = { zh: "活动", "zh-tw": "活動", en: "Sale" };

function discount(p: Partial<DiscountRuleSet> & Pick<DiscountRuleSet, "rule" | "tiers">): DiscountRuleSet {
  return {
    discountId: 1,
    shopId: 1,
    name,
    type: 0,
    maxReduce: null,
    prodIds: null,
    startTime: past,
    endTime: future,
    ...p,
  };
}
function coupon(p: Partial<HeldCoupon>): HeldCoupon {
  return {
    couponUserId: 1,
    couponId: 1,
    shopId: 1,
    couponType: 1,
    cashCondition: "0",
    reduceAmount: "10",
    couponDiscount: null,
    suitableProdType: 0,
    prodIds: [],
    validStart: past,
    validEnd: future,
    used: false,
    ...p,
  };
}
const line = (key: number, price: string, count: number, extra: Partial<PricingLine> = {}): PricingLine => ({
  key,
  prodId: key,
  skuId: key,
  shopId: 1,
  price,
  count,
  ...extra,
});
const shops = [
  { shopId: 1, shopType: 0, freight: { fee: "10", freeOver: "99" } },
  { shopId: 2, shopType: 1, freight: { fee: "8", freeOver: null } },
];
const base = (p: Partial<PricingInput>): PricingInput => ({
  lines: [],
  shops,
  buyer: { points: 0, memberFreeShipping: false },
  now,
  ...p,
});

function refusal(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof PricingRefusal) return e.key;
    throw e;
  }
  return undefined;
}

describe("shareByLargestRemainder", () => {
  it("gives the leftover cents to the largest remainders", () => {
    expect(shareByLargestRemainder("10", ["1", "1", "1"]).map(String)).toEqual(["3.34", "3.33", "3.33"]);
    expect(shareByLargestRemainder("1", ["30", "10"]).map(String)).toEqual(["0.75", "0.25"]);
    expect(shareByLargestRemainder("0.05", ["1", "2", "3"]).map(String)).toEqual(["0.01", "0.02", "0.02"]);
  });
  it("always adds up and never exceeds a weight", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        (ws, permille) => {
          const weights = ws.map((w) => new Money(w).dividedBy(100));
          const whole = weights.reduce((s, w) => s.plus(w), new Money(0));
          const amount = whole.times(permille).dividedBy(1000).toDecimalPlaces(2, Money.ROUND_DOWN);
          const shares = shareByLargestRemainder(amount, weights);
          expect(shares.reduce((s, x) => s.plus(x), new Money(0)).equals(amount)).toBe(true);
          if (!whole.isZero()) shares.forEach((s, i) => expect(s.lessThanOrEqualTo(weights[i]!)).toBe(true));
        },
      ),
    );
  });
});

describe("evaluateDiscount: the four rule kinds", () => {
  const tiers = [
    { need: "100", value: "10" },
    { need: "200", value: "30" },
  ];
  it("0 spend X save Y: highest tier once, hint to the next", () => {
    const d = discount({ rule: 0, tiers });
    expect(evaluateDiscount(d, "99", 1)).toMatchObject({ tierIndex: -1, hint: { more: "1.00", reduce: "10.00" } });
    expect(evaluateDiscount(d, "150", 1)).toMatchObject({
      tierIndex: 0,
      hint: { more: "50.00", needAmount: "200.00", reduce: "30.00" },
    });
    expect(String(evaluateDiscount(d, "450", 1).reduce)).toBe("30");
    expect(evaluateDiscount(d, "450", 1).hint).toBeNull();
  });
  it("0 repeated for every time the tier is reached, with the cap", () => {
    const d = discount({ rule: 0, type: 1, tiers: [{ need: "100", value: "10" }] });
    expect(String(evaluateDiscount(d, "350", 1).reduce)).toBe("30");
    expect(evaluateDiscount(d, "350", 1).hint).toMatchObject({ more: "50.00", reduce: "40.00" });
    const capped = discount({ rule: 0, type: 1, maxReduce: "25", tiers: [{ need: "100", value: "10" }] });
    expect(String(evaluateDiscount(capped, "350", 1).reduce)).toBe("25");
    expect(evaluateDiscount(capped, "350", 1).hint).toBeNull();
  });
  it("1 buy N save Y counts pieces", () => {
    const d = discount({
      rule: 1,
      tiers: [
        { need: "2", value: "5" },
        { need: "3", value: "9" },
      ],
    });
    expect(evaluateDiscount(d, "100", 1)).toMatchObject({
      tierIndex: -1,
      hint: { more: "1", needAmount: "2", reduce: "5.00" },
    });
    expect(String(evaluateDiscount(d, "100", 2).reduce)).toBe("5");
    expect(String(evaluateDiscount(d, "100", 5).reduce)).toBe("9");
  });
  it("2 spend X get Z% off, rounded half-up to cents", () => {
    const d = discount({
      rule: 2,
      tiers: [
        { need: "50", value: "9" },
        { need: "100", value: "8.5" },
      ],
    });
    expect(String(evaluateDiscount(d, "60.05", 1).reduce)).toBe("6.01"); // 6.005 → 6.01
    expect(String(evaluateDiscount(d, "100", 1).reduce)).toBe("15");
    expect(evaluateDiscount(d, "60", 1).hint).toMatchObject({ more: "40.00", discount: "8.5", reduce: null });
  });
  it("3 buy N get Z% off, capped", () => {
    const d = discount({ rule: 3, maxReduce: "12", tiers: [{ need: "2", value: "8" }] });
    expect(String(evaluateDiscount(d, "50", 2).reduce)).toBe("10");
    expect(String(evaluateDiscount(d, "100", 3).reduce)).toBe("12");
  });
  it("never saves more than the group's amount", () => {
    const d = discount({ rule: 1, tiers: [{ need: "1", value: "500" }] });
    expect(String(evaluateDiscount(d, "20", 1).reduce)).toBe("20");
  });
});

describe("priceLines", () => {
  it("without promotions: goods, freight per shop", () => {
    const r = priceLines(base({ lines: [line(1, "30", 2), line(2, "12.5", 1, { shopId: 2 })] }));
    expect(r.shops.map((s) => [s.total, s.transFee, s.actualTotal])).toEqual([
      ["60.00", "10.00", "70.00"],
      ["12.50", "8.00", "20.50"],
    ]);
    expect(r.actualTotal).toBe("90.50");
  });

  it("a per-piece discount is the activity price; lines then join no tier discount", () => {
    const perPiece = discount({ discountId: 5, rule: 3, tiers: [{ need: "1", value: "8" }] });
    const tiered = discount({ discountId: 6, rule: 0, tiers: [{ need: "10", value: "5" }] });
    const r = priceLines(base({ lines: [line(1, "19.99", 3)], discounts: [perPiece, tiered] }));
    const l = r.shops[0]!.lines[0]!;
    expect(l).toMatchObject({
      skuPrice: "19.99",
      activityPrice: "15.99",
      activity: { kind: "discount", activityId: 5 },
      activityReduce: "12.00",
      discountId: 0,
      discountReduce: "0.00",
    });
  });

  it("groups a shop's lines by discount and shares the reduction", () => {
    const d = discount({ discountId: 7, rule: 0, tiers: [{ need: "100", value: "10" }], prodIds: [1, 2] });
    const r = priceLines(base({ lines: [line(1, "30", 1), line(2, "40", 2), line(3, "5", 1)], discounts: [d] }));
    const s = r.shops[0]!;
    expect(s.groups.map((g) => [g.discountId, g.amount, g.reduce])).toEqual([
      [7, "110.00", "10.00"],
      [0, "5.00", "0.00"],
    ]);
    expect(s.lines.map((l) => l.discountReduce)).toEqual(["2.73", "7.27", "0.00"]);
    expect(s.discountReduce).toBe("10.00");
  });

  it("a line may opt out (-1) or pick one of several discounts", () => {
    const a = discount({ discountId: 1, rule: 0, tiers: [{ need: "10", value: "1" }] });
    const b = discount({ discountId: 2, rule: 0, tiers: [{ need: "10", value: "3" }] });
    expect(priceLines(base({ lines: [line(1, "20", 1)], discounts: [a, b] })).shops[0]!.lines[0]!.discountId).toBe(1);
    expect(
      priceLines(base({ lines: [line(1, "20", 1, { discountId: 2 })], discounts: [a, b] })).shops[0]!.lines[0]!
        .discountReduce,
    ).toBe("3.00");
    expect(
      priceLines(base({ lines: [line(1, "20", 1, { discountId: -1 })], discounts: [a, b] })).shops[0]!.lines[0]!
        .discountId,
    ).toBe(0);
  });

  it("ignores discounts not running", () => {
    const d = discount({
      rule: 0,
      tiers: [{ need: "1", value: "1" }],
      startTime: future,
      endTime: new Date("2026-07-01"),
    });
    expect(priceLines(base({ lines: [line(1, "20", 1)], discounts: [d] })).discountReduce).toBe("0.00");
  });

  it("coupons: scope, threshold, best pick, stacking after the discount", () => {
    const d = discount({ rule: 0, tiers: [{ need: "100", value: "20" }] });
    const held = [
      coupon({ couponUserId: 1, reduceAmount: "5" }),
      coupon({ couponUserId: 2, reduceAmount: "15", cashCondition: "90" }),
      coupon({ couponUserId: 3, reduceAmount: "50", cashCondition: "100" }), // 120 − 20 = 100: usable
      coupon({ couponUserId: 4, reduceAmount: "60", cashCondition: "101" }), // below threshold
      coupon({ couponUserId: 5, reduceAmount: "70", suitableProdType: 1, prodIds: [9] }), // out of scope
      coupon({ couponUserId: 6, reduceAmount: "80", used: true }),
      coupon({ couponUserId: 7, reduceAmount: "80", validEnd: past }),
      coupon({ couponUserId: 8, reduceAmount: "80", validStart: future }),
      coupon({ couponUserId: 9, shopId: 0, couponType: 2, couponDiscount: "9.5", reduceAmount: null }),
    ];
    const r = priceLines(base({ lines: [line(1, "60", 2)], discounts: [d], coupons: held }));
    const s = r.shops[0]!;
    expect(s.chosenCouponUserId).toBe(3);
    expect(s.coupons.map((o) => [o.coupon.couponUserId, o.canUse, o.reason])).toEqual([
      [1, true, null],
      [2, true, null],
      [3, true, null],
      [4, false, "belowThreshold"],
      [5, false, "outOfScope"],
      [6, false, "used"],
      [7, false, "expired"],
      [8, false, "notStarted"],
    ]);
    expect(s.coupons[3]!.shortBy).toBe("1.00");
    // Platform 5% off on what is left: 120 − 20 − 50 = 50 → 2.50.
    expect(r.platformCouponReduce).toBe("2.50");
    expect(r.chosenPlatformCouponUserId).toBe(9);
    // Freight on the goods after coupons (47.50 < 99).
    expect(s.transFee).toBe("10.00");
    expect(s.actualTotal).toBe("57.50");
  });

  it("a line sold at its price (virtual goods) takes no member or limited-time price, tier or coupon; an activity buy's price still applies", () => {
    const member = (l: PricingLine) => ({
      kind: "member",
      activityId: 1,
      price: `${Number(l.price) * 0.9}`,
      excludesDiscounts: false,
      promotion: true,
    });
    const perPiece = discount({ discountId: 5, rule: 3, tiers: [{ need: "1", value: "8" }], prodIds: [2] });
    const tiered = discount({ discountId: 6, rule: 0, tiers: [{ need: "200", value: "40" }] });
    const held = [
      coupon({ couponUserId: 1, reduceAmount: "5" }),
      coupon({ couponUserId: 9, shopId: 0, reduceAmount: "3" }),
    ];
    const gift = line(1, "100", 3, { noPromotions: true });
    const r = priceLines(
      base({
        lines: [gift, line(2, "100", 1, { noPromotions: true })],
        providers: [member],
        discounts: [perPiece, tiered],
        coupons: held,
      }),
    );
    const s = r.shops[0]!;
    expect(
      s.lines.map((l) => [l.activityPrice, l.activity, l.discountReduce, l.shopCouponReduce, l.platformCouponReduce]),
    ).toEqual([
      ["100.00", null, "0.00", "0.00", "0.00"],
      ["100.00", null, "0.00", "0.00", "0.00"],
    ]);
    expect(s.coupons.map((o) => o.reason)).toEqual(["outOfScope"]);
    expect(r.platformCoupons.map((o) => o.reason)).toEqual(["outOfScope"]);
    expect(r.actualTotal).toBe("400.00");
    // The same lines without the flag take all of them.
    const plain = priceLines(
      base({
        lines: [line(1, "100", 3), line(2, "100", 1)],
        providers: [member],
        discounts: [perPiece, tiered],
        coupons: held,
      }),
    );
    expect(plain.activityReduce).not.toBe("0.00");
    expect(plain.discountReduce).not.toBe("0.00");
    expect(plain.shopCouponReduce).not.toBe("0.00");
    // A flash sale's own price (not a promotion) still sells it.
    const flash = () => ({ kind: "seckill", activityId: 3, price: "80", excludesDiscounts: true });
    expect(priceLines(base({ lines: [gift], providers: [flash, member] })).shops[0]!.lines[0]!.activityPrice).toBe(
      "80.00",
    );
  });

  it("the buyer's coupon choice is checked", () => {
    const held = [coupon({ couponUserId: 1, cashCondition: "500" }), coupon({ couponUserId: 2, reduceAmount: "3" })];
    const lines = [line(1, "60", 1)];
    expect(refusal(() => priceLines(base({ lines, coupons: held, couponChoice: { shops: { 1: 99 } } })))).toBe(
      "coupon.notYours",
    );
    expect(refusal(() => priceLines(base({ lines, coupons: held, couponChoice: { shops: { 1: 1 } } })))).toBe(
      "coupon.reason.belowThreshold",
    );
    expect(refusal(() => priceLines(base({ lines, coupons: held, couponChoice: { platform: 2 } })))).toBe(
      "coupon.notYours",
    );
    expect(refusal(() => priceLines(base({ lines, coupons: held, couponChoice: { shops: { 3: 2 } } })))).toBe(
      "coupon.notYours",
    );
    const none = priceLines(base({ lines, coupons: held, couponChoice: { shops: { 1: 0 } } }));
    expect(none.shopCouponReduce).toBe("0.00");
    expect(priceLines(base({ lines, coupons: held, couponChoice: { shops: { 1: 2 } } })).shopCouponReduce).toBe("3.00");
  });

  it("points come after coupons (50 % of what is left) and freight after reductions", () => {
    const held = [coupon({ couponUserId: 1, reduceAmount: "20" })];
    const r = priceLines(
      base({
        lines: [line(1, "110", 1)],
        coupons: held,
        buyer: { points: 100_000, memberFreeShipping: false },
        points: { isScorePay: 1, userUseScore: null },
      }),
    );
    const s = r.shops[0]!;
    expect(s.goodsAfterCoupons).toBe("90.00");
    expect(r.maxUsableScore).toBe(4500);
    expect(s.scoreReduce).toBe("45.00");
    expect(s.transFee).toBe("10.00"); // 90 < 99 after the coupon
    expect(s.actualTotal).toBe("55.00");
    expect(
      refusal(() =>
        priceLines(
          base({
            lines: [line(1, "110", 1)],
            coupons: held,
            buyer: { points: 100_000, memberFreeShipping: false },
            points: { isScorePay: 1, userUseScore: 4510 },
          }),
        ),
      ),
    ).toBe("order.pointsOverLimit");
  });

  it("refuses bad counts and prices", () => {
    expect(refusal(() => priceLines(base({ lines: [line(1, "1", 0)] })))).toBe("order.invalidCount");
    expect(refusal(() => priceLines(base({ lines: [line(1, "-1", 1)] })))).toBe("order.invalidPrice");
    expect(refusal(() => priceLines(base({ lines: [] })))).toBe("cart.selectOne");
  });

  it("property: lines add up to their shop and shops to the total, nothing negative", () => {
    const lineArb = fc.record({
      shopId: fc.constantFrom(1, 2),
      prodId: fc.integer({ min: 1, max: 5 }),
      cents: fc.integer({ min: 1, max: 50_000 }),
      count: fc.integer({ min: 1, max: 9 }),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 50, max: 99 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.boolean(),
        (raw, rule, type, reduceCents, rate, points, usePoints) => {
          const lines = raw.map((r, i) =>
            line(i + 1, new Money(r.cents).dividedBy(100).toFixed(2), r.count, { shopId: r.shopId, prodId: r.prodId }),
          );
          const percent = rule >= 2;
          const d = discount({
            rule: rule as 0 | 1 | 2 | 3,
            type: type as 0 | 1,
            maxReduce: reduceCents % 3 === 0 ? "30" : null,
            prodIds: [1, 2, 3],
            tiers: [
              {
                need: rule % 2 === 1 ? "2" : "50",
                value: percent ? String(rate / 10) : new Money(reduceCents).dividedBy(100).toFixed(2),
              },
            ],
          });
          const held = [
            coupon({
              couponUserId: 1,
              reduceAmount: new Money(reduceCents).dividedBy(100).toFixed(2),
              cashCondition: "20",
            }),
            coupon({
              couponUserId: 2,
              shopId: 2,
              couponType: 2,
              couponDiscount: String(rate / 10),
              reduceAmount: null,
              suitableProdType: 2,
              prodIds: [4],
            }),
            coupon({ couponUserId: 3, shopId: 0, reduceAmount: "7.77", cashCondition: "10" }),
          ];
          const r = priceLines(
            base({
              lines,
              discounts: [d],
              coupons: held,
              buyer: { points, memberFreeShipping: false },
              points: { isScorePay: usePoints ? 1 : 0, userUseScore: null },
            }),
          );
          let all = new Money(0);
          for (const s of r.shops) {
            const linesSum = s.lines.reduce((acc, l) => acc.plus(l.actualAmount), new Money(0));
            expect(linesSum.plus(s.transFee).toFixed(2)).toBe(s.actualTotal);
            for (const l of s.lines) {
              expect(new Money(l.actualAmount).isNegative()).toBe(false);
              const parts = new Money(l.activityReduce)
                .plus(l.discountReduce)
                .plus(l.shopCouponReduce)
                .plus(l.platformCouponReduce)
                .plus(l.scoreReduce)
                .plus(l.actualAmount);
              expect(parts.toFixed(2)).toBe(l.amount);
            }
            all = all.plus(s.actualTotal);
          }
          expect(all.toFixed(2)).toBe(r.actualTotal);
          expect(
            new Money(r.total).minus(r.totalReduce).minus(r.totalScoreAmount).plus(r.totalTransFee).toFixed(2),
          ).toBe(r.actualTotal);
        },
      ),
      { numRuns: 300 },
    );
  });
});
