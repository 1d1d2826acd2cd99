/**
 * Product cards (docs/catalog.md): the columns a card reads, the products' names in every locale,
 * rows turned into cards, an empty page.
 */
import { inArray } from "drizzle-orm";
import { formatPriceSafe } from "../../../lib/money.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import type { ProductCardPage, ProductCard } from "../../../lib/catalog/product-types.ts";
import type { Db, Tx } from "../../db/client.ts";
import { products, productTranslations, shops } from "../../db/schema/index.ts";

export interface CardRow {
  prodId: number;
  pic: string;
  price: string;
  oriPrice: string;
  shopId: number;
  shopName: LocalizedText;
  shopType: number;
  soldNum: number;
  commentNum: number;
  totalStocks: number;
  putawayTime: Date;
}

export const cardColumns = {
  prodId: products.prodId,
  pic: products.pic,
  price: products.price,
  oriPrice: products.oriPrice,
  shopId: products.shopId,
  shopName: shops.shopName,
  shopType: shops.type,
  soldNum: products.soldNum,
  commentNum: products.commentNum,
  totalStocks: products.totalStocks,
  putawayTime: products.putawayTime,
};

/** The products' name and brief in every language they have, one row a language. */
export async function productTranslationRows(q: Db | Tx, prodIds: readonly number[]) {
  if (prodIds.length === 0) return [];
  return q
    .select({
      prodId: productTranslations.prodId,
      locale: productTranslations.locale,
      prodName: productTranslations.prodName,
      brief: productTranslations.brief,
    })
    .from(productTranslations)
    .where(inArray(productTranslations.prodId, [...new Set(prodIds)]));
}

/** name and brief per product in `locale`, falling back to zh (then any language). */
export async function loadProductTexts(
  db: Db,
  locale: Locale,
  prodIds: readonly number[],
): Promise<Map<number, { prodName: string; brief: string }>> {
  const out = new Map<number, { prodName: string; brief: string }>();
  const rows = await productTranslationRows(db, prodIds);
  const rank = (l: string) => (l === locale ? 0 : l === "zh" ? 1 : 2);
  const best = new Map<number, { r: number; prodName: string; brief: string }>();
  for (const r of rows) {
    const prev = best.get(r.prodId);
    const k = rank(r.locale);
    if (!prev || k < prev.r) best.set(r.prodId, { r: k, prodName: r.prodName, brief: r.brief });
  }
  for (const [id, v] of best) out.set(id, { prodName: v.prodName, brief: v.brief });
  return out;
}

export function toProductCard(
  r: CardRow,
  texts: { prodName: string; brief: string } | undefined,
  locale: Locale,
): ProductCard {
  return {
    prodId: r.prodId,
    prodName: texts?.prodName ?? "",
    brief: texts?.brief ?? "",
    price: formatPriceSafe(r.price),
    oriPrice: formatPriceSafe(r.oriPrice),
    pic: r.pic,
    shopId: r.shopId,
    shopName: pickText(r.shopName, locale),
    shopType: r.shopType,
    soldNum: r.soldNum,
    commentNum: r.commentNum,
    totalStocks: r.totalStocks,
    putawayTime: r.putawayTime.toISOString(),
  };
}

export async function cards(db: Db, locale: Locale, rows: CardRow[]): Promise<ProductCard[]> {
  const texts = await loadProductTexts(
    db,
    locale,
    rows.map((r) => r.prodId),
  );
  return rows.map((r) => toProductCard(r, texts.get(r.prodId), locale));
}

export const emptyPage = (current: number, size: number): ProductCardPage => ({
  records: [],
  total: 0,
  size,
  current,
  pages: 1,
  totalCapped: false,
});
