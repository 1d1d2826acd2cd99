/**
 * The SPEC §5 form rules of every feature, in one table: each plain rule (in its feature's module)
 * and, where the API uses it, its zod form (rule-schemas.ts); and every message key they give
 * exists in the "rules" namespace.
 */
import { describe, expect, it } from "vitest";
import zhRules from "../i18n/zh/rules.json" with { type: "json" };
import {
  isMobile,
  isPassword,
  isUsername,
  LOGIN_ERROR_KEYS,
  loginErrorKey,
  loginFormError,
  mobileRule,
  nicknameRule,
  passwordPairRule,
  passwordRule,
  smsCodeRule,
  usernameRule,
  type LoginFormInput,
} from "./account/account-rules.ts";
import { addressDetailRule } from "./address/address-rules.ts";
import { searchKeywordRule } from "./catalog/search-rules.ts";
import { orderRemarkRule } from "./order/order-rules.ts";
import { pointsRule } from "./points/points.ts";
import { refundDescriptionRule } from "./refund/refund-form.ts";
import { reviewTextRule } from "./review/review-form.ts";
import { RULE_KEYS } from "./rule-keys.ts";
import { ruleError, ruleErrors, type Rule } from "./rule-kit.ts";
import { storeDescriptionRule, storeNameRule, storePasswordRule } from "./store-application/store-application.ts";
import { schemaOf, topupAmountRule } from "./rule-schemas.ts";

type Case = [value: unknown, expected: string | null];

/** Each case through the plain rule (browser forms) and through its zod schema (API): same answer. */
function table(name: string, rule: Rule<unknown>, cases: Case[]) {
  describe(name, () => {
    const schema = schemaOf(rule);
    it.each(cases)("%j → %s", (value, expected) => {
      expect(ruleError(rule, value)).toBe(expected);
      expect(ruleError(schema, value)).toBe(expected);
    });
  });
}

const K = RULE_KEYS;

table("username", usernameRule, [
  ["abcd", null],
  ["user_01", null],
  ["A1_b", null],
  ["a".repeat(16), null],
  [" abcd ", null],
  ["abc", K.usernameInvalid],
  ["a".repeat(17), K.usernameInvalid],
  ["", K.usernameInvalid],
  ["ab cd", K.usernameInvalid],
  ["用户名字", K.usernameInvalid],
  ["abc-d", K.usernameInvalid],
  ["abc@d", K.usernameInvalid],
  [12345, K.usernameInvalid],
]);

table("password", passwordRule, [
  ["abc123", null],
  ["abc!@#", null],
  ["123!@#", null],
  ["Abcdef1", null],
  ["a1".repeat(10), null],
  ["", K.passwordRequired],
  [undefined, K.passwordRequired],
  ["abcdef", K.passwordInvalid], // letters only
  ["123456", K.passwordInvalid], // digits only
  ["!@#$%^", K.passwordInvalid], // symbols only
  ["ab12", K.passwordInvalid], // too short
  ["a1".repeat(10) + "x", K.passwordInvalid], // 21
  ["abc 123", K.passwordInvalid], // space
  ["ａｂｃ１２３", K.passwordInvalid], // full-width
  ["密码abc123", K.passwordInvalid],
]);

table("store password", storePasswordRule, [
  ["abcdef", null],
  ["123456", null],
  ["abc123!@#xyz", null],
  ["", K.passwordRequired],
  ["abc12", K.storePasswordInvalid],
  ["abc123!@#xyz1", K.storePasswordInvalid],
  ["abc 123", K.storePasswordInvalid],
]);

describe("password pair", () => {
  it("accepts matching passwords", () => {
    expect(ruleErrors(passwordPairRule, { password: "abc123", confirmPassword: "abc123" })).toEqual({});
  });
  it("reports a mismatch on confirmPassword (case-sensitive)", () => {
    expect(ruleErrors(passwordPairRule, { password: "abc123", confirmPassword: "ABC123" })).toEqual({
      confirmPassword: K.confirmPasswordMismatch,
    });
  });
  it("reports an empty confirmation", () => {
    expect(ruleErrors(passwordPairRule, { password: "abc123", confirmPassword: "" })).toEqual({
      confirmPassword: K.confirmPasswordRequired,
    });
  });
  it("reports a bad password", () => {
    expect(ruleErrors(passwordPairRule, { password: "abcdef", confirmPassword: "abcdef" })).toEqual({
      password: K.passwordInvalid,
    });
  });
});

