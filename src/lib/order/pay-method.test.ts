import { describe, expect, it } from "vitest";
import { defaultPayMethod, isPayableMethod } from "./pay-method.ts";

describe("payment counter choice", () => {
  it("pre-selects balance when it covers the amount", () => {
    expect(defaultPayMethod(["balance", "wechat", "alipay"], false)).toBe("balance");
  });

  it("pre-selects the first payable method when the balance is short", () => {
    expect(defaultPayMethod(["balance", "wechat", "alipay"], true)).toBe("wechat");
    expect(defaultPayMethod(["balance", "alipay"], true)).toBe("alipay");
  });

  it("selects nothing when only a short balance is switched on", () => {
    expect(defaultPayMethod(["balance"], true)).toBeNull();
    expect(defaultPayMethod([], false)).toBeNull();
  });

  it("lets Pay act only on a payable choice", () => {
    expect(isPayableMethod("balance", true)).toBe(false);
    expect(isPayableMethod("balance", false)).toBe(true);
    expect(isPayableMethod("wechat", true)).toBe(true);
    expect(isPayableMethod("alipay", true)).toBe(true);
    expect(isPayableMethod(null, false)).toBe(false);
  });
});
