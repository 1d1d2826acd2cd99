/**
 * The search analyzer (docs/search.md "Words"): one way of turning text into words, used when a
 * product is indexed (search-index.ts) and when a shopper's keyword is read (product-list.ts,
 * search-suggest.ts).
 *
 * - normalise: NFKC (full-width → half-width), lower case, control characters → space,
 *   traditional → simplified characters (OpenCC), so 藍牙耳機 and 蓝牙耳机 are one keyword;
 * - words: Chinese segmented with jieba (@node-rs/jieba) and a user dictionary of brand,
 *   category and synonym words (the lexicon, search-lexicon.ts), latin words and numbers as runs
 *   of [a-z0-9];
 * - synonyms: a word (or a run of up to three words) that is in a synonym set may be any word of
 *   the set (耳机 = earphones = earbuds);
 * - pinyin: the index also keeps the toneless pinyin of each Chinese word (手机 → shouji).
 *
 * The database keeps every CJK character and bigram of the names too (migration
 * 0025_search_words.sql), so a Chinese word of three or more characters matches either as a
 * word or as all its bigrams (a partial word still matches).
 */
import { Jieba } from "@node-rs/jieba";
import { dict } from "@node-rs/jieba/dict.js";
import * as OpenCC from "opencc-js";
import { pinyin } from "pinyin-pro";

/** A keyword is read up to this many characters (the search box allows 50). */
export const MAX_KEYWORD_CHARS = 50;
/** At most this many words of a keyword are matched (the rest is ignored). */
export const MAX_QUERY_WORDS = 8;
/** At most this many alternatives (the word and its synonyms) per word. */
export const MAX_ALTERNATIVES = 6;

const CJK = "\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff";
const CJK_CHAR = new RegExp(`^[${CJK}]+$`);
const LATIN = /^[a-z0-9]+$/;
const TOKEN = new RegExp(`[${CJK}]+|[a-z0-9]+`, "g");
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

let toSimplified: ((s: string) => string) | null = null;

/** NFKC, lower case, control characters as spaces, traditional characters as simplified. */
export function normalizeText(text: string): string {
  toSimplified ??= OpenCC.Converter({ from: "t", to: "cn" });
  return toSimplified(text.normalize("NFKC").replace(CONTROL, " ").toLowerCase());
}

/** A word of the lexicon (kept simplified) as Taiwan readers write it: the one conversion of generated zh-tw texts. */
export { taiwanText } from "../kernel/taiwan-text.ts";

let jieba: Jieba | null = null;
const userWords = new Set<string>();

/** The segmenter with its dictionary (loaded on first use, ~0.3 s). */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/**
 * Adds words to jieba's user dictionary (brand names, category names, synonym words), so
 * 蓝牙耳机 or 香奈儿 stays one word. Words are only ever added (a dictionary cannot unlearn).
 */
export function addUserWords(words: Iterable<string>): void {
  const fresh: string[] = [];
  for (const raw of words) {
    const w = normalizeText(raw).trim();
    // Only Chinese words: latin words are split on spaces and punctuation anyway.
    if (w.length < 2 || w.length > 12 || !CJK_CHAR.test(w) || userWords.has(w)) continue;
    userWords.add(w);
    fresh.push(`${w} 200000 n`);
  }
  if (fresh.length) segmenter().loadDict(Buffer.from(fresh.join("\n")));
}

/** Whether a word is Chinese (CJK characters only). */
export function isCjkWord(word: string): boolean {
  return CJK_CHAR.test(word);
}

/**
 * The words of an already normalised text, in order: Chinese segmented by jieba, latin words and
 * numbers as runs of [a-z0-9]; punctuation, symbols and emoji are dropped.
 */
export function segment(normalized: string): string[] {
  const out: string[] = [];
  for (const [run] of normalized.matchAll(TOKEN)) {
    if (LATIN.test(run)) out.push(run);
    else if (run.length <= 1) out.push(run);
    else for (const w of segmenter().cut(run, false)) if (CJK_CHAR.test(w)) out.push(w);
  }
  return out;
}

/** The words of any text (normalised first). */
export function words(text: string): string[] {
  return segment(normalizeText(text));
}

/** Toneless pinyin of a Chinese word, syllables joined (手机 → shouji); "" for other words. */
export function pinyinOf(word: string): string {
  if (!isCjkWord(word)) return "";
  return pinyin(word, { toneType: "none", type: "array" })
    .join("")
    .replace(/[^a-z]/g, "");
}

/**
 * The extra index terms of a product's texts (search-index.ts): the jieba words (Chinese words
 * of two or more characters, latin words) and the pinyin of each Chinese word. Character and
 * bigram terms are made by the database itself.
 */
