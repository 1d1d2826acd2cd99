/**
 * A shopper's keyword as a full-text query (docs/search.md "Matching"): every query word must
 * match somewhere — the product's own search vector (its names and parameters), its brand, a
 * category of its path or its shop, each by its own names — as itself or one of its synonyms; a
 * Chinese word of three or more characters matches as a word or as all its bigrams, taken from one
 * name; a latin word by prefix (phon → phone, pinyin shou → shouji) or by its English stem. When
 * nothing matches, relaxSteps says what to try next.
 */
import { and, sql, type SQL } from "drizzle-orm";
import { brands, categories, products, shops } from "../../db/schema/index.ts";
import type { SearchNote } from "../../../lib/catalog/product-types.ts";
import {
  analyzeQuery,
  correctWord,
  isCjkWord,
  queryText,
  singular,
  type QueryWord,
  type SynonymMap,
} from "./search-analyzer.ts";

/**
 * Where a query word matches a product (docs/search.md "Ranking"): A its names (products.search_vec),
 * B its brand, C its category path (each by its own vector, migration 0035), D its parameters
 * (products.param_vec) or its shop.
 */
export type SearchField = "A" | "B" | "C" | "D";

/**
 * What a query word scores where it matches (docs/search.md "Ranking"): a word in the name
 * outweighs any number of words in the brand, a brand word any category word, and so on — each
 * step is more than the sum of all steps below it for a keyword of up to MAX_QUERY_WORDS words.
 */
export const FIELD_SCORES: Readonly<Record<SearchField, number>> = { A: 729, B: 81, C: 9, D: 1 };

/** A term as a tsquery literal ('…' with quotes and backslashes escaped); prefix adds :*. */
export function tsLiteral(term: string, prefix = false): string {
  return `'${term.replace(/\\/g, "\\\\").replace(/'/g, "''")}'${prefix ? ":*" : ""}`;
}

/** The tsquery text of a Chinese word: itself, or for 3+ characters itself or all its bigrams. */
export function cjkQuery(word: string): string {
  if (word.length <= 2) return tsLiteral(word);
  const bigrams = [];
  for (let i = 0; i + 1 < word.length; i++) bigrams.push(tsLiteral(word.slice(i, i + 2)));
  return `(${tsLiteral(word)} | (${[...new Set(bigrams)].join(" & ")}))`;
}

function wordQuery(word: string): SQL {
  if (isCjkWord(word)) return sql`${cjkQuery(word)}::tsquery`;
  return sql`(${tsLiteral(word, true)}::tsquery || plainto_tsquery('english', ${word}))`;
}

/** One query word as a tsquery: any of its alternatives, each alternative's words together. */
export function wordTsQuery(qw: QueryWord): SQL {
  const alts = qw.alternatives.map(
    (alt) =>
      sql`(${sql.join(
        alt.map((w) => wordQuery(w)),
        sql` && `,
      )})`,
  );
  return sql`(${sql.join(alts, sql` || `)})`;
}

/**
 * A query word and the brands, platform categories and shops whose own names it matches
 * (namesMatchQuery): it matches a product whose own vector has it, or whose brand, category (the
 * category itself or one above it) or shop is one of these.
 */
export interface WordMatch {
  word: QueryWord;
  brands: readonly number[];
  /** Categories whose name, parent's name or grandparent's name has the word: a product's whole path. */
  categories: readonly number[];
  shops: readonly number[];
}

/**
 * The statement that reads, for each query word, the brands, categories and shops whose own
 * vectors (migration 0035) match it: rows {i, brands, categories, shops}, i the word's index. A
 * word's bigrams must come from one name (智能手机 is not 智能设备 + 手机数码).
 */
