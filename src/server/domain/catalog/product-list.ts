/**
 * Product list and search (CONTRACT §3.4; pages /list, /shopIndex, /shop-prod-list; API
 * /search/page, /search/searchProdPage, /search/renovationPage). Only products on sale
 * (status 1) of open shops (shopStatus 1) are ever listed.
 */
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { formatPriceSafe } from "../../../lib/money.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import {
  ProductSort,
  type CategoryCrumbItem,
  type ProductCard,
  type ProductSearchPage,
  type ProductSearchParams,
  type ProductSortCode,
  type SearchBrand,
  type SearchCategory,
  type SearchShopInfo,
} from "../../../lib/catalog/product-types.ts";
import type { Page } from "../../../lib/api-types.ts";
import type { Db } from "../../db/client.ts";
import { brands, categories, products, productTranslations, shops } from "../../db/schema/index.ts";
import { collectDescendantIds, type CategoryRow } from "./catalog.ts";
import { escapeLike, ShopStatus } from "../shop/shop.ts";

/** st=1 "new products": listed within this many days (docs/decisions.md "New products"). */
export const NEW_PRODUCT_DAYS = 30;
/** Product status: on sale. */
export const PROD_ON_SALE = 1;

export function newProductsSince(now: Date = new Date()): Date {
  return new Date(now.getTime() - NEW_PRODUCT_DAYS * 24 * 3600 * 1000);
}

/** The sort code actually used: absent → newest for st=1, comprehensive otherwise. */
export function effectiveSort(sort: ProductSortCode | undefined, st: 0 | 1 | undefined): ProductSortCode {
  if (sort !== undefined) return sort;
  return st === 1 ? ProductSort.NEWEST : ProductSort.DEFAULT;
}

/** ORDER BY of a sort code; every order ends with prodId so paging is stable. */
export function sortOrder(sort: ProductSortCode): SQL[] {
  switch (sort) {
    case ProductSort.NEWEST:
      return [desc(products.putawayTime), desc(products.prodId)];
    case ProductSort.SALES_DESC:
      return [desc(products.soldNum), asc(products.prodId)];
    case ProductSort.SALES_ASC:
      return [asc(products.soldNum), asc(products.prodId)];
    case ProductSort.PRICE_DESC:
      return [desc(products.price), asc(products.prodId)];
    case ProductSort.PRICE_ASC:
      return [asc(products.price), asc(products.prodId)];
    default:
      return [desc(products.soldNum), desc(products.commentNum), asc(products.prodId)];
  }
}

/** Category levels of /list: cpid (level 1), cid (level 2), thCid (level 3). */
export interface CategoryLevels {
  cpid?: number | undefined;
  cid?: number | undefined;
  thCid?: number | undefined;
}

export type CategoryChainResult =
  /** No category given. */
  | { kind: "none" }
  /** The first given category is unknown or inactive: nothing can match. */
  | { kind: "unknown" }
  /** The deepest consistent category and its path from level 1. */
  | { kind: "ok"; categoryId: number; path: CategoryRow[] };

/**
 * Resolves cpid/cid/thCid against the active platform tree: the first given level must exist;
 * each deeper given level must be a child of the level above it (a cid that is not a child of
 * cpid is ignored together with everything below it). Answers the deepest accepted category
 * and its full path from level 1 (e.g. thCid alone → its 3 levels).
 */
export function resolveCategoryChain(rows: readonly CategoryRow[], levels: CategoryLevels): CategoryChainResult {
  const given = [levels.cpid, levels.cid, levels.thCid]
    .map((v, i) => ({ id: v, level: i }))
    .filter((x) => x.id !== undefined && x.id !== null) as { id: number; level: number }[];
  if (given.length === 0) return { kind: "none" };
  const byId = new Map(rows.filter((r) => r.status === 1).map((r) => [r.categoryId, r]));
  const first = byId.get(given[0]!.id);
  if (!first) return { kind: "unknown" };
  let current = first;
  let currentLevel = given[0]!.level;
  for (const g of given.slice(1)) {
    const next = byId.get(g.id);
    // Must be a direct child when the level right below is given; a grandchild when a level was skipped.
    if (!next) break;
    let ok = false;
    let p: CategoryRow | undefined = next;
    for (let up = g.level - currentLevel; up > 0 && p; up--) {
      p = byId.get(p.parentId);
      if (up === 1) ok = p?.categoryId === current.categoryId;
    }
    if (!ok) break;
    current = next;
    currentLevel = g.level;
  }
  const path: CategoryRow[] = [];
  const seen = new Set<number>();
  for (
    let cur: CategoryRow | undefined = current;
    cur && !seen.has(cur.categoryId);
    cur = cur.parentId === 0 ? undefined : byId.get(cur.parentId)
  ) {
    seen.add(cur.categoryId);
    path.unshift(cur);
  }
  return { kind: "ok", categoryId: current.categoryId, path };
}

