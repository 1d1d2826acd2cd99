/**
 * Validation rules (SPEC §5) shared by forms in the browser and the API. Messages are i18n keys
 * under `validation.*`; the field label key is carried in the issue path and translated by the
 * caller (server: src/server/api/kit.ts issueMessage; browser: the form).
 */
import { z } from "zod";
import { ID_MAX } from "./ids.ts";

/** Default messages of zod's own checks mapped to our keys. */
export function messageKeyOf(issue: { code: string; message: string }): string {
  if (issue.message.startsWith("validation.") || issue.message.startsWith("rules.")) return issue.message;
  switch (issue.code) {
    case "too_big":
      return "validation.outOfRange";
    case "too_small":
      return "validation.outOfRange";
    case "invalid_type":
      return "validation.invalid";
    default:
      return "validation.invalid";
  }
}

// ---------------------------------------------------------------------------------------------
// Query and path rules of the public catalogue / site / notice endpoints.
// Numbers arrive as strings; only plain decimal digits count as numbers ("1e3", "0x10", "abc" are
// refused), empty or absent means "not given" (→ the default, or validation.required).
// ---------------------------------------------------------------------------------------------

/**
 * "12" → 12, "2.5" → 2.5 (refused as not an integer); "" / null / undefined → undefined; anything
 * else — spaces around the digits, "1.0", "01", "1e3" — is left for zod to refuse: an id or a count
 * is written in one way only, so a hostile spelling never reaches a row.
 */
function toNumberInput(v: unknown): unknown {
  if (v === "" || v == null) return undefined;
  if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v)) {
    const n = Number(v);
    return Number.isInteger(n) && !/^-?(0|[1-9]\d*)$/.test(v) ? v : n;
  }
  return v;
}

/**
 * An integer sent as a JSON number or as digits in one spelling ("12", "-3"); null for anything
 * else — objects, booleans, arrays, "0x10", " 12", "1.0" — where Number() would read some as a
 * number or throw.
 */
export function strictInt(v: unknown): number | null {
  if (typeof v === "number") return Number.isSafeInteger(v) ? v : null;
  if (typeof v === "string" && /^-?(0|[1-9]\d{0,15})$/.test(v)) {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

function intSchema(min: number, max: number) {
  return z
    .number({ error: (iss) => (iss.input === undefined ? "validation.required" : "validation.invalid") })
    .int("validation.notInteger")
    .min(min, "validation.outOfRange")
    .max(max, "validation.outOfRange");
}

/** A required integer query/path value in [min, max]. */
export function intField(min: number, max: number) {
  return z.preprocess(toNumberInput, intSchema(min, max));
}

/** An integer query value in [min, max] that defaults to `def` when empty or absent. */
export function intFieldDefault(min: number, max: number, def: number) {
  return z.preprocess(toNumberInput, intSchema(min, max).default(def));
}

/** Hot words / hot shops: how many (1..20, default 4) — SPEC §7 calls use number=4. */
/** Paging (CONTRACT §1.3): current ≥ 1 (default 1), size 1..100 (default 10); digits only. */
export const pageParams = z.object({
  current: intFieldDefault(1, 100_000, 1),
  size: intFieldDefault(1, 100, 10),
});

export const HOT_NUMBER_MAX = 20;
export const HOT_NUMBER_DEFAULT = 4;

/** GET /search/hotSearch: number 1..20 (default 4); sort 1 = by seq ascending, 0 = newest first; type 1 product / 2 shop keyword. */
export const hotSearchQuery = z.object({
  number: intFieldDefault(1, HOT_NUMBER_MAX, HOT_NUMBER_DEFAULT),
  sort: intFieldDefault(0, 1, 1),
  type: intFieldDefault(1, 2, 1),
});

/** GET /shop/hotShops: number 1..20 (default 4, at most 6 are answered); sort 1 = most popular, 0 = newest. */
export const hotShopsQuery = z.object({
  number: intFieldDefault(1, HOT_NUMBER_MAX, HOT_NUMBER_DEFAULT),
  sort: intFieldDefault(0, 1, 1),
});

/** GET /category/categoryInfo: parentId (empty or 0 = top level), shopId (0 = platform tree). */
export const categoryInfoQuery = z.object({
  parentId: intFieldDefault(0, ID_MAX, 0),
  shopId: intFieldDefault(0, ID_MAX, 0),
});

/** GET /mall4cloud_product/ua/brand/list_by_category: categoryId required. */
export const brandsByCategoryQuery = z.object({
  categoryId: intField(1, ID_MAX),
});

/** GET /webConfig/getPcWebConfig: webConfigType is accepted for compatibility and not used. */
export const webConfigQuery = z.object({
  webConfigType: z
    .string()
    .trim()
    .max(32, "validation.tooLong")
    .regex(/^[\w-]*$/, "validation.invalid")
    .optional(),
});

/** GET /sys/config/info/terms: sts 0 service terms, 1 privacy policy (SPEC /termsPage). */
export const termsQuery = z.object({
  sts: intField(0, 1),
});

/** A shop id in a path or query: 0 = the platform. */
export const shopIdParams = z.object({
  shopId: intField(0, ID_MAX),
});

/** A notice id in a path. */
export const noticeIdParams = z.object({
  id: intField(1, ID_MAX),
});

/** Most pictures one GET /pictures asks about (an island's page of lines). */
export const PICTURES_MAX = 100;
const PICTURE_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._/-]{0,300}$/;

/** GET /pictures?paths=a,b: upload paths, comma-separated, at most PICTURES_MAX. */
export const picturePathsQuery = z.object({
  paths: z
    .string({ error: "validation.required" })
    .transform((s) => [...new Set(s.split(",").filter(Boolean))])
    .pipe(
      z
        .array(z.string().regex(PICTURE_PATH, "validation.invalid"))
        .min(1, "validation.required")
        .max(PICTURES_MAX, "validation.outOfRange"),
    ),
});
