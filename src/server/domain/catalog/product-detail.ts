/**
 * Product detail, SKUs and reviews (CONTRACT §3.6, §5.2; page /detail/{prodId}; API
 * /prod/prodInfo, /prod/skuList, /prod/isStatus, /prod/prodCommData, /prod/prodCommPageByProd).
 * A product is shown only while it is on sale (status 1) in an open shop.
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { formatPriceSafe } from "../../../lib/money.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
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
import { categoryPath as pathOf } from "./catalog.ts";
import { PROD_ON_SALE, toCrumbs } from "./product-list.ts";
import { ShopStatus } from "../shop/shop.ts";

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

/** The visible product row (on sale, open shop) or undefined. */
async function visibleProduct(db: Db, prodId: number) {
  const [row] = await db
    .select({
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
    })
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
  return rows.map((r) => ({
    skuId: r.skuId,
    skuName: pickText(r.skuName, locale),
    properties: pickText(r.properties, locale),
    price: formatPriceSafe(r.price),
    oriPrice: formatPriceSafe(r.oriPrice),
    stocks: r.stocks,
    pic: r.pic ?? "",
    status: r.status,
  }));
}

/** GET /prod/skuList: the on-sale SKUs, or null when the product is not visible. */
export async function getSkuList(db: Db, locale: Locale, prodId: number): Promise<SkuItem[] | null> {
  if (!(await isProductOnSale(db, prodId))) return null;
  return loadSkus(db, locale, prodId);
}

/**
 * The product detail page / GET /prod/prodInfo: null when the product is missing, not on sale,
 * or its shop is not open. Texts in `locale` (falling back to zh); content sanitised.
 */
export async function getProductDetail(db: Db, locale: Locale, prodId: number): Promise<ProductDetail | null> {
  const p = await visibleProduct(db, prodId);
  if (!p) return null;
  const [texts, skuList, brandRows, catRows, [countRow]] = await Promise.all([
    db
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.prodId, prodId), inArray(productTranslations.locale, [locale, "zh"]))),
    loadSkus(db, locale, prodId),
    p.brandId
      ? db
          .select({ brandId: brands.brandId, name: brands.name })
          .from(brands)
          .where(eq(brands.brandId, p.brandId))
          .limit(1)
      : Promise.resolve([]),
    db
      .select({
        categoryId: categories.categoryId,
        parentId: categories.parentId,
        name: categories.name,
        pic: categories.pic,
        icon: categories.icon,
        seq: categories.seq,
        grade: categories.grade,
        status: categories.status,
      })
      .from(categories)
      .where(eq(categories.shopId, 0)),
    db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.shopId, p.shopId), eq(products.status, PROD_ON_SALE))),
  ]);
  const text = texts.find((t) => t.locale === locale) ?? texts.find((t) => t.locale === "zh");
  const rating = Number(p.rating);
  const shop: ProductShop = {
    shopId: p.shopId,
    shopName: pickText(p.shopName, locale),
    shopLogo: p.shopLogo ?? "",
    type: p.shopType,
    shopStatus: p.shopStatus,
    rating: Number.isFinite(rating) ? rating : 0,
    fansCount: p.fansCount,
    productCount: Number(countRow?.n ?? 0),
  };
  const brand = brandRows[0];
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
    brand: brand ? { brandId: brand.brandId, brandName: pickText(brand.name, locale) } : null,
    shop,
    skuList,
    specs: buildSkuMatrix(skuList),
  };
}

/** Review counts of a product (shown reviews only, status 1). */
export async function getCommentSummary(db: Db, prodId: number): Promise<CommentSummary> {
  const [row] = await db
    .select({
      number: sql<number>`count(*)::int`,
      praise: sql<number>`count(*) filter (where ${prodComments.evaluate} = 0)::int`,
      secondary: sql<number>`count(*) filter (where ${prodComments.evaluate} = 1)::int`,
      negative: sql<number>`count(*) filter (where ${prodComments.evaluate} = 2)::int`,
      pic: sql<number>`count(*) filter (where ${prodComments.pics} <> '')::int`,
    })
    .from(prodComments)
    .where(and(eq(prodComments.prodId, prodId), eq(prodComments.status, 1)));
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

/** The WHERE of an evaluate filter (-1 all, 0 good, 1 medium, 2 bad, 3 with pictures). */
function commentFilter(prodId: number, evaluate: CommentFilter): SQL {
  const base = [eq(prodComments.prodId, prodId), eq(prodComments.status, 1)];
  if (evaluate === 3) base.push(ne(prodComments.pics, ""));
  else if (evaluate >= 0) base.push(eq(prodComments.evaluate, evaluate));
  return and(...base)!;
}

/** GET /prod/prodCommPageByProd: shown reviews, newest first; anonymous reviewers masked. */
export async function listComments(
  db: Db,
  locale: Locale,
  prodId: number,
  opts: { evaluate: CommentFilter; current: number; size: number },
): Promise<Page<CommentItem>> {
  const where = commentFilter(prodId, opts.evaluate);
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(prodComments)
    .where(where);
  const total = Number(countRow?.n ?? 0);
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
