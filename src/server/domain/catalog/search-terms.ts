/**
 * How a search keyword becomes a full-text query (docs/search.md). The database indexes each
 * product's names as terms (migration 0016_search_scale.sql, `search_terms`): lower-cased latin
 * words and digits, and every CJK character and pair of neighbouring CJK characters. A keyword
 * is split the same way: a CJK run of two or more characters must contain all its bigrams
 * (手机壳 → 手机 & 机壳), one CJK character must be there itself, and a latin word matches as a
 * prefix (phon → phone) or by its English stem (phones → phone). Every part must match (AND).
 */

/** A keyword split into query parts. */
export interface KeywordTerms {
  /** CJK characters and bigrams, each must be a term of the product. */
  cjk: string[];
  /** Latin words and numbers (lower case), each matches a term by prefix or an English stem. */
  words: string[];
}

/** At most this many parts are used (a 50-character keyword could make ~50 bigrams). */
export const MAX_TERMS = 16;

const RUN = /([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[a-z0-9]+)/g;

/** The parts of a keyword; null when it holds no searchable character (only punctuation, emoji…). */
export function keywordTerms(keyword: string): KeywordTerms | null {
  const cjk: string[] = [];
  const words: string[] = [];
  for (const [run] of keyword.toLowerCase().matchAll(RUN)) {
    if (/^[a-z0-9]/.test(run)) words.push(run);
    else if (run.length === 1) cjk.push(run);
    else for (let i = 0; i + 1 < run.length; i++) cjk.push(run.slice(i, i + 2));
  }
  const uniqueCjk = [...new Set(cjk)];
  const uniqueWords = [...new Set(words)];
  if (uniqueCjk.length + uniqueWords.length === 0) return null;
  return {
    cjk: uniqueCjk.slice(0, MAX_TERMS),
    words: uniqueWords.slice(0, Math.max(0, MAX_TERMS - uniqueCjk.length)),
  };
}

/** A term as a tsquery literal ('…' with quotes and backslashes escaped); prefix adds :*. */
export function tsLiteral(term: string, prefix = false): string {
  return `'${term.replace(/\\/g, "\\\\").replace(/'/g, "''")}'${prefix ? ":*" : ""}`;
}
