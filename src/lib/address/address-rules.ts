/**
 * The address form rule (CONTRACT §7.3), shared by the address dialog in the browser and the
 * API (POST /p/address/addAddr, PUT /p/address/updateAddr; as zod schemas in rule-schemas.ts). Messages are i18n keys of the
 * "address" namespace, or of "rules" for the mobile number and the detailed address (SPEC §5).
 * Whether the chosen province / city / district really belong together is checked by the
 * server against the area tree (src/server/domain/address/area.ts isValidAreaChain).
 */
import { mobileRule } from "../account/account-rules.ts";
import { RULE_KEYS } from "../rule-keys.ts";
import { defineRule, fail, objectRule, textRule, type Rule, type RuleOutput } from "../rule-kit.ts";
import { ID_MAX } from "../ids.ts";

export const ADDRESS_MIN = 5;
/** Detailed address upper bound: not shown in SPEC; 100 characters chosen as a sane form limit. */
export const ADDRESS_MAX = 100;

export const addressDetailRule = textRule({
  name: true,
  type: RULE_KEYS.addressTooShort,
  trim: true,
  min: [ADDRESS_MIN, RULE_KEYS.addressTooShort],
  max: [ADDRESS_MAX, RULE_KEYS.addressTooLong],
});

/** Receiver name: not empty, at most this many characters (after trimming). */
export const RECEIVER_MAX = 20;
/** Most addresses one user may keep (docs/decisions.md "Address book maximum"). */
export const ADDRESS_COUNT_MAX = 20;

export const ADDRESS_KEYS = {
  receiverRequired: "address.receiverRequired",
  receiverTooLong: "address.receiverTooLong",
  provinceRequired: "address.provinceRequired",
  cityRequired: "address.cityRequired",
  areaRequired: "address.areaRequired",
  areaInvalid: "address.areaInvalid",
  postCodeInvalid: "address.postCodeInvalid",
  addrIdNotAllowed: "address.addrIdNotAllowed",
  notFound: "address.notFound",
  tooMany: "address.tooMany",
} as const;
const K = ADDRESS_KEYS;

/** Digit strings (as form fields give them) become numbers. */
function toInt(v: unknown): unknown {
  if (v === "" || v == null) return undefined;
  if (typeof v === "string" && /^\s*\d+\s*$/.test(v)) return Number(v);
  return v;
}

/** A chosen area (or address) id: a positive integer; digit strings accepted. */
export function areaIdRule(key: string): Rule<number> {
  return defineRule((v) => {
    const n = toInt(v);
    return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= ID_MAX ? n : fail(key);
  });
}

export const receiverRule = textRule({
  name: true,
  type: K.receiverRequired,
  trim: true,
  required: K.receiverRequired,
  max: [RECEIVER_MAX, K.receiverTooLong],
});

/** Optional post code: empty / absent → undefined; otherwise exactly 6 digits. */
export const postCodeRule = defineRule<string | undefined>((v) => {
  if (v == null || (typeof v === "string" && v.trim() === "")) return undefined;
  return typeof v === "string" && /^\d{6}$/.test(v.trim()) ? v.trim() : fail(K.postCodeInvalid);
});

/** The fields of the address form. The detailed address is 5..ADDRESS_MAX characters. */
export const addressFormRule = objectRule({
  receiver: receiverRule,
  mobile: mobileRule,
  provinceId: areaIdRule(K.provinceRequired),
  cityId: areaIdRule(K.cityRequired),
  areaId: areaIdRule(K.areaRequired),
  addr: addressDetailRule,
  postCode: postCodeRule,
});
export type AddressForm = RuleOutput<typeof addressFormRule>;

/** addrId of POST /p/address/addAddr: absent, null or 0; anything else is refused. */
export const newAddressIdRule = defineRule<undefined>((v) =>
  v == null || v === "" || v === 0 || v === "0" ? undefined : fail(K.addrIdNotAllowed),
);

/** addrId of PUT /p/address/updateAddr: required (a positive integer). */
export const addressIdRule = areaIdRule(K.notFound);
