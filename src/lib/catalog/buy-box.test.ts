import { describe, expect, it } from "vitest";
import {
  clampQuantity,
  deriveSpecs,
  disabledValues,
  findSku,
  initialSelection,
  maxQuantity,
  parseProperties,
  resolveView,
  stepQuantity,
  toggleValue,
  UNLIMITED_QTY_MAX,
  type BuyBoxSku,
} from "./buy-box.ts";

let nextId = 1;
const sku = (properties: string, stocks: number, price = "10.00", extra: Partial<BuyBoxSku> = {}): BuyBoxSku => ({
  skuId: nextId++,
  properties,
  price,
  oriPrice: price,
  stocks,
  ...extra,
});
const fallback = { price: "9.90", oriPrice: "19.90" };

describe("parseProperties / deriveSpecs", () => {
  it("parses k:v pairs and tolerates noise", () => {
    expect(parseProperties("颜色:红色;尺码:M")).toEqual([
      ["颜色", "红色"],
      ["尺码", "M"],
    ]);
    expect(parseProperties(" Color : Red ; ;bad; Size：L ")).toEqual([
      ["Color", "Red"],
      ["Size", "L"],
    ]);
    expect(parseProperties("")).toEqual([]);
    expect(parseProperties(null)).toEqual([]);
  });
  it("keeps names and values in first-seen order", () => {
    const specs = deriveSpecs([sku("Color:Red;Size:M", 1), sku("Color:Blue;Size:S", 1), sku("Color:Red;Size:S", 1)]);
    expect(specs).toEqual([
      { name: "Color", values: [{ value: "Red" }, { value: "Blue" }] },
      { name: "Size", values: [{ value: "M" }, { value: "S" }] },
    ]);
  });
});

describe("one property", () => {
  const list = [sku("Color:Red", 5, "10.00"), sku("Color:Blue", 0, "11.00"), sku("Color:Green", 3, "12.00")];
  const specs = deriveSpecs(list);

  it("starts on the first available SKU and resolves it", () => {
    const sel = initialSelection(list, specs);
    expect(sel).toEqual(["Red"]);
    const view = resolveView(list, specs, sel, fallback);
    expect(view.sku?.skuId).toBe(list[0]!.skuId);
    expect(view.price).toBe("10.00");
    expect(view.stocks).toBe(5);
    expect(view.canBuy).toBe(true);
  });
  it("disables values whose SKU has no stock", () => {
    expect(disabledValues(list, specs, ["Red"])).toEqual([[false, true, false]]);
  });
  it("switches to another value; a disabled value changes nothing", () => {
    expect(toggleValue(list, specs, ["Red"], 0, "Green")).toEqual(["Green"]);
    expect(toggleValue(list, specs, ["Red"], 0, "Blue")).toEqual(["Red"]);
    expect(toggleValue(list, specs, ["Red"], 0, "Nope")).toEqual(["Red"]);
    expect(toggleValue(list, specs, ["Red"], 5, "Red")).toEqual(["Red"]);
  });
  it("clicking the chosen value deselects it; the view falls back to product price and summed stock", () => {
    const sel = toggleValue(list, specs, ["Red"], 0, "Red");
    expect(sel).toEqual([null]);
    const view = resolveView(list, specs, sel, fallback);
    expect(view.sku).toBeNull();
    expect(view.canBuy).toBe(false);
    expect(view.complete).toBe(false);
    expect(view.price).toBe("9.90");
    expect(view.oriPrice).toBe("19.90");
    expect(view.stocks).toBe(8);
  });
});

