import { describe, expect, it } from "vitest";
import {
  commentPageQuery,
  idList,
  listPageQuery,
  productSearchQuery,
  recentBrowseBody,
  renovationProductsQuery,
  shopSearchQuery,
} from "./catalog-params.ts";

describe("productSearchQuery", () => {
  it("defaults and trims", () => {
    expect(productSearchQuery.parse({})).toEqual({
      current: 1,
      size: 10,
      st: 0,
      keyword: undefined,
      categoryId: undefined,
      primaryCategoryId: undefined,
      secondaryCategoryId: undefined,
      brandIds: undefined,
      shopId: undefined,
      shopCategoryId: undefined,
      sort: undefined,
      hasStock: 0,
      selfShop: 0,
    });
    const q = productSearchQuery.parse({
      keyword: "  手机 ",
      brandIds: "3, 1,3",
      sort: "5",
      st: "1",
      current: "2",
      size: "20",
      categoryId: "",
    });
    expect(q).toMatchObject({
      keyword: "手机",
      brandIds: [3, 1],
      sort: 5,
      st: 1,
      current: 2,
      size: 20,
      categoryId: undefined,
    });
    expect(productSearchQuery.parse({ keyword: "   " }).keyword).toBeUndefined();
  });
  it("refuses bad values", () => {
    for (const bad of [
      { sort: "9" },
      { sort: "-1" },
      { size: "500" },
      { size: "0" },
      { current: "0" },
      { current: "abc" },
      { shopId: "abc" },
      { shopId: "0" },
      { categoryId: "1.5" },
      { brandIds: "1,x" },
      { st: "2" },
      { keyword: "x".repeat(51) },
    ]) {
      expect(productSearchQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it("brandIds list limits", () => {
    expect(idList.parse(undefined)).toBeUndefined();
    expect(idList.parse(" , ")).toBeUndefined();
    expect(idList.parse(["1", "2,3"])).toEqual([1, 2, 3]);
    expect(idList.safeParse(Array.from({ length: 51 }, (_, i) => i + 1).join(",")).success).toBe(false);
  });
});

describe("listPageQuery (/list)", () => {
  it("maps pn/cpid/cid/thCid/bid to search params", () => {
    const q = listPageQuery.parse({
      pn: " phone ",
      cpid: "1",
      cid: "2",
      thCid: "3",
      st: "1",
      bid: "7",
      bName: "Apple",
    });
    expect(q.search).toMatchObject({
      keyword: "phone",
      primaryCategoryId: 1,
      secondaryCategoryId: 2,
      categoryId: 3,
      brandIds: [7],
      st: 1,
      current: 1,
      size: 20,
    });
    expect(q.brandName).toBe("Apple");
  });
});

describe("other queries", () => {
  it("comment page evaluate -1..3", () => {
    expect(commentPageQuery.parse({ prodId: "5" })).toEqual({ prodId: 5, evaluate: -1, current: 1, size: 10 });
    expect(commentPageQuery.parse({ prodId: "5", evaluate: "3" }).evaluate).toBe(3);
    expect(commentPageQuery.safeParse({ prodId: "5", evaluate: "4" }).success).toBe(false);
    expect(commentPageQuery.safeParse({ evaluate: "1" }).success).toBe(false);
  });
  it("shop search trims and allows empty", () => {
    expect(shopSearchQuery.parse({ shopName: "  a " }).shopName).toBe("a");
    expect(shopSearchQuery.parse({}).shopName).toBeUndefined();
    expect(shopSearchQuery.safeParse({ shopName: "x".repeat(51) }).success).toBe(false);
  });
  it("renovation product ids", () => {
    expect(renovationProductsQuery.parse({ prodIds: "3,1,2" }).prodIds).toEqual([3, 1, 2]);
    expect(renovationProductsQuery.parse({}).prodIds).toEqual([]);
  });
  it("recentBrowse prodId", () => {
    expect(recentBrowseBody.parse({ prodId: "12" })).toEqual({ prodId: 12 });
    expect(recentBrowseBody.parse({ prodId: 12 })).toEqual({ prodId: 12 });
    expect(recentBrowseBody.safeParse({ prodId: "x" }).success).toBe(false);
    expect(recentBrowseBody.safeParse({}).success).toBe(false);
  });
});
