import { describe, expect, it } from "vitest";
import type { ProductCard } from "../../../lib/catalog/product-types.ts";
import { goneReason, mergeRelated } from "./product-gone.ts";

const card = (prodId: number): ProductCard => ({
  prodId,
  prodName: `p${prodId}`,
  brief: "",
  price: "1.00",
  oriPrice: "1.00",
  pic: "",
  shopId: 1,
  shopName: "",
  shopType: 0,
  soldNum: 0,
  commentNum: 0,
  totalStocks: 1,
  putawayTime: "2026-11-01T00:00:00.000Z",
});

describe("goneReason", () => {
  it("names why a product a shopper could have seen is not on sale", () => {
    expect(goneReason(-1, 1)).toBe("deleted");
    expect(goneReason(0, 1)).toBe("offShelf");
    expect(goneReason(2, 1)).toBe("offShelf");
    expect(goneReason(1, 0)).toBe("shopClosed");
    expect(goneReason(1, null)).toBe("shopClosed");
  });
  it("is null for goods on sale and for points-mall items (their own page)", () => {
    expect(goneReason(1, 1)).toBeNull();
    expect(goneReason(3, 1)).toBeNull();
  });
});

describe("mergeRelated", () => {
  it("keeps the lists' order, drops repeats and the product itself, stops at the limit", () => {
    const got = mergeRelated([[card(5), card(2)], [card(2), card(7), card(9)], [card(1)]], 7, 4);
    expect(got.map((c) => c.prodId)).toEqual([5, 2, 9, 1]);
    expect(mergeRelated([[card(1), card(2), card(3)]], 0, 2).map((c) => c.prodId)).toEqual([1, 2]);
    expect(mergeRelated([], 1, 10)).toEqual([]);
  });
});
