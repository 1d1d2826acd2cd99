import { describe, expect, it } from "vitest";
import {
  DEFAULT_FREIGHT_RULE,
  freightFor,
  freightRuleOf,
  orderTotals,
  PricingError,
  shopOrderAmounts,
  type FreightRule,
} from "./order-pricing.ts";

const rule: FreightRule = { fee: "10", freeOver: "99" };
const noFree: FreightRule = { fee: "8.5", freeOver: null };

function refusal(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof PricingError) return e.key;
    throw e;
  }
  return undefined;
}

describe("freightFor", () => {
  it("charges the fee below the threshold", () => {
    expect(freightFor("98.99", rule)).toBe("10.00");
    expect(freightFor("0", rule)).toBe("10.00");
  });
  it("is free exactly at the threshold and above", () => {
    expect(freightFor("99", rule)).toBe("0.00");
    expect(freightFor("99.00", rule)).toBe("0.00");
    expect(freightFor("99.01", rule)).toBe("0.00");
  });
  it("never free without a threshold", () => {
    expect(freightFor("100000", noFree)).toBe("8.50");
  });
  it("paid members ship free at self-operated shops only", () => {
    expect(freightFor("1", rule, { memberFreeShipping: true, selfOperated: true })).toBe("0.00");
    expect(freightFor("1", rule, { memberFreeShipping: true, selfOperated: false })).toBe("10.00");
    expect(freightFor("1", rule, { memberFreeShipping: false, selfOperated: true })).toBe("10.00");
    expect(freightFor("1", noFree, { memberFreeShipping: true, selfOperated: true })).toBe("0.00");
  });
  it("a zero fee is free", () => {
    expect(freightFor("5", { fee: "0", freeOver: null })).toBe("0.00");
  });
  it("refuses negative or invalid totals and rules", () => {
    expect(refusal(() => freightFor("-1", rule))).toBe("order.invalidPrice");
    expect(refusal(() => freightFor("abc", rule))).toBe("order.invalidPrice");
    expect(refusal(() => freightFor("1", { fee: "-1", freeOver: null }))).toBe("order.invalidFreightRule");
    expect(refusal(() => freightFor("1", { fee: "x", freeOver: null }))).toBe("order.invalidFreightRule");
    expect(refusal(() => freightFor("1", { fee: "1", freeOver: "-5" }))).toBe("order.invalidFreightRule");
  });
});

describe("shopOrderAmounts", () => {
  it("sums price × count exactly (0.1 + 0.2 = 0.30)", () => {
    expect(
      shopOrderAmounts(
        [
          { price: "0.1", count: 1 },
          { price: "0.2", count: 1 },
        ],
        noFree,
      ),
    ).toEqual({ total: "0.30", freight: "8.50", actualTotal: "8.80" });
    expect(shopOrderAmounts([{ price: 0.1, count: 3 }], { fee: "0", freeOver: null })).toEqual({
      total: "0.30",
      freight: "0.00",
      actualTotal: "0.30",
    });
  });
  it("applies the threshold to the goods total of the shop", () => {
    expect(shopOrderAmounts([{ price: "33", count: 3 }], rule)).toEqual({
      total: "99.00",
      freight: "0.00",
      actualTotal: "99.00",
    });
    expect(shopOrderAmounts([{ price: "32.99", count: 3 }], rule)).toEqual({
      total: "98.97",
      freight: "10.00",
      actualTotal: "108.97",
    });
    expect(
      shopOrderAmounts(
        [
          { price: "49.5", count: 1 },
          { price: "49.49", count: 1 },
          { price: "0.01", count: 1 },
        ],
        rule,
      ),
    ).toEqual({
      total: "99.00",
      freight: "0.00",
      actualTotal: "99.00",
    });
  });
  it("large amounts keep every cent", () => {
    expect(shopOrderAmounts([{ price: "9999999999.99", count: 3 }], noFree)).toEqual({
      total: "29999999999.97",
      freight: "8.50",
      actualTotal: "30000000008.47",
    });
  });
  it("refuses zero items, bad counts and bad prices", () => {
    expect(refusal(() => shopOrderAmounts([], rule))).toBe("order.noItems");
    expect(refusal(() => shopOrderAmounts([{ price: "1", count: 0 }], rule))).toBe("order.invalidCount");
    expect(refusal(() => shopOrderAmounts([{ price: "1", count: -1 }], rule))).toBe("order.invalidCount");
    expect(refusal(() => shopOrderAmounts([{ price: "1", count: 1.5 }], rule))).toBe("order.invalidCount");
    expect(refusal(() => shopOrderAmounts([{ price: "-0.01", count: 1 }], rule))).toBe("order.invalidPrice");
    expect(refusal(() => shopOrderAmounts([{ price: "NaN", count: 1 }], rule))).toBe("order.invalidPrice");
  });
});

describe("orderTotals", () => {
  it("one order per shop, summed", () => {
    const t = orderTotals([
      {
        lines: [
          { price: "0.1", count: 1 },
          { price: "0.2", count: 1 },
        ],
        rule,
      },
      { lines: [{ price: "100", count: 1 }], rule },
      { lines: [{ price: "5", count: 2 }], rule: noFree, opts: { memberFreeShipping: true, selfOperated: true } },
    ]);
    expect(t.shops).toEqual([
      { total: "0.30", freight: "10.00", actualTotal: "10.30" },
      { total: "100.00", freight: "0.00", actualTotal: "100.00" },
      { total: "10.00", freight: "0.00", actualTotal: "10.00" },
    ]);
    expect({ total: t.total, freight: t.freight, actualTotal: t.actualTotal }).toEqual({
      total: "110.30",
      freight: "10.00",
      actualTotal: "120.30",
    });
  });
  it("refuses no shops and any empty shop", () => {
    expect(refusal(() => orderTotals([]))).toBe("order.noItems");
    expect(
      refusal(() =>
        orderTotals([
          { lines: [{ price: "1", count: 1 }], rule },
          { lines: [], rule },
        ]),
      ),
    ).toBe("order.noItems");
  });
});

describe("DEFAULT_FREIGHT_RULE / freightRuleOf", () => {
  it("a shop without a rule pays 10.00, free at 99.00", () => {
    expect(freightRuleOf(null)).toEqual({ fee: "10.00", freeOver: "99.00" });
    expect(freightRuleOf(undefined)).toEqual(DEFAULT_FREIGHT_RULE);
    expect(freightFor("98.99", freightRuleOf(null))).toBe("10.00");
    expect(freightFor("99.00", freightRuleOf(null))).toBe("0.00");
  });
  it("a shop's row is used as it is", () => {
    expect(freightRuleOf({ fee: "12.00", freeOver: null })).toEqual({ fee: "12.00", freeOver: null });
    expect(freightFor("1000", freightRuleOf({ fee: "12.00", freeOver: null }))).toBe("12.00");
  });
  it("the default cannot be changed by a caller", () => {
    const r = freightRuleOf(null);
    r.fee = "0";
    expect(DEFAULT_FREIGHT_RULE.fee).toBe("10.00");
  });
});
