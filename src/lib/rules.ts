/**
 * Form rules of SPEC §5, shared by browser forms and the API. Each rule is written once, here, as
 * a plain rule (rule-kit.ts: no zod, so a form does not ship zod to the browser); the API uses the
 * same rules as zod schemas through rule-schemas.ts.
 * Every message is an i18n key of the "rules" namespace (src/i18n/<locale>/rules.json);
 * the numbers of SPEC §9 are written into those texts, so no interpolation is needed.
 * Text rules trim first, then check; the parsed value is the trimmed text.
 */
import {
  ADDRESS_MAX,
  ADDRESS_MIN,
  NICKNAME_MAX,
  ORDER_MESSAGE_MAX,
  POINTS_STEP,
  REFUND_NOTE_MAX,
  REVIEW_TEXT_MAX,
  SEARCH_KEYWORD_MAX,
  STORE_DESC_MAX,
  STORE_DESC_MIN,
  STORE_NAME_MAX,
} from "./constants.ts";
import { defineRule, fail, objectRule, textRule, type Rule } from "./rule-kit.ts";

export { ruleError, ruleErrors, type Rule } from "./rule-kit.ts";

/** The message keys used by these rules. */
export const RULE_KEYS = {
  usernameInvalid: "rules.usernameInvalid",
  passwordRequired: "rules.passwordRequired",
  passwordInvalid: "rules.passwordInvalid",
  confirmPasswordRequired: "rules.confirmPasswordRequired",
  confirmPasswordMismatch: "rules.confirmPasswordMismatch",
  storePasswordInvalid: "rules.storePasswordInvalid",
  mobileRequired: "rules.mobileRequired",
  mobileInvalid: "rules.mobileInvalid",
  smsCodeRequired: "rules.smsCodeRequired",
  smsCodeInvalid: "rules.smsCodeInvalid",
  nicknameRequired: "rules.nicknameRequired",
  nicknameTooLong: "rules.nicknameTooLong",
  prodNameEmpty: "rules.prodNameEmpty",
  shopNameEmpty: "rules.shopNameEmpty",
  keywordTooLong: "rules.keywordTooLong",
  orderMessageTooLong: "rules.orderMessageTooLong",
  notAllSpaces: "rules.notAllSpaces",
  addressTooShort: "rules.addressTooShort",
  addressTooLong: "rules.addressTooLong",
  storeNameRequired: "rules.storeNameRequired",
  storeNameTooLong: "rules.storeNameTooLong",
  storeNameChars: "rules.storeNameChars",
  storeDescLength: "rules.storeDescLength",
  refundNoteTooLong: "rules.refundNoteTooLong",
  reviewEmpty: "rules.reviewEmpty",
  reviewTooLong: "rules.reviewTooLong",
  topupAmount: "rules.topupAmount",
  pointsStep: "rules.pointsStep",
  termsRequired: "rules.termsRequired",
} as const;
export type RuleKey = (typeof RULE_KEYS)[keyof typeof RULE_KEYS];
const K = RULE_KEYS;

// ---------------------------------------------------------------------------------------------
// Plain predicates (also used by the rules)
// ---------------------------------------------------------------------------------------------

const USERNAME_RE = /^[A-Za-z0-9_]{4,16}$/;
/** Half-width (printable ASCII, no space) characters. */
const HALF_WIDTH_RE = /^[\x21-\x7E]+$/;
const MAINLAND_MOBILE_RE = /^(?:\+?86)?1[3-9]\d{9}$/;
const TAIWAN_MOBILE_RE = /^(?:09\d{8}|\+?8869\d{8})$/;
const SMS_CODE_RE = /^\d{6}$/;
/** Letters (any script), combining marks, digits and inner spaces; no symbols. */
const STORE_NAME_RE = /^[\p{L}\p{M}\p{N}]+(?: [\p{L}\p{M}\p{N}]+)*$/u;

/** Account name: 4-16 letters, digits or underscore. */
export function isUsername(s: string): boolean {
  return USERNAME_RE.test(s);
}

/** How many of the classes letters / digits / symbols the text uses. */
function charClassCount(s: string): number {
  return Number(/[A-Za-z]/.test(s)) + Number(/\d/.test(s)) + Number(/[^A-Za-z0-9]/.test(s));
}

/** Register / reset password: 6-20 half-width characters using at least two of letters, digits, symbols. Case-sensitive. */
export function isPassword(s: string): boolean {
  return s.length >= 6 && s.length <= 20 && HALF_WIDTH_RE.test(s) && charClassCount(s) >= 2;
}

/** Store account password: 6-12 half-width characters. */
export function isStorePassword(s: string): boolean {
  return s.length >= 6 && s.length <= 12 && HALF_WIDTH_RE.test(s);
}

/**
 * Mainland mobile 1[3-9]xxxxxxxxx with optional 86 / +86 prefix, or Taiwan mobile 09xxxxxxxx
 * (or 886 / +886 followed by 9xxxxxxxx). Surrounding spaces are ignored.
 */
