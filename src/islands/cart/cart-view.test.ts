import { describe, expect, it } from "vitest";
import type { ShopCartDto, ShopCartItemDto } from "../../lib/cart/cart-types.ts";
import {
  allChecked,
  cartView,
  checkBody,
  withChecked,
  checkedCount,
  checkedIds,
  digitsOnly,
  parseCount,
  settleQuery,
} from "./cart-view.ts";

function line(basketId: number, over: Partial<ShopCartItemDto> = {}): ShopCartItemDto {
  return {
    basketId,
    prodId: basketId * 10,
    skuId: basketId * 100,
    shopId: 1,
    prodName: `p${basketId}`,
    skuName: "",
    properties: "",
    pic: "",
    price: "1.00",
    priceBefore: null,
    activityPrice: "1.00",
    oriPrice: "1.00",
    prodCount: 1,
    productTotalAmount: "1.00",
    isChecked: 0,
    actualStock: 5,
    status: "valid",
    basketDate: "2026-01-01T00:00:00.000Z",
    discountId: 0,
    mold: 0,
    writeOffTime: -1,
    ...over,
  };
}
function shop(shopId: number, ...groups: ShopCartItemDto[][]): ShopCartDto {
  return {
    shopId,
    shopName: `s${shopId}`,
    shopType: 0,
    total: "0.00",
    discountReduce: "0.00",
    actualTotal: "0.00",
    totalCount: 0,
    shopCartItemDiscounts: groups.map((g) => ({ chooseDiscountItemDto: null, activityType: 0, shopCartItems: g })),
  };
}

describe("cartView", () => {
  it("keeps valid lines per shop and group, moves invalid ones to their own block", () => {
    const v = cartView([
      shop(1, [line(1), line(2, { status: "offline" })], [line(3, { isChecked: 1 })]),
      shop(2, [line(4, { status: "noStock" })]),
    ]);
    expect(v.shops.map((s) => s.shopId)).toEqual([1]);
    expect(v.shops[0]!.groups.map((g) => [g.index, g.lines.map((l) => l.basketId)])).toEqual([
      [0, [1]],
      [1, [3]],
    ]);
    expect(v.invalid.map((l) => [l.basketId, l.shopName, l.status])).toEqual([
      [2, "s1", "offline"],
      [4, "s2", "noStock"],
    ]);
    expect(v.valid.map((l) => l.basketId)).toEqual([1, 3]);
  });

  it("handles an empty or missing cart", () => {
    expect(cartView([])).toEqual({ shops: [], invalid: [], valid: [] });
    expect(cartView(null)).toEqual({ shops: [], invalid: [], valid: [] });
  });
});

describe("selection", () => {
  const lines = [
    line(1, { isChecked: 1, prodCount: 3 }),
    line(2),
    line(3, { status: "offline", isChecked: 1, prodCount: 9 }),
  ];
  it("counts only checked valid lines", () => {
    expect(checkedIds(lines)).toEqual([1]);
    expect(checkedCount(lines)).toBe(3);
  });
  it("all checked ignores invalid lines and is false without valid lines", () => {
    expect(allChecked(lines)).toBe(false);
    expect(allChecked([line(1, { isChecked: 1 }), line(3, { status: "noStock" })])).toBe(true);
    expect(allChecked([line(3, { status: "noStock" })])).toBe(false);
    expect(allChecked([])).toBe(false);
  });
  it("checkBody sends only the valid lines that change", () => {
    expect(checkBody(lines, true)).toEqual([{ basketId: 2, isChecked: 1 }]);
    expect(checkBody(lines, false)).toEqual([{ basketId: 1, isChecked: 0 }]);
  });
});

describe("count input", () => {
  it("keeps digits only", () => {
    expect(digitsOnly("1a2-3.4")).toBe("1234");
    expect(digitsOnly("-5")).toBe("5");
    expect(digitsOnly("12345678")).toBe("12345");
  });
  it("accepts positive integers only", () => {
    expect(parseCount("3")).toBe(3);
    expect(parseCount(" 12 ")).toBe(12);
    for (const bad of ["", "0", "-1", "1.5", "abc", "100000"]) expect(parseCount(bad)).toBeNull();
    expect(parseCount("99999")).toBe(99999);
  });
});

it("settleQuery joins the ids", () => {
  expect(settleQuery([3, 1, 2])).toBe("basketIds=3,1,2");
});

it("withChecked applies check changes to valid lines only", () => {
  const cart = [shop(1, [line(1), line(2, { status: "offline" })])];
  const next = withChecked(cart, [
    { basketId: 1, isChecked: 1 },
    { basketId: 2, isChecked: 1 },
  ]);
  expect(next[0]!.shopCartItemDiscounts[0]!.shopCartItems.map((l) => l.isChecked)).toEqual([1, 0]);
  expect(cart[0]!.shopCartItemDiscounts[0]!.shopCartItems[0]!.isChecked).toBe(0);
});