export function documentTerms(texts: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    for (const w of words(text)) {
      if (isCjkWord(w)) {
        if (w.length >= 2) {
          terms.add(w);
          const py = pinyinOf(w);
          if (py.length >= 2) terms.add(py);
        }
      } else terms.add(w);
    }
  }
  return [...terms];
}

/**
 * A key that near-identical names share (the same set of words, whatever their order or
 * repeats): "香奈儿 雾面口红 经典款 经典款" and "香奈儿 雾面口红 经典款" are one.
 */
export function duplicateKey(name: string): string {
  return [...new Set(words(name))].sort().join(" ");
}

/** An English word in the singular, enough for synonyms and category names (phones → phone, watches → watch, shoes → shoe). */
export function singular(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Synonym sets by the words they contain (search-lexicon.ts builds it from search_synonyms). */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;

/** Words of each set member (normalised, segmented, joined by one space) → every member of its sets. */
export function synonymMap(sets: readonly (readonly string[])[]): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const set of sets) {
    const keys = [...new Set(set.map((w) => words(w).join(" ")).filter((k) => k.length > 0))];
    for (const k of keys) {
      const s = map.get(k) ?? new Set<string>();
      for (const other of keys) s.add(other);
      map.set(k, s);
    }
  }
  return new Map([...map].map(([k, s]) => [k, [...s]]));
}

/** One word of a keyword (or a run of words a synonym set names) and what it may be. */
export interface QueryWord {
  /** The word(s) as typed (normalised). */
  text: string;
  /** Each alternative is a list of words that must all match: the word itself first, then its synonyms. */
  alternatives: string[][];
}

/**
 * A keyword as query words: normalised, cut at MAX_KEYWORD_CHARS, segmented, repeats dropped; a
 * run of up to three words that a synonym set names (as typed or in the singular) becomes one
 * query word whose alternatives are the set's members. An empty list when nothing is searchable (only punctuation, emoji…).
 */
export function analyzeQuery(keyword: string, synonyms: SynonymMap = new Map()): QueryWord[] {
  const ws = segment(normalizeText(keyword.slice(0, MAX_KEYWORD_CHARS)));
  const out: QueryWord[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < ws.length && out.length < MAX_QUERY_WORDS;) {
    let taken = 1;
    let alts: readonly string[] | undefined;
    for (let n = Math.min(3, ws.length - i); n >= 1; n--) {
      const run = ws.slice(i, i + n);
      // A plural names the set of its singular (phones → phone).
      alts = synonyms.get(run.join(" ")) ?? synonyms.get(run.map(singular).join(" "));
      if (alts) {
        taken = n;
        break;
      }
    }
    const text = ws.slice(i, i + taken).join(" ");
    i += taken;
    if (seen.has(text)) continue;
    seen.add(text);
    const alternatives = [text, ...(alts ?? []).filter((a) => a !== text)]
      .slice(0, MAX_ALTERNATIVES)
      .map((a) => a.split(" "));
    out.push({ text, alternatives });
  }
  return out;
}

/** The keyword the query words stand for, shown to the shopper ("no results for A B; showing A"). */
export function queryText(qws: readonly QueryWord[]): string {
  return qws.map((q) => q.text).join(" ");
}

/**
 * Edit distance (insertions, deletions, substitutions, and a swap of two neighbouring letters as
 * one edit: iphnoe → iphone), stopping early beyond `max` (answers max + 1 then).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return Math.min(prev[b.length]!, max + 1);
}

/** Edits allowed in a latin word of this length: none up to 3 letters, 1 up to 5, 2 beyond. */
export function typoBudget(length: number): number {
  return length <= 3 ? 0 : length <= 5 ? 1 : 2;
}

/**
 * The closest known word to a latin word the index does not have (iphnoe → iphone): the fewest
 * edits within `max` (typoBudget), then the most common; null when none is close enough. Numbers
 * and short words are never corrected.
 */
export function correctWord(
  word: string,
  vocabulary: ReadonlyMap<string, number>,
  max = typoBudget(word.length),
): string | null {
  if (!/^[a-z]+$/.test(word) || vocabulary.has(word)) return null;
  if (max === 0) return null;
  let best: string | null = null;
  let bestD = max + 1;
  let bestN = -1;
  for (const [known, n] of vocabulary) {
    const d = editDistance(word, known, max);
    if (d < bestD || (d === bestD && d <= max && n > bestN)) {
      if (d > max) continue;
      best = known;
      bestD = d;
      bestN = n;
    }
  }
  return best;
}
