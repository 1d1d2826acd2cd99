import { describe, expect, it } from "vitest";
import { addressFormRule } from "./address/address-rules.ts";
import { invoiceHeaderRule } from "./order/order-rules.ts";
import { addressDetailRule, nicknameRule, orderMessageRule, reviewTextRule, ruleError } from "./rules.ts";
import { controlFreeString } from "./rule-schemas.ts";
import { CONTROL_CHARS_KEY, hasControlChars } from "./text-rules.ts";

describe("control characters", () => {
  it("single-line text refuses every C0 character and DEL; multi-line allows tab and line breaks", () => {
    for (const c of ["\u0000", "\u0001", "\u0007", "\u001b", "\u007f", "\n", "\t", "\r"])
      expect(hasControlChars(`a${c}b`), JSON.stringify(c)).toBe(true);
    for (const c of ["\n", "\t", "\r"]) expect(hasControlChars(`a${c}b`, true)).toBe(false);
    for (const c of ["\u0000", "\u0008", "\u001b", "\u007f"]) expect(hasControlChars(`a${c}b`, true)).toBe(true);
    expect(hasControlChars("普通文字 plain — ok")).toBe(false);
    expect(controlFreeString("x").safeParse("a\u0000").error?.issues[0]?.message).toBe(CONTROL_CHARS_KEY);
  });
  it("the shared rules refuse them (nickname, address, order message, review, invoice header, receiver)", () => {
    expect(ruleError(nicknameRule, "Ni\u0000ck")).toBe(CONTROL_CHARS_KEY);
    expect(ruleError(addressDetailRule, "Road 1\u0000 No. 2")).toBe(CONTROL_CHARS_KEY);
    expect(ruleError(orderMessageRule, "hello\u0007")).toBe(CONTROL_CHARS_KEY);
    expect(ruleError(orderMessageRule, "line 1\nline 2")).toBeNull();
    expect(ruleError(reviewTextRule, "good\u001b[31m")).toBe(CONTROL_CHARS_KEY);
    expect(ruleError(invoiceHeaderRule, "ACME\u0000")).toBe(CONTROL_CHARS_KEY);
    const addr = {
      receiver: "Li\u0000",
      mobile: "13800138000",
      provinceId: 1,
      cityId: 2,
      areaId: 3,
      addr: "Some road 12",
    };
    expect(ruleError(addressFormRule, addr)).toBe(CONTROL_CHARS_KEY);
  });
});
