import { describe, expect, it } from "vitest";
import { HOT_SHOPS_MAX, hotShopLimit, shopStatusMessageKey, toShopHeadInfo } from "./shop.ts";

describe("hotShopLimit", () => {
  it("caps at 6 (SPEC: first 6 used)", () => {
    expect(HOT_SHOPS_MAX).toBe(6);
    expect(hotShopLimit(4)).toBe(4);
    expect(hotShopLimit(6)).toBe(6);
    expect(hotShopLimit(20)).toBe(6);
    expect(hotShopLimit(0)).toBe(0);
    expect(hotShopLimit(-3)).toBe(0);
    expect(hotShopLimit(Number.NaN)).toBe(0);
  });
});

describe("shop head info", () => {
  const row = {
    shopId: 3,
    shopName: { zh: "店", "zh-tw": "店舖", en: "Shop" },
    shopLogo: null,
    intro: { zh: "简介", "zh-tw": "", en: "Intro" },
    type: 1,
    shopStatus: 1,
    fansCount: 10,
    rating: "4.8",
    soldNum: 99,
  };

  it("localizes and converts the rating to a number", () => {
    expect(toShopHeadInfo(row, "en")).toEqual({
      shopId: 3,
      shopName: "Shop",
      shopLogo: "",
      intro: "Intro",
      type: 1,
      shopStatus: 1,
      fansCount: 10,
      rating: 4.8,
      soldNum: 99,
    });
    expect(toShopHeadInfo(row, "zh-tw").intro).toBe("简介");
  });

  it("names the reason a shop cannot be entered", () => {
    expect(shopStatusMessageKey(1)).toBeNull();
    expect(shopStatusMessageKey(0)).toBe("shopUnderReview");
    expect(shopStatusMessageKey(-1)).toBe("shopNotOpened");
    expect(shopStatusMessageKey(2)).toBe("shopOffline");
    expect(shopStatusMessageKey(3)).toBe("shopOffline");
  });
});
