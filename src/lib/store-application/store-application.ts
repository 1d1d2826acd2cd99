/**
 * Store application (SPEC §3 "Store application", §4, §5; CONTRACT §8): the form's fields, its
 * rules and the states, shared by the /user-center/uc-shopaccount island and the API
 * (POST /p/storeApplication, PUT /p/storeAccount). Plain functions without zod, so the island
 * stays small. Messages are i18n keys of the "rules" (the SPEC §5 rules) and "storeApplication" namespaces.
 */
import { HALF_WIDTH_RE, mobileRule } from "../account/account-rules.ts";
import { addressDetailRule } from "../address/address-rules.ts";
import { RULE_KEYS } from "../rule-keys.ts";
import { ruleError, textRule } from "../rule-kit.ts";
import { SHOP_STATUS } from "../shop/shop.ts";
import { ID_MAX } from "../ids.ts";

export const STORE_NAME_MAX = 20;
export const STORE_DESC_MIN = 10;
export const STORE_DESC_MAX = 200;
/** Letters (any script), combining marks, digits and inner spaces; no symbols. */
const STORE_NAME_RE = /^[\p{L}\p{M}\p{N}]+(?: [\p{L}\p{M}\p{N}]+)*$/u;

/** Store account password: 6-12 half-width characters. */
export function isStorePassword(s: string): boolean {
  return s.length >= 6 && s.length <= 12 && HALF_WIDTH_RE.test(s);
}

export const storePasswordRule = textRule({
  type: RULE_KEYS.passwordRequired,
  required: RULE_KEYS.passwordRequired,
  tests: [[isStorePassword, RULE_KEYS.storePasswordInvalid]],
});

export const storeNameRule = textRule({
  name: true,
  type: RULE_KEYS.storeNameRequired,
  trim: true,
  required: RULE_KEYS.storeNameRequired,
  max: [STORE_NAME_MAX, RULE_KEYS.storeNameTooLong],
  tests: [[(s) => STORE_NAME_RE.test(s), RULE_KEYS.storeNameChars]],
});

export const storeDescriptionRule = textRule({
  type: RULE_KEYS.storeDescLength,
  multiline: true,
  trim: true,
  min: [STORE_DESC_MIN, RULE_KEYS.storeDescLength],
  max: [STORE_DESC_MAX, RULE_KEYS.storeDescLength],
});

/** The buyer's `shopAuditStatus` (CONTRACT §7.1): null never applied. */
export const APPLY_STATUS = { UNDER_REVIEW: 0, APPROVED: 1, REJECTED: -1 } as const;

/** Store types a buyer may ask for (self-operated shops are the platform's own). */
export const APPLY_TYPES = [0, 2] as const;

/** Store account name: 4-20 letters, digits or underscore, starting with a letter. */
export const STORE_ACCOUNT_RE = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
/** A rejection reason: 1..200 characters. */
export const REJECT_REASON_MAX = 200;

export const STORE_APPLY_KEYS = {
  areaRequired: "storeApplication.rules.areaRequired",
  logoRequired: "storeApplication.rules.logoRequired",
  licenseRequired: "storeApplication.rules.licenseRequired",
  cardFrontRequired: "storeApplication.rules.cardFrontRequired",
  cardBackRequired: "storeApplication.rules.cardBackRequired",
  typeInvalid: "storeApplication.rules.typeInvalid",
  controlChars: "storeApplication.rules.controlChars",
  accountInvalid: "storeApplication.rules.accountInvalid",
} as const;
const K = STORE_APPLY_KEYS;

export const STORE_IMAGE_FIELDS = ["shopLogo", "businessLicense", "identityCardFront", "identityCardLater"] as const;
export type StoreImageField = (typeof STORE_IMAGE_FIELDS)[number];

/** The application form as sent (POST /p/storeApplication). */
export interface StoreApplicationForm {
  shopName: string;
  mobile: string;
  provinceId: number;
  cityId: number;
  areaId: number;
  addr: string;
  intro: string;
  shopLogo: string;
  businessLicense: string;
  identityCardFront: string;
  identityCardLater: string;
  type: number;
}

