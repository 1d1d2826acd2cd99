import { describe, expect, it } from "vitest";
import type { CategoryRow } from "./catalog.ts";
import { capped, effectiveSort, priceRanges } from "./product-list.ts";
import { NEW_PRODUCT_DAYS, newProductsSince } from "./search-plan.ts";
import { resolveCategoryChain, toCrumbs } from "./category-path.ts";
import { SEARCH_TOTAL_CAP } from "../../../lib/catalog/product-types.ts";

const row = (categoryId: number, parentId: number, grade: number, status = 1): CategoryRow => ({
  categoryId,
  parentId,
  grade,
  status,
  seq: categoryId,
  pic: null,
  icon: null,
  name: { zh: `类${categoryId}`, "zh-tw": `類${categoryId}`, en: `C${categoryId}` },
});
// 1 ─ 11 ─ 111, 112 ; 1 ─ 12 ─ 121 ; 2 ─ 21 ─ 211 ; 3 (inactive) ─ 31
const rows = [
  row(1, 0, 0),
  row(11, 1, 1),
  row(111, 11, 2),
  row(112, 11, 2),
  row(12, 1, 1),
  row(121, 12, 2),
  row(2, 0, 0),
  row(21, 2, 1),
  row(211, 21, 2),
  row(3, 0, 0, 0),
  row(31, 3, 1),
];
const ids = (r: ReturnType<typeof resolveCategoryChain>) =>
  r.kind === "ok" ? [r.categoryId, r.path.map((p) => p.categoryId)] : r.kind;

describe("resolveCategoryChain", () => {
  it("nothing given → none", () => {
    expect(resolveCategoryChain(rows, {}).kind).toBe("none");
  });
  it("takes the deepest consistent level", () => {
    expect(ids(resolveCategoryChain(rows, { cpid: 1 }))).toEqual([1, [1]]);
    expect(ids(resolveCategoryChain(rows, { cpid: 1, cid: 11 }))).toEqual([11, [1, 11]]);
    expect(ids(resolveCategoryChain(rows, { cpid: 1, cid: 11, thCid: 112 }))).toEqual([112, [1, 11, 112]]);
  });
  it("a level alone gets its full path", () => {
    expect(ids(resolveCategoryChain(rows, { thCid: 211 }))).toEqual([211, [2, 21, 211]]);
    expect(ids(resolveCategoryChain(rows, { cid: 12 }))).toEqual([12, [1, 12]]);
  });
  it("ignores an inconsistent deeper level and everything below it", () => {
    expect(ids(resolveCategoryChain(rows, { cpid: 1, cid: 21, thCid: 211 }))).toEqual([1, [1]]);
    expect(ids(resolveCategoryChain(rows, { cpid: 1, cid: 11, thCid: 121 }))).toEqual([11, [1, 11]]);
    expect(ids(resolveCategoryChain(rows, { cpid: 1, cid: 11, thCid: 9999 }))).toEqual([11, [1, 11]]);
  });
  it("accepts a skipped middle level when the grandchild is right", () => {
    expect(ids(resolveCategoryChain(rows, { cpid: 1, thCid: 121 }))).toEqual([121, [1, 12, 121]]);
    expect(ids(resolveCategoryChain(rows, { cpid: 2, thCid: 121 }))).toEqual([2, [2]]);
  });
  it("unknown or inactive first level → unknown", () => {
    expect(resolveCategoryChain(rows, { cpid: 9999 }).kind).toBe("unknown");
    expect(resolveCategoryChain(rows, { cpid: 3 }).kind).toBe("unknown");
  });
  it("crumbs are localized with levels 1..3", () => {
    const r = resolveCategoryChain(rows, { thCid: 111 });
    if (r.kind !== "ok") throw new Error("expected ok");
    expect(toCrumbs(r.path, "en")).toEqual([
      { categoryId: 1, categoryName: "C1", level: 1 },
      { categoryId: 11, categoryName: "C11", level: 2 },
      { categoryId: 111, categoryName: "C111", level: 3 },
    ]);
  });
});

describe("sorting and new products", () => {
  it("default sort depends on st", () => {
    expect(effectiveSort(undefined, 0)).toBe(0);
    expect(effectiveSort(undefined, undefined)).toBe(0);
    expect(effectiveSort(undefined, 1)).toBe(1);
    expect(effectiveSort(5, 1)).toBe(5);
  });
  it("new products = the last 30 days", () => {
    expect(NEW_PRODUCT_DAYS).toBe(30);
    const now = new Date("2026-03-31T00:00:00Z");
    expect(newProductsSince(now).toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});

describe("capped counts", () => {
  it("counts up to the cap and says when the real count is larger", () => {
    expect(capped(0, 20)).toEqual({ total: 0, totalCapped: false, pages: 1 });
    expect(capped(41, 20)).toEqual({ total: 41, totalCapped: false, pages: 3 });
    expect(capped(SEARCH_TOTAL_CAP, 20)).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: false, pages: 500 });
    expect(capped(SEARCH_TOTAL_CAP + 1, 20)).toEqual({ total: SEARCH_TOTAL_CAP, totalCapped: true, pages: 500 });
  });
});

describe("priceRanges", () => {
  it("turns facet buckets into ranges, cheapest first, empty ones left out, the top one open", () => {
    expect(
      priceRanges([
        { bucket: 8, n: 2 },
        { bucket: 0, n: 5 },
        { bucket: 3, n: 0 },
        { bucket: 2, n: 7 },
      ]),
    ).toEqual([
      { minPrice: "0", maxPrice: "49.99", count: 5 },
      { minPrice: "100", maxPrice: "199.99", count: 7 },
      { minPrice: "10000", maxPrice: null, count: 2 },
    ]);
    expect(priceRanges([])).toEqual([]);
  });
});
