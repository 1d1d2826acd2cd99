/**
 * A shop's goods (docs/product.md): the merchant routes (token's shop) and the platform's off-shelf.
 *   GET    /merchant/products                       list: status, categoryId, lowStock, updatedSince, code, current, size
 *   POST   /merchant/products                       the product body → {prodId, skuIds, status, missingLocales}
 *   GET    /merchant/products/{prodId}              one, as the shop wrote it (with SKU versions)
 *   PUT    /merchant/products/{prodId}              the whole body again (SKUs by skuId, code or combination)
 *   DELETE /merchant/products/{prodId}              status -1 (orders keep their snapshots)
 *   PUT    /merchant/products/{prodId}/skus/{skuId} {version, price?, oriPrice?, stocks?} or {stocksDelta}
 *   POST   /merchant/products/{prodId}/onShelf | offShelf
 *   POST   /merchant/products/import                JSON Lines (one body + code a line) → counts and refused lines
 *   POST   /merchant/products/prices                {rows: [{code, price?, stocks?}]} (the CSV edit)
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
  offShelfSchema,
  priceRowSchema,
  productSchema,
  skuChangeSchema,
  type ProductBody,
} from "../../lib/product/product-schema.ts";
import { strictInt } from "../../lib/validation.ts";
import { DomainError } from "../domain/kernel/domain-error.ts";
import {
  changeSku,
  createProduct,
  deleteProduct,
  editPrices,
  listProducts,
  platformOffShelf,
  platformRelease,
  readProduct,
  setShelf,
  updateProduct,
  upsertByCode,
} from "../domain/product/product.ts";
import { locatedMessage, NOT_FOUND, ProductRefused, SKU_NOT_FOUND } from "../domain/product/product-rules.ts";
import type { MerchantEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { pathId, readJson, refusal } from "./kit.ts";
import { requirePlatform } from "./platform-auth.ts";

type C = Context<MerchantEnv>;
type Issue = z.ZodError["issues"][number];

const E = "product.manage.errors.";
/** At most this many lines in one import request (the CLI sends a file in such chunks). */
export const IMPORT_CHUNK_MAX_LINES = 1000;
/** One import line (one product) is at most this many bytes. */
export const IMPORT_LINE_MAX_BYTES = 256 * 1024;
/** At most this many rows in one price/stock request. */
export const PRICE_ROWS_MAX = 1000;

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

/** `value` through `schema`, or A00001 with the first problem and its place. */
function check<S extends z.ZodType>(c: C, schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw new ApiError(ResponseCode.SHOW_FAIL, issueText(c.var.t, r.error.issues[0]!).message);
}

/** Answers fn's value; a refusal with a place names it. */
async function answer<T>(c: C, fn: () => Promise<T>): Promise<Response> {
  try {
    return ok(c, await fn());
  } catch (err) {
    if (err instanceof ProductRefused)
      throw new ApiError(ResponseCode.SHOW_FAIL, locatedMessage(c.var.t, err.path, err.key, err.params));
    if (err instanceof DomainError) return refusal(c, err);
    throw err;
  }
}

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
  const q = check(c, listQuery, c.req.query());
  return answer(c, () => listProducts(c.var.app.db, c.var.shopId, c.var.locale, q));
});

r.post("/merchant/products", async (c) => {
  const body = check(c, productSchema, await readJson(c));
  return answer(c, () => createProduct(c.var.app.db, c.var.shopId, body, new Date()));
});