table("mobile", mobileRule, [
  ["13800138000", null],
  ["19912345678", null],
  ["8613800138000", null],
  ["+8613800138000", null],
  [" 13800138000 ", null],
  ["0912345678", null],
  ["886912345678", null],
  ["+886912345678", null],
  ["", K.mobileRequired],
  ["   ", K.mobileRequired],
  ["12800138000", K.mobileInvalid], // 2nd digit 2
  ["1380013800", K.mobileInvalid], // 10 digits
  ["138001380001", K.mobileInvalid], // 12 digits
  ["0812345678", K.mobileInvalid],
  ["091234567", K.mobileInvalid],
  ["8860912345678", K.mobileInvalid], // 886 then 09
  ["+85213800138000", K.mobileInvalid],
  ["138-0013-8000", K.mobileInvalid],
  ["abcdefghijk", K.mobileInvalid],
]);

describe("isMobile / isUsername / isPassword", () => {
  it("work as plain predicates", () => {
    expect(isMobile("13800138000")).toBe(true);
    expect(isMobile("1380013800")).toBe(false);
    expect(isUsername("abcd")).toBe(true);
    expect(isPassword("abc123")).toBe(true);
  });
});

table("sms code", smsCodeRule, [
  ["123456", null],
  [" 123456 ", null],
  ["", K.smsCodeRequired],
  ["  ", K.smsCodeRequired],
  ["12345", K.smsCodeInvalid],
  ["1234567", K.smsCodeInvalid],
  ["12a456", K.smsCodeInvalid],
]);

table("nickname", nicknameRule, [
  ["Tom", null],
  ["小明", null],
  ["一二三四五六七八九十一二三四五", null], // 15
  ["", K.nicknameRequired],
  ["   ", K.nicknameRequired],
  ["一二三四五六七八九十一二三四五六", K.nicknameTooLong], // 16
  ["a".repeat(16), K.nicknameTooLong],
]);

table("product keyword", searchKeywordRule("prod"), [
  ["phone", null],
  ["  phone  ", null],
  ["", K.prodNameEmpty],
  ["    ", K.prodNameEmpty],
  ["\t", K.prodNameEmpty],
  ["x".repeat(51), K.keywordTooLong],
]);

table("shop keyword", searchKeywordRule("shop"), [
  ["store", null],
  ["", K.shopNameEmpty],
  ["   ", K.shopNameEmpty],
]);

table("order message", orderRemarkRule, [
  ["", null],
  ["please ship fast", null],
  ["x".repeat(100), null],
  ["   ", K.notAllSpaces],
  ["x".repeat(101), K.orderMessageTooLong],
]);

table("address detail", addressDetailRule, [
  ["中山路100号", null],
  ["12345", null],
  ["1234", K.addressTooShort],
  ["  12 ", K.addressTooShort],
  ["", K.addressTooShort],
  ["x".repeat(101), K.addressTooLong],
]);

table("store name", storeNameRule, [
  ["小米旗舰店", null],
  ["Apple Store", null],
  ["Shop 123", null],
  ["a".repeat(20), null],
  ["", K.storeNameRequired],
  ["  ", K.storeNameRequired],
  ["a".repeat(21), K.storeNameTooLong],
  ["店铺!", K.storeNameChars],
  ["a@b", K.storeNameChars],
  ["<script>", K.storeNameChars],
  ["a  b", K.storeNameChars],
]);

table("store description", storeDescriptionRule, [
  ["一家专营数码产品的店铺", null],
  ["x".repeat(10), null],
  ["x".repeat(200), null],
  ["x".repeat(9), K.storeDescLength],
  ["x".repeat(201), K.storeDescLength],
  ["", K.storeDescLength],
]);

