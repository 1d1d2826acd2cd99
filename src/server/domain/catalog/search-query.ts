/**
 * A shopper's keyword as a full-text query (docs/search.md "Matching"): every query word must
 * match somewhere in the product's search vector (its names, brand, category path, parameters or
 * shop) as itself or one of its synonyms; a Chinese word of three or more characters matches as a
 * word or as all its bigrams; a latin word by prefix (phon → phone, pinyin shou → shouji) or by its
 * English stem. When nothing matches, relaxSteps says what to try next.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SearchNote } from "../../../lib/catalog/product-types.ts";
import { analyzeQuery, correctWord, isCjkWord, queryText, type QueryWord, type SynonymMap } from "./search-analyzer.ts";

/** A term as a tsquery literal ('…' with quotes and backslashes escaped); prefix adds :*. */
export function tsLiteral(term: string, prefix = false): string {
  return `'${term.replace(/\\/g, "\\\\").replace(/'/g, "''")}'${prefix ? ":*" : ""}`;
}

/**
 * The tsquery text of a Chinese word: itself, or for 3+ characters itself or all its bigrams.
 * `any`: the bigrams OR-ed (the ranking query).
 */
export function cjkQuery(word: string, any = false): string {
  if (word.length <= 2) return tsLiteral(word);
  const bigrams = [];
  for (let i = 0; i + 1 < word.length; i++) bigrams.push(tsLiteral(word.slice(i, i + 2)));
  return `(${tsLiteral(word)} | (${[...new Set(bigrams)].join(any ? " | " : " & ")}))`;
}

function wordQuery(word: string, any: boolean): SQL {
  if (isCjkWord(word)) return sql`${cjkQuery(word, any)}::tsquery`;
  return sql`(${tsLiteral(word, true)}::tsquery || plainto_tsquery('english', ${word}))`;
}

/**
 * The tsquery of query words (AND of the words, OR of each word's alternatives); null for none.
 * `any`: every term OR-ed — the query ts_rank weighs (an AND query is ranked by the distance
 * between positions, which the index's terms do not have).
 */
export function wordsQuery(qws: readonly QueryWord[], any = false): SQL | null {
  if (qws.length === 0) return null;
  const and = any ? sql` || ` : sql` && `;
  const parts = qws.map((qw) => {
    const alts = qw.alternatives.map(
      (alt) =>
        sql`(${sql.join(
          alt.map((w) => wordQuery(w, any)),
          and,
        )})`,
    );
    return sql`(${sql.join(alts, sql` || `)})`;
  });
  return sql`(${sql.join(parts, and)})`;
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
 * Category intent: the platform categories a query word (or one of its synonyms) names, e.g.
 * 手机 → the 手机 category; their products come first.
 */
export function intentCategories(
  qws: readonly QueryWord[],
  categoryByName: ReadonlyMap<string, readonly number[]>,
): number[] {
  const ids = new Set<number>();
  for (const qw of qws)
    for (const alt of qw.alternatives) for (const id of categoryByName.get(alt.join(" ")) ?? []) ids.add(id);
  return [...ids];
}
