/**
 * Product list and search (CONTRACT §3.4; pages /list, /shopIndex, /shop-prod-list; API
 * /search/page, /search/searchProdPage, /search/renovationPage). Only products on sale
 * (status 1) of open shops (shopStatus 1) are ever listed.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { pickText, type Locale } from "../../../lib/locale.ts";
import {
  ProductSort,
  SEARCH_TOTAL_CAP,
  type ProductCardPage,
  type SearchPriceRange,
  type ProductCard,
  type ProductSearchPage,
  type ProductSearchParams,
  type ProductSortCode,
  type SearchBrand,
  type SearchCategory,
  type SearchHelp,
  type SearchShopInfo,
} from "../../../lib/catalog/product-types.ts";
import { rowsOf, type Db } from "../../db/client.ts";
import { brands, categories, products, productSearchWords, shops } from "../../db/schema/index.ts";
import { SHOP_STATUS as ShopStatus } from "../../../lib/shop/shop.ts";
import { escapeLike } from "../kernel/sql.ts";
import { analyzeQuery } from "./search-analyzer.ts";
import { loadLexicon, loadVocabulary } from "./search-lexicon.ts";
import { searchHelp } from "./search-help.ts";
import { anyOf, matchCondition, namesCondition, relevance } from "./search-query.ts";
import { loadPlatformCategories } from "./category-path.ts";
import { type CardRow, cardColumns, cards, emptyPage } from "./product-cards.ts";
import {
  onSaleAmong,
  PROD_ON_SALE,
  type SearchPlan,
  anyMatch,
  matchWords,
  relaxed,
  searchConditions,
} from "./search-plan.ts";
import { pagesOf } from "../kernel/page.ts";

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

/** Whether a search is ordered by relevance: a keyword with the default sort. */
function byRelevance(params: ProductSearchParams, plan: SearchPlan): boolean {
  return plan.match !== null && effectiveSort(params.sort, params.st) === ProductSort.DEFAULT;
}

/**
 * Matches up to this many are ranked all together; beyond, the ranking reads bounded candidates
 * first (relevanceCandidates) and all the matches only when those do not fill the page.
 */
export const FULL_RANK_MAX = 2_000;

/** Candidates per branch: this many times the matches up to the page's end, at least CANDIDATES_MIN. */
const CANDIDATES_PER_SHOWN = 3;
const CANDIDATES_MIN = 100;

/** The products of these categories. */
const categoryIn = (ids: readonly number[]) => anyOf(sql`${products.categoryId}`, ids);

/**
 * Bounded candidates of a relevance ranking (docs/search.md "Ranking"): the best-selling matches
 * whose names have every query word — the best relevance there is — and likewise among the
 * categories the keyword names (category intent comes before sales), each branch at most `k`,
 * read in the order of the sales index so PostgreSQL stops early. Their first `need` products
 * are those of the whole ranking whenever as many of them are firsts of their kind.
 */
function relevanceCandidates(plan: SearchPlan, k: number): SQL {
  const names = namesCondition(plan.matches)!;
  const branch = (extra?: SQL) =>
    sql`(select ${products.prodId} from ${products} inner join ${shops} on ${shops.shopId} = ${products.shopId}
      where ${and(...plan.filters, names, extra)}
      order by ${products.soldNum} desc, ${products.commentNum} desc, ${products.prodId} limit ${k})`;
  const { whole, head } = plan.intent;
  return sql.join(
    [
      branch(),
      ...(whole.length ? [branch(categoryIn(whole))] : []),
      ...(head.length ? [branch(categoryIn(head))] : []),
    ],
    sql` union `,
  );
}

/**
 * One page of a relevance ranking (docs/search.md "Ranking"), as product ids in order, and how many
 * firsts of their kind the ranked rows held: near-identical names of one shop (same words,
 * search-analyzer.ts duplicateKey) after every first of its kind; then text relevance (name >
 * brand > category path > parameters and shop), the categories the keyword names, sales, rating,
 * reviews, freshness, id. `among`: rank only the matches it holds (candidates, or the ids of
 * every match already read), else every match.
 */
