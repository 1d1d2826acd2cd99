/**
 * The product body a shop sends (docs/product.md) as zod rules: the merchant API
 * (`POST/PUT /api/merchant/products`), the bulk import (one line = one body plus its `code`) and
 * `npm run ops -- product-*` check a product with these rules before anything is stored, and
 * docs/product.schema.json is generated from them (src/lib/product/json-schema.ts), so the
 * merchant platform builds against the very rules the server applies. Messages are i18n keys
 * (namespace `product.manage.errors`); the place of a problem is its path, named by
 * `product.manage.fields` (src/server/domain/product/product-rules.ts `locatedMessage`). What only
 * the database can tell — the category's level, the shop's own categories and pictures, the
 * brand — is checked after these rules by src/server/domain/product/product.ts.
 */
import { z } from "zod";
import { ID_MAX } from "../ids.ts";
import { compare } from "../money.ts";
import { CONTROL_CHARS_KEY, hasControlChars } from "../text-rules.ts";

/** Version of the product body (docs/product.schema.json `$id` carries it). */
export const PRODUCT_FORMAT_VERSION = 1;
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_BRIEF_MAX = 200;
export const PRODUCT_CONTENT_MAX = 20_000;
export const PRODUCT_PARAMETERS_MAX = 30;
export const PRODUCT_GALLERY_MAX = 9;
export const PRODUCT_SKUS_MAX = 100;
export const SKU_PROPERTIES_MAX = 3;
export const STOCK_MAX = 99_999_999;
/** Virtual goods: a write-off code lives at most this many days (-1 long-term, 0 the day of payment). */
export const WRITE_OFF_DAYS_MAX = 3650;

const E = "product.manage.errors.";

const line = (max: number, key = `${E}text`) =>
  z
    .string({ error: key })
    .trim()
    .max(max, { error: `${E}tooLong` })
    .refine((s) => !hasControlChars(s), { error: CONTROL_CHARS_KEY, abort: true });

const required = (max: number) => line(max).min(1, { error: `${E}required` });

/** Markup that sanitising would silently drop: refused so the shop learns what is not shown. */
const UNSAFE_HTML =
  /<\s*\/?\s*(script|style|iframe|object|embed|form|input|svg|math|template)\b|\son[a-z]+\s*=|javascript\s*:|data\s*:\s*text\/html/i;

const richText = z
  .string({ error: `${E}text` })
  .max(PRODUCT_CONTENT_MAX, { error: `${E}tooLong` })
  .refine((s) => !hasControlChars(s, true), { error: CONTROL_CHARS_KEY, abort: true })
  .refine((s) => !UNSAFE_HTML.test(s), { error: `${E}unsafeHtml` })
  .meta({
    description:
      "Rich text (HTML): paragraphs, headings, lists, tables, links and pictures; scripts, styles, frames, forms and event attributes are refused. Stored sanitised.",
  });

const ID_ERROR = { error: `${E}id` };
/** An id: a positive whole number. */
export const idValue = z
  .number(ID_ERROR)
  .int(ID_ERROR)
  .min(1, ID_ERROR)
  .max(ID_MAX, ID_ERROR)
  .meta({ id: "id", description: "A positive whole number." });

/** A picture: a path under /uploads/ that this shop uploaded (checked against the database). */
export const imagePath = z
  .string({ error: `${E}image` })
  .max(300, { error: `${E}image` })
  .regex(/^\/uploads\/[A-Za-z0-9_-][A-Za-z0-9/_.-]*\.(?:jpg|jpeg|png|gif|webp|svg)$/, { error: `${E}image` })
  .refine((s) => !s.includes(".."), { error: `${E}image` })
  .meta({ id: "image", description: "An upload of this shop: POST /api/merchant/file/upload answers its path." });

/** The shop's own code of a product or SKU (the bulk import and the CSV edit find goods by it). */
export const codeValue = z
  .string({ error: `${E}code` })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/, { error: `${E}code` })
  .meta({ id: "code", description: "The shop's own code: 1-64 letters, digits, '.', '_', '/', '-'." });

