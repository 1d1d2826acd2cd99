/**
 * Product detail, SKUs and reviews (CONTRACT §3.6, §5.2; page /detail/{prodId}; API
 * /prod/prodInfo, /prod/skuList, /prod/isStatus, /prod/prodCommData, /prod/prodCommPageByProd).
 * A product is shown only while it is on sale (status 1) in an open shop.
 */
import { and, asc, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { formatPriceSafe } from "../../../lib/money.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import type { CommentFilter, CommentItem, CommentSummary } from "../../../lib/review/review-types.ts";
import type { ProductDetail, ProductShop, SkuItem, SkuSpec } from "../../../lib/catalog/product-types.ts";
import { sanitizeRichText } from "../../../lib/sanitize.ts";
import { parseProperties } from "../../../lib/catalog/buy-box.ts";
import type { Db } from "../../db/client.ts";
import {
  brands,
  categories,
  prodComments,
  products,
  productTranslations,
  shops,
  skus,
  users,
} from "../../db/schema/index.ts";
import { categoryPath as pathOf, categoryRowColumns, type CategoryRow } from "./catalog.ts";
import { PROD_ON_SALE } from "./search-plan.ts";
import { toCrumbs } from "./category-path.ts";
import { SHOP_STATUS as ShopStatus } from "../../../lib/shop/shop.ts";

/**
 * The property matrix of a product's SKUs: one row per property name (first-seen order), each
 * value with the SKUs that have it (first-seen order). A product with one unnamed SKU has none.
 */
export function buildSkuMatrix(skuList: readonly Pick<SkuItem, "skuId" | "properties">[]): SkuSpec[] {
  const specs: SkuSpec[] = [];
  const byName = new Map<string, SkuSpec>();
  for (const sku of skuList) {
    for (const [name, value] of parseProperties(sku.properties)) {
      let spec = byName.get(name);
      if (!spec) {
        spec = { name, values: [] };
        byName.set(name, spec);
        specs.push(spec);
      }
      let v = spec.values.find((x) => x.value === value);
      if (!v) {
        v = { value, skuIds: [] };
        spec.values.push(v);
      }
      if (!v.skuIds.includes(sku.skuId)) v.skuIds.push(sku.skuId);
    }
  }
  return specs;
}

/** Hides a reviewer's name: "alice" → "a***e", "张三" → "张***三", "x" → "x***", "" → "***". */
export function maskNickName(name: string): string {
  const chars = Array.from((name ?? "").trim());
  if (chars.length === 0) return "***";
  if (chars.length === 1) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** positiveRating 0-100 (rounded) from counts; 0 when there is no review. */
export function positiveRating(praise: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((praise * 100) / total)));
}

/** The columns of a visible product row: the product and its shop. */
const visibleProductColumns = {
  prodId: products.prodId,
  shopId: products.shopId,
  categoryId: products.categoryId,
  brandId: products.brandId,
  pic: products.pic,
  imgs: products.imgs,
  price: products.price,
  oriPrice: products.oriPrice,
  totalStocks: products.totalStocks,
  soldNum: products.soldNum,
  commentNum: products.commentNum,
  status: products.status,
  prodType: products.prodType,
  sevenDayReturn: products.sevenDayReturn,
  mold: products.mold,
  writeOffTime: products.writeOffTime,
  isRefund: products.isRefund,
  shopName: shops.shopName,
  shopLogo: shops.shopLogo,
  shopType: shops.type,
  shopStatus: shops.shopStatus,
  rating: shops.rating,
  fansCount: shops.fansCount,
};

/** The visible product row (on sale, open shop) or undefined. */
async function visibleProduct(db: Db, prodId: number) {
  const [row] = await db
    .select(visibleProductColumns)
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(and(eq(products.prodId, prodId), eq(products.status, PROD_ON_SALE), eq(shops.shopStatus, ShopStatus.OPEN)))
    .limit(1);
  return row;
}

/** true while the product is on sale in an open shop (GET /prod/isStatus). */
export async function isProductOnSale(db: Db, prodId: number): Promise<boolean> {
  return (await visibleProduct(db, prodId)) !== undefined;
}

