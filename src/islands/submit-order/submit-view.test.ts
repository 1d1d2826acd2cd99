import { describe, expect, it } from "vitest";
import { checkForm, checkPoints, remarkError } from "./submit-checks.ts";
import { backLink, confirmBody, hasErrors, NO_INVOICE, parseSubmitQuery, submitBody } from "./submit-view.ts";

describe("parseSubmitQuery", () => {
  it("reads cart basketIds (deduplicated)", () => {
    expect(parseSubmitQuery("?basketIds=3,1,3")).toEqual({ kind: "cart", basketIds: [3, 1] });
    expect(parseSubmitQuery("basketIds=7")).toEqual({ kind: "cart", basketIds: [7] });
  });
  it("reads buy now (count defaults to 1)", () => {
    expect(parseSubmitQuery("?prodId=50&skuId=209&count=2")).toEqual({
      kind: "buyNow",
      prodId: 50,
      skuId: 209,
      count: 2,
    });
    expect(parseSubmitQuery("?prodId=50&skuId=209")).toEqual({ kind: "buyNow", prodId: 50, skuId: 209, count: 1 });
  });
  it("refuses anything else", () => {
    for (const q of [
      "",
      "?basketIds=",
      "?basketIds=a",
      "?basketIds=1,-2",
      "?basketIds=0",
      "?basketIds=1.5",
      "?prodId=1",
      "?prodId=1&skuId=x",
      "?prodId=1&skuId=2&count=0",
      "?prodId=1&skuId=2&count=51",
      "?basketIds=99999999999",
    ])
      expect(parseSubmitQuery(q), q).toBeNull();
  });
});

describe("confirmBody", () => {
  it("cart lines with address and points", () => {
    expect(confirmBody({ kind: "cart", basketIds: [1, 2] }, { usePoints: true, points: 20, addrId: 4 })).toEqual({
      basketIds: [1, 2],
      addrId: 4,
      isScorePay: 1,
      userUseScore: 20,
    });
  });
  it("buy now with the shop; no points → isScorePay 0 only", () => {
    expect(confirmBody({ kind: "buyNow", prodId: 5, skuId: 6, count: 2 }, { usePoints: false, points: 30 }, 9)).toEqual(
      { orderItem: { prodId: 5, skuId: 6, prodCount: 2, shopId: 9 }, isScorePay: 0 },
    );
  });
  it("points missing = the most allowed", () => {
    expect(confirmBody({ kind: "cart", basketIds: [1] }, { usePoints: true })).toEqual({
      basketIds: [1],
      isScorePay: 1,
    });
  });
});

describe("checkPoints", () => {
  it("multiples of 10 up to the max", () => {
    expect(checkPoints("40", 50)).toEqual({ ok: true, points: 40 });
    expect(checkPoints("0", 50)).toEqual({ ok: true, points: 0 });
    expect(checkPoints("15", 50)).toMatchObject({ ok: false, error: "rules.pointsStep" });
    expect(checkPoints("", 50)).toMatchObject({ ok: false, error: "rules.pointsStep" });
    expect(checkPoints("60", 50)).toEqual({ ok: false, error: "submitOrder.pointsMax", params: { max: 50 } });
  });
});

describe("form checks", () => {
  it("order message: optional, not only spaces, at most 100", () => {
    expect(remarkError("")).toBe("");
    expect(remarkError("hi")).toBe("");
    expect(remarkError("   ")).toBe("rules.notAllSpaces");
    expect(remarkError("x".repeat(101))).toBe("rules.orderMessageTooLong");
    expect(remarkError(` ${"x".repeat(100)} `)).toBe("");
  });
  it("invoice: none needs nothing; personal needs a header; unit also a taxpayer number", () => {
    expect(hasErrors(checkForm([1], {}, NO_INVOICE))).toBe(false);
    expect(checkForm([1], {}, { type: 1, headerName: " ", taxNumber: "" })).toEqual({
      remarks: {},
      headerName: "submitOrder.invoiceHeaderRequired",
    });
    expect(checkForm([1], {}, { type: 2, headerName: "", taxNumber: "" })).toEqual({
      remarks: {},
      headerName: "submitOrder.invoiceHeaderRequired",
      taxNumber: "submitOrder.invoiceTaxNumberRequired",
    });
    expect(checkForm([1], {}, { type: 2, headerName: "ACME", taxNumber: "123" })).toEqual({
      remarks: {},
      taxNumber: "submitOrder.invoiceTaxNumberInvalid",
    });
    expect(hasErrors(checkForm([1], {}, { type: 2, headerName: "ACME", taxNumber: "91310000MA1K000001" }))).toBe(false);
    expect(checkForm([1, 2], { 2: "  " }, NO_INVOICE)).toEqual({ remarks: { 2: "rules.notAllSpaces" } });
  });
});

