/**
 * Input rules of the product list / search, product detail, reviews, shop list / index,
 * renovation, flow-analysis and footprint reads. The API (src/server/api/*.ts) and the pages
 * (/list, /detail, /shopIndex, /shopList, /select-decorate) parse with the same schemas.
 * Messages are i18n keys under validation.* (field labels: validation.fields.<name>).
 */
import { z } from "zod";
import { intField, intFieldDefault, pageParams } from "../validation.ts";
import type { CommentFilter } from "../review/review-types.ts";
import type { ProductSearchParams, ProductSortCode } from "./product-types.ts";
import { ID_MAX } from "../ids.ts";

/** SPEC §9: search keyword at most 50 characters. */
export const KEYWORD_MAX = 50;
/** At most this many ids in a comma list (brandIds, prodIds). */
export const ID_LIST_MAX = 50;
/** Page size cap (CONTRACT §1.3). */
export const PAGE_SIZE_MAX = 100;

const blankToUndefined = (v: unknown) => (v === "" || v == null ? undefined : v);

/** An optional positive id: "" or absent → undefined; "abc", "0", "-1", "1.5" refused. */
export const optionalId = z.preprocess(
  (v) => {
    const b = blankToUndefined(v);
    if (typeof b === "string" && /^(0|[1-9]\d*)$/.test(b)) return Number(b);
    return b;
  },
  z
    .number({ error: "validation.invalid" })
    .int("validation.notInteger")
    .min(1, "validation.outOfRange")
    .max(ID_MAX, "validation.outOfRange")
    .optional(),
);

/** A comma list of positive ids ("1,2,3"; also an array). Empty → undefined; duplicates removed. */
export const idList = z.preprocess(
  (v) => {
    const b = blankToUndefined(v);
    if (b === undefined) return undefined;
    const parts = Array.isArray(b) ? b.flatMap((x) => String(x).split(",")) : String(b).split(",");
    const trimmed = parts.map((p) => p.trim()).filter((p) => p !== "");
    if (trimmed.length === 0) return undefined;
    // One bad part refuses the whole list (so the message names the field, not an index).
    if (!trimmed.every((p) => /^\d{1,10}$/.test(p) && Number(p) >= 1 && Number(p) <= ID_MAX)) return String(b);
    return trimmed.map(Number);
  },
  z
    .array(z.number({ error: "validation.invalid" }), { error: "validation.invalid" })
    .max(ID_LIST_MAX, "validation.outOfRange")
    .transform((ids) => [...new Set(ids)])
    .optional(),
);

/** An optional search keyword: trimmed; empty or spaces → undefined; at most 50 characters. */
export const optionalKeyword = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : blankToUndefined(v)),
  z.string({ error: "validation.invalid" }).max(KEYWORD_MAX, "validation.tooLong").optional(),
);

/** A price bound in yuan: digits with at most 2 decimals, "" or absent = none. */
const priceBound = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "validation.invalid" })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, "validation.price")
    .optional(),
);

/** minPrice ≤ maxPrice when both are given (the message names maxPrice). */
function checkPriceOrder(q: { minPrice?: string | undefined; maxPrice?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.minPrice !== undefined && q.maxPrice !== undefined && Number(q.minPrice) > Number(q.maxPrice))
    ctx.addIssue({ code: "custom", message: "validation.priceOrder", path: ["maxPrice"] });
}

/**
 * A price range in yuan (the price filter of /list and the search API): minPrice and maxPrice,
 * each optional, digits with at most 2 decimals, the lowest not above the highest.
 */
export const priceRangeQuery = z.object({ minPrice: priceBound, maxPrice: priceBound }).superRefine(checkPriceOrder);

/** sort 0..5 (CONTRACT §3.4), optional. */
const sortParam = z.preprocess(blankToUndefined, intField(0, 5).optional());

/**
 * GET /search/page and /search/searchProdPage (CONTRACT §3.4). keyword, categoryId (any level,
 * normally level 3), primaryCategoryId, secondaryCategoryId, brandIds "1,2", shopId,
 * shopCategoryId, st (0 all, 1 new), sort 0..5, current, size.
 */
export const productSearchQuery = pageParams
  .extend({
    keyword: optionalKeyword,
    categoryId: optionalId,
    primaryCategoryId: optionalId,
    secondaryCategoryId: optionalId,
    brandIds: idList,
    shopId: optionalId,
    shopCategoryId: optionalId,
    st: intFieldDefault(0, 1, 0),
    sort: sortParam,
    minPrice: priceBound,
    maxPrice: priceBound,
    hasStock: intFieldDefault(0, 1, 0),
    selfShop: intFieldDefault(0, 1, 0),
  })
  .superRefine(checkPriceOrder)
  .transform((q): ProductSearchParams => ({
    ...q,
    st: q.st as 0 | 1,
    sort: q.sort as ProductSortCode | undefined,
    hasStock: q.hasStock as 0 | 1,
    selfShop: q.selfShop as 0 | 1,
  }));

