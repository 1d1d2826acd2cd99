/**
 * What the search analyzer knows of this mall (docs/search.md "Synonyms"): the platform's synonym
 * sets and brand aliases (search_synonyms), the brands' names (华为 = 華為 = Huawei), the platform
 * categories' names (category intent) and, for typo correction, the latin words of the brand,
 * category and best-selling product names. Kept per process for LEXICON_MAX_AGE_MS, and dropped
 * as soon as the change feed says the synonyms changed (LEXICON_TAG); the words go into jieba's
 * user dictionary (a word of a removed set stays there until the process restarts: it only
 * segments).
 */
import { eq, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client.ts";
import { brands, categories, searchSynonyms } from "../../db/schema/index.ts";
import { addUserWords, normalizeText, synonymMap, words, type SynonymMap } from "./search-analyzer.ts";

/** How long a process keeps the lexicon before reading it again. */
export const LEXICON_MAX_AGE_MS = 5_000;
/** How long the vocabulary of typo correction is kept. */
const VOCABULARY_MAX_AGE_MS = 10 * 60_000;
/** The vocabulary reads the names of this many best-selling products. */
const VOCABULARY_PRODUCTS = 20_000;

export interface Lexicon {
  synonyms: SynonymMap;
  /** Normalised words of a platform category's name (any language, any level) → its ids. */
  categoryByName: ReadonlyMap<string, readonly number[]>;
  /** Normalised words of a brand's name (any language) → its id. */
  brandByName: ReadonlyMap<string, number>;
}

const lexicons = new WeakMap<Db, { at: number; lexicon: Promise<Lexicon> }>();
const vocabularies = new WeakMap<Db, { at: number; words: Promise<Map<string, number>> }>();

/**
 * The change-feed tag of a change of the synonym sets (migration 0030's trigger on
 * search_synonyms): every process drops its lexicon (forgetLexicon) when it reads it.
 */
export const LEXICON_TAG = "search-lexicon";

/** Drops this process's lexicon and typo vocabulary of `db`: the next search reads them again. */
export function forgetLexicon(db: Db): void {
  lexicons.delete(db);
  vocabularies.delete(db);
}

export function loadLexicon(db: Db, now = Date.now()): Promise<Lexicon> {
  const cached = lexicons.get(db);
  if (cached && now - cached.at < LEXICON_MAX_AGE_MS) return cached.lexicon;
  const lexicon = readLexicon(db);
  lexicons.set(db, { at: now, lexicon });
  lexicon.catch(() => {
    if (lexicons.get(db)?.lexicon === lexicon) lexicons.delete(db);
  });
  return lexicon;
}

const texts = (v: Record<string, string | undefined>) =>
  [v.zh, v["zh-tw"], v.en].filter((t): t is string => !!t && t.trim().length > 0);

async function readLexicon(db: Db): Promise<Lexicon> {
  const [sets, brandRows, categoryRows] = await Promise.all([
    db.select({ words: searchSynonyms.words, brandId: searchSynonyms.brandId }).from(searchSynonyms),
    db.select({ brandId: brands.brandId, name: brands.name }).from(brands).where(eq(brands.status, 1)),
    db
      .select({ categoryId: categories.categoryId, name: categories.name })
      .from(categories)
      .where(sql`${categories.shopId} = 0 and ${categories.status} = 1`),
  ]);
  const brandNames = new Map(brandRows.map((b) => [b.brandId, texts(b.name)]));
  // The dictionary first, so the sets' words are segmented as words.
  addUserWords([
    ...sets.flatMap((s) => s.words),
    ...[...brandNames.values()].flat(),
    ...categoryRows.flatMap((c) => texts(c.name)),
  ]);
  const groups: string[][] = [];
  for (const s of sets) groups.push([...s.words, ...(s.brandId !== null ? (brandNames.get(s.brandId) ?? []) : [])]);
  for (const names of brandNames.values()) if (names.length > 1) groups.push(names);
  const brandByName = new Map<string, number>();
  for (const [id, names] of brandNames) for (const n of names) brandByName.set(words(n).join(" "), id);
  for (const s of sets) if (s.brandId !== null) for (const w of s.words) brandByName.set(words(w).join(" "), s.brandId);
  const categoryByName = new Map<string, number[]>();
  for (const c of categoryRows)
    for (const n of texts(c.name)) {
      const key = words(n).join(" ");
      if (key) categoryByName.set(key, [...new Set([...(categoryByName.get(key) ?? []), c.categoryId])]);
    }
  return { synonyms: synonymMap(groups), categoryByName, brandByName };
}

/**
 * Latin words the index knows, with how often they occur (typo correction): the brand and
 * category names, the synonym words and the English names of the best-selling products.
 */
export function loadVocabulary(db: Db, now = Date.now()): Promise<Map<string, number>> {
  const vocabulary = vocabularies.get(db);
  if (vocabulary && now - vocabulary.at < VOCABULARY_MAX_AGE_MS) return vocabulary.words;
  const p = (async () => {
    const rows = rowsOf<{ text: string }>(
      await db.execute(sql`select string_agg(prod_name, ' ') as text from (
        select t.prod_name from products p join product_translations t on t.prod_id = p.prod_id and t.locale = 'en'
        where p.status = 1 order by p.sold_num desc limit ${VOCABULARY_PRODUCTS}) x
        union all select string_agg(coalesce(name->>'en', ''), ' ') from brands
        union all select string_agg(coalesce(name->>'en', ''), ' ') from categories where shop_id = 0
        union all select string_agg(array_to_string(words, ' '), ' ') from search_synonyms`),
    );
    const counts = new Map<string, number>();
    for (const r of rows)
      for (const w of normalizeText(r.text ?? "").match(/[a-z]{2,}/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
    return counts;
  })();
  vocabularies.set(db, { at: now, words: p });
  p.catch(() => {
    if (vocabularies.get(db)?.words === p) vocabularies.delete(db);
  });
  return p;
}
