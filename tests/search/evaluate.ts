/**
 * Search measured on the labelled query set (queries.ts; docs/search.md "Measuring"): each query
 * is searched as /list searches it (searchProducts, default sort, the query's language) and scored
 * by its rule. Per language: precision@10 (relevant among the first k shown, k = 10 or fewer when
 * the database holds fewer relevant products — R-precision up to 10, so the demo's three
 * suitcases followed by other goods score 1; 0 for a query that shows nothing), recall@100
 * (relevant among the first 100 shown / the relevant products on sale, at most 100), the
 * zero-result rate and the latency of the 10-result search (p50, p95). A query with no relevant
 * product in the database (no Apple phone in the demo) is not judged: it counts in the
 * zero-result rate only.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { brands, categories, products, shops } from "../../src/server/db/schema/index.ts";
import { searchProducts } from "../../src/server/domain/catalog/product-list.ts";
import type { Locale } from "../../src/lib/locale.ts";
import type { LabelledQuery } from "./queries.ts";

export interface QueryScore {
  query: LabelledQuery;
  /** Matches shown (total of the search, capped). */
  total: number;
  precision10: number;
  recall100: number;
  /** Relevant products on sale in the database. */
  relevant: number;
  ms: number;
  /** The search relaxed or corrected the keyword (searchNote.shown). */
  shown: string | null;
}

export interface LanguageScore {
  lang: Locale;
  queries: number;
  /** Queries with relevant products in the database (precision and recall are theirs). */
  judged: number;
  precision10: number;
  recall100: number;
  zeroRate: number;
  p50Ms: number;
  p95Ms: number;
}

const PRECISION_DEPTH = 10;
const RECALL_DEPTH = 100;

/** The rule of a query over products: category (or one above it) and brand by English name. */
async function loadRules(db: Db) {
  const [cats, brandRows] = await Promise.all([
    db
      .select({ id: categories.categoryId, parentId: categories.parentId, name: categories.name })
      .from(categories)
      .where(eq(categories.shopId, 0)),
    db.select({ id: brands.brandId, name: brands.name }).from(brands),
  ]);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const chain = (id: number): string[] => {
    const names: string[] = [];
    for (let c = byId.get(id), n = 0; c && n < 5; c = byId.get(c.parentId), n++) names.push(c.name.en ?? "");
    return names;
  };
  const chains = new Map(cats.map((c) => [c.id, chain(c.id)]));
  const brandEn = new Map(brandRows.map((b) => [b.id, b.name.en ?? ""]));
  return (q: LabelledQuery, categoryId: number, brandId: number | null): boolean =>
    (chains.get(categoryId) ?? []).some((n) => q.categories.includes(n)) &&
    (q.brand === undefined || (brandId !== null && brandEn.get(brandId) === q.brand));
}

export async function evaluateSearch(db: Db, queries: readonly LabelledQuery[]): Promise<QueryScore[]> {
  const relevantTo = await loadRules(db);
  // Products on sale in open shops, by category and brand (the denominators of recall).
  const groups = await db
    .select({ categoryId: products.categoryId, brandId: products.brandId, n: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(and(eq(products.status, 1), eq(shops.shopStatus, 1)))
    .groupBy(products.categoryId, products.brandId);
  const scores: QueryScore[] = [];
  for (const query of queries) {
    const t0 = performance.now();
    const top = await searchProducts(db, query.lang, { keyword: query.q, current: 1, size: 10 });
    const ms = performance.now() - t0;
    const deep = await searchProducts(db, query.lang, { keyword: query.q, current: 1, size: RECALL_DEPTH });
    const ids = deep.records.map((r) => r.prodId);
    const rows = ids.length
      ? await db
          .select({ id: products.prodId, categoryId: products.categoryId, brandId: products.brandId })
          .from(products)
          .where(inArray(products.prodId, ids))
      : [];
    const isRelevant = new Map(rows.map((r) => [r.id, relevantTo(query, r.categoryId, r.brandId)]));
    const relevant = groups.reduce((n, g) => n + (relevantTo(query, g.categoryId, g.brandId) ? g.n : 0), 0);
    const k = Math.min(PRECISION_DEPTH, relevant);
    const hitsK = top.records.slice(0, k).filter((r) => isRelevant.get(r.prodId)).length;
    const hits100 = ids.filter((id) => isRelevant.get(id)).length;
    scores.push({
      query,
      total: top.total,
      precision10: k ? hitsK / k : 0,
      recall100: relevant ? hits100 / Math.min(relevant, RECALL_DEPTH) : 0,
      relevant,
      ms,
      shown: top.searchNote?.shown ?? null,
    });
  }
  return scores;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : 0;
};

/** The scores of each language (in the order they first occur). */
export function byLanguage(scores: readonly QueryScore[]): LanguageScore[] {
  const langs = [...new Set(scores.map((s) => s.query.lang))];
  return langs.map((lang) => {
    const mine = scores.filter((s) => s.query.lang === lang);
    const judged = mine.filter((s) => s.relevant > 0);
    const ms = mine.map((s) => s.ms);
    return {
      lang,
      queries: mine.length,
      judged: judged.length,
      precision10: mean(judged.map((s) => s.precision10)),
      recall100: mean(judged.map((s) => s.recall100)),
      zeroRate: mine.filter((s) => s.total === 0).length / Math.max(1, mine.length),
      p50Ms: quantile(ms, 0.5),
      p95Ms: quantile(ms, 0.95),
    };
  });
}