/** GET /search/suggest?keyword=&type=goods|shop (the header's search box while typing). */
export const suggestQuery = z.object({
  keyword: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : blankToUndefined(v)),
    z.string({ error: "validation.required" }).min(1, "validation.required").max(KEYWORD_MAX, "validation.tooLong"),
  ),
  type: z.preprocess(blankToUndefined, z.enum(["goods", "shop"], { error: "validation.invalid" }).default("goods")),
});

/**
 * The /list page query (SPEC §2): pn (product name), cpid, cid, thCid, st, bid (brand id),
 * bName (brand name, display only), minPrice / maxPrice (yuan), sort, current. Parses into
 * searchProducts params; use safeParse and fall back to defaults on bad input (the page says
 * what was wrong with a price range with priceRangeQuery).
 */
export const listPageQuery = z
  .object({
    pn: optionalKeyword,
    cpid: optionalId,
    cid: optionalId,
    thCid: optionalId,
    st: intFieldDefault(0, 1, 0),
    bid: idList,
    bName: z.string().trim().max(KEYWORD_MAX, "validation.tooLong").optional(),
    minPrice: priceBound,
    maxPrice: priceBound,
    sort: sortParam,
    current: intFieldDefault(1, 100_000, 1),
    size: intFieldDefault(1, PAGE_SIZE_MAX, 20),
  })
  .superRefine(checkPriceOrder)
  .transform((q) => ({
    search: {
      keyword: q.pn,
      primaryCategoryId: q.cpid,
      secondaryCategoryId: q.cid,
      categoryId: q.thCid,
      brandIds: q.bid,
      st: q.st as 0 | 1,
      minPrice: q.minPrice,
      maxPrice: q.maxPrice,
      sort: q.sort as ProductSortCode | undefined,
      current: q.current,
      size: q.size,
    } satisfies ProductSearchParams,
    brandName: q.bName ?? "",
  }));

/** ?prodId= of the product detail reads. */
export const prodIdQuery = z.object({
  prodId: intField(1, ID_MAX),
});

/** GET /prod/prodCommPageByProd: evaluate -1 all (default), 0 good, 1 medium, 2 bad, 3 with pictures. */
export const commentPageQuery = pageParams
  .extend({
    prodId: intField(1, ID_MAX),
    evaluate: intFieldDefault(-1, 3, -1),
  })
  .transform((q) => ({ ...q, evaluate: q.evaluate as CommentFilter }));

/** GET /shop/listShop (and the /shopList page): shopName trimmed (empty = all open shops). */
export const shopSearchQuery = pageParams.extend({
  shopName: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : blankToUndefined(v)),
    z.string({ error: "validation.invalid" }).max(KEYWORD_MAX, "validation.tooLong").optional(),
  ),
});

/** GET /shop/headInfo?shopId= */
export const shopIdQuery = z.object({
  shopId: intField(1, ID_MAX),
});

/** GET /shopRenovation/homepage?renovationType=1 (1 PC, 2 mobile). */
export const renovationHomeQuery = z.object({
  renovationType: intFieldDefault(1, 2, 1),
});

/** GET /shopRenovation/info?renovationId=&shopId= (shopId 0 = platform; optional). */
export const renovationInfoQuery = z.object({
  renovationId: intField(1, ID_MAX),
  shopId: z.preprocess(blankToUndefined, intField(0, ID_MAX).optional()),
});

/** /select-decorate?renovationId=&sid=&token= (merchant preview of a renovation, see renovation-preview.ts). */
export const renovationPreviewQuery = z.object({
  renovationId: intField(1, ID_MAX),
  sid: intFieldDefault(0, ID_MAX, 0),
  token: z.string().trim().max(200, "validation.tooLong").optional(),
});

/** GET /search/renovationPage?prodIds=1,2,3 — products for renovation blocks, in the given order. */
export const renovationProductsQuery = z.object({
  prodIds: z.preprocess((v) => (v === undefined ? "" : v), idList).transform((v) => v ?? []),
});

/** POST /p/user/recentBrowse body (form or JSON): prodId. */
export const recentBrowseBody = z.object({
  prodId: intField(1, ID_MAX),
});