export function toCrumbs(path: readonly CategoryRow[], locale: Locale): CategoryCrumbItem[] {
  return path
    .slice(0, 3)
    .map((r, i) => ({ categoryId: r.categoryId, categoryName: pickText(r.name, locale), level: (i + 1) as 1 | 2 | 3 }));
}

async function loadPlatformCategories(db: Db): Promise<CategoryRow[]> {
  return db
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
    .where(and(eq(categories.shopId, 0), eq(categories.status, 1)));
}

/**
 * Breadcrumb of /list?cpid=&cid=&thCid=: [{categoryId, categoryName, level}] from level 1 down
 * to the deepest consistent given level; [] when none is given or the first is unknown.
 */
export async function categoryPath(db: Db, locale: Locale, levels: CategoryLevels): Promise<CategoryCrumbItem[]> {
  const res = resolveCategoryChain(await loadPlatformCategories(db), levels);
  return res.kind === "ok" ? toCrumbs(res.path, locale) : [];
}

/** The WHERE of a search (products p joined with shops s). null = nothing can match. */
async function searchConditions(db: Db, params: ProductSearchParams, now: Date): Promise<SQL[] | null> {
  const conds: SQL[] = [eq(products.status, PROD_ON_SALE), eq(shops.shopStatus, ShopStatus.OPEN)];
  const keyword = params.keyword?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    conds.push(
      inArray(
        products.prodId,
        db
          .select({ id: productTranslations.prodId })
          .from(productTranslations)
          .where(sql`${productTranslations.prodName} ilike ${pattern}`),
      ),
    );
  }
  const { primaryCategoryId: cpid, secondaryCategoryId: cid, categoryId: thCid } = params;
  if (cpid !== undefined || cid !== undefined || thCid !== undefined) {
    const rows = await loadPlatformCategories(db);
    // categoryId alone may be any level; with cpid/cid it is the third level of the chain.
    const res = resolveCategoryChain(rows, { cpid, cid, thCid });
    if (res.kind !== "ok") return null;
    conds.push(inArray(products.categoryId, collectDescendantIds(rows, res.categoryId)));
  }
  if (params.brandIds && params.brandIds.length > 0) conds.push(inArray(products.brandId, params.brandIds));
  if (params.shopId !== undefined) conds.push(eq(products.shopId, params.shopId));
  if (params.shopCategoryId !== undefined) {
    const shopCats = await db
      .select({
        categoryId: categories.categoryId,
        parentId: categories.parentId,
        name: categories.name,
        pic: categories.pic,
        icon: categories.icon,
        seq: categories.seq,
        grade: categories.grade,
        status: categories.status,
        shopId: categories.shopId,
      })
      .from(categories)
      .where(
        and(
          eq(categories.status, 1),
          sql`${categories.shopId} <> 0`,
          params.shopId !== undefined ? eq(categories.shopId, params.shopId) : undefined,
        ),
      );
    const own = shopCats.find((c) => c.categoryId === params.shopCategoryId);
    if (!own) return null;
    conds.push(
      inArray(
        products.shopCategoryId,
        collectDescendantIds(
          shopCats.filter((c) => c.shopId === own.shopId),
          own.categoryId,
        ),
      ),
    );
  }
  if (params.st === 1) conds.push(gte(products.putawayTime, newProductsSince(now)));
  return conds;
}

