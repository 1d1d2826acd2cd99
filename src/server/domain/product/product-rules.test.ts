/** The pure rules of a shop's goods (product-rules.ts) and the body's zod rules (src/lib/product/product-schema.ts). */
import { describe, expect, it } from "vitest";
import { getT } from "../../../i18n/index.ts";
import { productSchema, skuChangeSchema } from "../../../lib/product/product-schema.ts";
import {
  absoluteChange,
  assertReferences,
  assertShopMayShelve,
  deltaFits,
  locatedMessage,
  ProdStatus,
  ProductRefused,
  productFigures,
  skuTexts,
  statusAfterSave,
} from "./product-rules.ts";

const base = {
  categoryId: 5,
  texts: { zh: { name: "杯子" } },
  pic: "/uploads/m/a.png",
  skus: [{ price: "1.50", stocks: 1 }],
};
const firstIssue = (v: unknown) => {
  const r = productSchema.safeParse(v);
  return r.success ? null : { path: r.error.issues[0]!.path.join("."), message: r.error.issues[0]!.message };
};

describe("product body rules", () => {
  it("accepts a minimal draft with defaults and normalises prices", () => {
    const r = productSchema.parse({ ...base, skus: [{ price: 8, stocks: 0 }] });
    expect(r.onSale).toBe(false);
    expect(r.sevenDayReturn).toBe(true);
    expect(r.skus[0]!.price).toBe("8.00");
    expect(productSchema.parse({ ...base, skus: [{ price: "08.5", stocks: 2 }] }).skus[0]!.price).toBe("8.50");
    // Two SKUs without properties are the same combination.
    expect(
      firstIssue({
        ...base,
        skus: [
          { price: 8, stocks: 0 },
          { price: 9, stocks: 0 },
        ],
      })?.message,
    ).toBe("product.manage.errors.duplicateSku");
  });

  it("refuses every bad value at its place", () => {
    const E = "product.manage.errors.";
    expect(firstIssue({ ...base, skus: [{ price: "0.00", stocks: 1 }] })).toEqual({
      path: "skus.0.price",
      message: `${E}priceZero`,
    });
    expect(firstIssue({ ...base, skus: [{ price: "1.005", stocks: 1 }] })).toEqual({
      path: "skus.0.price",
      message: `${E}price`,
    });
    expect(firstIssue({ ...base, skus: [{ price: "-1", stocks: 1 }] })?.message).toBe(`${E}price`);
    expect(firstIssue({ ...base, skus: [{ price: "1e3", stocks: 1 }] })?.message).toBe(`${E}price`);
    expect(firstIssue({ ...base, skus: [{ price: "2", oriPrice: "1.99", stocks: 1 }] })).toEqual({
      path: "skus.0.oriPrice",
      message: `${E}oriBelowPrice`,
    });
    expect(firstIssue({ ...base, skus: [{ price: "2", stocks: -1 }] })?.message).toBe(`${E}stock`);
    expect(firstIssue({ ...base, skus: [{ price: "2", stocks: 1.5 }] })?.message).toBe(`${E}stock`);
    expect(firstIssue({ ...base, skus: [] })?.message).toBe(`${E}skusRequired`);
    const colour = (zh: string) => ({ price: "1", stocks: 1, properties: [{ name: { zh: "色" }, value: { zh } }] });
    expect(firstIssue({ ...base, skus: [colour("红"), colour("红")] })).toEqual({
      path: "skus.1.properties",
      message: `${E}duplicateSku`,
    });
    expect(firstIssue({ ...base, skus: [colour("红"), { price: "1", stocks: 1 }] })?.message).toBe(`${E}propertyNames`);
    expect(firstIssue({ ...base, texts: { zh: { name: "a\u0000b" } } })?.message).toBe("rules.controlChars");
    expect(firstIssue({ ...base, texts: { zh: { name: "a", content: "<script>x</script>" } } })?.message).toBe(
      `${E}unsafeHtml`,
    );
    expect(firstIssue({ ...base, texts: { zh: { name: "a", content: "<p onclick='x'>a</p>" } } })?.message).toBe(
      `${E}unsafeHtml`,
    );
    expect(firstIssue({ ...base, texts: { zh: { name: "a", content: "<p><b>ok</b></p>" } } })).toBeNull();
    expect(firstIssue({ ...base, pic: "https://evil.example/a.png" })?.message).toBe(`${E}image`);
    expect(firstIssue({ ...base, pic: "/uploads/../etc/a.png" })?.message).toBe(`${E}image`);
    expect(firstIssue({ ...base, virtual: { writeOffTime: 4000, isRefund: true } })?.message).toBe(`${E}writeOffTime`);
  });

  it("the small call needs a version with absolute values, and one of them", () => {
    const E = "product.manage.errors.";
    expect(skuChangeSchema.safeParse({}).error?.issues[0]?.message).toBe(`${E}nothingToChange`);
    expect(skuChangeSchema.safeParse({ price: "2" }).error?.issues[0]?.message).toBe(`${E}versionRequired`);
    expect(skuChangeSchema.safeParse({ version: 1, stocks: 2, stocksDelta: 1 }).error?.issues[0]?.message).toBe(
      `${E}stocksAndDelta`,
    );
    expect(skuChangeSchema.parse({ stocksDelta: -3 })).toEqual({ stocksDelta: -3 });
  });
});

