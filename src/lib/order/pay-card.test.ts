import { describe, expect, it } from "vitest";
import { cardBrand, checkCard, groupCardNumber, luhnValid } from "./pay-card.ts";

const now = new Date("2026-11-29T10:00:00Z");

describe("card input", () => {
  it("Luhn", () => {
    for (const n of [
      "4242424242424242",
      "4000000000000002",
      "4000000000009995",
      "4000002760003184",
      "4111111111111111",
    ])
      expect(luhnValid(n)).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });
  it("brand by the first digits", () => {
    expect(["4242", "5555", "2223", "6212", "3782", "3530", "9999"].map((p) => cardBrand(`${p}000000000000`))).toEqual([
      "Visa",
      "Mastercard",
      "Mastercard",
      "UnionPay",
      "Amex",
      "JCB",
      "Card",
    ]);
  });
  it("a good card: digits only, expiry month and year, last four", () => {
    expect(checkCard({ number: "4242 4242 4242 4242", expiry: "11/26", cvc: "123" }, now)).toEqual({
      ok: true,
      card: { number: "4242424242424242", expMonth: 11, expYear: 2026, cvc: "123", brand: "Visa", last4: "4242" },
    });
    expect(checkCard({ number: "4242-4242-4242-4242", expiry: "12/2030", cvc: "1234" }, now).ok).toBe(true);
  });
  it("each field's first problem", () => {
    expect(checkCard({ number: "4242 4242 4242 4241", expiry: "10/26", cvc: "12" }, now)).toEqual({
      ok: false,
      problems: { number: "badNumber", expiry: "expired", cvc: "badCvc" },
    });
    expect(checkCard({ number: "abc", expiry: "13/30", cvc: "123" }, now)).toEqual({
      ok: false,
      problems: { number: "badNumber", expiry: "badExpiry" },
    });
  });
  it("groups the number while typing", () => {
    expect(groupCardNumber("42424242x4242 4242")).toBe("4242 4242 4242 4242");
    expect(groupCardNumber("42")).toBe("42");
  });
});
