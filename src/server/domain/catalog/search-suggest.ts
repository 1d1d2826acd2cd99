/**
 * GET /search/suggest (docs/search.md): what the header's search box offers while the shopper
 * types — product names (through the search index, most relevant and best selling first) or
 * open shops' names, in the request language, without repeats.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { pickText, type Locale } from "../../../lib/locale.ts";
import type { SearchSuggestion } from "../../../lib/catalog/product-types.ts";
import type { Db } from "../../db/client.ts";
import { products, shops } from "../../db/schema/index.ts";
import { SHOP_STATUS as ShopStatus, SHOP_TYPE as ShopType } from "../../../lib/shop/shop.ts";
import { anyLocaleContains } from "../kernel/sql.ts";
import { keywordMatch, PROD_ON_SALE } from "./search-plan.ts";
import { loadProductTexts } from "./product-cards.ts";
import { isCjkWord, normalizeText, taiwanText } from "./search-analyzer.ts";
import { loadLexicon } from "./search-lexicon.ts";
import { namesCondition, relevance } from "./search-query.ts";

/** At most this many suggestions. */
export const SUGGEST_MAX = 8;
/** Of which at most this many are words of the lexicon (synonyms, categories) rather than product names. */
const SUGGEST_WORDS = 3;

export async function suggest(
  db: Db,
  locale: Locale,
  keyword: string,
  type: "goods" | "shop",
): Promise<SearchSuggestion[]> {
  if (type === "shop") {
    const rows = await db
      .select({ shopId: shops.shopId, shopName: shops.shopName })
      .from(shops)
      .where(and(eq(shops.shopStatus, ShopStatus.OPEN), anyLocaleContains(shops.shopName, keyword)))
      .orderBy(
        sql`case when ${shops.type} = ${ShopType.SELF_OPERATED} then 0 else 1 end`,
        desc(shops.soldNum),
        asc(shops.shopId),
      )
      .limit(SUGGEST_MAX);
    return rows.map((r) => ({ id: r.shopId, text: pickText(r.shopName, locale) }));
  }
  const { matches, match } = await keywordMatch(db, keyword);
  if (!match) return [];
  // Words the platform knows that start with what was typed (蓝牙 → 蓝牙耳机), then product names.
  const typed = normalizeText(keyword).trim();
  const lexicon = await loadLexicon(db);
  const known = typed
    ? [...lexicon.synonyms.keys(), ...lexicon.categoryByName.keys()]
        .filter((w) => w.length > typed.length && w.startsWith(typed) && isCjkWord(w) === isCjkWord(typed))
        .sort((a, b) => a.length - b.length || a.localeCompare(b))
        .slice(0, SUGGEST_WORDS)
    : [];
  // A few more than shown: names may repeat (the same product in several shops). The products
  // named with every word rank first (search-query.ts relevance): when they fill the list, the
  // best selling of them are the answer, read without ranking every match.
  const visible = [eq(products.status, PROD_ON_SALE), eq(shops.shopStatus, ShopStatus.OPEN)];
  const best = (where: SQL, order: SQL[]) =>
    db
      .select({ prodId: products.prodId })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .where(and(...visible, where))
      .orderBy(...order, desc(products.soldNum), asc(products.prodId))
      .limit(SUGGEST_MAX * 3);
  const named = await best(namesCondition(matches)!, []);
  const rows = named.length === SUGGEST_MAX * 3 ? named : await best(match, [sql`${relevance(matches)} desc`]);
  const texts = await loadProductTexts(
    db,
    locale,
    rows.map((r) => r.prodId),
  );
  // The lexicon keeps words simplified: a zh-tw page shows them as Taiwan readers write them.
  const shownWords = locale === "zh-tw" ? known.map(taiwanText) : known;
  const seen = new Set<string>(shownWords);
  const out: SearchSuggestion[] = shownWords.map((w) => ({ id: 0, text: w }));
  for (const r of rows) {
    const text = texts.get(r.prodId)?.prodName;
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push({ id: r.prodId, text });
    if (out.length === SUGGEST_MAX) break;
  }
  return out;
}