/** On-sale SKUs of a product in `locale`, by skuId (no visibility check: see getSkuList). */
async function loadSkus(db: Db, locale: Locale, prodId: number): Promise<SkuItem[]> {
  const rows = await db
    .select({
      skuId: skus.skuId,
      skuName: skus.skuName,
      properties: skus.properties,
      price: skus.price,
      oriPrice: skus.oriPrice,
      stocks: skus.stocks,
      pic: skus.pic,
      status: skus.status,
    })
    .from(skus)
    .where(and(eq(skus.prodId, prodId), eq(skus.status, 1)))
    .orderBy(asc(skus.skuId));
  return rows.map((r) => skuItem(r, locale));
}

/** A SKU row as the buyer sees it in `locale`. */
function skuItem(r: SkuJson, locale: Locale): SkuItem {
  return {
    skuId: r.skuId,
    skuName: pickText(r.skuName, locale),
    properties: pickText(r.properties, locale),
    price: formatPriceSafe(r.price),
    oriPrice: formatPriceSafe(r.oriPrice),
    stocks: r.stocks,
    pic: r.pic ?? "",
    status: r.status,
  };
}

/** A json column of a raw select: both drivers parse json, a string is parsed here in case one does not. */
function jsonValue<T>(v: unknown): T | null {
  if (v === null || v === undefined) return null;
  return (typeof v === "string" ? JSON.parse(v) : v) as T;
}

/** GET /prod/skuList: the on-sale SKUs, or null when the product is not visible. */
export async function getSkuList(db: Db, locale: Locale, prodId: number): Promise<SkuItem[] | null> {
  if (!(await isProductOnSale(db, prodId))) return null;
  return loadSkus(db, locale, prodId);
}

/** What a product detail needs besides its own rows; the read models answer these from memory. */
export interface DetailLookups {
  /** The platform category rows (shop 0), for the breadcrumb. */
  categoryRows(): Promise<readonly CategoryRow[]>;
  /** How many products the shop has on sale (the shop card). */
  shopProductCount(shopId: number): Promise<number>;
}

/** Platform category rows straight from the database. */
export async function loadPlatformCategoryRows(db: Db): Promise<CategoryRow[]> {
  return db.select(categoryRowColumns).from(categories).where(eq(categories.shopId, 0));
}

/** Products of a shop on sale. */
export async function countShopProducts(db: Db, shopId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.status, PROD_ON_SALE)));
  return Number(row?.n ?? 0);
}

/** The lookups answered by queries (no read model). */
export function directLookups(db: Db): DetailLookups {
  return { categoryRows: () => loadPlatformCategoryRows(db), shopProductCount: (id) => countShopProducts(db, id) };
}

interface SkuJson {
  skuId: number;
  skuName: LocalizedText;
  properties: LocalizedText;
  price: string;
  oriPrice: string;
  stocks: number;
  pic: string | null;
  status: number;
}

interface TextJson {
  locale: string;
  prodName: string;
  brief: string;
  content: string;
  parameters: { key: string; value: unknown }[] | null;
}

/** A product's review counts (shown reviews only, status 1), read as one JSON object. */
interface ReviewCounts {
  number: number;
  praise: number;
  secondary: number;
  negative: number;
  pic: number;
}
const reviewCountColumns = sql.join(
  [
    sql`'number', count(*)::int`,
    sql`'praise', count(*) filter (where ${prodComments.evaluate} = 0)::int`,
    sql`'secondary', count(*) filter (where ${prodComments.evaluate} = 1)::int`,
    sql`'negative', count(*) filter (where ${prodComments.evaluate} = 2)::int`,
    sql`'pic', count(*) filter (where ${prodComments.pics} <> '')::int`,
  ],
  sql`, `,
);

/** The review summary shown on a product page from its counts. */
function commentSummaryOf(row: Partial<ReviewCounts> | null | undefined): CommentSummary {
  const number = Number(row?.number ?? 0);
  const praiseNumber = Number(row?.praise ?? 0);
  return {
    positiveRating: positiveRating(praiseNumber, number),
    number,
    praiseNumber,
    secondaryNumber: Number(row?.secondary ?? 0),
    negativeNumber: Number(row?.negative ?? 0),
    picNumber: Number(row?.pic ?? 0),
  };
}

/**
 * The statement of getProductDetail, built once per database handle: drizzle's building of this
 * select (its columns, subqueries and checks) cost about a tenth of the server's CPU on pages of
 * products nobody asked for yet (docs/performance.md "Product pages nobody asked for yet").
 */