describe("two properties", () => {
  // Red-S and Blue-M only: a buyer on Red-S must still be able to reach Blue-M.
  const list = [
    sku("Color:Red;Size:S", 4, "20.00"),
    sku("Color:Red;Size:M", 0),
    sku("Color:Blue;Size:S", 0),
    sku("Color:Blue;Size:M", 2, "21.50", { pic: "/b.png" }),
  ];
  const specs = deriveSpecs(list);

  it("disables values that only combine with sold-out SKUs", () => {
    expect(disabledValues(list, specs, ["Red", "S"])).toEqual([
      [false, true],
      [false, true],
    ]);
  });
  it("deselecting one property opens the other's values (no dead end)", () => {
    let sel = toggleValue(list, specs, ["Red", "S"], 0, "Red");
    expect(sel).toEqual([null, "S"]);
    // Color: Blue has no S in stock; Size: with no color chosen, M (Blue-M) is reachable again.
    expect(disabledValues(list, specs, sel)).toEqual([
      [false, true],
      [false, false],
    ]);
    sel = toggleValue(list, specs, sel, 1, "S");
    expect(sel).toEqual([null, null]);
    expect(disabledValues(list, specs, sel)).toEqual([
      [false, false],
      [false, false],
    ]);
    sel = toggleValue(list, specs, sel, 1, "M");
    expect(disabledValues(list, specs, sel)).toEqual([
      [true, false],
      [false, false],
    ]);
    sel = toggleValue(list, specs, sel, 0, "Blue");
    expect(sel).toEqual(["Blue", "M"]);
    const view = resolveView(list, specs, sel, fallback);
    expect(view.sku?.skuId).toBe(list[3]!.skuId);
    expect(view.price).toBe("21.50");
    expect(view.stocks).toBe(2);
    expect(view.pic).toBe("/b.png");
  });
  it("a partial selection shows the stock of the SKUs it still matches", () => {
    expect(resolveView(list, specs, [null, "M"], fallback).stocks).toBe(2);
    expect(resolveView(list, specs, ["Red", null], fallback).stocks).toBe(4);
  });
  it("findSku needs every property", () => {
    expect(findSku(list, specs, ["Red", null])).toBeNull();
    expect(findSku(list, specs, ["Red"])).toBeNull();
    expect(findSku(list, specs, ["Red", "M"])?.skuId).toBe(list[1]!.skuId);
  });
});

describe("three properties", () => {
  const list = [
    sku("Color:Black;Memory:8GB;Storage:128GB", 3, "1999.00"),
    sku("Color:Black;Memory:8GB;Storage:256GB", 0, "2299.00"),
    sku("Color:Black;Memory:12GB;Storage:256GB", 7, "2599.00"),
    sku("Color:White;Memory:8GB;Storage:128GB", 1, "1999.00"),
    sku("Color:White;Memory:12GB;Storage:512GB", -1, "2999.00"),
  ];
  const specs = deriveSpecs(list);

  it("derives three specs", () => {
    expect(specs.map((s) => s.name)).toEqual(["Color", "Memory", "Storage"]);
    expect(specs[2]!.values.map((v) => v.value)).toEqual(["128GB", "256GB", "512GB"]);
  });
  it("resolves the SKU and its price", () => {
    const view = resolveView(list, specs, ["Black", "12GB", "256GB"], fallback);
    expect(view.sku?.skuId).toBe(list[2]!.skuId);
    expect(view.price).toBe("2599.00");
    expect(view.stocks).toBe(7);
  });
  it("disables per the other chosen values", () => {
    // Black + 8GB: 128GB available, 256GB sold out, 512GB does not exist.
    expect(disabledValues(list, specs, ["Black", "8GB", "128GB"])[2]).toEqual([false, true, true]);
    // Storage 512GB only exists in White/12GB.
    expect(disabledValues(list, specs, [null, null, "512GB"])).toEqual([
      [true, false],
      [true, false],
      [false, false, false],
    ]);
  });
  it("treats stock -1 as unlimited", () => {
    const view = resolveView(list, specs, ["White", "12GB", "512GB"], fallback);
    expect(view.canBuy).toBe(true);
    expect(view.stocks).toBe(-1);
    expect(resolveView(list, specs, ["White", null, null], fallback).stocks).toBe(-1);
  });
});

