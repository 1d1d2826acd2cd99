import { describe, expect, it } from "vitest";
import { DEFAULT_FREIGHT_RULE } from "../pricing/order-pricing.ts";
import { localizedFrom } from "./order-buy-lines.ts";
import { priceCheckout, type CheckoutShopInput, type PriceLine } from "./order-checkout-pricing.ts";
import { newSubmitToken, OrderSubmitError, parsePayload } from "./order-submit-payload.ts";

const shop = (
  shopId: number,
  lines: [string, number][],
  rule = { fee: "8.00", freeOver: "99.00" as string | null },
  shopType = 0,
): CheckoutShopInput<PriceLine> => ({
  shopId,
  shopType,
  rule,
  lines: lines.map(([price, prodCount]) => ({ price, prodCount })),
});

function refusal(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof OrderSubmitError) return e.key;
    throw e;
  }
  return undefined;
}

describe("newSubmitToken", () => {
  it("is 192 random bits in base64url, different every time", () => {
    const a = newSubmitToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(Array.from({ length: 200 }, newSubmitToken)).size).toBe(200);
  });
});

describe("parsePayload", () => {
  it("reads cart and buy-now payloads", () => {
    expect(
      parsePayload({
        source: "cart",
        basketIds: [3, 4],
        addrId: 7,
        isScorePay: 1,
        userUseScore: 100,
        shopIds: [1],
        couponUserIds: [9, -1],
      }),
    ).toEqual({
      source: "cart",
      basketIds: [3, 4],
      addrId: 7,
      isScorePay: 1,
      userUseScore: 100,
      shopIds: [1],
      couponUserIds: [9],
    });
    expect(
      parsePayload({ source: "buyNow", orderItem: { prodId: 1, skuId: 2, prodCount: 3, shopId: 4 }, addrId: null }),
    ).toEqual({
      source: "buyNow",
      orderItem: { prodId: 1, skuId: 2, prodCount: 3, shopId: 4 },
      addrId: null,
      isScorePay: 0,
      userUseScore: null,
      shopIds: [],
      couponUserIds: null,
    });
  });
  it("anything else is no payload", () => {
    for (const p of [
      null,
      "x",
      {},
      { source: "cart", basketIds: [] },
      { source: "cart", basketIds: [0] },
      { source: "buyNow", orderItem: { prodId: 1 } },
      { source: "cart", basketIds: [1], addrId: "7" },
    ]) {
      expect(parsePayload(p), JSON.stringify(p)).toBeNull();
    }
  });
});

describe("priceCheckout", () => {
  it("goods total, freight per shop (threshold inclusive), sums", () => {
    const c = priceCheckout(
      [
        shop(2, [["30.00", 2]]),
        shop(5, [["50", 1]], { fee: "12", freeOver: null }),
        shop(6, [["99.00", 1]], DEFAULT_FREIGHT_RULE),
      ],
      { balance: 0, isScorePay: 0 },
    );
    expect(c.shops.map((s) => [s.total, s.transFee, s.actualTotal, s.totalCount])).toEqual([
      ["60.00", "8.00", "68.00", 2],
      ["50.00", "12.00", "62.00", 1],
      ["99.00", "0.00", "99.00", 1],
    ]);
    expect(c).toMatchObject({
      total: "209.00",
      totalTransFee: "20.00",
      totalCount: 4,
      actualTotal: "229.00",
      useScore: 0,
      totalScoreAmount: "0.00",
      isScorePay: 0,
    });
  });
  it("decimal money: 0.1 × 3 is 0.30", () => {
    expect(
      priceCheckout([shop(1, [["0.1", 3]], { fee: "0", freeOver: null })], { balance: 0, isScorePay: 0 }).total,
    ).toBe("0.30");
  });
  it("paid members ship free at self-operated shops only", () => {
    const c = priceCheckout(
      [shop(1, [["10", 1]], { fee: "5", freeOver: null }, 1), shop(2, [["10", 1]], { fee: "5", freeOver: null }, 0)],
      { balance: 0, isScorePay: 0, memberFreeShipping: true },
    );
    expect(c.shops.map((s) => s.transFee)).toEqual(["0.00", "5.00"]);
  });
  it("points: the most by default, split over the shops, taken off each shop's amount", () => {
    const c = priceCheckout([shop(1, [["100", 1]]), shop(2, [["50", 1]], { fee: "12", freeOver: null })], {
      balance: 2000,
      isScorePay: 1,
    });
    expect(c).toMatchObject({ maxUsableScore: 2000, useScore: 2000, totalScoreAmount: "20.00" });
    expect(c.shops.map((s) => [s.useScore, s.scoreReduce, s.actualTotal])).toEqual([
      [1330, "13.30", "86.70"],
      [670, "6.70", "55.30"],
    ]);
    expect(c.actualTotal).toBe("142.00");
  });
  it("points: a chosen amount; isScorePay 0 ignores userUseScore", () => {
    expect(priceCheckout([shop(1, [["100", 1]])], { balance: 2000, isScorePay: 1, userUseScore: 120 })).toMatchObject({
      useScore: 120,
      actualTotal: "98.80",
    });
    expect(priceCheckout([shop(1, [["100", 1]])], { balance: 2000, isScorePay: 0, userUseScore: 120 })).toMatchObject({
      useScore: 0,
      actualTotal: "100.00",
      maxUsableScore: 2000,
    });
    expect(priceCheckout([shop(1, [["0.10", 1]])], { balance: 2000, isScorePay: 1 })).toMatchObject({
      useScore: 0,
      maxUsableScore: 0,
    });
  });
  it("points refusals: step, balance, 50% limit", () => {
    expect(
      refusal(() => priceCheckout([shop(1, [["100", 1]])], { balance: 2000, isScorePay: 1, userUseScore: 15 })),
    ).toBe("rules.pointsStep");
    expect(
      refusal(() => priceCheckout([shop(1, [["100", 1]])], { balance: 100, isScorePay: 1, userUseScore: 110 })),
    ).toBe("order.pointsOverBalance");
    expect(
      refusal(() => priceCheckout([shop(1, [["100", 1]])], { balance: 100000, isScorePay: 1, userUseScore: 5010 })),
    ).toBe("order.pointsOverLimit");
    // 0.15 + 0.15: the whole allows 10 points, but no single shop order can carry them.
    expect(
      refusal(() =>
        priceCheckout([shop(1, [["0.15", 1]]), shop(2, [["0.15", 1]])], {
          balance: 1000,
          isScorePay: 1,
          userUseScore: 10,
        }),
      ),
    ).toBe("order.pointsOverLimit");
  });
  it("nothing to buy is refused", () => {
    expect(refusal(() => priceCheckout([], { balance: 0, isScorePay: 0 }))).toBe("cart.selectOne");
    expect(refusal(() => priceCheckout([shop(1, [])], { balance: 0, isScorePay: 0 }))).toBe("cart.selectOne");
  });
});

describe("localizedFrom", () => {
  it("fills missing locales like pickText", () => {
    expect(
      localizedFrom([
        { locale: "zh", text: "手机" },
        { locale: "en", text: "Phone" },
      ]),
    ).toEqual({ zh: "手机", "zh-tw": "手机", en: "Phone" });
    expect(localizedFrom([{ locale: "zh", text: "手机" }])).toEqual({ zh: "手机", "zh-tw": "手机", en: "手机" });
    expect(localizedFrom([])).toEqual({ zh: "", "zh-tw": "", en: "" });
  });
});
