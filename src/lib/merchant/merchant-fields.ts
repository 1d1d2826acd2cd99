/**
 * The fields of the forms a merchant (or the platform) fills in for coupons and limited-time
 * discounts (docs/merchant-api.md "Coupons and discounts"), and the filter of their management
 * lists: zod schemas for the API and the ops CLI (browser code never imports this module).
 * Messages are i18n keys under "merchant.marketing".
 *
 * - Names: one text for every language, or {zh, zh-tw, en}; 1-30 characters, no control characters.
 * - Money: digits with at most 2 decimals, up to 99,999,999.99; rates (8.5 = pay 85 %) 0.1-9.9
 *   with one decimal.
 * - Times: ISO 8601.
 */
import { z } from "zod";
import type { LocalizedText } from "../locale.ts";
import { Money, type MoneyDecimal } from "../money.ts";
import { hasControlChars, hasHiddenChars, HIDDEN_CHARS_KEY } from "../text-rules.ts";

export const OFFER_NAME_MAX = 30;
export const OFFER_PRODS_MAX = 200;
const MONEY_MAX = "99999999.99";
const MONEY_RE = /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/;
const RATE_RE = /^[1-9](\.\d)?$|^0\.[1-9]$/;
const PIC_RE = /^(\/[\w\-./]{1,290}|https:\/\/[\w\-.]{1,100}\/[\w\-./%]{0,200})$/;

/**
 * A picture an offer may show: "" (none), a path of this site in one spelling only — no empty,
 * "." or ".." segment, so "//evil.example/x.png" (another site) and "/uploads/store/./x.png"
 * (another spelling of someone's upload) are refused — or an https address. Whose upload a
 * path names is the domain's check (discount-admin.ts); the read models show only pictures that
 * pass this rule.
 */
export function isOfferPicture(s: string): boolean {
  if (s === "") return true;
  if (!PIC_RE.test(s)) return false;
  if (s.startsWith("https://")) return true;
  return s
    .slice(1)
    .split("/")
    .every((seg) => seg !== "" && seg !== "." && seg !== "..");
}

export const K = (k: string) => `merchant.marketing.${k}`;

/** A money field as a Decimal (string or number input); `positive` refuses 0. */
export function money(key: string, positive = true) {
  return z.union([z.string(), z.number()], { error: K(key) }).transform((v, ctx): MoneyDecimal => {
    const s = String(v).trim();
    if (!MONEY_RE.test(s) || (positive && new Money(s).lte(0)) || new Money(s).gt(MONEY_MAX)) {
      ctx.addIssue({ code: "custom", message: K(key) });
      return z.NEVER;
    }
    return new Money(s);
  });
}

/** A rate 0.1-9.9 with one decimal (8.5 = pay 85 %). */
export function rate(key: string) {
  return z.union([z.string(), z.number()], { error: K(key) }).transform((v, ctx): MoneyDecimal => {
    const s = String(v).trim();
    if (!RATE_RE.test(s)) {
      ctx.addIssue({ code: "custom", message: K(key) });
      return z.NEVER;
    }
    return new Money(s);
  });
}

export function int(key: string, min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: K(key) })
      .int(K(key))
      .min(min, K(key))
      .max(max, K(key)),
  );
}

export function oneOf<T extends number>(key: string, values: readonly T[]) {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: K(key) }).refine((n): n is T => (values as readonly number[]).includes(n), K(key)),
  ) as unknown as z.ZodType<T>;
}

export function time(key: string) {
  return z
    .string({ error: K(key) })
    .trim()
    .refine(
      (s) =>
        /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(s) &&
        !Number.isNaN(new Date(s).getTime()),
      K(key),
    )
    .transform((s) => new Date(s));
}

const nameText = (key: string) =>
  z
    .string({ error: K(key) })
    .trim()
    .refine((s) => s.length >= 1 && [...s].length <= OFFER_NAME_MAX && !hasControlChars(s), K(key));

/** A string, or any string value of an object, holds a hidden character (text-rules.ts). */
const holdsHidden = (v: unknown): boolean =>
  typeof v === "string"
    ? hasHiddenChars(v)
    : typeof v === "object" && v !== null && Object.values(v).some((x) => typeof x === "string" && hasHiddenChars(x));

/** One text for every language, or one per language (all three); hidden characters refused with their own message. */
export function localizedName(key: string) {
  return z
    .unknown()
    .refine((v) => !holdsHidden(v), HIDDEN_CHARS_KEY)
    .pipe(
      z.union(
        [
          nameText(key).transform((s): LocalizedText => ({ zh: s, "zh-tw": s, en: s })),
          z
            .object({ zh: nameText(key), "zh-tw": nameText(key), en: nameText(key) }, { error: K(key) })
            .transform((o): LocalizedText => o),
        ],
        { error: K(key) },
      ),
    );
}

export const prodIds = z
  .array(int("prodIds", 1, 2_147_483_647), { error: K("prodIds") })
  .max(OFFER_PRODS_MAX, K("prodIds"))
  .transform((ids) => [...new Set(ids)]);

export const pic = z
  .string({ error: K("pic") })
  .trim()
  .refine(isOfferPicture, K("pic"))
  .optional()
  .default("");

/** Listing filters of the management lists: 0 all, 1 running or upcoming, 2 ended or stopped. */
export const MANAGED_STATE = { ALL: 0, LIVE: 1, OVER: 2 } as const;

export const managedListRule = z.object({
  state: int("state", 0, 2).optional().default(0),
  current: int("page", 1, 100_000).optional().default(1),
  size: int("page", 1, 100).optional().default(20),
});
