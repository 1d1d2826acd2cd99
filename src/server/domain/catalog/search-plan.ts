/**
 * A search's plan (docs/search.md): the on-sale and new-product rules, the keyword's words and the
 * query they make, the conditions of a product search, and the relaxed plan when nothing matches.
 */
import { and, eq, gt, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { ProductSearchParams, SearchNote } from "../../../lib/catalog/product-types.ts";
import { rowsOf, type Db } from "../../db/client.ts";
import { categories, products, productTranslations, shops } from "../../db/schema/index.ts";
import { categoryRowColumns, collectDescendantIds, type CategoryRow } from "./catalog.ts";
import { SHOP_STATUS as ShopStatus } from "../../../lib/shop/shop.ts";
import { escapeLike } from "../kernel/sql.ts";
import { analyzeQuery, type QueryWord } from "./search-analyzer.ts";
import { loadLexicon, loadVocabulary } from "./search-lexicon.ts";
import {
  correctWords,
  intentCategories,
  matchCondition,
  namesMatchQuery,
  relaxSteps,
  searchNote,
  type CategoryIntent,
  type WordMatch,
} from "./search-query.ts";
import { resolveCategoryChain, loadPlatformCategories } from "./category-path.ts";

/** st=1 "new products": listed within this many days (docs/decisions.md "New products"). */
export const NEW_PRODUCT_DAYS = 30;

/** Product status: on sale. */
export const PROD_ON_SALE = 1;

/** Which of `prodIds` a buyer may see: on sale in an open shop (products joined to shops). */
export function onSaleAmong(prodIds: readonly number[]): SQL | undefined {
  return and(
    inArray(products.prodId, [...prodIds]),
    eq(products.status, PROD_ON_SALE),
    eq(shops.shopStatus, ShopStatus.OPEN),
  );
}

export function newProductsSince(now: Date = new Date()): Date {
  return new Date(now.getTime() - NEW_PRODUCT_DAYS * 24 * 3600 * 1000);
}

/** A search's WHERE (products joined with shops) and, with a keyword, its full-text query. */
export interface SearchPlan {
  conds: SQL[];
  /** The filters without the keyword (relaxing swaps the keyword's condition). */
  filters: SQL[];
  /** The keyword's condition (null without keyword or when the keyword has no searchable word). */
  match: SQL | null;
  /** The keyword's query words as searched. */
  words: QueryWord[];
  /** Each query word with the brands, categories and shops whose names it matches. */
  matches: WordMatch[];
  /**
   * Categories the keyword names (category intent) and their descendants: their products come
   * first among equally relevant ones, those named by their whole name before those named by their head.
   */
  intent: { whole: number[]; head: number[] };
  /** What the search did with the keyword (corrected, relaxed). */
  note: SearchNote | null;
  /** The brand filter's condition (in filters and conds): the brand facet leaves it out. */
  brandCond: SQL | null;
}

/**
 * Query words with the brands, categories and shops whose own names each matches (one statement
 * over those tables, search-query.ts namesMatchQuery).
 */
export async function matchWords(db: Db, words: readonly QueryWord[]): Promise<WordMatch[]> {
  if (words.length === 0) return [];
  const rows = rowsOf<{ i: number; brands: number[]; categories: number[]; shops: number[] }>(
    await db.execute(namesMatchQuery(words)),
  );
  const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);
  return words.map((word, i) => {
    const r = rows.find((x) => Number(x.i) === i);
    return { word, brands: ids(r?.brands), categories: ids(r?.categories), shops: ids(r?.shops) };
  });
}

/** The plan with `words` as its keyword. */
async function withWords(db: Db, plan: SearchPlan, words: QueryWord[], note: SearchNote | null): Promise<SearchPlan> {
  const [matches, lexicon, rows] = await Promise.all([
    matchWords(db, words),
    loadLexicon(db),
    loadPlatformCategories(db),
  ]);
  const match = matchCondition(matches);
  return {
    ...plan,
    match,
    words,
    matches,
    note,
    intent: collectIntent(rows, intentCategories(words, lexicon.categoryByName)),
    conds: match ? [...plan.filters, match] : plan.conds,
  };
}

function collectIntent(rows: readonly CategoryRow[], named: CategoryIntent): SearchPlan["intent"] {
  const below = (ids: readonly number[]) => new Set(ids.flatMap((id) => collectDescendantIds(rows, id)));
  const whole = below(named.whole);
  return { whole: [...whole], head: [...below(named.head)].filter((id) => !whole.has(id)) };
}

