import { describe, expect, it } from "vitest";
import { orderInvoiceRule, orderRemarkRule, orderShopParamRule, orderShopParamsRule, usePointsRule } from "./order-rules.ts";
import { ruleError } from "./rules.ts";

describe("order message (per shop)", () => {
  it("may be empty; is trimmed", () => {
    expect(orderRemarkRule.parse("")).toBe("");
    expect(orderRemarkRule.parse("  please ring twice  ")).toBe("please ring twice");
    expect(orderShopParamRule.parse({ shopId: 3, remarks: null })).toEqual({ shopId: 3, remarks: "" });
    expect(orderShopParamRule.parse({ shopId: "3" })).toEqual({ shopId: 3, remarks: "" });
  });
  it("at most 100 characters after trimming", () => {
    expect(ruleError(orderRemarkRule, "字".repeat(100))).toBeNull();
    expect(ruleError(orderRemarkRule, ` ${"a".repeat(100)} `)).toBeNull();
    expect(ruleError(orderRemarkRule, "字".repeat(101))).toBe("rules.orderMessageTooLong");
  });
  it("not only spaces", () => {
    expect(ruleError(orderRemarkRule, "   ")).toBe("rules.notAllSpaces");
    expect(ruleError(orderRemarkRule, "\t \n")).toBe("rules.notAllSpaces");
    expect(ruleError(orderShopParamRule, { shopId: 1, remarks: "  " })).toBe("rules.notAllSpaces");
  });
  it("needs a valid shop id", () => {
    expect(ruleError(orderShopParamRule, { remarks: "x" })).toBe("orderSubmit.shopInvalid");
    expect(ruleError(orderShopParamRule, { shopId: 0, remarks: "x" })).toBe("orderSubmit.shopInvalid");
    expect(ruleError(orderShopParamRule, { shopId: 1.5, remarks: "x" })).toBe("orderSubmit.shopInvalid");
  });
  it("a list of at most 100", () => {
    expect(orderShopParamsRule.parse([])).toEqual([]);
    expect(orderShopParamsRule.safeParse(Array.from({ length: 101 }, (_, i) => ({ shopId: i + 1, remarks: "" }))).success).toBe(false);
  });
});

describe("invoice", () => {
  it("personal: header required, no tax number kept", () => {
    expect(orderInvoiceRule.parse({ shopId: 1, invoiceType: 1, headerName: "  Zhang San ", invoiceTaxNumber: "ignored" })).toEqual({
      shopId: 1, invoiceType: 1, headerName: "Zhang San", invoiceTaxNumber: null,
    });
    expect(ruleError(orderInvoiceRule, { shopId: 1, invoiceType: 1, headerName: "   " })).toBe("orderSubmit.invoiceHeaderRequired");
    expect(ruleError(orderInvoiceRule, { shopId: 1, invoiceType: 1 })).toBe("orderSubmit.invoiceHeaderRequired");
    expect(ruleError(orderInvoiceRule, { shopId: 1, invoiceType: 1, headerName: "x".repeat(101) })).toBe("orderSubmit.invoiceHeaderTooLong");
    expect(ruleError(orderInvoiceRule, { shopId: 1, invoiceType: 1, headerName: "x".repeat(100) })).toBeNull();
  });
  it("unit: taxpayer number required, 15-20 letters or digits, stored upper-case", () => {
    expect(orderInvoiceRule.parse({ shopId: 2, invoiceType: "2", headerName: "Acme Ltd", invoiceTaxNumber: " 91110000abcdef1234 " })).toEqual({
      shopId: 2, invoiceType: 2, headerName: "Acme Ltd", invoiceTaxNumber: "91110000ABCDEF1234",
    });
    expect(ruleError(orderInvoiceRule, { shopId: 2, invoiceType: 2, headerName: "Acme" })).toBe("orderSubmit.invoiceTaxNumberRequired");
    expect(ruleError(orderInvoiceRule, { shopId: 2, invoiceType: 2, headerName: "Acme", invoiceTaxNumber: "  " })).toBe("orderSubmit.invoiceTaxNumberRequired");
    expect(ruleError(orderInvoiceRule, { shopId: 2, invoiceType: 2, headerName: "Acme", invoiceTaxNumber: "12345678901234" })).toBe("orderSubmit.invoiceTaxNumberInvalid");
    expect(ruleError(orderInvoiceRule, { shopId: 2, invoiceType: 2, headerName: "Acme", invoiceTaxNumber: "123456789012345" })).toBeNull();
    expect(ruleError(orderInvoiceRule, { shopId: 2, invoiceType: 2, headerName: "Acme", invoiceTaxNumber: "1".repeat(20) })).toBeNull();
    expect(ruleError(orderInvoiceRule, { shopId: 2, invoiceType: 2, headerName: "Acme", invoiceTaxNumber: "1".repeat(21) })).toBe("orderSubmit.invoiceTaxNumberInvalid");
    expect(ruleError(orderInvoiceRule, { shopId: 2, invoiceType: 2, headerName: "Acme", invoiceTaxNumber: "91110000-ABCDEF12" })).toBe("orderSubmit.invoiceTaxNumberInvalid");
  });
  it("type must be 1 or 2", () => {
    for (const t of [0, 3, "x", null, undefined]) expect(ruleError(orderInvoiceRule, { shopId: 1, invoiceType: t, headerName: "A" }), String(t)).toBe("orderSubmit.invoiceTypeInvalid");
  });
});

describe("points", () => {
  it("multiples of 10", () => {
    expect(usePointsRule.parse(0)).toBe(0);
    expect(usePointsRule.parse("120")).toBe(120);
    for (const p of [5, 15, -10, 1.5, "abc"]) expect(ruleError(usePointsRule, p), String(p)).toBe("rules.pointsStep");
  });
});