table("refund description", refundDescriptionRule, [
  ["", null],
  ["damaged", null],
  ["x".repeat(200), null],
  ["x".repeat(201), K.refundNoteTooLong],
]);

table("review text", reviewTextRule, [
  ["good", null],
  ["x".repeat(150), null],
  ["", K.reviewEmpty],
  ["   ", K.reviewEmpty],
  ["x".repeat(151), K.reviewTooLong],
]);

table("top-up amount", topupAmountRule as Rule<unknown>, [
  ["0.01", null],
  ["1", null],
  ["99.9", null],
  ["100000", null],
  ["100000.00", null],
  [50, null],
  ["0", K.topupAmount],
  ["0.001", K.topupAmount],
  ["100000.01", K.topupAmount],
  ["-5", K.topupAmount],
  ["1.234", K.topupAmount],
  ["abc", K.topupAmount],
  ["", K.topupAmount],
  [null, K.topupAmount],
]);

table("points", pointsRule, [
  [0, null],
  [10, null],
  [1230, null],
  ["20", null],
  [5, K.pointsStep],
  [15, K.pointsStep],
  [-10, K.pointsStep],
  [10.5, K.pointsStep],
  ["abc", K.pointsStep],
  ["", K.pointsStep],
]);

describe("parsed output is trimmed", () => {
  it("trims", () => {
    expect(nicknameRule.parse("  Tom ")).toBe("Tom");
    expect(searchKeywordRule("prod").parse(" phone ")).toBe("phone");
    expect(topupAmountRule.parse(" 12.5 ")).toBe("12.5");
    expect(pointsRule.parse("30")).toBe(30);
  });
});

describe("loginFormError", () => {
  const base: LoginFormInput = {
    tab: "account",
    username: "user01",
    password: "secret1",
    mobile: "",
    code: "",
    termsRequired: true,
    agreed: true,
  };
  const cases: [Partial<LoginFormInput>, number][] = [
    [{}, 0],
    [{ username: "abc" }, 3],
    [{ username: "" }, 3],
    [{ username: "bad name" }, 3],
    [{ password: "" }, 4],
    [{ username: "abc", password: "" }, 3], // first problem wins
    [{ agreed: false }, 6],
    [{ agreed: false, termsRequired: false }, 0],
    [{ password: "", agreed: false }, 4],
    [{ tab: "mobile", mobile: "13800138000", code: "123456" }, 0],
    [{ tab: "mobile", mobile: "0912345678", code: "1" }, 0],
    [{ tab: "mobile", mobile: "123", code: "123456" }, 1],
    [{ tab: "mobile", mobile: "", code: "123456" }, 1],
    [{ tab: "mobile", mobile: "13800138000", code: "" }, 2],
    [{ tab: "mobile", mobile: "13800138000", code: "  " }, 2],
    [{ tab: "mobile", mobile: "13800138000", code: "123456", agreed: false }, 6],
    [{ tab: "mobile", mobile: "13800138000", code: "123456", username: "" }, 0], // account fields ignored
  ];
  it.each(cases)("%j → %i", (patch, expected) => {
    expect(loginFormError({ ...base, ...patch })).toBe(expected);
  });
  it("maps codes to message keys", () => {
    expect(loginErrorKey(0)).toBeNull();
    expect(loginErrorKey(1)).toBe(K.mobileInvalid);
    expect(loginErrorKey(2)).toBe(K.smsCodeRequired);
    expect(loginErrorKey(3)).toBe(K.usernameInvalid);
    expect(loginErrorKey(4)).toBe(K.passwordRequired);
    expect(loginErrorKey(6)).toBe(K.termsRequired);
  });
});

describe("message keys", () => {
  it("every key exists in the rules namespace", () => {
    const keys = [...Object.values(RULE_KEYS), ...Object.values(LOGIN_ERROR_KEYS)];
    for (const key of keys) {
      const name = key.replace(/^rules\./, "");
      expect(zhRules, key).toHaveProperty(name);
    }
  });
});
