/**
 * A shop's goods (docs/product.md): the merchant routes (token's shop) and the platform's off-shelf.
 *   GET    /merchant/products                       list: status, categoryId, lowStock, updatedSince, code, current, size
 *   POST   /merchant/products                       the product body → {prodId, skuIds, status, missingLocales}
 *   GET    /merchant/products/{prodId}              one, as the shop wrote it (with SKU versions)
 *   PUT    /merchant/products/{prodId}              the whole body again (SKUs by skuId, code or combination)
 *   DELETE /merchant/products/{prodId}              status -1 (orders keep their snapshots)
 *   PUT    /merchant/products/{prodId}/skus/{skuId} {version, price?, oriPrice?, stocks?} or {stocksDelta}
 *   POST   /merchant/products/{prodId}/onShelf | offShelf
 *   POST   /merchant/products/import?firstLine=&dryRun=  JSON Lines (one body + code a line, ≤ 1,000 lines,
 *                                                   ≤ 8 MB) → counts and the refused lines (number, field, message)
 *   POST   /merchant/products/prices?firstLine=     CSV `code,price,stock` (≤ 1,000 lines) → changed and refused lines
 *   POST   /platform/products/{prodId}/offShelf     {reason} → status 2;  POST …/release → status 0
 * A refused body answers A00001 with the place of the problem in the caller's language
 * ("SKU 2 › original price: …"); nothing is written.
 */
import { Hono, type Context } from "hono";
import type { TFunction } from "i18next";
import { z } from "zod";
import { i18n } from "../../i18n/index.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import {
  IMPORT_CHUNK_MAX_LINES,
  isPriceHeader,
  PRICE_ROWS_MAX,
  readImportLine,
  readPriceLine,
  type LineProblem,
  type PriceRow,
} from "../../lib/product/bulk.ts";
import { offShelfSchema, productSchema, skuChangeSchema } from "../../lib/product/product-schema.ts";
import { DomainError } from "../domain/kernel/domain-error.ts";
import {
  changeSku,
  createProduct,
  deleteProduct,
  platformOffShelf,
  platformRelease,
  setShelf,
  updateProduct,
} from "../domain/product/product.ts";
import { editPrices } from "../domain/product/product-bulk.ts";
import { listProducts, readProduct } from "../domain/product/product-read.ts";
import { importChunk, importedLines, type ImportLine } from "../domain/product/product-import.ts";
import { lineHash, locatedMessage, NOT_FOUND, ProductRefused, SKU_NOT_FOUND } from "../domain/product/product-rules.ts";
import type { MerchantEnv } from "./context.ts";
import { ApiError } from "./envelope.ts";
import { parseJson, parseQuery, pathId, readText, run, type ParseOptions } from "./kit.ts";
import { requirePlatform } from "./platform-auth.ts";

type C = Context<MerchantEnv>;
type Issue = z.ZodError["issues"][number];

const E = "product.manage.errors.";

/** A zod issue as a located message: the key the rule named (or a generic one), with its bounds. */
export function issueText(t: TFunction, issue: Issue): { field: string; message: string } {
  const params: Record<string, unknown> = {};
  if ("maximum" in issue) params.max = issue.maximum;
  if ("minimum" in issue) params.min = issue.minimum;
  let path: PropertyKey[] = [...issue.path];
  let key = i18n.exists(issue.message) ? issue.message : `${E}invalid`;
  if (issue.code === "unrecognized_keys") {
    key = `${E}unknownField`;
    path = [...path, issue.keys[0] ?? ""];
  }
  return { field: path.map(String).join("."), message: locatedMessage(t, path, key, params) };
}

/** Input refused with A00001, the first problem and its place (kit's parse, worded by issueText). */
const LOCATED: ParseOptions = { message: (t, issue) => issueText(t, issue).message };

const listQuery = z.object({
  status: z
    .enum(["0", "1", "2"], { error: `${E}status` })
    .transform(Number)
    .optional(),
  categoryId: z
    .string()
    .regex(/^\d{1,10}$/, { error: `${E}id` })
    .transform(Number)
    .optional(),
  lowStock: z
    .string()
    .regex(/^\d{1,8}$/, { error: `${E}stock` })
    .transform(Number)
    .optional(),
  updatedSince: z.iso
    .datetime({ offset: true, error: `${E}time` })
    .transform((s) => new Date(s))
    .optional(),
  code: z
    .string()
    .max(64, { error: `${E}code` })
    .optional(),
  current: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: `${E}page` })
    .transform(Number)
    .default(1),
  size: z
    .string()
    .regex(/^\d{1,3}$/, { error: `${E}pageSize` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, { error: `${E}pageSize` })
    .default(20),
});

export const productRouter = new Hono<MerchantEnv>();
const r = productRouter;

r.get("/merchant/products", (c) => {
  const q = parseQuery(c, listQuery, LOCATED);
  return run(c, () => listProducts(c.var.app.db, c.var.shopId, c.var.locale, q));
});

r.post("/merchant/products", async (c) => {
  const body = await parseJson(c, productSchema, LOCATED);
  return run(c, () => createProduct(c.var.app.db, c.var.shopId, body, new Date()));
});

const bulkQuery = z.object({
  dryRun: z.enum(["0", "1"], { error: `${E}flag` }).default("0"),
  firstLine: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: `${E}id` })
    .transform(Number)
    .default(1),
});