export function namesMatchQuery(qws: readonly QueryWord[]): SQL {
  const words = sql.join(
    qws.map((qw, i) => sql`(${sql.raw(String(i))}, ${wordTsQuery(qw)})`),
    sql`, `,
  );
  return sql`select w.i,
      array(select b.brand_id from ${brands} b where b.search_vec @@ w.q order by 1) as brands,
      array(select c.category_id from ${categories} c
        left join ${categories} p on p.category_id = c.parent_id
        left join ${categories} g on g.category_id = p.parent_id
        where c.shop_id = 0 and (c.search_vec @@ w.q or p.search_vec @@ w.q or g.search_vec @@ w.q) order by 1) as categories,
      array(select s.shop_id from ${shops} s where s.search_vec @@ w.q order by 1) as shops
    from (values ${words}) w(i, q) order by w.i`;
}

/** `column = any('{…}')` of ids read from the database (integers only). */
export function anyOf(column: SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.raw(`'{${ids.map((id) => Math.trunc(Number(id))).join(",")}}'::int[]`)})`;
}

/**
 * The condition that every query word matches the product (AND of the words): in its names, its
 * parameters, its brand, its category path or its shop — each an index (GIN of the vectors, btree
 * of the ids). Null without words.
 */
export function matchCondition(ms: readonly WordMatch[]): SQL | null {
  if (ms.length === 0) return null;
  const conds = ms.map((m) => {
    const q = wordTsQuery(m.word);
    const parts = [sql`${products.searchVec} @@ ${q}`, sql`${products.paramVec} @@ ${q}`];
    if (m.brands.length) parts.push(anyOf(sql`${products.brandId}`, m.brands));
    if (m.categories.length) parts.push(anyOf(sql`${products.categoryId}`, m.categories));
    if (m.shops.length) parts.push(anyOf(sql`${products.shopId}`, m.shops));
    return sql`(${sql.join(parts, sql` or `)})`;
  });
  return and(...conds)!;
}

/**
 * The condition that every query word is in the product's names: the best relevance a product
 * can have (the bounded ranking's candidates, product-list.ts), answered by the names' index alone.
 */
export function namesCondition(ms: readonly WordMatch[]): SQL | null {
  if (ms.length === 0) return null;
  return sql`${products.searchVec} @@ (${sql.join(
    ms.map((m) => wordTsQuery(m.word)),
    sql` && `,
  )})`;
}

/**
 * Text relevance of a product to query words (docs/search.md "Ranking"): each word scores
 * FIELD_SCORES of the best field it matches in — its names, then its brand, then its category
 * path, else its parameters or shop — summed over the words. Ties are left to sales, rating and
 * freshness.
 */
export function relevance(ms: readonly WordMatch[]): SQL {
  if (ms.length === 0) return sql`0`;
  const score = (f: SearchField) => sql.raw(String(FIELD_SCORES[f]));
  const per = ms.map((m) => {
    const tiers = [sql`when ${products.searchVec} @@ ${wordTsQuery(m.word)} then ${score("A")}`];
    if (m.brands.length) tiers.push(sql`when ${anyOf(sql`${products.brandId}`, m.brands)} then ${score("B")}`);
    if (m.categories.length)
      tiers.push(sql`when ${anyOf(sql`${products.categoryId}`, m.categories)} then ${score("C")}`);
    return sql`(case ${sql.join(tiers, sql` `)} else ${score("D")} end)`;
  });
  return sql`(${sql.join(per, sql` + `)})`;
}

/** Query words with their latin typos corrected (iphnoe → iphone); the pairs [typed, used]. */
export function correctWords(
  qws: readonly QueryWord[],
  vocabulary: ReadonlyMap<string, number>,
  synonyms: SynonymMap = new Map(),
): { words: QueryWord[]; corrected: [string, string][] } {
  const corrected: [string, string][] = [];
  const words = qws.map((qw) => {
    if (qw.alternatives.length > 1) return qw;
    const fixed = correctWord(qw.text, vocabulary);
    if (!fixed) return qw;
    corrected.push([qw.text, fixed]);
    return analyzeQuery(fixed, synonyms)[0] ?? { text: fixed, alternatives: [[fixed]] };
  });
  return { words, corrected };
}

/**
 * What to search when the words match nothing together, in order: without the words that match
 * nothing even alone (`alone[i]` false), then dropping words from the end one at a time, down to
 * the first word that matches anything. Each step keeps at least one word.
 */
export function relaxSteps(qws: readonly QueryWord[], alone: readonly boolean[]): QueryWord[][] {
  const matching = qws.filter((_, i) => alone[i]);
  const steps: QueryWord[][] = [];
  if (matching.length > 0 && matching.length < qws.length) steps.push(matching);
  for (let n = matching.length - 1; n >= 1; n--) steps.push(matching.slice(0, n));
  return steps;
}

/** The note shown with relaxed or corrected matches (null when the keyword was searched as typed). */
export function searchNote(
  asked: readonly QueryWord[],
  shown: readonly QueryWord[],
  corrected: [string, string][],
): SearchNote | null {
  const kept = new Set(shown.map((w) => w.text));
  const fixedTo = new Map(corrected.map(([a, b]) => [a, b]));
  const dropped = asked.map((w) => w.text).filter((t) => !kept.has(fixedTo.get(t) ?? t));
  const used = corrected.filter(([, b]) => kept.has(b));
  if (dropped.length === 0 && used.length === 0) return null;
  return { asked: queryText(asked), shown: queryText(shown), corrected: used, dropped };
}

/**
 * Whether words name a category by its whole name (an English plural folded to its singular:
 * monitor names Monitors) — a stronger intent than naming its head only (namesCategory).
 */
export function namesCategoryWhole(asked: readonly string[], name: readonly string[]): boolean {
  if (asked.length === 0 || asked.length !== name.length) return false;
  return asked.every((w, i) => w === name[i] || singular(w) === singular(name[i]!));
}

/**
 * Whether words name a category by its name's words: the whole name, or its head — Chinese
 * category names end with what they are (老人手机 and 智能手机 are 手机, 手机壳 is not), English
 * ones with their last word (senior phones and mobile phones are phones, phone cases are not).
 */
export function namesCategory(asked: readonly string[], name: readonly string[]): boolean {
  if (asked.length === 0 || name.length === 0) return false;
  if (namesCategoryWhole(asked, name)) return true;
  if (asked.every(isCjkWord) && name.every(isCjkWord)) return name.join("").endsWith(asked.join(""));
  const latin = (w: string) => /^[a-z0-9]+$/.test(w);
  if (!asked.every(latin) || !name.every(latin)) return false;
  const nameWords = new Set(name.map(singular));
  return (
    singular(asked[asked.length - 1]!) === singular(name[name.length - 1]!) &&
    asked.every((w) => nameWords.has(singular(w)))
  );
}

/** The categories a keyword names (intentCategories): by their whole name, and by their head only. */
export interface CategoryIntent {
  /** Named by the whole name (monitor → Monitors, 智能手机 → 智能手机). */
  whole: number[];
  /** Named by the head only, and not by a whole name (monitor → Blood Pressure Monitors, 手机 → 老人手机). */
  head: number[];
}

/**
 * Category intent: the platform categories a query word (or one of its synonyms) names
 * (namesCategory), e.g. 手机 → 智能手机 and 老人手机; their products come first among equally
 * relevant ones, those named by their whole name before those named by their head only (monitor:
 * Monitors before Blood Pressure Monitors). `categoryByName`: a category name's words joined by
 * spaces → its ids.
 */
export function intentCategories(
  qws: readonly QueryWord[],
  categoryByName: ReadonlyMap<string, readonly number[]>,
): CategoryIntent {
  const whole = new Set<number>();
  const head = new Set<number>();
  for (const [name, cats] of categoryByName) {
    const nameWords = name.split(" ");
    const alts = qws.flatMap((qw) => qw.alternatives);
    const into = alts.some((alt) => namesCategoryWhole(alt, nameWords))
      ? whole
      : alts.some((alt) => namesCategory(alt, nameWords))
        ? head
        : null;
    if (into) for (const id of cats) into.add(id);
  }
  return { whole: [...whole], head: [...head].filter((id) => !whole.has(id)) };
}
