import { describe, expect, it } from "vitest";
import { buildSkuMatrix, maskNickName, positiveRating } from "./product-detail.ts";

describe("buildSkuMatrix", () => {
  it("derives property rows and the SKUs of each value in first-seen order", () => {
    const skus = [
      { skuId: 1, properties: "Color:Black;Memory:8GB" },
      { skuId: 2, properties: "Color:Black;Memory:16GB" },
      { skuId: 3, properties: "Color:White;Memory:8GB" },
    ];
    expect(buildSkuMatrix(skus)).toEqual([
      {
        name: "Color",
        values: [
          { value: "Black", skuIds: [1, 2] },
          { value: "White", skuIds: [3] },
        ],
      },
      {
        name: "Memory",
        values: [
          { value: "8GB", skuIds: [1, 3] },
          { value: "16GB", skuIds: [2] },
        ],
      },
    ]);
  });
  it("a single SKU without properties gives no rows", () => {
    expect(buildSkuMatrix([{ skuId: 9, properties: "" }])).toEqual([]);
    expect(buildSkuMatrix([])).toEqual([]);
  });
  it("does not repeat a SKU id", () => {
    expect(buildSkuMatrix([{ skuId: 1, properties: "A:x;A:x" }])).toEqual([
      { name: "A", values: [{ value: "x", skuIds: [1] }] },
    ]);
  });
});

describe("reviews", () => {
  it("masks anonymous nick names", () => {
    expect(maskNickName("alice")).toBe("a***e");
    expect(maskNickName("张三")).toBe("张***三");
    expect(maskNickName("x")).toBe("x***");
    expect(maskNickName("")).toBe("***");
    expect(maskNickName("😀ab😎")).toBe("😀***😎");
  });
  it("positive rating is a rounded percentage, 0 without reviews", () => {
    expect(positiveRating(0, 0)).toBe(0);
    expect(positiveRating(2, 3)).toBe(67);
    expect(positiveRating(5, 5)).toBe(100);
  });
});
