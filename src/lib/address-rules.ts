/**
 * The address form rule (CONTRACT §7.3), shared by the address dialog in the browser and the
 * API (POST /p/address/addAddr, PUT /p/address/updateAddr). Messages are i18n keys of the
 * "address" namespace, or of "rules" for the mobile number and the detailed address (SPEC §5).
 * Whether the chosen province / city / district really belong together is checked by the
 * server against the area tree (src/server/domain/address/area.ts isValidAreaChain).
 */
import { z } from "zod";
import { ADDRESS_MAX } from "./constants.ts";
import { addressDetailRule, mobileRule } from "./rules.ts";
import { textRule } from "./text-rules.ts";

/** Receiver name: not empty, at most this many characters (after trimming). */
export const RECEIVER_MAX = 20;
/** Most addresses one user may keep (docs/decisions.md "Address book maximum"). */
export const ADDRESS_COUNT_MAX = 20;
const MAX_INT = 2_147_483_647;

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

/** Digit strings (as form fields give them) become numbers; anything else is left for zod. */
function toInt(v: unknown): unknown {
  if (v === "" || v == null) return undefined;
  if (typeof v === "string" && /^\s*\d+\s*$/.test(v)) return Number(v);
  return v;
}

function areaIdRule(key: string) {
  return z.preprocess(toInt, z.number({ error: key }).int(key).min(1, key).max(MAX_INT, key));
}

export const receiverRule = textRule(K.receiverRequired)
  .trim()
  .min(1, { error: K.receiverRequired, abort: true })
  .max(RECEIVER_MAX, K.receiverTooLong);

/** Optional post code: empty / absent → undefined; otherwise exactly 6 digits. */
export const postCodeRule = z.preprocess(
  (v) => (v == null || (typeof v === "string" && v.trim() === "") ? undefined : typeof v === "string" ? v.trim() : v),
  z.string({ error: K.postCodeInvalid }).regex(/^\d{6}$/, K.postCodeInvalid).optional(),
);

/** The fields of the address form. The detailed address is 5..ADDRESS_MAX characters. */
export const addressFormRule = z.object({
  receiver: receiverRule,
  mobile: mobileRule,
  provinceId: areaIdRule(K.provinceRequired),
  cityId: areaIdRule(K.cityRequired),
  areaId: areaIdRule(K.areaRequired),
  addr: addressDetailRule,
  postCode: postCodeRule,
});
export type AddressForm = z.infer<typeof addressFormRule>;

/** POST /p/address/addAddr: addrId may be absent, null or 0; anything else is refused. */
export const addAddressRule = addressFormRule.extend({
  addrId: z.preprocess((v) => (v == null || v === "" || v === 0 || v === "0" ? undefined : v), z.undefined({ error: K.addrIdNotAllowed }).optional()),
});

/** PUT /p/address/updateAddr: addrId is required (a positive integer). */
export const updateAddressRule = addressFormRule.extend({
  addrId: areaIdRule(K.notFound),
});
export type UpdateAddressForm = z.infer<typeof updateAddressRule>;

/** Re-exported so forms can show the limit. */
export { ADDRESS_MAX };