export type StoreApplicationField = keyof StoreApplicationForm;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** C0/C1 control characters (tab and line breaks allowed in the description only). */
const CONTROL_RE = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_MULTILINE_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

function text(v: unknown): string | null {
  return typeof v === "string" ? v : null;
}

function posInt(v: unknown): number | null {
  const n = typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= ID_MAX ? n : null;
}

/** Store name rule (SPEC §5, rules.ts): required, at most 20 characters, letters/digits/inner spaces only. */
export function storeNameError(v: string): string | null {
  return ruleError(storeNameRule, v);
}

/** Description rule (SPEC §5): 10..200 characters after trimming, no control characters. */
export function storeDescError(v: string): string | null {
  if (CONTROL_MULTILINE_RE.test(v)) return K.controlChars;
  return ruleError(storeDescriptionRule, v);
}

/** Detailed address (SPEC §5): at least 5 characters (at most 100). */
export function storeAddrError(v: string): string | null {
  if (CONTROL_RE.test(v)) return K.controlChars;
  return ruleError(addressDetailRule, v);
}

const IMAGE_KEYS: Record<StoreImageField, string> = {
  shopLogo: K.logoRequired,
  businessLicense: K.licenseRequired,
  identityCardFront: K.cardFrontRequired,
  identityCardLater: K.cardBackRequired,
};

/**
 * The upload folder of each image of the form: the shop logo is public (it becomes the shop's),
 * the business licence and the ID card are private ("identity": only their owner and the platform
 * may fetch them, docs/image.md "Private pictures").
 */
export const STORE_IMAGE_FOLDERS: Record<StoreImageField, "store" | "identity"> = {
  shopLogo: "store",
  businessLicense: "identity",
  identityCardFront: "identity",
  identityCardLater: "identity",
};

/** An image of the form: a path the upload endpoint answered for the field's folder (STORE_IMAGE_FOLDERS). */
export function isStoreImagePath(p: string, field: StoreImageField): boolean {
  return new RegExp(`^/uploads/${STORE_IMAGE_FOLDERS[field]}/[0-9a-f-]{36}\\.(?:jpg|png|gif|webp)$`).test(p);
}

/**
 * Checks the whole form. Answers the trimmed form and no errors, or the errors by field (the
 * first problem of each field). Whether the area ids form a real province/city/district chain
 * and whether the images exist is checked by the server.
 */
export function checkStoreApplication(input: Record<string, unknown>): {
  form: StoreApplicationForm | null;
  errors: FieldErrors<StoreApplicationField>;
} {
  const errors: FieldErrors<StoreApplicationField> = {};
  const shopName = text(input.shopName) ?? "";
  const e1 = storeNameError(shopName);
  if (e1) errors.shopName = e1;
  const mobile = (text(input.mobile) ?? "").trim();
  const eM = ruleError(mobileRule, mobile);
  if (eM) errors.mobile = eM;
  const provinceId = posInt(input.provinceId);
  const cityId = posInt(input.cityId);
  const areaId = posInt(input.areaId);
  if (provinceId === null || cityId === null || areaId === null) errors.areaId = K.areaRequired;
  const addr = text(input.addr) ?? "";
  const e2 = storeAddrError(addr);
  if (e2) errors.addr = e2;
  const intro = text(input.intro) ?? "";
  const e3 = storeDescError(intro);
  if (e3) errors.intro = e3;
  const images = {} as Record<StoreImageField, string>;
  for (const f of STORE_IMAGE_FIELDS) {
    const p = (text(input[f]) ?? "").trim();
    if (!isStoreImagePath(p, f)) errors[f] = IMAGE_KEYS[f];
    images[f] = p;
  }
  const typeN = input.type === undefined || input.type === null || input.type === "" ? 0 : posIntOrZero(input.type);
  if (typeN === null || !(APPLY_TYPES as readonly number[]).includes(typeN)) errors.type = K.typeInvalid;
  if (Object.keys(errors).length > 0) return { form: null, errors };
  return {
    form: {
      shopName: shopName.trim(),
      mobile,
      provinceId: provinceId!,
      cityId: cityId!,
      areaId: areaId!,
      addr: addr.trim(),
      intro: intro.trim(),
      ...images,
      type: typeN!,
    },
    errors,
  };
}

