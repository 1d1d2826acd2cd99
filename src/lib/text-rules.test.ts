import { describe, expect, it } from "vitest";
import { addressFormRule } from "./address/address-rules.ts";
import { invoiceHeaderRule } from "./order/order-rules.ts";
import { nicknameRule } from "./account/account-rules.ts";
import { addressDetailRule } from "./address/address-rules.ts";
import { orderRemarkRule } from "./order/order-rules.ts";
import { reviewTextRule } from "./review/review-form.ts";
import { ruleError } from "./rule-kit.ts";
import { storeNameRule } from "./store-application/store-application.ts";
import { addAddressRule, controlFreeString, nicknameRule as nicknameSchema } from "./rule-schemas.ts";
import { checkOutgoing, MsgType } from "./chat/chat.ts";
import { checkContent } from "./renovation/block-schema.ts";
import { couponFormRule } from "./coupon/coupon-rules.ts";
import { BIDI_CHARS_KEY, CONTROL_CHARS_KEY, hasControlChars, hasHiddenChars, HIDDEN_CHARS_KEY } from "./text-rules.ts";

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
    expect(ruleError(orderRemarkRule, "hello\u0007")).toBe(CONTROL_CHARS_KEY);
    expect(ruleError(orderRemarkRule, "line 1\nline 2")).toBeNull();
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

describe("bidi controls in names and addresses", () => {
  const bidi = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
  const addr = { receiver: "Li Lei", mobile: "13800138000", provinceId: 1, cityId: 2, areaId: 3, addr: "Some road 12" };
  it("finds each embedding, override and isolate control; right-to-left letters are ordinary text", () => {
    for (const c of bidi) expect(hasHiddenChars(`ab${c}c`), c.codePointAt(0)!.toString(16)).toBe(true);
    for (const s of ["שלום", "مرحبا", "普通文字", "\u2029", "\u206a"]) expect(hasHiddenChars(s)).toBe(false);
  });
  it("the name and address rules refuse them with their own message; other texts keep them", () => {
    for (const c of bidi) {
      expect(ruleError(nicknameRule, `Ann${c}gpj.exe`)).toBe(BIDI_CHARS_KEY);
      expect(ruleError(addressDetailRule, `Road 1${c} No. 2`)).toBe(BIDI_CHARS_KEY);
      expect(ruleError(invoiceHeaderRule, `ACME${c} Ltd`)).toBe(BIDI_CHARS_KEY);
      expect(ruleError(storeNameRule, `Shop${c}one`)).toBe(BIDI_CHARS_KEY);
      expect(ruleError(addressFormRule, { ...addr, receiver: `Li${c}Lei` })).toBe(BIDI_CHARS_KEY);
      expect(ruleError(addressFormRule, { ...addr, addr: `Some${c} road 12` })).toBe(BIDI_CHARS_KEY);
    }
    // At the very start or end (trimmed away would hide it): still refused.
    expect(ruleError(nicknameRule, "\u202eAnn")).toBe(BIDI_CHARS_KEY);
    expect(ruleError(nicknameRule, "Ann\u2069")).toBe(BIDI_CHARS_KEY);
    expect(ruleError(nicknameRule, "שלום Ann")).toBeNull();
    // Control characters are reported first; a review or order message is not a name.
    expect(ruleError(nicknameRule, "A\u0000\u202e")).toBe(CONTROL_CHARS_KEY);
    expect(ruleError(orderRemarkRule, "left \u2067right\u2069")).toBeNull();
  });
  it("the API schemas of the same rules refuse them alike", () => {
    expect(nicknameSchema.safeParse("Ann\u202e").error?.issues[0]?.message).toBe(BIDI_CHARS_KEY);
    const r = addAddressRule.safeParse({ ...addr, receiver: "Li\u2066Lei" });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["receiver", BIDI_CHARS_KEY]]);
  });
});

describe("hidden characters (direction marks, zero-width) in names and in what shops write", () => {
  const hidden = [
    "\u202e",
    "\u2066",
    "\u200e",
    "\u200f",
    "\u061c",
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\u2063",
    "\u180e",
    "\ufeff",
  ];
  it("finds each of them; a joiner inside an emoji sequence and right-to-left letters are ordinary text", () => {
    for (const c of hidden) expect(hasHiddenChars(`ad${c}min`), c.codePointAt(0)!.toString(16)).toBe(true);
    for (const s of ["👨\u200d👩\u200d👧", "🏳️\u200d🌈", "👩🏽\u200d💻", "שלום", "普通文字 plain", "é"])
      expect(hasHiddenChars(s), s).toBe(false);
    expect(hasHiddenChars("👨\u200d")).toBe(true);
    expect(hasHiddenChars("a\u200d👩")).toBe(true);
  });
  it("nicknames and receivers refuse zero-width characters (ad\\u200bmin is not admin)", () => {
    expect(ruleError(nicknameRule, "ad\u200bmin")).toBe(BIDI_CHARS_KEY);
    expect(ruleError(nicknameRule, "admin\ufeff")).toBe(BIDI_CHARS_KEY);
    expect(nicknameSchema.safeParse("ad\u2060min").error?.issues[0]?.message).toBe(BIDI_CHARS_KEY);
    const addr = {
      receiver: "Li\u200cLei",
      mobile: "13800138000",
      provinceId: 1,
      cityId: 2,
      areaId: 3,
      addr: "Road 12",
    };
    expect(ruleError(addressFormRule, addr)).toBe(BIDI_CHARS_KEY);
    expect(addAddressRule.safeParse(addr).error?.issues[0]?.message).toBe(BIDI_CHARS_KEY);
  });
  it("chat messages refuse them with a message of their own; emoji sequences pass", () => {
    expect(checkOutgoing(MsgType.TEXT, "pay at \u202eexe.kcatta")).toEqual({
      ok: false,
      key: "chat.errors.hiddenChars",
    });
    expect(checkOutgoing(MsgType.TEXT, "hi\u200b")).toEqual({ ok: false, key: "chat.errors.hiddenChars" });
    expect(checkOutgoing(MsgType.TEXT, "family 👨\u200d👩\u200d👧").ok).toBe(true);
  });
  it("decoration texts and names refuse them, with the place", () => {
    const r = checkContent([
      { type: "floor_title", dataField: { mainTitle: { zh: "标题", "zh-tw": "標題", en: "Sale\u202e" } } },
    ]);
    expect(r.ok ? null : r.problem).toEqual({
      path: [0, "dataField", "mainTitle", "en"],
      key: HIDDEN_CHARS_KEY,
      params: {},
    });
  });
  it("coupon names refuse them with the hidden-characters message", () => {
    for (const couponName of ["10\u200b off", { zh: "满减", "zh-tw": "滿減", en: "Sale\u2067" }]) {
      const r = couponFormRule(new Date()).safeParse({ couponName });
      expect(r.error?.issues.find((i) => i.path[0] === "couponName")?.message, JSON.stringify(couponName)).toBe(
        HIDDEN_CHARS_KEY,
      );
    }
  });
});
