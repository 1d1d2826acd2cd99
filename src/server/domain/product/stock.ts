/**
 * Stock of the goods (skus.stocks and products.total_stocks), taken and given back by the features
 * that sell them (docs/architecture.md "Code layout": no feature writes another's tables). Every
 * change is a delta in the caller's transaction: SKUs first, in ascending ids, then their products
 * in ascending ids — the order every writer of stock locks them in (product.ts).
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { products, skus } from "../../db/schema/index.ts";

/** Pieces of one SKU of one product. */
export interface StockLine {
  skuId: number;
  prodId: number;
  count: number;
}

/** The lines summed per SKU and per product, each in ascending ids. */
function totals(lines: readonly StockLine[]) {
  const bySku = new Map<number, StockLine>();
  for (const l of lines) {
    const had = bySku.get(l.skuId);
    bySku.set(l.skuId, { skuId: l.skuId, prodId: l.prodId, count: (had?.count ?? 0) + l.count });
  }
  const byProd = new Map<number, number>();
  for (const l of lines) byProd.set(l.prodId, (byProd.get(l.prodId) ?? 0) + l.count);
  return {
    skus: [...bySku.values()].sort((a, b) => a.skuId - b.skuId),
    products: [...byProd].sort((a, b) => a[0] - b[0]),
  };
}

/**
 * Takes the pieces of a sale: one conditional update per SKU (of that product, on sale, with
 * enough stock), then the products' totals. Answers the first SKU that could not give its pieces
 * (the caller refuses and rolls back: what was taken before it is in its transaction), or null.
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<StockLine | null> {
  const t = totals(lines);
  for (const l of t.skus) {
    const took = await tx
      .update(skus)
      .set({ stocks: sql`${skus.stocks} - ${l.count}` })
      .where(and(eq(skus.skuId, l.skuId), eq(skus.prodId, l.prodId), gte(skus.stocks, l.count), eq(skus.status, 1)))
      .returning({ skuId: skus.skuId });
    if (took.length === 0) return l;
  }
  for (const [prodId, n] of t.products) {
    await tx
      .update(products)
      .set({ totalStocks: sql`${products.totalStocks} - ${n}` })
      .where(eq(products.prodId, prodId));
  }
  return null;
}

/** Gives back the pieces of a sale that was closed: the SKUs, then the products' totals. */
export async function returnStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  const t = totals(lines);
  for (const l of t.skus) {
    await tx
      .update(skus)
      .set({ stocks: sql`${skus.stocks} + ${l.count}` })
      .where(eq(skus.skuId, l.skuId));
  }
  for (const [prodId, n] of t.products) {
    await tx
      .update(products)
      .set({ totalStocks: sql`${products.totalStocks} + ${n}` })
      .where(eq(products.prodId, prodId));
  }
}

/** Counts the pieces of paid orders as sold (products.sold_num), in ascending product ids. */
export async function addSold(tx: Tx, lines: readonly { prodId: number; count: number }[]): Promise<void> {
  const byProd = new Map<number, number>();
  for (const l of lines) byProd.set(l.prodId, (byProd.get(l.prodId) ?? 0) + l.count);
  for (const [prodId, n] of [...byProd].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(products)
      .set({ soldNum: sql`${products.soldNum} + ${n}` })
      .where(eq(products.prodId, prodId));
  }
}