function posIntOrZero(v: unknown): number | null {
  if (v === 0 || v === "0") return 0;
  return posInt(v);
}

/** The store account form (PUT /p/storeAccount): account name, password 6-12, confirmation. */
export interface StoreAccountForm {
  username: string;
  password: string;
  confirmPassword: string;
}

export function checkStoreAccount(input: Record<string, unknown>): {
  form: StoreAccountForm | null;
  errors: FieldErrors<keyof StoreAccountForm>;
} {
  const errors: FieldErrors<keyof StoreAccountForm> = {};
  const username = (text(input.username) ?? "").trim();
  if (!STORE_ACCOUNT_RE.test(username)) errors.username = K.accountInvalid;
  const password = text(input.password) ?? "";
  const confirmPassword = text(input.confirmPassword) ?? "";
  const eP = ruleError(storePasswordRule, password);
  if (eP) errors.password = eP;
  if (!confirmPassword) errors.confirmPassword = RULE_KEYS.confirmPasswordRequired;
  else if (confirmPassword !== password) errors.confirmPassword = RULE_KEYS.confirmPasswordMismatch;
  if (Object.keys(errors).length > 0) return { form: null, errors };
  return { form: { username, password, confirmPassword }, errors };
}

/** What the buyer should do next, from centerInfo's shopAuditStatus and shopStatus (SPEC §4). */
export type StoreNextStep =
  | "apply" // never applied
  | "wait" // under review
  | "resubmit" // rejected: modify and resubmit
  | "setAccount" // approved, no store account yet
  | "notOpen" // approved, the platform has not opened the shop
  | "open" // open: the seller centre
  | "offline" // taken offline by the platform
  | "suspended"; // suspended by the platform

export function storeNextStep(
  auditStatus: number | null,
  shopStatus: number | null,
  hasAccount: boolean,
): StoreNextStep {
  if (auditStatus === null || auditStatus === undefined) return "apply";
  if (auditStatus === APPLY_STATUS.UNDER_REVIEW) return "wait";
  if (auditStatus === APPLY_STATUS.REJECTED) return "resubmit";
  if (!hasAccount) return "setAccount";
  if (shopStatus === SHOP_STATUS.OPEN) return "open";
  if (shopStatus === SHOP_STATUS.SUSPENDED) return "suspended";
  if (shopStatus === SHOP_STATUS.NOT_OPENED || shopStatus === SHOP_STATUS.UNDER_REVIEW) return "notOpen";
  return "offline";
}

/** GET /p/storeApplication: the buyer's application (null when never applied) and shop facts. */
export interface StoreApplicationDto extends StoreApplicationForm {
  applyId: number;
  /** Area names of the ids, in the request language. */
  province: string;
  city: string;
  area: string;
  /** 0 under review, 1 approved, -1 rejected. */
  status: number;
  rejectReason: string | null;
  shopId: number | null;
  /** The shop's status once approved (SHOP_STATUS of shop/shop.ts), else null. */
  shopStatus: number | null;
  /** The store (merchant) account name once set, else null. */
  storeAccount: string | null;
  submitTime: string;
  reviewTime: string | null;
  /**
   * The documents' previews (privatePreviewPath, src/lib/image/private.ts): a small WebP each,
   * answered like the documents to their owner and the platform only; the fields above stay the
   * documents themselves (the platform's full view).
   */
  previews: { businessLicense: string; identityCardFront: string; identityCardLater: string };
}