function buildDetailStatement(db: Db) {
  return db
    .select({
      ...visibleProductColumns,
      skus: sql<SkuJson[] | null>`(select json_agg(json_build_object('skuId', ${skus.skuId}, 'skuName', ${skus.skuName},
          'properties', ${skus.properties}, 'price', ${skus.price}::text, 'oriPrice', ${skus.oriPrice}::text,
          'stocks', ${skus.stocks}, 'pic', ${skus.pic}, 'status', ${skus.status}) order by ${skus.skuId})
        from ${skus} where ${skus.prodId} = ${products.prodId} and ${skus.status} = 1)`,
      texts: sql<TextJson[] | null>`(select json_agg(json_build_object('locale', ${productTranslations.locale},
          'prodName', ${productTranslations.prodName}, 'brief', ${productTranslations.brief},
          'content', ${productTranslations.content}, 'parameters', ${productTranslations.parameters}))
        from ${productTranslations} where ${productTranslations.prodId} = ${products.prodId}
          and ${productTranslations.locale} in (${sql.placeholder("locale")}, 'zh'))`,
      brandName: sql<LocalizedText | null>`(select ${brands.name} from ${brands} where ${brands.brandId} = ${products.brandId})`,
      reviewCounts: sql<ReviewCounts | null>`(select json_build_object(${reviewCountColumns}) from ${prodComments}
        where ${prodComments.prodId} = ${products.prodId} and ${prodComments.status} = 1)`,
    })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(
      and(
        eq(products.prodId, sql.placeholder("prodId")),
        eq(products.status, PROD_ON_SALE),
        eq(shops.shopStatus, ShopStatus.OPEN),
      ),
    )
    .limit(1)
    .prepare("product_detail");
}

const detailStatements = new WeakMap<Db, ReturnType<typeof buildDetailStatement>>();

/**
 * The product detail page / GET /prod/prodInfo: null when the product is missing, not on sale,
 * or its shop is not open. Texts in `locale` (falling back to zh); content sanitised. One
 * statement reads the product, its shop, SKUs, texts and brand (a page of a product nobody asked
 * for yet costs one round trip, docs/performance.md); the categories and the shop's product count
 * come from `lookups`.
 */
export async function getProductDetail(
  db: Db,
  locale: Locale,
  prodId: number,
  lookups: DetailLookups = directLookups(db),
): Promise<ProductDetail | null> {
  return (await getProductPage(db, locale, prodId, lookups))?.detail ?? null;
}

/**
 * getProductDetail and the product's review counts (getCommentSummary's answer) from the same
 * statement: a product page needs both, and each round trip to the database costs a socket write
 * and a wake-up of its process (docs/performance.md "Product pages nobody asked for yet").
 */