/** A price: a decimal string (or JSON number) with at most 2 decimals, 0.01 … 99999999.99. */
export const priceValue = z
  .union([z.string({ error: `${E}price` }), z.number({ error: `${E}price` })], { error: `${E}price` })
  .transform((v) => (typeof v === "number" ? String(v) : v.trim()))
  .refine((s) => /^\d{1,8}(\.\d{1,2})?$/.test(s), { error: `${E}price`, abort: true })
  .refine((s) => compare(s, 0) > 0, { error: `${E}priceZero` })
  .transform(normalizePrice)
  .meta({
    id: "price",
    description: "A price: digits with at most 2 decimals, above 0, at most 99999999.99 (a string is best).",
  });

function normalizePrice(s: string): string {
  const [int, dec = ""] = s.split(".");
  return `${String(Number(int))}.${dec.padEnd(2, "0")}`;
}

const STOCK_ERROR = { error: `${E}stock` };
export const stockValue = z
  .number(STOCK_ERROR)
  .int(STOCK_ERROR)
  .min(0, STOCK_ERROR)
  .max(STOCK_MAX, STOCK_ERROR)
  .meta({ id: "stock", description: `Units in stock: a whole number 0 … ${STOCK_MAX}.` });

const LOCALE_KEYS = ["zh", "zh-tw", "en"] as const;

/** A short text per language: zh required, zh-tw and en optional (missing ones fall back to zh). */
const localizedLine = (max: number) =>
  z.object(
    { zh: required(max), "zh-tw": required(max).optional(), en: required(max).optional() },
    { error: `${E}localized` },
  );

const parameterRow = z.object({ key: required(40), value: required(200) }, { error: `${E}parameter` });

/** A product's texts in one language. */
const productText = z
  .object(
    {
      name: required(PRODUCT_NAME_MAX),
      brief: line(PRODUCT_BRIEF_MAX).default(""),
      content: richText.default(""),
      parameters: z
        .array(parameterRow, { error: `${E}list` })
        .max(PRODUCT_PARAMETERS_MAX, { error: `${E}tooMany` })
        .default([]),
    },
    { error: `${E}texts` },
  )
  .strict()
  .meta({ id: "productText" });

export const productTexts = z
  .object({ zh: productText, "zh-tw": productText.optional(), en: productText.optional() }, { error: `${E}texts` })
  .strict()
  .meta({
    description: "Name, brief, description and specification rows per language: zh required; zh-tw and en optional.",
  });

/** One property of a SKU: its name and value in the languages ("colour: red"). */
const skuProperty = z
  .object({ name: localizedLine(20), value: localizedLine(40) }, { error: `${E}property` })
  .strict()
  .refine((p) => !/[:;]/.test(`${p.name.zh}${p.value.zh}${p.name.en ?? ""}${p.value.en ?? ""}`), {
    error: `${E}propertyChars`,
  });

export const skuSchema = z
  .object(
    {
      skuId: idValue.optional().meta({ description: "On PUT: the SKU being changed (new SKUs have none)." }),
      code: codeValue.optional(),
      properties: z
        .array(skuProperty, { error: `${E}list` })
        .max(SKU_PROPERTIES_MAX, { error: `${E}tooMany` })
        .default([]),
      price: priceValue,
      oriPrice: priceValue
        .optional()
        .meta({ description: "The original (struck-through) price; ≥ price; default the price." }),
      stocks: stockValue,
      pic: imagePath.optional(),
    },
    { error: `${E}sku` },
  )
  .strict()
  .superRefine((s, ctx) => {
    if (s.oriPrice !== undefined && compare(s.oriPrice, s.price) < 0)
      ctx.addIssue({ code: "custom", message: `${E}oriBelowPrice`, path: ["oriPrice"] });
  });

/** The key of a SKU's combination of property values (zh), to find duplicates. */
export const combinationKey = (props: readonly { name: { zh: string }; value: { zh: string } }[]) =>
  props.map((p) => `${p.name.zh}=${p.value.zh}`).join("\u0001");

const virtualSchema = z
  .object(
    {
      writeOffTime: z
        .number({ error: `${E}writeOffTime` })
        .int({ error: `${E}writeOffTime` })
        .min(-1, { error: `${E}writeOffTime` })
        .max(WRITE_OFF_DAYS_MAX, { error: `${E}writeOffTime` })
        .meta({ description: "Validity of a write-off code: -1 long-term, 0 the day of payment, n days after it." }),
      isRefund: z.boolean({ error: `${E}flag` }).meta({ description: "Unused codes may be refunded." }),
    },
    { error: `${E}virtual` },
  )
  .strict();