interface CardRow {
  prodId: number;
  pic: string;
  price: string;
  oriPrice: string;
  shopId: number;
  shopName: LocalizedText;
  shopType: number;
  soldNum: number;
  commentNum: number;
  totalStocks: number;
  putawayTime: Date;
}

const cardColumns = {
  prodId: products.prodId,
  pic: products.pic,
  price: products.price,
  oriPrice: products.oriPrice,
  shopId: products.shopId,
  shopName: shops.shopName,
  shopType: shops.type,
  soldNum: products.soldNum,
  commentNum: products.commentNum,
  totalStocks: products.totalStocks,
  putawayTime: products.putawayTime,
};

/** name and brief per product in `locale`, falling back to zh (then any language). */
export async function loadProductTexts(
  db: Db,
  locale: Locale,
  prodIds: readonly number[],
): Promise<Map<number, { prodName: string; brief: string }>> {
  const out = new Map<number, { prodName: string; brief: string }>();
  if (prodIds.length === 0) return out;
  const rows = await db
    .select({
      prodId: productTranslations.prodId,
      locale: productTranslations.locale,
      prodName: productTranslations.prodName,
      brief: productTranslations.brief,
    })
    .from(productTranslations)
    .where(inArray(productTranslations.prodId, [...prodIds]));
  const rank = (l: string) => (l === locale ? 0 : l === "zh" ? 1 : 2);
  const best = new Map<number, { r: number; prodName: string; brief: string }>();
  for (const r of rows) {
    const prev = best.get(r.prodId);
    const k = rank(r.locale);
    if (!prev || k < prev.r) best.set(r.prodId, { r: k, prodName: r.prodName, brief: r.brief });
  }
  for (const [id, v] of best) out.set(id, { prodName: v.prodName, brief: v.brief });
  return out;
}

export function toProductCard(
  r: CardRow,
  texts: { prodName: string; brief: string } | undefined,
  locale: Locale,
): ProductCard {
  return {
    prodId: r.prodId,
    prodName: texts?.prodName ?? "",
    brief: texts?.brief ?? "",
    price: formatPriceSafe(r.price),
    oriPrice: formatPriceSafe(r.oriPrice),
    pic: r.pic,
    shopId: r.shopId,
    shopName: pickText(r.shopName, locale),
    shopType: r.shopType,
    soldNum: r.soldNum,
    commentNum: r.commentNum,
    totalStocks: r.totalStocks,
    putawayTime: r.putawayTime.toISOString(),
  };
}

async function cards(db: Db, locale: Locale, rows: CardRow[]): Promise<ProductCard[]> {
  const texts = await loadProductTexts(
    db,
    locale,
    rows.map((r) => r.prodId),
  );
  return rows.map((r) => toProductCard(r, texts.get(r.prodId), locale));
}

const emptyPage = <T>(current: number, size: number): Page<T> => ({ records: [], total: 0, size, current, pages: 1 });

/**
 * Products on sale in open shops matching the filters (see ProductSearchParams), sorted by
 * `sort` (CONTRACT §3.4) with prodId as the tie-breaker, one page. `now` is for tests.
 */
export async function searchProducts(
  db: Db,
  locale: Locale,
  params: ProductSearchParams,
  now: Date = new Date(),
): Promise<Page<ProductCard>> {
  const { current, size } = params;
  const conds = await searchConditions(db, params, now);
  if (!conds) return emptyPage(current, size);
  const where = and(...conds);
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(where);
  const total = Number(countRow?.n ?? 0);
  if (total === 0 || (current - 1) * size >= total)
    return { records: [], total, size, current, pages: Math.max(1, Math.ceil(total / size)) };
  const rows = await db
    .select(cardColumns)
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(where)
    .orderBy(...sortOrder(effectiveSort(params.sort, params.st)))
    .limit(size)
    .offset((current - 1) * size);
  return { records: await cards(db, locale, rows), total, size, current, pages: Math.max(1, Math.ceil(total / size)) };
}

