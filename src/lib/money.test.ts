import { describe, expect, it } from "vitest";
import DecimalJs from "decimal.js";
import {
  add,
  compare,
  formatPrice,
  formatPriceSafe,
  InvalidMoneyError,
  isValidAmount,
  isZero,
  mul,
  mulQty,
  round2,
  splitPrice,
  sub,
  sum,
  sumLines,
  toDecimal,
  tryDecimal,
} from "./money.ts";

describe("money arithmetic", () => {
  it("0.1 + 0.2 is exactly 0.30", () => {
    expect(formatPrice(add("0.1", "0.2"))).toBe("0.30");
    expect(formatPrice(add(0.1, 0.2))).toBe("0.30");
    expect(add(0.1, 0.2).toString()).toBe("0.3");
    expect(0.1 + 0.2).not.toBe(0.3); // what we avoid
  });

  it("sums many items without drift", () => {
    const list = Array.from({ length: 1000 }, () => "0.01");
    expect(formatPrice(sum(list))).toBe("10.00");
    const prices = Array.from({ length: 10_000 }, () => 0.1);
    expect(sum(prices).toString()).toBe("1000");
    expect(formatPrice(sum([]))).toBe("0.00");
    expect(formatPrice(sum(["19.99", "0.01", 5, new DecimalJs("0.333")]))).toBe("25.33");
  });

  it("subtracts and multiplies exactly", () => {
    expect(formatPrice(sub("1.00", "0.9"))).toBe("0.10");
    expect(sub("1", "0.9").toString()).toBe("0.1");
    expect(formatPrice(mul("19.99", "0.85"))).toBe("16.99"); // 16.9915
    expect(formatPrice(mul("100", "21.99"))).toBe("2199.00");
  });

  it("multiplies by quantity", () => {
    expect(formatPrice(mulQty("19.99", 3))).toBe("59.97");
    expect(formatPrice(mulQty("0.1", 3))).toBe("0.30");
    expect(formatPrice(mulQty("5", 0))).toBe("0.00");
    expect(() => mulQty("5", -1)).toThrow(InvalidMoneyError);
    expect(() => mulQty("5", 1.5)).toThrow(InvalidMoneyError);
    expect(() => mulQty("5", Number.NaN)).toThrow(InvalidMoneyError);
    expect(
      formatPrice(
        sumLines([
          { price: "19.99", quantity: 3 },
          { price: "0.01", quantity: 7 },
        ]),
      ),
    ).toBe("60.04");
  });

  it("rounds half up to 2 decimals", () => {
    const cases: [string, string][] = [
      ["1.005", "1.01"],
      ["1.004", "1.00"],
      ["2.675", "2.68"], // float 2.675 would round down
      ["0.125", "0.13"],
      ["0.135", "0.14"],
      ["-1.005", "-1.01"],
      ["-0.001", "0.00"],
      ["12.3", "12.30"],
      ["12", "12.00"],
      ["99999999999.999", "100000000000.00"],
    ];
    for (const [input, out] of cases) expect(formatPrice(input), input).toBe(out);
    expect(round2("1.005").toString()).toBe("1.01");
  });

  it("keeps the global decimal.js configuration untouched", () => {
    expect(DecimalJs.rounding).toBe(DecimalJs.ROUND_HALF_UP);
    expect(DecimalJs.precision).toBe(20);
    // A Decimal from the global constructor is accepted and re-wrapped.
    expect(formatPrice(add(new DecimalJs("1.1"), "2.2"))).toBe("3.30");
  });

  it("splits price for display", () => {
    expect(splitPrice("12.3")).toEqual({ integer: "12", decimal: "30" });
    expect(splitPrice(0)).toEqual({ integer: "0", decimal: "00" });
  });

  it("compares", () => {
    expect(compare("0.3", add("0.1", "0.2"))).toBe(0);
    expect(compare("1.10", "1.1")).toBe(0);
    expect(compare("2", "10")).toBe(-1);
    expect(compare("10", "2")).toBe(1);
    expect(isZero("0.00")).toBe(true);
    expect(isZero("0.01")).toBe(false);
  });
});

describe("invalid input", () => {
  const bad: unknown[] = [
    "",
    " ",
    "abc",
    "1,000",
    "1e5x",
    "NaN",
    "Infinity",
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    undefined,
    {},
    [],
    "1.2.3",
    "--1",
  ];
  it.each(bad.map((b) => [b]))("toDecimal(%j) throws", (b) => {
    expect(() => toDecimal(b as string)).toThrow(InvalidMoneyError);
    expect(tryDecimal(b)).toBeNull();
    expect(formatPriceSafe(b)).toBe("0.00");
  });
  it("formatPriceSafe keeps valid values", () => {
    expect(formatPriceSafe("3.456")).toBe("3.46");
    expect(formatPriceSafe(null, "--")).toBe("--");
  });
  it("accepts trimmed numeric strings", () => {
    expect(formatPrice(" 7.5 ")).toBe("7.50");
    expect(formatPrice("+7")).toBe("7.00");
  });
});

describe("isValidAmount", () => {
  const valid = ["0.01", "1", "1.5", "1.50", "100000", "12345.67", " 3.2 "];
  const invalid = [
    "",
    "0",
    "0.00",
    "-1",
    "-0.01",
    "+1",
    "1.",
    ".5",
    "1.234",
    "01",
    "1e3",
    "abc",
    "1 000",
    "0x10",
    "NaN",
    "Infinity",
  ];
  it.each(valid.map((v) => [v]))("accepts %j", (v) => expect(isValidAmount(v)).toBe(true));
  it.each(invalid.map((v) => [v]))("refuses %j", (v) => expect(isValidAmount(v)).toBe(false));
  it("checks the range", () => {
    expect(isValidAmount("100000", { min: "0.01", max: "100000" })).toBe(true);
    expect(isValidAmount("100000.01", { min: "0.01", max: "100000" })).toBe(false);
    expect(isValidAmount("5", { min: "10" })).toBe(false);
  });
  it("refuses non-strings", () => {
    expect(isValidAmount(5 as unknown as string)).toBe(false);
  });
});
