import { describe, expect, it } from "vitest";
import type { CategoryNode } from "../../../lib/api-types.ts";
import { buildCategoryTree, categoryPath, collectDescendantIds, type CategoryRow } from "./catalog.ts";

const row = (categoryId: number, parentId: number, grade: number, seq: number, status = 1): CategoryRow => ({
  categoryId,
  parentId,
  grade,
  seq,
  status,
  pic: null,
  icon: `/i/${categoryId}.png`,
  name: { zh: `类${categoryId}`, "zh-tw": `類${categoryId}`, en: `Cat ${categoryId}` },
});

// 1 ─┬─ 11 ─┬─ 111
//    │      └─ 112 (inactive)
//    └─ 12 ── 121 ── 1211 (a 4th level: cut)
// 2 (seq 0, before 1) ── 21
// 3 (inactive) ── 31
const rows: CategoryRow[] = [
  row(1, 0, 0, 2),
  row(2, 0, 0, 0),
  row(3, 0, 0, 1, 0),
  row(12, 1, 1, 2),
  row(11, 1, 1, 1),
  row(21, 2, 1, 0),
  row(31, 3, 1, 0),
  row(111, 11, 2, 0),
  row(112, 11, 2, 1, 0),
  row(121, 12, 2, 0),
  row(1211, 121, 3, 0),
];

const ids = (nodes: CategoryNode[]): unknown =>
  nodes.map((n) => (n.categories.length ? [n.categoryId, ids(n.categories)] : n.categoryId));

describe("buildCategoryTree", () => {
  it("builds active categories by seq, three levels deep", () => {
    expect(ids(buildCategoryTree(rows, "zh"))).toEqual([
      [2, [21]],
      [
        1,
        [
          [11, [111]],
          [12, [121]],
        ],
      ],
    ]);
  });

  it("localizes names and fills the contract fields", () => {
    const [two] = buildCategoryTree(rows, "en");
    expect(two).toEqual({
      categoryId: 2,
      parentId: 0,
      categoryName: "Cat 2",
      pic: "",
      icon: "/i/2.png",
      seq: 0,
      grade: 0,
      status: 1,
      categories: [
        {
          categoryId: 21,
          parentId: 2,
          categoryName: "Cat 21",
          pic: "",
          icon: "/i/21.png",
          seq: 0,
          grade: 1,
          status: 1,
          categories: [],
        },
      ],
    });
    expect(buildCategoryTree(rows, "zh-tw")[0]!.categoryName).toBe("類2");
  });

  it("starts below a given parent", () => {
    expect(ids(buildCategoryTree(rows, "zh", 1))).toEqual([
      [11, [111]],
      [12, [[121, [1211]]]],
    ]);
    expect(buildCategoryTree(rows, "zh", 999)).toEqual([]);
    expect(buildCategoryTree(rows, "zh", 3)).toEqual([]);
  });

  it("survives cycles in bad data", () => {
    const bad = [row(5, 6, 0, 0), row(6, 5, 1, 0), row(7, 0, 0, 0), row(8, 7, 1, 0), row(7, 8, 2, 0)];
    expect(() => buildCategoryTree(bad, "zh")).not.toThrow();
    expect(() => buildCategoryTree(bad, "zh", 5, 50)).not.toThrow();
  });
});

describe("collectDescendantIds", () => {
  it("collects active descendants", () => {
    expect(collectDescendantIds(rows, 1).sort((a, b) => a - b)).toEqual([1, 11, 12, 111, 121, 1211]);
    expect(collectDescendantIds(rows, 111)).toEqual([111]);
  });
});

describe("categoryPath", () => {
  it("walks up to the top level", () => {
    expect(categoryPath(rows, 121).map((r) => r.categoryId)).toEqual([1, 12, 121]);
    expect(categoryPath(rows, 2).map((r) => r.categoryId)).toEqual([2]);
    expect(categoryPath(rows, 404)).toEqual([]);
  });
});