describe("edge cases", () => {
  it("a product without properties uses its only SKU", () => {
    const list = [sku("", 6, "5.00")];
    const specs = deriveSpecs(list);
    expect(specs).toEqual([]);
    const view = resolveView(list, specs, initialSelection(list, specs), fallback);
    expect(view.sku?.skuId).toBe(list[0]!.skuId);
    expect(view.canBuy).toBe(true);
  });
  it("a sold-out product starts on its first SKU, everything disabled, nothing to buy", () => {
    const list = [sku("Size:S", 0), sku("Size:M", 0)];
    const specs = deriveSpecs(list);
    const sel = initialSelection(list, specs);
    expect(sel).toEqual(["S"]);
    const view = resolveView(list, specs, sel, fallback);
    expect(view.disabled).toEqual([[true, true]]);
    expect(view.canBuy).toBe(false);
    expect(view.stocks).toBe(0);
  });
  it("a SKU off sale is not available", () => {
    const list = [sku("Size:S", 9, "1.00", { status: 0 }), sku("Size:M", 9)];
    const specs = deriveSpecs(list);
    expect(initialSelection(list, specs)).toEqual(["M"]);
    const view = resolveView(list, specs, ["S"], fallback);
    expect(view.canBuy).toBe(false);
    expect(view.stocks).toBe(0);
  });
  it("no SKU at all", () => {
    const view = resolveView([], [], [], fallback);
    expect(view.sku).toBeNull();
    expect(view.price).toBe("9.90");
    expect(view.stocks).toBe(0);
  });
});

describe("quantity", () => {
  it("accepts whole numbers within 1..stock", () => {
    expect(clampQuantity("3", 10)).toEqual({ quantity: 3, message: null });
    expect(clampQuantity(" 10 ", 10)).toEqual({ quantity: 10, message: null });
    expect(clampQuantity(1, 1)).toEqual({ quantity: 1, message: null });
  });
  it("above the stock → the stock and insufficientStock", () => {
    expect(clampQuantity("11", 10)).toEqual({ quantity: 10, message: "insufficientStock" });
    expect(clampQuantity(2, 0)).toEqual({ quantity: 1, message: "insufficientStock" });
  });
  it("not a positive whole number → 1 and enterCorrectQuantity", () => {
    for (const bad of ["0", "-1", "1.5", "abc", "", " ", "1e3", "0x10", "9999999999"]) {
      expect(clampQuantity(bad, 10)).toEqual({ quantity: 1, message: "enterCorrectQuantity" });
    }
    expect(clampQuantity(Number.NaN, 10)).toEqual({ quantity: 1, message: "enterCorrectQuantity" });
    expect(clampQuantity(2.5, 10)).toEqual({ quantity: 1, message: "enterCorrectQuantity" });
  });
  it("unlimited stock is capped", () => {
    expect(maxQuantity(-1)).toBe(UNLIMITED_QTY_MAX);
    expect(clampQuantity("500", -1)).toEqual({ quantity: 500, message: null });
    expect(clampQuantity(String(UNLIMITED_QTY_MAX + 1), -1)).toEqual({
      quantity: UNLIMITED_QTY_MAX,
      message: "insufficientStock",
    });
  });
  it("the +/- buttons step by one, never below 1 silently, above stock with a message", () => {
    expect(stepQuantity(1, -1, 5)).toEqual({ quantity: 1, message: null });
    expect(stepQuantity(2, -1, 5)).toEqual({ quantity: 1, message: null });
    expect(stepQuantity(4, 1, 5)).toEqual({ quantity: 5, message: null });
    expect(stepQuantity(5, 1, 5)).toEqual({ quantity: 5, message: "insufficientStock" });
    expect(stepQuantity(Number.NaN, 1, 5)).toEqual({ quantity: 2, message: null });
  });
});
