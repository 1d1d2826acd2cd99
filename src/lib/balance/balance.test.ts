import { describe, expect, it } from "vitest";
import { rechargeAmountError, toCents } from "./balance.ts";

describe("top-up amount", () => {
  it("accepts 0.01 .. 100,000 with at most two decimals", () => {
    for (const ok of ["0.01", "1", "1.5", "99999.99", "100000", "100000.00", " 12.30 "])
      expect(rechargeAmountError(ok)).toBeNull();
    expect(rechargeAmountError(5)).toBeNull();
  });
  it("refuses empty, malformed and out-of-range amounts", () => {
    expect(rechargeAmountError("")).toBe("balance.amountRequired");
    expect(rechargeAmountError(undefined)).toBe("balance.amountRequired");
    for (const bad of ["1.234", "-1", "1e3", "abc", "1.", ".5", "01", "1 0"])
      expect(rechargeAmountError(bad)).toBe("balance.amountInvalid");
    for (const out of ["0", "0.00", "100000.01", "999999999"])
      expect(rechargeAmountError(out)).toBe("balance.amountRange");
  });
  it("converts to cents exactly", () => {
    expect(toCents("0.1")).toBe(10);
    expect(toCents("19.99")).toBe(1999);
    expect(toCents("100000")).toBe(10_000_000);
  });
});
