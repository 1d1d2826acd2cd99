/**
 * No dead ends (docs/search.md "No dead ends"): what a keyword that found nothing, even relaxed,
 * is offered instead — keywords it may have meant (its latin words corrected with a looser budget
 * than the search's own correction), the categories with goods whose names share its words, and
 * whether it finds goods without the page's other filters. The page adds the hot words.
 */
import type { CategoryCrumbItem, SearchHelp } from "../../../lib/catalog/product-types.ts";
import { collectDescendantIds, type CategoryRow } from "./catalog.ts";
import { correctWord, isCjkWord, singular, typoBudget, type QueryWord } from "./search-analyzer.ts";
import { namesCategory } from "./search-query.ts";

/** At most this many related categories and corrections. */
export const HELP_CATEGORIES = 8;
const HELP_CORRECTIONS = 3;

/**
 * How closely a category name (its words) relates to query words: 3 it is named by one (whole
 * name or head, namesCategory), 2 its name contains one, 1 it shares a two-character piece of a
 * Chinese word or a latin word's stem; 0 unrelated. The best over the words and their alternatives.
 */
export function categoryRelation(qws: readonly QueryWord[], name: readonly string[]): number {
  const joined = name.join("");
  const nameWords = new Set(name.map(singular));
  let best = 0;
  for (const qw of qws)
    for (const alt of qw.alternatives) {
      if (namesCategory(alt, name)) return 3;
      const text = alt.join("");
      if (alt.every(isCjkWord)) {
        if (joined.includes(text)) best = Math.max(best, 2);
        else
          for (let i = 0; i + 1 < text.length; i++)
            if (joined.includes(text.slice(i, i + 2))) {
              best = Math.max(best, 1);
              break;
            }
      } else if (alt.every((w) => nameWords.has(singular(w)))) best = Math.max(best, 2);
      else if (alt.some((w) => w.length >= 3 && nameWords.has(singular(w)))) best = Math.max(best, 1);
    }
  return best;
}

/** Categories related to query words (categoryRelation > 0) with their relation. `categoryByName`: a name's words joined by spaces → ids. */
export function scoreCategories(
  qws: readonly QueryWord[],
  categoryByName: ReadonlyMap<string, readonly number[]>,
): Map<number, number> {
  const score = new Map<number, number>();
  for (const [name, ids] of categoryByName) {
    const s = categoryRelation(qws, name.split(" "));
    if (s > 0) for (const id of ids) score.set(id, Math.max(score.get(id) ?? 0, s));
  }
  return score;
}

/**
 * The related categories to offer, most related first (then deeper, then the tree's order), at
 * most HELP_CATEGORIES: only those in the tree with goods on sale in them or below (`withGoods`).
 */
export function relatedCategories(
  score: ReadonlyMap<number, number>,
  rows: readonly CategoryRow[],
  withGoods: ReadonlySet<number>,
): number[] {
  const byId = new Map(rows.map((r) => [r.categoryId, r]));
  return [...score]
    .filter(([id]) => byId.has(id) && collectDescendantIds(rows, id).some((c) => withGoods.has(c)))
    .sort(
      ([a, sa], [b, sb]) =>
        sb - sa || byId.get(b)!.grade - byId.get(a)!.grade || byId.get(a)!.seq - byId.get(b)!.seq || a - b,
    )
    .slice(0, HELP_CATEGORIES)
    .map(([id]) => id);
}

/**
 * Keywords the typed one may have meant: each latin word replaced by the closest known word one
 * edit further than the search's own correction allows (words of three letters or fewer stay).
 * [] when no word changes.
 */
export function looseCorrections(qws: readonly QueryWord[], vocabulary: ReadonlyMap<string, number>): string[] {
  let changed = false;
  const text = qws.map((qw) => {
    if (qw.alternatives.length > 1 || qw.text.length <= 3) return qw.text;
    const fixed = correctWord(qw.text, vocabulary, typoBudget(qw.text.length) + 1);
    if (!fixed) return qw.text;
    changed = true;
    return fixed;
  });
  return changed ? [text.join(" ")] : [];
}

/** The path from level 1 of each category, as crumbs in `locale`. */
export function categoryCrumbs(
  ids: readonly number[],
  rows: readonly CategoryRow[],
  name: (r: CategoryRow) => string,
): CategoryCrumbItem[][] {
  const byId = new Map(rows.map((r) => [r.categoryId, r]));
  return ids.map((id) => {
    const path: CategoryCrumbItem[] = [];
    for (let cur = byId.get(id); cur && path.length < 3; cur = byId.get(cur.parentId))
      path.unshift({ categoryId: cur.categoryId, categoryName: name(cur), level: 1 });
    return path.map((c, i) => ({ ...c, level: (i + 1) as 1 | 2 | 3 }));
  });
}

export interface HelpInputs {
  keyword: string;
  words: readonly QueryWord[];
  categoryByName: ReadonlyMap<string, readonly number[]>;
  /** The platform's active categories. */
  rows: readonly CategoryRow[];
  vocabulary: ReadonlyMap<string, number>;
  /** Whether the page filtered by more than the keyword (category, brand, price, shop…). */
  filtered: boolean;
  /** Which of these categories have goods on sale. */
  withGoods: (categoryIds: readonly number[]) => Promise<ReadonlySet<number>>;
  /** Whether a keyword finds goods, with the page's other filters or without. */
  finds: (keyword: string, withFilters: boolean) => Promise<boolean>;
  /** A category's name in the page's language. */
  name: (r: CategoryRow) => string;
  /** The query words of a keyword (the analyzer with the platform's synonyms). */
  analyze: (keyword: string) => QueryWord[];
}

/** The help of a keyword that found nothing (SearchHelp). */
export async function searchHelp(input: HelpInputs): Promise<SearchHelp> {
  const candidates = looseCorrections(input.words, input.vocabulary).slice(0, HELP_CORRECTIONS);
  // The categories of what was typed and of what it may have meant.
  const score = scoreCategories([...input.words, ...candidates.flatMap(input.analyze)], input.categoryByName);
  const below = [...new Set([...score.keys()].flatMap((id) => collectDescendantIds(input.rows, id)))];
  const [corrections, withoutFilters, withGoods] = await Promise.all([
    Promise.all(candidates.map(async (k) => ((await input.finds(k, input.filtered)) ? k : null))),
    input.filtered ? input.finds(input.keyword, false) : Promise.resolve(false),
    below.length ? input.withGoods(below) : Promise.resolve(new Set<number>()),
  ]);
  return {
    corrections: corrections.filter((k): k is string => k !== null),
    categories: categoryCrumbs(relatedCategories(score, input.rows, withGoods), input.rows, input.name),
    withoutFilters,
  };
}
