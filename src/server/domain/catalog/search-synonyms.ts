/**
 * The synonym sets and brand aliases of the search, kept by the platform (docs/search.md
 * "Synonyms"; `/platform/search/synonyms`, `npm run ops -- synonyms`). A set is 2-20 words a
 * shopper may type for one thing (跑鞋 = 跑步鞋 = running shoes); a set with a brand names that
 * brand (its words are aliases of the brand: 苹果 = iPhone → Apple), and may then be one word.
 * Every write records "search-lexicon" and "search" in the change feed (migration 0030's trigger),
 * so every process searches with the new sets within the feed's interval (search-index.ts).
 */
import { asc, eq } from "drizzle-orm";
import { pickText, type Locale } from "../../../lib/locale.ts";
import type { Db } from "../../db/client.ts";
import { brands, searchSynonyms } from "../../db/schema/index.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { normalizeText } from "./search-analyzer.ts";

/** At most this many words in a set, each of at most WORD_MAX characters. */
export const SYNONYM_WORDS_MAX = 20;
export const SYNONYM_WORD_MAX = 30;

export interface SynonymSetInput {
  words: string[];
  /** The brand the words name (brand aliases), or null. */
  brandId: number | null;
}

export interface SynonymSetDto {
  synonymId: number;
  words: string[];
  brandId: number | null;
  /** The brand's name in the request's language ("" without brand). */
  brandName: string;
  updatedAt: string;
}

const CONTROL_RE = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * A set as sent (`{words, brandId}`): words trimmed, blanks left out, duplicates (after the
 * analyzer's folding: 藍牙耳機 = 蓝牙耳机, IPHONE = iphone) left out; refused (an i18n key under
 * catalog.synonyms) when the words are not a list of strings, a word is too long, has control
 * characters or nothing searchable, there are more than SYNONYM_WORDS_MAX, or fewer than two
 * without a brand (one with a brand); brandId is a positive integer or null/absent.
 */
export function checkSynonymSet(body: unknown): { set: SynonymSetInput } | { error: string } {
  const b = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (!Array.isArray(b.words) || !b.words.every((w) => typeof w === "string"))
    return { error: "catalog.synonyms.wordsRequired" };
  const brandId = b.brandId ?? null;
  if (
    brandId !== null &&
    !(typeof brandId === "number" && Number.isInteger(brandId) && brandId > 0 && brandId < 2 ** 31)
  )
    return { error: "catalog.synonyms.badBrand" };
  const seen = new Set<string>();
  const words: string[] = [];
  for (const raw of b.words as string[]) {
    const w = raw.trim().replace(/\s+/g, " ");
    if (!w) continue;
    if ([...w].length > SYNONYM_WORD_MAX || CONTROL_RE.test(w)) return { error: "catalog.synonyms.badWord" };
    const key = normalizeText(w).trim();
    if (!/[\p{L}\p{N}]/u.test(key)) return { error: "catalog.synonyms.badWord" };
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(w);
  }
  if (words.length > SYNONYM_WORDS_MAX) return { error: "catalog.synonyms.tooMany" };
  if (words.length < (brandId === null ? 2 : 1)) return { error: "catalog.synonyms.wordsRequired" };
  return { set: { words, brandId: brandId as number | null } };
}

/** Every set (or the one with `synonymId`), oldest first, with its brand's name in `locale`. */
export async function listSynonymSets(db: Db, locale: Locale, synonymId?: number): Promise<SynonymSetDto[]> {
  const rows = await db
    .select({
      synonymId: searchSynonyms.synonymId,
      words: searchSynonyms.words,
      brandId: searchSynonyms.brandId,
      brandName: brands.name,
      updatedAt: searchSynonyms.updatedAt,
    })
    .from(searchSynonyms)
    .leftJoin(brands, eq(brands.brandId, searchSynonyms.brandId))
    .where(synonymId === undefined ? undefined : eq(searchSynonyms.synonymId, synonymId))
    .orderBy(asc(searchSynonyms.synonymId));
  return rows.map((r) => ({
    synonymId: r.synonymId,
    words: r.words,
    brandId: r.brandId,
    brandName: r.brandName ? pickText(r.brandName, locale) : "",
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function checkBrand(db: Db, brandId: number | null): Promise<void> {
  if (brandId === null) return;
  const [b] = await db.select({ id: brands.brandId }).from(brands).where(eq(brands.brandId, brandId));
  if (!b) throw new DomainError("catalog.synonyms.brandNotFound");
}

/** Adds a set; answers it. */
export async function addSynonymSet(db: Db, locale: Locale, set: SynonymSetInput): Promise<SynonymSetDto> {
  await checkBrand(db, set.brandId);
  const [row] = await db
    .insert(searchSynonyms)
    .values({ words: set.words, brandId: set.brandId })
    .returning({ id: searchSynonyms.synonymId });
  return oneSet(db, locale, row!.id);
}

/** Replaces a set's words and brand; answers it. */
export async function updateSynonymSet(
  db: Db,
  locale: Locale,
  synonymId: number,
  set: SynonymSetInput,
): Promise<SynonymSetDto> {
  await checkBrand(db, set.brandId);
  const done = await db
    .update(searchSynonyms)
    .set({ words: set.words, brandId: set.brandId, updatedAt: new Date() })
    .where(eq(searchSynonyms.synonymId, synonymId))
    .returning({ id: searchSynonyms.synonymId });
  if (done.length === 0) throw new DomainError("catalog.synonyms.notFound");
  return oneSet(db, locale, synonymId);
}

/** Removes a set. */
export async function removeSynonymSet(db: Db, synonymId: number): Promise<void> {
  const done = await db
    .delete(searchSynonyms)
    .where(eq(searchSynonyms.synonymId, synonymId))
    .returning({ id: searchSynonyms.synonymId });
  if (done.length === 0) throw new DomainError("catalog.synonyms.notFound");
}

async function oneSet(db: Db, locale: Locale, synonymId: number): Promise<SynonymSetDto> {
  const [set] = await listSynonymSets(db, locale, synonymId);
  if (!set) throw new DomainError("catalog.synonyms.notFound");
  return set;
}