describe("submitBody", () => {
  it("one message per shop (trimmed) and one invoice per shop when chosen", () => {
    expect(
      submitBody(
        "u",
        [1, 2],
        { 1: " hi " },
        { type: 2, headerName: " ACME ", taxNumber: " 91310000MA1K000001 " },
        { usePoints: true, points: 10, addrId: 3 },
      ),
    ).toEqual({
      uuid: "u",
      orderShopParams: [
        { shopId: 1, remarks: "hi" },
        { shopId: 2, remarks: "" },
      ],
      isScorePay: 1,
      addrId: 3,
      userUseScore: 10,
      orderInvoiceList: [
        { shopId: 1, invoiceType: 2, headerName: "ACME", invoiceTaxNumber: "91310000MA1K000001" },
        { shopId: 2, invoiceType: 2, headerName: "ACME", invoiceTaxNumber: "91310000MA1K000001" },
      ],
    });
  });
  it("no invoice, no points", () => {
    expect(submitBody("u", [1], {}, NO_INVOICE, { usePoints: false })).toEqual({
      uuid: "u",
      orderShopParams: [{ shopId: 1, remarks: "" }],
      isScorePay: 0,
    });
  });
});

describe("coupons", () => {
  it("pickCoupon replaces the shop's choice and keeps the others", async () => {
    const { pickCoupon, confirmBody, submitBody, NO_INVOICE } = await import("./submit-view.ts");
    const options = [
      { couponUserId: 1, shopId: 5 },
      { couponUserId: 2, shopId: 5 },
      { couponUserId: 9, shopId: 0 },
    ];
    expect(pickCoupon([1, 9], options, 5, 2)).toEqual([9, 2]);
    expect(pickCoupon([1, 9], options, 5, 0)).toEqual([9]);
    expect(pickCoupon([1, 9], options, 0, 0)).toEqual([1]);
    expect(confirmBody({ kind: "cart", basketIds: [3] }, { usePoints: false, coupons: [] })).toMatchObject({
      couponUserIds: [],
      userChangeCoupon: 1,
    });
    expect(confirmBody({ kind: "cart", basketIds: [3] }, { usePoints: false })).not.toHaveProperty("couponUserIds");
    expect(
      submitBody("u", [5], {}, NO_INVOICE, { usePoints: false }, { couponUserIds: [1], actualTotal: "9.90" }),
    ).toMatchObject({ couponUserIds: [1], userChangeCoupon: 1, actualTotal: "9.90" });
  });
});

describe("backLink", () => {
  const links = { cart: "/en/cart", base: "/en" };
  it("leads to the cart only for a buyer who came from it (or whose query names nothing)", () => {
    expect(backLink(parseSubmitQuery("?basketIds=3"), links)).toEqual({
      href: "/en/cart",
      textKey: "submitOrder.backToCart",
    });
    expect(backLink(null, links).textKey).toBe("submitOrder.backToCart");
  });
  it("else to where the buy started: the product, the flash-sale item, the group buys", () => {
    expect(backLink(parseSubmitQuery("?prodId=50&skuId=209"), links)).toEqual({
      href: "/en/detail/50",
      textKey: "submitOrder.backToProduct",
    });
    expect(backLink(parseSubmitQuery("?seckillId=7&seckillSkuId=9&count=1&path=abcdefgh12"), links)).toEqual({
      href: "/en/secdetail/7",
      textKey: "submitOrder.backToFlashSale",
    });
    expect(backLink(parseSubmitQuery("?groupActivityId=3&groupSkuId=4"), links)).toEqual({
      href: "/en/group-buy",
      textKey: "submitOrder.backToGroupBuy",
    });
  });
});
