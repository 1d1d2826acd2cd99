import { describe, expect, it } from "vitest";
import {
  cartTotals,
  groupByShop,
  isValidDelta,
  lineStatus,
  nextQuantity,
  withinSettleLimit,
  type LineFacts,
} from "./cart.ts";

const ok: LineFacts = {
  prodId: 1,
  shopId: 2,
  prodStatus: 1,
  prodShopId: 2,
  shopStatus: 1,
  skuStatus: 1,
  skuProdId: 1,
  stocks: 5,
};

describe("lineStatus", () => {
  it("valid only when product on sale in its open shop and the SKU is on sale with stock", () => {
    expect(lineStatus(ok)).toBe("valid");
    expect(lineStatus({ ...ok, prodStatus: 0 })).toBe("offline");
    expect(lineStatus({ ...ok, prodStatus: null })).toBe("offline");
    expect(lineStatus({ ...ok, shopStatus: 0 })).toBe("offline");
    expect(lineStatus({ ...ok, shopStatus: null })).toBe("offline");
    expect(lineStatus({ ...ok, prodShopId: 3 })).toBe("offline");
    expect(lineStatus({ ...ok, skuStatus: 0 })).toBe("offline");
    expect(lineStatus({ ...ok, skuStatus: null, skuProdId: null, stocks: null })).toBe("offline");
    expect(lineStatus({ ...ok, skuProdId: 9 })).toBe("offline");
    expect(lineStatus({ ...ok, stocks: 0 })).toBe("noStock");
  });
});

describe("quantity rules", () => {
  it("accepts non-zero integer deltas only", () => {
    for (const d of [1, -1, 99_999, -99_999]) expect(isValidDelta(d)).toBe(true);
    for (const d of [0, 1.5, NaN, Infinity, 100_000, "1", null]) expect(isValidDelta(d)).toBe(false);
  });
  it("result ≥ 1; adding may not exceed stock; decreasing always allowed", () => {
    expect(nextQuantity(0, 2, 5)).toEqual({ ok: true, quantity: 2 });
    expect(nextQuantity(2, 3, 5)).toEqual({ ok: true, quantity: 5 });
    expect(nextQuantity(2, 4, 5)).toEqual({ ok: false, error: "insufficientStock" });
    expect(nextQuantity(0, 1, 0)).toEqual({ ok: false, error: "insufficientStock" });
    expect(nextQuantity(2, -1, 5)).toEqual({ ok: true, quantity: 1 });
    expect(nextQuantity(2, -2, 5)).toEqual({ ok: false, error: "badCount" });
    expect(nextQuantity(0, -1, 5)).toEqual({ ok: false, error: "badCount" });
    expect(nextQuantity(8, -1, 5)).toEqual({ ok: true, quantity: 7 });
    expect(nextQuantity(1, 0, 5)).toEqual({ ok: false, error: "badCount" });
    expect(nextQuantity(1, 1.5, 5)).toEqual({ ok: false, error: "badCount" });
  });
  it("settle limit is 50 items", () => {
    expect(withinSettleLimit(50)).toBe(true);
    expect(withinSettleLimit(51)).toBe(false);
  });
});

describe("cartTotals", () => {
  it("sums valid lines exactly (no float drift) and skips invalid ones", () => {
    const t = cartTotals([
      { price: "0.10", prodCount: 1, status: "valid" },
      { price: "0.20", prodCount: 1, status: "valid" },
      { price: "19.99", prodCount: 3, status: "valid" },
      { price: "100.00", prodCount: 2, status: "offline" },
      { price: "5.00", prodCount: 1, status: "noStock" },
    ]);
    expect(t).toEqual({ totalMoney: "60.27", finalMoney: "60.27", subtractMoney: "0.00", count: 5 });
    expect(cartTotals([])).toEqual({ totalMoney: "0.00", finalMoney: "0.00", subtractMoney: "0.00", count: 0 });
  });
});

describe("groupByShop", () => {
  it("orders shops by their most recently added line, lines newest first", () => {
    const l = (basketId: number, shopId: number, t: string) => ({
      basketId,
      shopId,
      basketDate: `2024-01-01T00:00:0${t}.000Z`,
    });
    const g = groupByShop([l(1, 10, "1"), l(2, 20, "2"), l(3, 10, "3"), l(4, 30, "0"), l(5, 20, "3")]);
    expect(g.map((x) => [x.shopId, x.lines.map((y) => y.basketId)])).toEqual([
      [20, [5, 2]],
      [10, [3, 1]],
      [30, [4]],
    ]);
  });
});