type Refused = { line: number; field: string; message: string };

/** A line's problem in the caller's language: its field (the body's path) and the located message. */
function lineRefusal(t: TFunction, line: number, p: LineProblem): Refused {
  if (p.issue) return { line, ...issueText(t, p.issue) };
  return { line, field: p.path.map(String).join("."), message: locatedMessage(t, p.path, p.key, p.params) };
}

/** A domain refusal of a line in the caller's language. */
function domainRefusal(t: TFunction, line: number, err: DomainError): Refused {
  return {
    line,
    field: err instanceof ProductRefused ? err.path.map(String).join(".") : "",
    message: err.messageIn(t),
  };
}

/** The lines of a text body (a last line break ends the last line), at most `max`. */
function bodyLines(c: C, text: string, max: number): string[] {
  const lines = text.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  if (lines.at(-1) === "") lines.pop();
  if (lines.length > max) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(`${E}tooManyLines`, { max }));
  return lines;
}

r.post("/merchant/products/import", async (c) => {
  const q = parseQuery(c, bulkQuery, LOCATED);
  const t = c.var.t;
  const refused: Refused[] = [];
  const good: ImportLine[] = [];
  const lines = bodyLines(c, await readText(c), IMPORT_CHUNK_MAX_LINES).flatMap((raw, i) =>
    raw.trim() === "" ? [] : [{ raw, line: q.firstLine + i, hash: lineHash(raw) }],
  );
  const dryRun = q.dryRun === "1";
  return run(c, async () => {
    // A line its product was last saved from is the same line again: skipped before it is read,
    // unless another line of the chunk changes that product (then the lines apply in their order).
    const imported = await importedLines(
      c.var.app.db,
      c.var.shopId,
      lines.map((l) => l.hash),
    );
    const read = lines.map((l) => (imported.has(l.hash) ? null : readImportLine(l.raw)));
    const changing = new Set(read.flatMap((r) => (r?.ok ? [r.value.code] : [])));
    let unchanged = 0;
    lines.forEach(({ raw, line, hash }, i) => {
      const r = read[i] ?? (changing.has(imported.get(hash)!) ? readImportLine(raw) : null);
      if (!r) unchanged++;
      else if (r.ok) good.push({ line, body: r.value, hash });
      else refused.push(lineRefusal(t, line, r.problem));
    });
    const done = await importChunk(c.var.app.db, c.var.shopId, good, new Date(), dryRun);
    refused.push(...done.refused.map((r) => domainRefusal(t, r.line, r.error)));
    refused.sort((a, b) => a.line - b.line);
    return {
      lines: lines.length,
      created: done.created,
      updated: done.updated,
      unchanged: unchanged + done.unchanged,
      refused,
      dryRun,
    };
  });
});

r.post("/merchant/products/prices", async (c) => {
  const q = parseQuery(c, bulkQuery.omit({ dryRun: true }), LOCATED);
  const t = c.var.t;
  const refused: Refused[] = [];
  const good: { line: number; row: PriceRow }[] = [];
  let count = 0;
  for (const [i, raw] of bodyLines(c, await readText(c), PRICE_ROWS_MAX).entries()) {
    const line = q.firstLine + i;
    if (raw.trim() === "" || (line === 1 && isPriceHeader(raw))) continue;
    count++;
    const read = readPriceLine(raw);
    if (read.ok) good.push({ line, row: read.value });
    else refused.push(lineRefusal(t, line, read.problem));
  }
  return run(c, async () => {
    const done = await editPrices(c.var.app.db, c.var.shopId, good, new Date());
    refused.push(...done.refused.map((r) => domainRefusal(t, r.line, r.error)));
    refused.sort((a, b) => a.line - b.line);
    return { lines: count, changed: done.changed, refused };
  });
});

r.get("/merchant/products/:prodId", (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  return run(c, () => readProduct(c.var.app.db, c.var.shopId, id));
});

r.put("/merchant/products/:prodId", async (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  const body = await parseJson(c, productSchema, LOCATED);
  return run(c, () => updateProduct(c.var.app.db, c.var.shopId, id, body, new Date()));
});

r.delete("/merchant/products/:prodId", (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  return run(c, () => deleteProduct(c.var.app.db, c.var.shopId, id, new Date()).then(() => null));
});

r.put("/merchant/products/:prodId/skus/:skuId", async (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  const skuId = pathId(c, "skuId", SKU_NOT_FOUND);
  const change = await parseJson(c, skuChangeSchema, LOCATED);
  return run(c, () => changeSku(c.var.app.db, c.var.shopId, id, skuId, change, new Date()));
});

for (const [path, onSale] of [
  ["onShelf", true],
  ["offShelf", false],
] as const)
  r.post(`/merchant/products/:prodId/${path}`, (c) => {
    const id = pathId(c, "prodId", NOT_FOUND);
    return run(c, () => setShelf(c.var.app.db, c.var.shopId, id, onSale, new Date()));
  });

r.use("/platform/products/*", requirePlatform);

r.post("/platform/products/:prodId/offShelf", async (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  const { reason } = await parseJson(c, offShelfSchema, LOCATED);
  return run(c, () => platformOffShelf(c.var.app.db, id, reason, new Date()));
});

r.post("/platform/products/:prodId/release", (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  return run(c, () => platformRelease(c.var.app.db, id, new Date()));
});