/** The open shop whose name (any language) best matches the keyword: exact name first, then self-operated, then sales. */
async function matchShop(db: Db, locale: Locale, keyword: string): Promise<SearchShopInfo | null> {
  const pattern = `%${escapeLike(keyword)}%`;
  const lower = keyword.toLowerCase();
  const anyName = sql`(${shops.shopName}->>'zh' ilike ${pattern} or ${shops.shopName}->>'zh-tw' ilike ${pattern} or ${shops.shopName}->>'en' ilike ${pattern})`;
  const exact = sql`(lower(${shops.shopName}->>'zh') = ${lower} or lower(${shops.shopName}->>'zh-tw') = ${lower} or lower(${shops.shopName}->>'en') = ${lower})`;
  const [row] = await db
    .select({ shopId: shops.shopId, shopName: shops.shopName, shopLogo: shops.shopLogo, type: shops.type })
    .from(shops)
    .where(and(eq(shops.shopStatus, ShopStatus.OPEN), anyName))
    .orderBy(
      sql`case when ${exact} then 0 else 1 end`,
      sql`case when ${shops.type} = 1 then 0 else 1 end`,
      desc(shops.soldNum),
      asc(shops.shopId),
    )
    .limit(1);
  return row
    ? { shopId: row.shopId, shopName: pickText(row.shopName, locale), shopLogo: row.shopLogo ?? "", type: row.type }
    : null;
}

/** Facets of /search/page: at most this many brands and categories. */
export const FACET_MAX = 30;

/**
 * GET /search/page (B2B2C EsPageVO): {pages, total, records: [{shopInfo, brands, categories,
 * products}]} — products is one page of searchProducts; brands and categories are those of all
 * matching products; shopInfo is the open shop whose name matches the keyword (or null).
 */
export async function searchPage(
  db: Db,
  locale: Locale,
  params: ProductSearchParams,
  now: Date = new Date(),
): Promise<ProductSearchPage> {
  const keyword = params.keyword?.trim();
  const [page, shopInfo, conds] = await Promise.all([
    searchProducts(db, locale, params, now),
    keyword ? matchShop(db, locale, keyword) : Promise.resolve(null),
    searchConditions(db, params, now),
  ]);
  let brandList: SearchBrand[] = [];
  let categoryList: SearchCategory[] = [];
  if (conds && page.total > 0) {
    const where = and(...conds);
    const matching = db
      .select({ brandId: products.brandId, categoryId: products.categoryId })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .where(where)
      .as("m");
    const [b, c] = await Promise.all([
      db
        .selectDistinct({ brandId: brands.brandId, name: brands.name, imgUrl: brands.imgUrl, seq: brands.seq })
        .from(brands)
        .innerJoin(matching, eq(matching.brandId, brands.brandId))
        .where(eq(brands.status, 1))
        .orderBy(asc(brands.seq), asc(brands.brandId))
        .limit(FACET_MAX),
      db
        .selectDistinct({ categoryId: categories.categoryId, name: categories.name, seq: categories.seq })
        .from(categories)
        .innerJoin(matching, eq(matching.categoryId, categories.categoryId))
        .where(eq(categories.status, 1))
        .orderBy(asc(categories.seq), asc(categories.categoryId))
        .limit(FACET_MAX),
    ]);
    brandList = b.map((r) => ({ brandId: r.brandId, brandName: pickText(r.name, locale), brandImg: r.imgUrl ?? "" }));
    categoryList = c.map((r) => ({ categoryId: r.categoryId, name: pickText(r.name, locale) }));
  }
  return {
    pages: page.pages,
    total: page.total,
    records: [{ shopInfo, brands: brandList, categories: categoryList, products: page.records }],
  };
}

/**
 * GET /search/renovationPage?prodIds=: cards of the given products that are still on sale in
 * open shops, in the order asked (unknown or unavailable ids are left out).
 */
export async function renovationProducts(db: Db, locale: Locale, prodIds: readonly number[]): Promise<ProductCard[]> {
  if (prodIds.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(
      and(
        inArray(products.prodId, [...prodIds]),
        eq(products.status, PROD_ON_SALE),
        eq(shops.shopStatus, ShopStatus.OPEN),
      ),
    );
  const byId = new Map((await cards(db, locale, rows)).map((c) => [c.prodId, c]));
  return prodIds.map((id) => byId.get(id)).filter((c): c is ProductCard => c !== undefined);
}