r.post("/merchant/products/import", async (c) => {
  const dryRun = c.req.query("dryRun") === "1";
  const first = strictInt(c.req.query("firstLine") ?? "1") ?? 1;
  const text = await c.req.text();
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  if (lines.length > IMPORT_CHUNK_MAX_LINES)
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(`${E}tooManyLines`, { max: IMPORT_CHUNK_MAX_LINES }));
  const t = c.var.t;
  const report = {
    lines: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: [] as { line: number; field: string; message: string }[],
  };
  const now = new Date();
  for (const [i, raw] of lines.entries()) {
    const line = first + i;
    const refuse = (field: string, message: string) => report.refused.push({ line, field, message });
    if (raw.trim() === "") continue;
    report.lines++;
    if (Buffer.byteLength(raw) > IMPORT_LINE_MAX_BYTES) {
      refuse("", t(`${E}lineTooLong`, { max: IMPORT_LINE_MAX_BYTES / 1024 }));
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      refuse("", t("api.badJson"));
      continue;
    }
    const parsed = productSchema.safeParse(value);
    if (!parsed.success) {
      const { field, message } = issueText(t, parsed.error.issues[0]!);
      refuse(field, message);
      continue;
    }
    if (!parsed.data.code) {
      refuse("code", locatedMessage(t, ["code"], `${E}codeRequired`));
      continue;
    }
    try {
      const outcome = await upsertByCode(
        c.var.app.db,
        c.var.shopId,
        parsed.data as ProductBody & { code: string },
        now,
        dryRun,
      );
      report[outcome]++;
    } catch (err) {
      if (err instanceof ProductRefused)
        refuse(err.path.map(String).join("."), locatedMessage(t, err.path, err.key, err.params));
      else if (err instanceof DomainError) refuse("", t(err.key, err.params));
      else throw err;
    }
  }
  return ok(c, { ...report, dryRun });
});

const pricesBody = z.object({
  rows: z
    .array(z.object({ line: z.number().int().min(1), row: z.unknown() }), { error: `${E}list` })
    .min(1, { error: `${E}list` })
    .max(PRICE_ROWS_MAX, { error: `${E}tooMany` }),
});

r.post("/merchant/products/prices", async (c) => {
  const { rows } = check(c, pricesBody, await readJson(c));
  const t = c.var.t;
  const refused: { line: number; field: string; message: string }[] = [];
  const good: { line: number; row: z.output<typeof priceRowSchema> }[] = [];
  for (const { line, row } of rows) {
    const p = priceRowSchema.safeParse(row);
    if (p.success) good.push({ line, row: p.data });
    else refused.push({ line, ...issueText(t, p.error.issues[0]!) });
  }
  return answer(c, async () => {
    const done = await editPrices(c.var.app.db, c.var.shopId, good, new Date());
    for (const line of done.notFound)
      refused.push({ line, field: "code", message: locatedMessage(t, ["code"], `${E}codeNotFound`) });
    refused.sort((a, b) => a.line - b.line);
    return { changed: done.changed, refused };
  });
});

r.get("/merchant/products/:prodId", (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  return answer(c, () => readProduct(c.var.app.db, c.var.shopId, id));
});

r.put("/merchant/products/:prodId", async (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  const body = check(c, productSchema, await readJson(c));
  return answer(c, () => updateProduct(c.var.app.db, c.var.shopId, id, body, new Date()));
});

r.delete("/merchant/products/:prodId", (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  return answer(c, () => deleteProduct(c.var.app.db, c.var.shopId, id, new Date()).then(() => null));
});

r.put("/merchant/products/:prodId/skus/:skuId", async (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  const skuId = pathId(c, "skuId", SKU_NOT_FOUND);
  const change = check(c, skuChangeSchema, await readJson(c));
  return answer(c, () => changeSku(c.var.app.db, c.var.shopId, id, skuId, change, new Date()));
});

for (const [path, onSale] of [
  ["onShelf", true],
  ["offShelf", false],
] as const)
  r.post(`/merchant/products/:prodId/${path}`, (c) => {
    const id = pathId(c, "prodId", NOT_FOUND);
    return answer(c, () => setShelf(c.var.app.db, c.var.shopId, id, onSale, new Date()));
  });

r.use("/platform/products/*", requirePlatform);

r.post("/platform/products/:prodId/offShelf", async (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  const { reason } = check(c, offShelfSchema, await readJson(c));
  return answer(c, () => platformOffShelf(c.var.app.db, id, reason, new Date()));
});

r.post("/platform/products/:prodId/release", (c) => {
  const id = pathId(c, "prodId", NOT_FOUND);
  return answer(c, () => platformRelease(c.var.app.db, id, new Date()));
});
