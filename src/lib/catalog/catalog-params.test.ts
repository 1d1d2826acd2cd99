import { describe, expect, it } from "vitest";
import {
  commentPageQuery,
  idList,
  listPageQuery,
  priceRangeQuery,
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

describe("priceRangeQuery (the price filter)", () => {
  const issue = (v: Record<string, string>) => {
    const r = priceRangeQuery.safeParse(v);
    return r.success ? null : { path: r.error.issues[0]!.path, message: r.error.issues[0]!.message };
  };
  it("takes amounts in yuan with at most two decimals, either end alone, blanks as none", () => {
    expect(priceRangeQuery.parse({ minPrice: " 100 ", maxPrice: "299.9" })).toEqual({
      minPrice: "100",
      maxPrice: "299.9",
    });
    expect(priceRangeQuery.parse({ minPrice: "", maxPrice: "50" })).toEqual({ minPrice: undefined, maxPrice: "50" });
    expect(priceRangeQuery.parse({ minPrice: "80", maxPrice: "80" })).toEqual({ minPrice: "80", maxPrice: "80" });
  });
  it("refuses what is not an amount, and a lowest price above the highest, naming the field", () => {
    for (const bad of ["abc", "-1", "1.234", "1e5", "9999999999", "¥100"])
      expect(issue({ minPrice: bad }), bad).toEqual({ path: ["minPrice"], message: "validation.price" });
    expect(issue({ minPrice: "200", maxPrice: "100" })).toEqual({
      path: ["maxPrice"],
      message: "validation.priceOrder",
    });
    expect(issue({ minPrice: "99.5", maxPrice: "99.49" })?.message).toBe("validation.priceOrder");
  });
  it("the search API and /list refuse the same ranges", () => {
    expect(productSearchQuery.safeParse({ minPrice: "200", maxPrice: "100" }).success).toBe(false);
    expect(listPageQuery.parse({ minPrice: "10", maxPrice: "20" }).search).toMatchObject({
      minPrice: "10",
      maxPrice: "20",
    });
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