export function isMobile(s: string): boolean {
  const v = s.trim();
  return MAINLAND_MOBILE_RE.test(v) || TAIWAN_MOBILE_RE.test(v);
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

export const usernameRule = textRule({ type: K.usernameInvalid, trim: true, tests: [[isUsername, K.usernameInvalid]] });

export const passwordRule = textRule({
  type: K.passwordRequired,
  required: K.passwordRequired,
  tests: [[isPassword, K.passwordInvalid]],
});

export const storePasswordRule = textRule({
  type: K.passwordRequired,
  required: K.passwordRequired,
  tests: [[isStorePassword, K.storePasswordInvalid]],
});

export const confirmPasswordRule = textRule({ type: K.confirmPasswordRequired, required: K.confirmPasswordRequired });

/** Whether the confirmation matches; a mismatch is reported on confirmPassword. */
export function passwordsMatch(v: { password: string; confirmPassword: string }) {
  return v.password === v.confirmPassword ? null : fail(K.confirmPasswordMismatch, ["confirmPassword"]);
}

/** Password plus confirmation; the match is checked when both are valid. */
export const passwordPairRule = objectRule(
  { password: passwordRule, confirmPassword: confirmPasswordRule },
  passwordsMatch,
);

export const mobileRule = textRule({
  type: K.mobileRequired,
  trim: true,
  required: K.mobileRequired,
  tests: [[isMobile, K.mobileInvalid]],
});

export const smsCodeRule = textRule({
  type: K.smsCodeRequired,
  trim: true,
  required: K.smsCodeRequired,
  tests: [[(s) => SMS_CODE_RE.test(s), K.smsCodeInvalid]],
});

export const nicknameRule = textRule({
  name: true,
  type: K.nicknameRequired,
  trim: true,
  required: K.nicknameRequired,
  max: [NICKNAME_MAX, K.nicknameTooLong],
});

export type SearchKind = "prod" | "shop";

/** Search keyword: trimmed; empty or all spaces → "product name / store name cannot be empty". */
export function searchKeywordRule(kind: SearchKind): Rule<string> {
  const empty = kind === "shop" ? K.shopNameEmpty : K.prodNameEmpty;
  return textRule({ type: empty, trim: true, required: empty, max: [SEARCH_KEYWORD_MAX, K.keywordTooLong] });
}

/** Optional order message: may be empty, not all spaces, at most 100 characters (after trimming). */
export const orderMessageRule = textRule({
  type: K.notAllSpaces,
  multiline: true,
  raw: [(s) => s === "" || s.trim() !== "", K.notAllSpaces],
  trim: true,
  max: [ORDER_MESSAGE_MAX, K.orderMessageTooLong],
});

export const addressDetailRule = textRule({
  name: true,
  type: K.addressTooShort,
  trim: true,
  min: [ADDRESS_MIN, K.addressTooShort],
  max: [ADDRESS_MAX, K.addressTooLong],
});

export const storeNameRule = textRule({
  name: true,
  type: K.storeNameRequired,
  trim: true,
  required: K.storeNameRequired,
  max: [STORE_NAME_MAX, K.storeNameTooLong],
  tests: [[(s) => STORE_NAME_RE.test(s), K.storeNameChars]],
});

export const storeDescriptionRule = textRule({
  type: K.storeDescLength,
  multiline: true,
  trim: true,
  min: [STORE_DESC_MIN, K.storeDescLength],
  max: [STORE_DESC_MAX, K.storeDescLength],
});

/** Optional refund description, at most 200 characters. */
export const refundDescriptionRule = textRule({
  type: K.refundNoteTooLong,
  multiline: true,
  trim: true,
  max: [REFUND_NOTE_MAX, K.refundNoteTooLong],
});

export const reviewTextRule = textRule({
  type: K.reviewEmpty,
  multiline: true,
  trim: true,
  required: K.reviewEmpty,
  max: [REVIEW_TEXT_MAX, K.reviewTooLong],
});

/** Points to use: a non-negative integer multiple of 10 (a digit string is accepted). */
export const pointsRule = defineRule<number>((v) => {
  const n = typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 && n % POINTS_STEP === 0 ? n : fail(K.pointsStep);
});

// ---------------------------------------------------------------------------------------------
// Login form (SPEC §5 login error codes)
// ---------------------------------------------------------------------------------------------

export type LoginTab = "account" | "mobile";
/** 0 ok, 1 invalid phone, 2 empty code, 3 bad username, 4 empty password, 6 terms not agreed. */
export type LoginFormErrorCode = 0 | 1 | 2 | 3 | 4 | 6;

export const LOGIN_ERROR_KEYS: Record<Exclude<LoginFormErrorCode, 0>, RuleKey> = {
  1: K.mobileInvalid,
  2: K.smsCodeRequired,
  3: K.usernameInvalid,
  4: K.passwordRequired,
  6: K.termsRequired,
};

export interface LoginFormInput {
  tab: LoginTab;
  username?: string;
  password?: string;
  mobile?: string;
  code?: string;
  /** Whether the terms checkbox is shown (a terms switch is on). */
  termsRequired: boolean;
  agreed: boolean;
}

/**
 * Checks the login popup's fields in screen order: account tab → username (3), password (4);
 * mobile tab → mobile (1), code (2); then the terms checkbox when shown (6). 0 means submit.
 */
export function loginFormError(input: LoginFormInput): LoginFormErrorCode {
  if (input.tab === "account") {
    if (!isUsername((input.username ?? "").trim())) return 3;
    if (!input.password) return 4;
  } else {
    if (!isMobile(input.mobile ?? "")) return 1;
    if (!(input.code ?? "").trim()) return 2;
  }
  if (input.termsRequired && !input.agreed) return 6;
  return 0;
}

/** Message key for a login error code (null for 0). */
export function loginErrorKey(code: LoginFormErrorCode): RuleKey | null {
  return code === 0 ? null : LOGIN_ERROR_KEYS[code];
}
