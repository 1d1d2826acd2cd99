import { describe, expect, it } from "vitest";
import { categoryListPath } from "./category-link.ts";

describe("categoryListPath", () => {
  it("builds the menu's link form for each depth", () => {
    expect(categoryListPath([{ level: 1, categoryId: 3 }])).toBe("/list?cpid=3&st=0");
    expect(
      categoryListPath([
        { level: 1, categoryId: 3 },
        { level: 2, categoryId: 14 },
      ]),
    ).toBe("/list?cpid=3&cid=14&st=0");
    expect(
      categoryListPath([
        { level: 1, categoryId: 3 },
        { level: 2, categoryId: 14 },
        { level: 3, categoryId: 61 },
      ]),
    ).toBe("/list?cpid=3&cid=14&thCid=61&st=0");
  });
});