async function relevancePage(
  db: Db,
  plan: SearchPlan,
  params: ProductSearchParams,
  among: SQL | null,
): Promise<{ ids: number[]; firsts: number }> {
  const { current, size } = params;
  const { whole, head } = plan.intent;
  const intent =
    whole.length || head.length
      ? sql`case ${sql.join(
          [
            ...(whole.length ? [sql`when ${categoryIn(whole)} then 0`] : []),
            ...(head.length ? [sql`when ${categoryIn(head)} then 1`] : []),
          ],
          sql` `,
        )} else 2 end`
      : sql`2`;
  // offset 0 keeps the subquery whole, so each row's relevance is computed once. Each match's
  // rating and duplicate key are read by its id from their index (migration 0038): the lateral
  // subquery's limit keeps PostgreSQL from hashing the whole table instead, which it chose when
  // it guessed the matches several times too many (a keyword's tsquery is hard to estimate).
  const scored = sql`select ${products.prodId} as id, ${products.shopId} as shop, ${relevance(plan.matches)} as rank, ${intent} as intent,
      ${products.soldNum} as sold, w.rating as rating, ${products.commentNum} as comments,
      ${products.putawayTime} as put, coalesce(nullif(w.dup_key, ''), ${products.prodId}::text) as kind
    from ${products} inner join ${shops} on ${shops.shopId} = ${products.shopId}
    left join lateral (select ${productSearchWords.rating} as rating, ${productSearchWords.dupKey} as dup_key
      from ${productSearchWords} where ${productSearchWords.prodId} = ${products.prodId} limit 1) w on true
    where ${and(...plan.conds, among ?? undefined)} offset 0`;
  const rows = rowsOf<{ id: number; firsts: number }>(
    await db.execute(sql`select r.id, r.firsts from (
        select r.*, (count(*) filter (where not r.dup) over ())::int as firsts from (
          select m.*, row_number() over (partition by m.shop, m.kind order by m.rank desc, m.sold desc, m.id) > 1 as dup
          from (${scored}) m) r) r
      order by r.dup, r.rank desc, r.intent, r.sold desc, r.rating desc nulls last, r.comments desc, r.put desc, r.id
      limit ${size} offset ${(current - 1) * size}`),
  );
  return { ids: rows.map((r) => Number(r.id)), firsts: Number(rows[0]?.firsts ?? 0) };
}

/**
 * The matches of a plan as counted before the page is read: `count` up to SEARCH_TOTAL_CAP + 1,
 * and `ids`, every match's id when they are at most FULL_RANK_MAX (so the ranking reads them by
 * id instead of matching the keyword again), else null.
 */
export interface Matches {
  count: number;
  ids: readonly number[] | null;
}

/** The SQL of `ids` (an int[] of every match when there are at most FULL_RANK_MAX, else null) over rows `m` with column `id`. */
const matchIdsAgg = sql.raw(`case when count(*) <= ${FULL_RANK_MAX} then array_agg(m.id) end`);

/**
 * The page's product ids by relevance: among bounded candidates when the matches are many
 * (`count` > `fullRankMax`) and the candidates hold enough firsts of their kind for the page
 * (`bounded`); otherwise among all the matches — read by their ids when `matches.ids` has them.
 */
export async function relevanceIds(
  db: Db,
  plan: SearchPlan,
  params: ProductSearchParams,
  matches: Matches,
  fullRankMax = FULL_RANK_MAX,
): Promise<{ ids: number[]; bounded: boolean }> {
  const need = params.current * params.size;
  if (matches.count > fullRankMax) {
    const k = Math.max(CANDIDATES_MIN, need * CANDIDATES_PER_SHOWN);
    const fast = await relevancePage(db, plan, params, sql`${products.prodId} in (${relevanceCandidates(plan, k)})`);
    if (fast.firsts >= need) return { ids: fast.ids, bounded: true };
  }
  const among = matches.ids ? anyOf(sql`${products.prodId}`, matches.ids) : null;
  return { ids: (await relevancePage(db, plan, params, among)).ids, bounded: false };
}

