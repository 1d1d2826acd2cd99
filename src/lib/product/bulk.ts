/**
 * The two bulk formats of a shop's goods (docs/product.md "Bulk import", "CSV price and stock
 * edit"), read line by line: a JSON Lines catalogue (one product body with its `code` a line) and
 * a CSV of `code,price,stock`. Each line is checked on its own and either answers its value or
 * the place and message key of its first problem; the server (src/server/api/product.ts) words
 * the refusal in the caller's language, `npm run ops -- product-import` / `product-prices` send
 * files in chunks within the limits below.
 */
import type { z } from "zod";
import { priceRowSchema, productSchema, type ProductBody } from "./product-schema.ts";

/** At most this many lines in one import request (the CLI sends a file in such chunks). */
export const IMPORT_CHUNK_MAX_LINES = 1000;
/** One import line (one product) is at most this many bytes. */
export const IMPORT_LINE_MAX_BYTES = 256 * 1024;
/** The CLI closes a chunk before it grows past this many bytes (the route takes 8 MB). */
export const IMPORT_CHUNK_TARGET_BYTES = 4 * 1024 * 1024;
/** At most this many lines in one CSV price/stock request. */
export const PRICE_ROWS_MAX = 1000;

const E = "product.manage.errors.";

/** A line's first problem: where (a path of the body) and what (an i18n key and its values). */
export interface LineProblem {
  path: PropertyKey[];
  key: string;
  params?: Record<string, unknown>;
  /** A zod issue, for the route to word like any refused body. */
  issue?: z.core.$ZodIssue;
}

type LineResult<T> = { ok: true; value: T } | { ok: false; problem: LineProblem };

const fail = <T>(problem: LineProblem): LineResult<T> => ({ ok: false, problem });

/** One catalogue line: a product body with its code, or its first problem. */
export function readImportLine(raw: string): LineResult<ProductBody & { code: string }> {
  if (raw.length * 3 > IMPORT_LINE_MAX_BYTES && new TextEncoder().encode(raw).length > IMPORT_LINE_MAX_BYTES)
    return fail({ path: [], key: `${E}lineTooLong`, params: { max: IMPORT_LINE_MAX_BYTES / 1024 } });
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return fail({ path: [], key: `${E}lineNotJson` });
  }
  const parsed = productSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail({ path: [...issue.path], key: issue.message, issue });
  }
  if (!parsed.data.code) return fail({ path: ["code"], key: `${E}codeRequired` });
  return { ok: true, value: parsed.data as ProductBody & { code: string } };
}

export type PriceRow = z.output<typeof priceRowSchema>;

/** A CSV field: surrounding spaces and one pair of double quotes taken off. */
const field = (s: string) => {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).trim() : t;
};

/** Whether a CSV line is the header `code,price,stock`. */
export const isPriceHeader = (raw: string) =>
  raw
    .split(",")
    .map((s) => field(s).toLowerCase())
    .join(",") === "code,price,stock";

/** One CSV line `code,price,stock` (price or stock may be blank, not both), or its first problem. */
export function readPriceLine(raw: string): LineResult<PriceRow> {
  const cells = raw.split(",").map(field);
  if (cells.length !== 3) return fail({ path: [], key: `${E}csvColumns`, params: { n: cells.length } });
  const [code = "", price = "", stock = ""] = cells;
  if (price === "" && stock === "") return fail({ path: [], key: `${E}csvNothing` });
  if (stock !== "" && !/^\d{1,9}$/.test(stock)) return fail({ path: ["stocks"], key: `${E}stock` });
  const parsed = priceRowSchema.safeParse({
    code,
    ...(price === "" ? {} : { price }),
    ...(stock === "" ? {} : { stocks: Number(stock) }),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail({ path: [...issue.path], key: issue.message, issue });
  }
  return { ok: true, value: parsed.data };
}
