import { describe, expect, it } from "vitest";
import { formatPriceSafe } from "./money.ts";
import { positiveDecimalText, priceText } from "./money-format.ts";

describe("priceText (display of server amounts, no arithmetic)", () => {
  it("shows what formatPriceSafe shows for amounts with at most 2 decimals", () => {
    for (const v of [
      "12.30",
      "0.00",
      "1000.00",
      "12.3",
      "12",
      "0",
      "007.5",
      "-0.00",
      "-0",
      "-3.5",
      " 9.99 ",
      12,
      12.5,
      0,
      -0,
      null,
      undefined,
      "",
      "abc",
      "1e3",
      Number.NaN,
      Infinity,
      {},
    ]) {
      expect(priceText(v), String(v)).toBe(formatPriceSafe(v));
    }
  });

  it("uses the fallback like formatPriceSafe", () => {
    expect(priceText(null, "--")).toBe("--");
    expect(priceText("x", "--")).toBe("--");
  });

  it("does not round: more decimals are shown as sent", () => {
    expect(priceText("1.005")).toBe("1.005");
  });
});

describe("positiveDecimalText", () => {
  it("normalises positive decimals and refuses the rest", () => {
    expect(positiveDecimalText(22.35)).toBe("22.35");
    expect(positiveDecimalText(" 21.50 ")).toBe("21.5");
    expect(positiveDecimalText("007")).toBe("7");
    expect(positiveDecimalText("0.010")).toBe("0.01");
    for (const v of [0, "0.00", "-1", "abc", "", null, undefined, Infinity, "1e3"])
      expect(positiveDecimalText(v), String(v)).toBeNull();
  });
});