describe("product rules", () => {
  it("the product row shows the lowest SKU price with its original price, and the stock in all", () => {
    expect(
      productFigures([
        { price: "10.00", oriPrice: "12.00", stocks: 3 },
        { price: "9.90", oriPrice: "15.00", stocks: 4 },
      ]),
    ).toEqual({ price: "9.90", oriPrice: "15.00", totalStocks: 7 });
  });

  it("stores SKU properties per language; a language missing anywhere stays empty (the storefront shows zh)", () => {
    const t = skuTexts({
      properties: [
        { name: { zh: "颜色", en: "Colour" }, value: { zh: "红", en: "Red" } },
        { name: { zh: "尺码", en: "Size" }, value: { zh: "大", en: "L" } },
      ],
    });
    expect(t).toEqual({
      skuName: { zh: "红 大", "zh-tw": "", en: "Red L" },
      properties: { zh: "颜色:红;尺码:大", "zh-tw": "", en: "Colour:Red;Size:L" },
    });
    expect(skuTexts({ properties: [] }).skuName.en).toBe("Standard");
  });

  it("a stale version is refused with the current one; a lower price drags an equal original price down", () => {
    const cur = { price: "10.00", oriPrice: "10.00", stocks: 5, version: 3 };
    expect(() => absoluteChange(cur, { version: 2, price: "9.00" })).toThrow("staleVersion");
    expect(absoluteChange(cur, { version: 3, price: "12.00" })).toEqual({
      price: "12.00",
      oriPrice: "12.00",
      stocks: undefined,
    });
    expect(absoluteChange({ ...cur, oriPrice: "20.00" }, { version: 3, price: "12.00" }).oriPrice).toBe("20.00");
    expect(() => absoluteChange(cur, { version: 3, price: "12.00", oriPrice: "11.00" })).toThrow("oriBelowPrice");
    expect(deltaFits(5, -5)).toBe(true);
    expect(deltaFits(5, -6)).toBe(false);
  });

  it("the platform's off-shelf binds the shop", () => {
    expect(() => assertShopMayShelve(ProdStatus.PLATFORM_OFF, true)).toThrow("platformOff");
    expect(() => assertShopMayShelve(ProdStatus.PLATFORM_OFF, false)).not.toThrow();
    expect(() => assertShopMayShelve(ProdStatus.DELETED, false)).toThrow("notFound");
    expect(statusAfterSave(ProdStatus.PLATFORM_OFF, true)).toBe(ProdStatus.PLATFORM_OFF);
    expect(statusAfterSave(ProdStatus.OFF_SHELF, true)).toBe(ProdStatus.ON_SALE);
    expect(statusAfterSave(null, false)).toBe(ProdStatus.OFF_SHELF);
  });

  it("names the place of a problem in each language", () => {
    const key = "product.manage.errors.oriBelowPrice";
    expect(locatedMessage(getT("en"), ["skus", 1, "oriPrice"], key)).toBe(
      "SKU › no. 2 › original price: must not be below the price",
    );
    expect(locatedMessage(getT("zh"), ["skus", 1, "oriPrice"], key)).toBe("SKU › 第 2 个 › 原价: 不能低于价格");
    expect(locatedMessage(getT("zh-tw"), [], "product.manage.errors.notFound")).toBe("商品不存在");
  });
});

describe("references against the database's answer", () => {
  const refs = {
    categories: new Map([
      [5, { grade: 2, status: 1 }],
      [6, { grade: 1, status: 1 }],
      [7, { grade: 2, status: 0 }],
    ]),
    shopCategories: new Set([40]),
    brands: new Set([3]),
    pictures: new Set(["/uploads/m/a.png"]),
  };
  const refusal = (over: Record<string, unknown>, kept: string[] = []) => {
    try {
      assertReferences(refs, productSchema.parse({ ...base, ...over }), new Set(kept));
      return null;
    } catch (err) {
      if (!(err instanceof ProductRefused)) throw err;
      return { path: err.path.join("."), key: err.key.replace("product.manage.errors.", "") };
    }
  };
  it("names the first reference that is not the shop's to use", () => {
    expect(refusal({ shopCategoryId: 40, brandId: 3 })).toBeNull();
    expect(refusal({ categoryId: 9 })).toEqual({ path: "categoryId", key: "unknownCategory" });
    expect(refusal({ categoryId: 7 })).toEqual({ path: "categoryId", key: "unknownCategory" });
    expect(refusal({ categoryId: 6 })).toEqual({ path: "categoryId", key: "categoryLevel" });
    expect(refusal({ shopCategoryId: 41 })).toEqual({ path: "shopCategoryId", key: "shopCategoryNotFound" });
    expect(refusal({ brandId: 4 })).toEqual({ path: "brandId", key: "unknownBrand" });
    expect(refusal({ imgs: ["/uploads/m/a.png", "/uploads/x/b.png"] })).toEqual({
      path: "imgs.1",
      key: "pictureNotFound",
    });
    expect(refusal({ skus: [{ price: 1, stocks: 1, pic: "/uploads/x/b.png" }] })).toEqual({
      path: "skus.0.pic",
      key: "pictureNotFound",
    });
    // A picture the product already has is kept without being the shop's upload.
    expect(refusal({ pic: "/uploads/x/b.png" }, ["/uploads/x/b.png"])).toBeNull();
  });
});