export const productSchema = z
  .object(
    {
      code: codeValue.optional(),
      categoryId: idValue.meta({ description: "A level-3 platform category." }),
      shopCategoryId: idValue.nullable().optional().meta({ description: "One of the shop's own categories." }),
      brandId: idValue.nullable().optional(),
      texts: productTexts,
      pic: imagePath,
      imgs: z
        .array(imagePath, { error: `${E}list` })
        .max(PRODUCT_GALLERY_MAX, { error: `${E}tooMany` })
        .default([])
        .meta({ description: "The gallery after the main picture." }),
      skus: z
        .array(skuSchema, { error: `${E}list` })
        .min(1, { error: `${E}skusRequired` })
        .max(PRODUCT_SKUS_MAX, { error: `${E}tooMany` }),
      onSale: z
        .boolean({ error: `${E}flag` })
        .default(false)
        .meta({ description: "true: on sale at once; false: a draft." }),
      sevenDayReturn: z.boolean({ error: `${E}flag` }).default(true),
      virtual: virtualSchema
        .nullable()
        .optional()
        .meta({ description: "Virtual goods (write-off codes, no delivery)." }),
    },
    { error: `${E}body` },
  )
  .strict()
  .superRefine((p, ctx) => {
    const seen = new Map<string, number>();
    const names = p.skus[0] ? p.skus[0].properties.map((x) => x.name.zh).join("\u0001") : "";
    p.skus.forEach((s, i) => {
      if (s.properties.map((x) => x.name.zh).join("\u0001") !== names)
        ctx.addIssue({ code: "custom", message: `${E}propertyNames`, path: ["skus", i, "properties"] });
      const key = combinationKey(s.properties);
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: `${E}duplicateSku`, path: ["skus", i, "properties"] });
      seen.set(key, i);
    });
    const codes = new Set<string>();
    p.skus.forEach((s, i) => {
      if (s.code === undefined) return;
      if (codes.has(s.code)) ctx.addIssue({ code: "custom", message: `${E}duplicateCode`, path: ["skus", i, "code"] });
      codes.add(s.code);
    });
  });

export type ProductBody = z.output<typeof productSchema>;
export type SkuBody = ProductBody["skus"][number];

/** The languages a body leaves out (reported to the shop; the storefront shows zh there). */
export function missingLocales(body: ProductBody): string[] {
  return LOCALE_KEYS.filter((l) => body.texts[l] === undefined);
}

/**
 * The small call: one SKU's price or stock. Absolute values with the `version` read (a stale one
 * is refused), or `stocksDelta` (added to whatever the stock is then; never below 0).
 */
export const skuChangeSchema = z
  .object(
    {
      version: z
        .number({ error: `${E}version` })
        .int({ error: `${E}version` })
        .min(0, { error: `${E}version` })
        .optional(),
      price: priceValue.optional(),
      oriPrice: priceValue.optional(),
      stocks: stockValue.optional(),
      stocksDelta: z
        .number({ error: `${E}delta` })
        .int({ error: `${E}delta` })
        .min(-STOCK_MAX, { error: `${E}delta` })
        .max(STOCK_MAX, { error: `${E}delta` })
        .optional(),
    },
    { error: `${E}body` },
  )
  .strict()
  .superRefine((b, ctx) => {
    const absolute = b.price !== undefined || b.oriPrice !== undefined || b.stocks !== undefined;
    if (!absolute && b.stocksDelta === undefined)
      ctx.addIssue({ code: "custom", message: `${E}nothingToChange`, path: [] });
    if (absolute && b.version === undefined)
      ctx.addIssue({ code: "custom", message: `${E}versionRequired`, path: ["version"] });
    if (b.stocks !== undefined && b.stocksDelta !== undefined)
      ctx.addIssue({ code: "custom", message: `${E}stocksAndDelta`, path: ["stocksDelta"] });
  });

export type SkuChange = z.output<typeof skuChangeSchema>;

/** The everyday bulk edit: rows of `code,price,stock` (either may be blank). */
export const priceRowSchema = z
  .object({
    code: codeValue,
    price: priceValue.optional(),
    stocks: stockValue.optional(),
  })
  .strict();

/** The platform's off-shelf: a reason the shop reads. */
export const offShelfSchema = z.object({ reason: required(200) }).strict();
