import { describe, expect, it } from "vitest";
import * as plain from "./order-rules.ts";
import * as api from "../rule-schemas.ts";
import { ruleError } from "../rule-kit.ts";

// Every rule runs as the browser form runs it (plain rule) and as the API runs it (zod schema).
describe.each([
  ["browser rule", plain],
  ["API schema", api],
] as const)("%s", (_, R) => {
  describe("order message (per shop)", () => {
    it("may be empty; is trimmed", () => {
      expect(R.orderRemarkRule.parse("")).toBe("");
      expect(R.orderRemarkRule.parse("  please ring twice  ")).toBe("please ring twice");
      expect(R.orderShopParamRule.parse({ shopId: 3, remarks: null })).toEqual({ shopId: 3, remarks: "" });
      expect(R.orderShopParamRule.parse({ shopId: "3" })).toEqual({ shopId: 3, remarks: "" });
    });
    it("at most 100 characters after trimming", () => {
      expect(ruleError(R.orderRemarkRule, "字".repeat(100))).toBeNull();
      expect(ruleError(R.orderRemarkRule, ` ${"a".repeat(100)} `)).toBeNull();
      expect(ruleError(R.orderRemarkRule, "字".repeat(101))).toBe("rules.orderMessageTooLong");
    });
    it("not only spaces", () => {
      expect(ruleError(R.orderRemarkRule, "   ")).toBe("rules.notAllSpaces");
      expect(ruleError(R.orderRemarkRule, "\t \n")).toBe("rules.notAllSpaces");
      expect(ruleError(R.orderShopParamRule, { shopId: 1, remarks: "  " })).toBe("rules.notAllSpaces");
    });
    it("needs a valid shop id", () => {
      expect(ruleError(R.orderShopParamRule, { remarks: "x" })).toBe("submitOrder.shopInvalid");
      expect(ruleError(R.orderShopParamRule, { shopId: 0, remarks: "x" })).toBe("submitOrder.shopInvalid");
      expect(ruleError(R.orderShopParamRule, { shopId: 1.5, remarks: "x" })).toBe("submitOrder.shopInvalid");
    });
  });

  describe("invoice", () => {
    it("personal: header required, no tax number kept", () => {
      expect(
        R.orderInvoiceRule.parse({
          shopId: 1,
          invoiceType: 1,
          headerName: "  Zhang San ",
          invoiceTaxNumber: "ignored",
        }),
      ).toEqual({
        shopId: 1,
        invoiceType: 1,
        headerName: "Zhang San",
        invoiceTaxNumber: null,
      });
      expect(ruleError(R.orderInvoiceRule, { shopId: 1, invoiceType: 1, headerName: "   " })).toBe(
        "submitOrder.invoiceHeaderRequired",
      );
      expect(ruleError(R.orderInvoiceRule, { shopId: 1, invoiceType: 1 })).toBe("submitOrder.invoiceHeaderRequired");
      expect(ruleError(R.orderInvoiceRule, { shopId: 1, invoiceType: 1, headerName: "x".repeat(101) })).toBe(
        "submitOrder.invoiceHeaderTooLong",
      );
      expect(ruleError(R.orderInvoiceRule, { shopId: 1, invoiceType: 1, headerName: "x".repeat(100) })).toBeNull();
    });
    it("unit: taxpayer number required, 15-20 letters or digits, stored upper-case", () => {
      expect(
        R.orderInvoiceRule.parse({
          shopId: 2,
          invoiceType: "2",
          headerName: "Acme Ltd",
          invoiceTaxNumber: " 91110000abcdef1234 ",
        }),
      ).toEqual({
        shopId: 2,
        invoiceType: 2,
        headerName: "Acme Ltd",
        invoiceTaxNumber: "91110000ABCDEF1234",
      });
      expect(ruleError(R.orderInvoiceRule, { shopId: 2, invoiceType: 2, headerName: "Acme" })).toBe(
        "submitOrder.invoiceTaxNumberRequired",
      );
      expect(
        ruleError(R.orderInvoiceRule, { shopId: 2, invoiceType: 2, headerName: "Acme", invoiceTaxNumber: "  " }),
      ).toBe("submitOrder.invoiceTaxNumberRequired");
      expect(
        ruleError(R.orderInvoiceRule, {
          shopId: 2,
          invoiceType: 2,
          headerName: "Acme",
          invoiceTaxNumber: "12345678901234",
        }),
      ).toBe("submitOrder.invoiceTaxNumberInvalid");
      expect(
        ruleError(R.orderInvoiceRule, {
          shopId: 2,
          invoiceType: 2,
          headerName: "Acme",
          invoiceTaxNumber: "123456789012345",
        }),
      ).toBeNull();
      expect(
        ruleError(R.orderInvoiceRule, {
          shopId: 2,
          invoiceType: 2,
          headerName: "Acme",
          invoiceTaxNumber: "1".repeat(20),
        }),
      ).toBeNull();
      expect(
        ruleError(R.orderInvoiceRule, {
          shopId: 2,
          invoiceType: 2,
          headerName: "Acme",
          invoiceTaxNumber: "1".repeat(21),
        }),
      ).toBe("submitOrder.invoiceTaxNumberInvalid");
      expect(
        ruleError(R.orderInvoiceRule, {
          shopId: 2,
          invoiceType: 2,
          headerName: "Acme",
          invoiceTaxNumber: "91110000-ABCDEF12",
        }),
      ).toBe("submitOrder.invoiceTaxNumberInvalid");
    });
    it("type must be 1 or 2", () => {
      for (const t of [0, 3, "x", null, undefined])
        expect(ruleError(R.orderInvoiceRule, { shopId: 1, invoiceType: t, headerName: "A" }), String(t)).toBe(
          "submitOrder.invoiceTypeInvalid",
        );
    });
  });

  describe("points", () => {
    it("multiples of 10", () => {
      expect(R.usePointsRule.parse(0)).toBe(0);
      expect(R.usePointsRule.parse("120")).toBe(120);
      for (const p of [5, 15, -10, 1.5, "abc"])
        expect(ruleError(R.usePointsRule, p), String(p)).toBe("rules.pointsStep");
    });
  });
});

describe("submit body lists (API)", () => {
  it("a list of at most 100", () => {
    expect(api.orderShopParamsRule.parse([])).toEqual([]);
    expect(
      api.orderShopParamsRule.safeParse(Array.from({ length: 101 }, (_, i) => ({ shopId: i + 1, remarks: "" })))
        .success,
    ).toBe(false);
  });
});
