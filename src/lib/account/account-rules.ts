/**
 * The account forms' rules (SPEC §5): user name, passwords, mobile, SMS code, nickname and the
 * login popup's checks, shared by the account islands and the API (as zod schemas in
 * rule-schemas.ts). Plain rules (rule-kit.ts: no zod, so a form ships no zod); messages are i18n
 * keys of the "rules" namespace (rule-keys.ts). Text rules trim first, then check; the parsed value
 * is the trimmed text.
 */
import { fail, objectRule, textRule } from "../rule-kit.ts";
import { RULE_KEYS as K, type RuleKey } from "../rule-keys.ts";

/** A new SMS code can be asked for this long after the last one. */
export const SMS_RESEND_SECONDS = 60;
/** The forgotten-password page goes on to the login this long after the new password is saved. */
export const PASSWORD_RESET_REDIRECT_MS = 3_000;
/** maxlength of the login popup's mobile input. */
export const LOGIN_MOBILE_MAXLENGTH = 11;
export const NICKNAME_MAX = 15;

// ---------------------------------------------------------------------------------------------
// Plain predicates (also used by the rules)
// ---------------------------------------------------------------------------------------------

const USERNAME_RE = /^[A-Za-z0-9_]{4,16}$/;
/** Half-width (printable ASCII, no space) characters. */
export const HALF_WIDTH_RE = /^[\x21-\x7E]+$/;
const MAINLAND_MOBILE_RE = /^(?:\+?86)?1[3-9]\d{9}$/;
const TAIWAN_MOBILE_RE = /^(?:09\d{8}|\+?8869\d{8})$/;
const SMS_CODE_RE = /^\d{6}$/;

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