/** The card rows of `ids`, in that order. */
async function rowsById(db: Db, ids: readonly number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(inArray(products.prodId, [...ids]));
  const byId = new Map(rows.map((r) => [r.prodId, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of matches (none past SEARCH_TOTAL_CAP: deep pages cost no more than the last served
 * one). `matches`: as counted up to SEARCH_TOTAL_CAP + 1 (the relevance ranking reads them).
 */
async function pageRows(db: Db, plan: SearchPlan, params: ProductSearchParams, matches: Matches): Promise<CardRow[]> {
  const { current, size } = params;
  if ((current - 1) * size >= SEARCH_TOTAL_CAP || (current - 1) * size >= matches.count) return [];
  const limited = { ...params, size: Math.min(size, SEARCH_TOTAL_CAP - (current - 1) * size) };
  if (byRelevance(params, plan)) {
    // Pages keep their size (the offset); the last one served may be cut at the cap.
    const { ids } = await relevanceIds(db, plan, params, matches);
    return rowsById(db, ids.slice(0, limited.size));
  }
  return db
    .select(cardColumns)
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(and(...plan.conds))
    .orderBy(...sortOrder(effectiveSort(params.sort, params.st)))
    .limit(limited.size)
    .offset((current - 1) * size);
}

/**
 * The matches of a plan, counted up to SEARCH_TOTAL_CAP + 1, with their ids when few (Matches) and
 * `withIds` (a relevance ranking reads them; a count alone does not gather them).
 */
async function countMatches(db: Db, plan: SearchPlan, withIds: boolean): Promise<Matches> {
  const ids = withIds ? matchIdsAgg : sql`null::int[]`;
  const [row] = rowsOf<{ n: number; ids: number[] | null }>(
    await db.execute(sql`select count(*)::int as n, ${ids} as ids from (
        select ${products.prodId} as id from ${products} inner join ${shops} on ${shops.shopId} = ${products.shopId}
        where ${and(...plan.conds)} limit ${SEARCH_TOTAL_CAP + 1}) m`),
  );
  return { count: Number(row?.n ?? 0), ids: row?.ids ? row.ids.map(Number) : null };
}

/** total and pages from a count capped at SEARCH_TOTAL_CAP + 1. */
export function capped(count: number, size: number): { total: number; totalCapped: boolean; pages: number } {
  const total = Math.min(count, SEARCH_TOTAL_CAP);
  return { total, totalCapped: count > SEARCH_TOTAL_CAP, pages: pagesOf(total, size) };
}

/**
 * Products on sale in open shops matching the filters (see ProductSearchParams), sorted by
 * `sort` (CONTRACT §3.4) with prodId as the tie-breaker — or by relevance for a keyword with the
 * default sort — one page. The total is counted up to SEARCH_TOTAL_CAP (totalCapped beyond) and
 * not at all when the first page is not full. `now` is for tests.
 */
export async function searchProducts(
  db: Db,
  locale: Locale,
  params: ProductSearchParams,
  now: Date = new Date(),
): Promise<ProductCardPage> {
  return (await searchWithPlan(db, locale, params, now)).page;
}

/** searchProducts and the plan it searched (null: nothing can match). */
async function searchWithPlan(
  db: Db,
  locale: Locale,
  params: ProductSearchParams,
  now: Date,
): Promise<{ page: ProductCardPage; plan: SearchPlan | null }> {
  const { current, size } = params;
  const asked = await searchConditions(db, params, now);
  if (!asked)
    return { page: { ...emptyPage(current, size), searchHelp: await helpFor(db, locale, params, null) }, plan: null };
  const first = await productPage(db, locale, asked, params);
  if (first.total > 0) return { page: first, plan: asked };
  const plan = asked.words.length ? await relaxed(db, asked) : null;
  if (plan) return { page: { ...(await productPage(db, locale, plan, params)), searchNote: plan.note }, plan };
  return { page: { ...first, searchHelp: await helpFor(db, locale, params, asked) }, plan: asked };
}

/** A page of /list: the products (searchProducts) and the brands to filter them by (brandFacet). */
export interface ProductListPage extends ProductCardPage {
  brands: SearchBrand[];
}

/**
 * /list (category lists and search results): one page of products and the brands of the
 * matches with the brand filter left out (so another brand can be chosen), as searched (a
 * relaxed keyword's brands are those of what is shown). A brand with no goods on sale among the
 * matches is never offered.
 */
export async function listProducts(
  db: Db,
  locale: Locale,
  params: ProductSearchParams,
  now: Date = new Date(),
): Promise<ProductListPage> {
  const { page, plan } = await searchWithPlan(db, locale, params, now);
  return { ...page, brands: plan ? await brandFacet(db, locale, plan) : [] };
}

/**
 * The brands of a plan's matches without its brand filter, most matches first (at most
 * FACET_MAX; counted over at most SEARCH_TOTAL_CAP + 1 matches, like the search facets).
 */
async function brandFacet(db: Db, locale: Locale, plan: SearchPlan): Promise<SearchBrand[]> {
  const conds = plan.conds.filter((c) => c !== plan.brandCond);
  const counts = rowsOf<{ brandId: number; n: number }>(
    await db.execute(sql`select brand_id as "brandId", count(*)::int as n from (
        select ${products.brandId} as brand_id from ${products}
        inner join ${shops} on ${shops.shopId} = ${products.shopId}
        where ${and(...conds)} limit ${SEARCH_TOTAL_CAP + 1}) m
      where brand_id is not null group by brand_id order by n desc, brand_id limit ${FACET_MAX}`),
  );
  return brandList(db, locale, counts);
}

/** Active brands of `counts` in its order, named in `locale`. */
async function brandList(
  db: Db,
  locale: Locale,
  counts: readonly { brandId: number | null }[],
): Promise<SearchBrand[]> {
  const ids = counts.flatMap((r) => (r.brandId === null ? [] : [r.brandId]));
  if (ids.length === 0) return [];
  const rows = await db
    .select({ brandId: brands.brandId, name: brands.name, imgUrl: brands.imgUrl })
    .from(brands)
    .where(and(eq(brands.status, 1), inArray(brands.brandId, ids)));
  const byId = new Map(rows.map((b) => [b.brandId, b]));
  return ids.flatMap((id) => {
    const b = byId.get(id);
    return b ? [{ brandId: b.brandId, brandName: pickText(b.name, locale), brandImg: b.imgUrl ?? "" }] : [];
  });
}

/** Whether the search filters by more than the keyword. */
function filtered(p: ProductSearchParams): boolean {
  return (
    [p.primaryCategoryId, p.secondaryCategoryId, p.categoryId, p.shopId, p.shopCategoryId, p.minPrice, p.maxPrice].some(
      (v) => v !== undefined,
    ) ||
    (p.brandIds?.length ?? 0) > 0 ||
    p.st === 1 ||
    p.hasStock === 1 ||
    p.selfShop === 1
  );
}

/**
 * Where to go from a keyword that found nothing, even relaxed (search-help.ts); null without a
 * keyword. `asked`: the search as asked (null: its category is unknown).
 */
async function helpFor(
  db: Db,
  locale: Locale,
  params: ProductSearchParams,
  asked: SearchPlan | null,
): Promise<SearchHelp | null> {
  const keyword = params.keyword?.trim();
  if (!keyword) return null;
  const [lexicon, vocabulary, rows] = await Promise.all([
    loadLexicon(db),
    loadVocabulary(db),
    loadPlatformCategories(db),
  ]);
  const base: SQL[] = [eq(products.status, PROD_ON_SALE), eq(shops.shopStatus, ShopStatus.OPEN)];
  return searchHelp({
    keyword,
    words: asked?.words.length ? asked.words : analyzeQuery(keyword, lexicon.synonyms),
    categoryByName: lexicon.categoryByName,
    rows,
    vocabulary,
    filtered: filtered(params),
    withGoods: async (ids) =>
      new Set(
        (
          await db
            .selectDistinct({ id: products.categoryId })
            .from(products)
            .innerJoin(shops, eq(shops.shopId, products.shopId))
            .where(and(...base, inArray(products.categoryId, [...ids])))
        ).map((r) => r.id),
      ),
    finds: async (k, withFilters) => {
      const match = matchCondition(await matchWords(db, analyzeQuery(k, lexicon.synonyms)));
      if (!match) return false;
      return anyMatch(db, [...(withFilters && asked ? asked.filters : base), match]);
    },
    name: (r) => pickText(r.name, locale),
    analyze: (k) => analyzeQuery(k, lexicon.synonyms),
  });
}

async function productPage(
  db: Db,
  locale: Locale,
  plan: SearchPlan,
  params: ProductSearchParams,
): Promise<ProductCardPage> {
  const { current, size } = params;
  // A relevance ranking reads the count first (bounded candidates when the matches are many);
  // other orders count only when the first page is full.
  const known = byRelevance(params, plan) ? await countMatches(db, plan, true) : null;
  const rows = await pageRows(db, plan, params, known ?? { count: SEARCH_TOTAL_CAP + 1, ids: null });
  let count = known?.count ?? (current - 1) * size + rows.length;
  if (known === null && (rows.length === 0 || rows.length === size || current > 1))
    count = (await countMatches(db, plan, false)).count;
  return { records: await cards(db, locale, rows), size, current, ...capped(count, size), searchNote: null };
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

/** Lower bounds (yuan) of the price ranges of the search facets. */
export const PRICE_BOUNDS = [0, 50, 100, 200, 500, 1000, 2000, 5000, 10000] as const;

interface FacetRow {
  gb: number;
  gc: number;
  gp: number;
  brandId: number | null;
  categoryId: number | null;
  bucket: number | null;
  n: number;
  /** The total's row only: every match's id when they are at most FULL_RANK_MAX (Matches). */
  ids: number[] | null;
}

/**
 * Brands, categories, price ranges and the count of the matches, in one pass over at most
 * SEARCH_TOTAL_CAP + 1 matches (GROUPING SETS); beyond that the facets describe the first
 * SEARCH_TOTAL_CAP matches and the total says "10,000+". The total's row also holds the matches'
 * ids when they are few enough to rank them all, so the ranking does not match them again.
 */
async function facets(db: Db, plan: SearchPlan): Promise<FacetRow[]> {
  const bounds = sql.raw(`array[${PRICE_BOUNDS.slice(1).join(",")}]::numeric[]`);
  const matches = sql`select ${products.prodId} as id, ${products.brandId} as brand_id, ${products.categoryId} as category_id,
      width_bucket(${products.price}, ${bounds}) as bucket
    from ${products} inner join ${shops} on ${shops.shopId} = ${products.shopId}
    where ${and(...plan.conds)} limit ${SEARCH_TOTAL_CAP + 1}`;
  return rowsOf<FacetRow>(
    await db.execute(sql`select grouping(brand_id)::int as gb, grouping(category_id)::int as gc, grouping(bucket)::int as gp,
        brand_id as "brandId", category_id as "categoryId", bucket, count(*)::int as n,
        case when grouping(brand_id) = 1 and grouping(category_id) = 1 and grouping(bucket) = 1 then ${matchIdsAgg} end as ids
      from (${matches}) m group by grouping sets ((brand_id), (category_id), (bucket), ())`),
  );
}

/** The price ranges of the facet buckets (width_bucket: 0 below the first bound, i = [bound i-1, bound i)). */
export function priceRanges(buckets: readonly { bucket: number; n: number }[]): SearchPriceRange[] {
  return [...buckets]
    .filter((b) => b.n > 0)
    .sort((a, b) => a.bucket - b.bucket)
    .map((b) => {
      const lo = PRICE_BOUNDS[b.bucket]!;
      const hi = PRICE_BOUNDS[b.bucket + 1];
      return { minPrice: String(lo), maxPrice: hi === undefined ? null : (hi - 0.01).toFixed(2), count: b.n };
    });
}

/**
 * GET /search/page (B2B2C EsPageVO): {pages, total, totalCapped, records: [{shopInfo, brands,
 * categories, priceRanges, products}]} — products is one page of the matches; brands, categories
 * (most matches first) and price ranges are those of the matches; shopInfo is the open shop whose
 * name matches the keyword (or null). Two queries over the matches: the page and the facets.
 */
export async function searchPage(
  db: Db,
  locale: Locale,
  params: ProductSearchParams,
  now: Date = new Date(),
): Promise<ProductSearchPage> {
  const keyword = params.keyword?.trim();
  const { current, size } = params;
  const [asked, shopInfo] = await Promise.all([
    searchConditions(db, params, now),
    keyword ? matchShop(db, locale, keyword) : Promise.resolve(null),
  ]);
  if (!asked)
    return {
      pages: 1,
      total: 0,
      totalCapped: false,
      records: [{ shopInfo, brands: [], categories: [], priceRanges: [], products: [] }],
      searchNote: null,
      searchHelp: await helpFor(db, locale, params, null),
    };
  let plan = asked;
  let facetRows = await facets(db, plan);
  if (asked.words.length && !facetRows.some((r) => r.gb && r.gc && r.gp && r.n > 0)) {
    const next = await relaxed(db, asked);
    if (next) {
      plan = next;
      facetRows = await facets(db, plan);
    }
  }
  const totalRow = facetRows.find((r) => r.gb && r.gc && r.gp);
  const count = totalRow?.n ?? 0;
  // The facets counted the matches (and read their ids when few): the page's ranking reads them.
  const rows = await pageRows(db, plan, params, { count, ids: totalRow?.ids ? totalRow.ids.map(Number) : null });
  const help = count === 0 ? await helpFor(db, locale, params, asked) : null;
  const top = (list: FacetRow[]) => list.sort((a, b) => b.n - a.n).slice(0, FACET_MAX);
  const brandCounts = top(facetRows.filter((r) => !r.gb && r.brandId !== null));
  const categoryCounts = top(facetRows.filter((r) => !r.gc && r.categoryId !== null));
  const [brandRows, categoryRows, records] = await Promise.all([
    brandList(db, locale, brandCounts),
    categoryCounts.length
      ? db
          .select({ categoryId: categories.categoryId, name: categories.name })
          .from(categories)
          .where(
            and(
              eq(categories.status, 1),
              inArray(
                categories.categoryId,
                categoryCounts.map((r) => r.categoryId!),
              ),
            ),
          )
      : Promise.resolve([]),
    cards(db, locale, rows),
  ]);
  const categoryById = new Map(categoryRows.map((c) => [c.categoryId, c]));
  const categoryList: SearchCategory[] = categoryCounts.flatMap((r) => {
    const c = categoryById.get(r.categoryId!);
    return c ? [{ categoryId: c.categoryId, name: pickText(c.name, locale) }] : [];
  });
  const { total, totalCapped, pages } = capped(count, size);
  return {
    pages,
    total,
    totalCapped,
    records: [
      {
        shopInfo,
        brands: brandRows,
        categories: categoryList,
        priceRanges: priceRanges(
          facetRows.filter((r) => !r.gp && r.bucket !== null).map((r) => ({ bucket: r.bucket!, n: r.n })),
        ),
        products: current > pages ? [] : records,
      },
    ],
    searchNote: plan.note,
    searchHelp: help,
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
    .where(onSaleAmong(prodIds));
  const byId = new Map((await cards(db, locale, rows)).map((c) => [c.prodId, c]));
  return prodIds.map((id) => byId.get(id)).filter((c): c is ProductCard => c !== undefined);
}
