/**
 * A shopper's keyword as a full-text query (docs/search.md "Matching"): every query word must
 * match somewhere in the product's search vector (its names, brand, category path, parameters or
 * shop) as itself or one of its synonyms; a Chinese word of three or more characters matches as a
 * word or as all its bigrams; a latin word by prefix (phon → phone, pinyin shou → shouji) or by its
 * English stem. When nothing matches, relaxSteps says what to try next.
 */
import { sql, type SQL } from "drizzle-orm";
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
 * The fields of a product's search vector by their weight label (migration 0025): A its names,
 * B its brand, C its category path, D its parameters and shop.
 */
export type SearchField = "A" | "B" | "C" | "D";

/**
 * What a query word scores where it matches (docs/search.md "Ranking"): a word in the name
 * outweighs any number of words in the brand, a brand word any category word, and so on — each
 * step is more than the sum of all steps below it for a keyword of up to MAX_QUERY_WORDS words.
 */
export const FIELD_SCORES: Readonly<Record<SearchField, number>> = { A: 729, B: 81, C: 9, D: 1 };

/** The fields a word is tried in, best first (the last, D, needs no test: the word matched somewhere). */
const TIERS: readonly SearchField[] = ["A", "B", "C"];

/**
 * A term as a tsquery literal ('…' with quotes and backslashes escaped); prefix adds :*, weight
 * restricts the match to lexemes of that weight (one field: 'phone':*A).
 */
export function tsLiteral(term: string, prefix = false, weight: SearchField | "" = ""): string {
  const label = prefix || weight ? `:${prefix ? "*" : ""}${weight}` : "";
  return `'${term.replace(/\\/g, "\\\\").replace(/'/g, "''")}'${label}`;
}

/** The tsquery text of a Chinese word: itself, or for 3+ characters itself or all its bigrams. */
export function cjkQuery(word: string, weight: SearchField | "" = ""): string {
  if (word.length <= 2) return tsLiteral(word, false, weight);
  const bigrams = [];
  for (let i = 0; i + 1 < word.length; i++) bigrams.push(tsLiteral(word.slice(i, i + 2), false, weight));
  return `(${tsLiteral(word, false, weight)} | (${[...new Set(bigrams)].join(" & ")}))`;
}

/**
 * A latin word's English stem query, restricted to one field: to_tsquery reads `word:A` (the
 * word is [a-z0-9]+ only, so nothing in it is tsquery syntax).
 */
function stemQuery(word: string, weight: SearchField | ""): SQL {
  if (!weight || !/^[a-z0-9]+$/.test(word)) return sql`plainto_tsquery('english', ${word})`;
  return sql`to_tsquery('english', ${`${word}:${weight}`})`;
}

function wordQuery(word: string, weight: SearchField | "" = ""): SQL {
  if (isCjkWord(word)) return sql`${cjkQuery(word, weight)}::tsquery`;
  return sql`(${tsLiteral(word, true, weight)}::tsquery || ${stemQuery(word, weight)})`;
}

/** The tsquery of query words (AND of the words, OR of each word's alternatives); null for none. */
export function wordsQuery(qws: readonly QueryWord[]): SQL | null {
  if (qws.length === 0) return null;
  return sql`(${sql.join(
    qws.map((qw) => wordAlternatives(qw)),
    sql` && `,
  )})`;
}

/** One query word: any of its alternatives, each alternative's words together, in one field or any. */
function wordAlternatives(qw: QueryWord, weight: SearchField | "" = ""): SQL {
  const alts = qw.alternatives.map(
    (alt) =>
      sql`(${sql.join(
        alt.map((w) => wordQuery(w, weight)),
        sql` && `,
      )})`,
  );
  return sql`(${sql.join(alts, sql` || `)})`;
}

/**
 * Text relevance of a product's search vector `vec` to query words (docs/search.md "Ranking"):
 * each word scores FIELD_SCORES of the best field it matches in — name, then brand, then category
 * path, else parameters or shop — summed over the words. Ties are left to sales,
 * rating and freshness.
 */
export function relevance(vec: SQL, qws: readonly QueryWord[]): SQL {
  if (qws.length === 0) return sql`0`;
  const per = qws.map(
    (qw) =>
      sql`(case ${sql.join(
        TIERS.map((f) => sql`when ${vec} @@ ${wordAlternatives(qw, f)} then ${sql.raw(String(FIELD_SCORES[f]))}`),
        sql` `,
      )} else ${sql.raw(String(FIELD_SCORES.D))} end)`,
  );
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