export async function getProductPage(
  db: Db,
  locale: Locale,
  prodId: number,
  lookups: DetailLookups = directLookups(db),
): Promise<{ detail: ProductDetail; reviews: CommentSummary } | null> {
  let statement = detailStatements.get(db);
  if (!statement) detailStatements.set(db, (statement = buildDetailStatement(db)));
  const [p] = await statement.execute({ prodId, locale });
  if (!p) return null;
  return {
    detail: await detailOf(p, locale, lookups),
    reviews: commentSummaryOf(jsonValue<ReviewCounts>(p.reviewCounts)),
  };
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof buildDetailStatement>["execute"]>>[number];

async function detailOf(p: DetailRow, locale: Locale, lookups: DetailLookups): Promise<ProductDetail> {
  const [catRows, productCount] = await Promise.all([lookups.categoryRows(), lookups.shopProductCount(p.shopId)]);
  const texts = jsonValue<TextJson[]>(p.texts) ?? [];
  const text = texts.find((t) => t.locale === locale) ?? texts.find((t) => t.locale === "zh");
  const skuList = (jsonValue<SkuJson[]>(p.skus) ?? []).map((r) => skuItem(r, locale));
  const rating = Number(p.rating);
  const shop: ProductShop = {
    shopId: p.shopId,
    shopName: pickText(p.shopName, locale),
    shopLogo: p.shopLogo ?? "",
    type: p.shopType,
    shopStatus: p.shopStatus,
    rating: Number.isFinite(rating) ? rating : 0,
    fansCount: p.fansCount,
    productCount,
  };
  const brandName = jsonValue<LocalizedText>(p.brandName);
  return {
    prodId: p.prodId,
    prodName: text?.prodName ?? "",
    brief: text?.brief ?? "",
    content: sanitizeRichText(text?.content),
    parameters: (text?.parameters ?? [])
      .filter((x) => x && typeof x.key === "string")
      .map((x) => ({ key: x.key, value: String(x.value ?? "") })),
    pic: p.pic,
    imgs: p.imgs
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    price: formatPriceSafe(p.price),
    oriPrice: formatPriceSafe(p.oriPrice),
    soldNum: p.soldNum,
    commentNum: p.commentNum,
    totalStocks: p.totalStocks,
    status: p.status,
    prodType: p.prodType,
    sevenDayReturn: p.sevenDayReturn === 1,
    mold: p.mold,
    writeOffTime: p.writeOffTime,
    isRefund: p.isRefund,
    categoryId: p.categoryId,
    categoryPath: toCrumbs(pathOf(catRows, p.categoryId), locale),
    brand: p.brandId && brandName ? { brandId: p.brandId, brandName: pickText(brandName, locale) } : null,
    shop,
    skuList,
    specs: buildSkuMatrix(skuList),
  };
}

/** Review counts of a product (shown reviews only, status 1). */
export async function getCommentSummary(db: Db, prodId: number): Promise<CommentSummary> {
  const [row] = await db
    .select({ counts: sql<ReviewCounts>`json_build_object(${reviewCountColumns})` })
    .from(prodComments)
    .where(and(eq(prodComments.prodId, prodId), eq(prodComments.status, 1)));
  return commentSummaryOf(jsonValue<ReviewCounts>(row?.counts));
}

/** The WHERE of an evaluate filter (-1 all, 0 good, 1 medium, 2 bad, 3 with pictures). */
function commentFilter(prodId: number, evaluate: CommentFilter): SQL {
  const base = [eq(prodComments.prodId, prodId), eq(prodComments.status, 1)];
  if (evaluate === 3) base.push(ne(prodComments.pics, ""));
  else if (evaluate >= 0) base.push(eq(prodComments.evaluate, evaluate));
  return and(...base)!;
}

/** How many reviews an evaluate filter shows, from the product's counts. */
export function filterTotal(summary: CommentSummary, evaluate: CommentFilter): number {
  switch (evaluate) {
    case 0:
      return summary.praiseNumber;
    case 1:
      return summary.secondaryNumber;
    case 2:
      return summary.negativeNumber;
    case 3:
      return summary.picNumber;
    default:
      return summary.number;
  }
}

/** GET /prod/prodCommPageByProd: shown reviews, newest first; anonymous reviewers masked. */
export async function listComments(
  db: Db,
  locale: Locale,
  prodId: number,
  opts: { evaluate: CommentFilter; current: number; size: number },
  /** The product's review counts when already known (the read models): the filter's total is read from them. */
  summary?: CommentSummary,
): Promise<Page<CommentItem>> {
  const where = commentFilter(prodId, opts.evaluate);
  const total = summary
    ? filterTotal(summary, opts.evaluate)
    : Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(prodComments)
            .where(where)
        )[0]?.n ?? 0,
      );
  const pages = Math.max(1, Math.ceil(total / opts.size));
  if (total === 0 || (opts.current - 1) * opts.size >= total)
    return { records: [], total, size: opts.size, current: opts.current, pages };
  const rows = await db
    .select({
      prodCommId: prodComments.prodCommId,
      score: prodComments.score,
      evaluate: prodComments.evaluate,
      content: prodComments.content,
      pics: prodComments.pics,
      isAnonymous: prodComments.isAnonymous,
      recTime: prodComments.recTime,
      replyContent: prodComments.replyContent,
      replyTime: prodComments.replyTime,
      skuName: prodComments.skuName,
      nickName: users.nickName,
      avatar: users.pic,
    })
    .from(prodComments)
    .leftJoin(users, eq(users.userId, prodComments.userId))
    .where(where)
    .orderBy(desc(prodComments.recTime), desc(prodComments.prodCommId))
    .limit(opts.size)
    .offset((opts.current - 1) * opts.size);
  const records = rows.map((r): CommentItem => {
    const anonymous = r.isAnonymous === 1;
    return {
      prodCommId: r.prodCommId,
      score: r.score,
      evaluate: r.evaluate,
      content: r.content,
      pics: r.pics
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      isAnonymous: r.isAnonymous,
      nickName: anonymous ? maskNickName(r.nickName ?? "") : (r.nickName ?? ""),
      pic: anonymous ? "" : (r.avatar ?? ""),
      recTime: r.recTime.toISOString(),
      replyContent: r.replyContent ?? null,
      replyTime: r.replyTime ? r.replyTime.toISOString() : null,
      skuName: pickText(r.skuName, locale),
    };
  });
  return { records, total, size: opts.size, current: opts.current, pages };
}