/** A keyword read by the analyzer with the platform's synonyms: its query words, their matches and condition (null: nothing searchable). */
export async function keywordMatch(
  db: Db,
  keyword: string,
): Promise<{ words: QueryWord[]; matches: WordMatch[]; match: SQL | null }> {
  const words = analyzeQuery(keyword, (await loadLexicon(db)).synonyms);
  const matches = await matchWords(db, words);
  return { words, matches, match: matchCondition(matches) };
}

/** Whether anything matches the plan (one index probe). */
export async function anyMatch(db: Db, conds: SQL[]): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(and(...conds))
    .limit(1);
  return rows.length > 0;
}

/**
 * A keyword that matched nothing (docs/search.md "Relaxing"): its latin typos corrected, then
 * without the words that match nothing alone, then dropping words from the end; the first of
 * these that matches is searched, with a note saying so. null: nothing helps.
 */
export async function relaxed(db: Db, plan: SearchPlan): Promise<SearchPlan | null> {
  if (plan.words.length === 0) return null;
  const asked = plan.words;
  const { words: fixed, corrected } = correctWords(asked, await loadVocabulary(db), (await loadLexicon(db)).synonyms);
  const tryWords = async (ws: QueryWord[]) => {
    const next = await withWords(db, plan, ws, searchNote(asked, ws, corrected));
    return (await anyMatch(db, next.conds)) ? next : null;
  };
  if (corrected.length) {
    const found = await tryWords(fixed);
    if (found) return found;
  }
  if (fixed.length < 2) return null;
  const alone = await Promise.all(
    (await matchWords(db, fixed)).map((m) => anyMatch(db, [...plan.filters, matchCondition([m])!])),
  );
  for (const step of relaxSteps(fixed, alone)) {
    const found = await tryWords(step);
    if (found) return found;
  }
  return null;
}

/** The WHERE of a search (products joined with shops). null = nothing can match. */
export async function searchConditions(db: Db, params: ProductSearchParams, now: Date): Promise<SearchPlan | null> {
  const filters: SQL[] = [eq(products.status, PROD_ON_SALE), eq(shops.shopStatus, ShopStatus.OPEN)];
  const keyword = params.keyword?.trim();
  let words: QueryWord[] = [];
  let likeCond: SQL | null = null;
  if (keyword) {
    words = analyzeQuery(keyword, (await loadLexicon(db)).synonyms);
    if (words.length === 0) {
      // Nothing a word index holds (punctuation, symbols): the names are read as they are.
      const pattern = `%${escapeLike(keyword)}%`;
      likeCond = inArray(
        products.prodId,
        db
          .select({ id: productTranslations.prodId })
          .from(productTranslations)
          .where(sql`${productTranslations.prodName} ilike ${pattern}`),
      );
    }
  }
  const { primaryCategoryId: cpid, secondaryCategoryId: cid, categoryId: thCid } = params;
  if (cpid !== undefined || cid !== undefined || thCid !== undefined) {
    const rows = await loadPlatformCategories(db);
    // categoryId alone may be any level; with cpid/cid it is the third level of the chain.
    const res = resolveCategoryChain(rows, { cpid, cid, thCid });
    if (res.kind !== "ok") return null;
    filters.push(inArray(products.categoryId, collectDescendantIds(rows, res.categoryId)));
  }
  const brandCond = params.brandIds?.length ? inArray(products.brandId, params.brandIds) : null;
  if (brandCond) filters.push(brandCond);
  if (params.shopId !== undefined) filters.push(eq(products.shopId, params.shopId));
  if (params.shopCategoryId !== undefined) {
    const shopCats = await db
      .select({ ...categoryRowColumns, shopId: categories.shopId })
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
    filters.push(
      inArray(
        products.shopCategoryId,
        collectDescendantIds(
          shopCats.filter((c) => c.shopId === own.shopId),
          own.categoryId,
        ),
      ),
    );
  }
  if (params.st === 1) filters.push(gte(products.putawayTime, newProductsSince(now)));
  if (params.minPrice !== undefined) filters.push(gte(products.price, params.minPrice));
  if (params.maxPrice !== undefined) filters.push(lte(products.price, params.maxPrice));
  if (params.hasStock === 1) filters.push(gt(products.totalStocks, 0));
  if (params.selfShop === 1) filters.push(eq(shops.type, 1));
  const plan: SearchPlan = {
    conds: filters,
    filters,
    match: null,
    words: [],
    matches: [],
    intent: { whole: [], head: [] },
    note: null,
    brandCond,
  };
  if (likeCond) return { ...plan, conds: [...filters, likeCond] };
  return words.length ? withWords(db, plan, words, null) : plan;
}
