/**
 * Products in bulk (docs/merchant-api.md "Products"): the import's upsert by code and the CSV
 * price / stock edit.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { ProductBody } from "../../../lib/product/product-schema.ts";
import type { Db } from "../../db/client.ts";
import { products, skus } from "../../db/schema/index.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { absoluteChange, ProdStatus, ProductRefused } from "./product-rules.ts";
import { E, insertProduct, lockOwn, updateLocked, refreshProduct } from "./product.ts";

export type UpsertOutcome = "created" | "updated" | "unchanged";

/**
 * One import line: the shop's product with `body.code` is created or changed, all or nothing
 * (its own transaction), and keeps the line's `hash` (lineHash); a line whose hash its product
 * keeps changes nothing.
 * With `dryRun` only the checks run (inside a transaction that is rolled back).
 */
export async function upsertByCode(
  db: Db,
  shopId: number,
  body: ProductBody & { code: string },
  hash: string,
  now: Date,
  dryRun = false,
): Promise<UpsertOutcome> {
  const [found] = await db
    .select({ prodId: products.prodId, importHash: products.importHash })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.code, body.code)));
  if (found?.importHash === hash) return "unchanged";
  const rollback = new Error("dry run");
  try {
    return await db.transaction(async (tx) => {
      let outcome: UpsertOutcome;
      if (found) {
        await updateLocked(tx, shopId, found.prodId, body, now, hash, await lockOwn(tx, shopId, found.prodId));
        outcome = "updated";
      } else {
        await insertProduct(tx, shopId, body, now, hash);
        outcome = "created";
      }
      if (dryRun) throw Object.assign(rollback, { outcome });
      return outcome;
    });
  } catch (err) {
    if (err === rollback) return (rollback as Error & { outcome: UpsertOutcome }).outcome;
    throw err;
  }
}

export interface PriceRow {
  code: string;
  price?: string;
  stocks?: number;
}

/**
 * The CSV edit: each row's SKU (by its SKU code, else a single-SKU product's code) gets the
 * price and/or stock given, each row on its own transaction (the SKU locked, the product's stock
 * moved by the difference, as the small call does); answers the rows it could not place.
 */
export async function editPrices(
  db: Db,
  shopId: number,
  rows: readonly { line: number; row: PriceRow }[],
  now: Date,
): Promise<{ changed: number; refused: { line: number; error: DomainError }[] }> {
  const refused: { line: number; error: DomainError }[] = [];
  let changed = 0;
  for (const { line, row } of rows) {
    const sku = await findSkuByCode(db, shopId, row.code);
    if (!("skuId" in sku)) {
      refused.push({ line, error: new ProductRefused(["code"], `${E}${sku.problem}`, { code: row.code }) });
      continue;
    }
    await db.transaction(async (tx) => {
      const [cur] = await tx
        .select({ price: skus.price, oriPrice: skus.oriPrice, stocks: skus.stocks, version: skus.version })
        .from(skus)
        .where(eq(skus.skuId, sku.skuId))
        .for("update");
      const next = absoluteChange(cur!, { price: row.price, stocks: row.stocks });
      await tx
        .update(skus)
        .set({
          price: next.price,
          oriPrice: next.oriPrice,
          stocks: next.stocks ?? cur!.stocks,
          version: sql`${skus.version} + 1`,
        })
        .where(eq(skus.skuId, sku.skuId));
      await refreshProduct(tx, sku.prodId, next.stocks === undefined ? 0 : next.stocks - cur!.stocks, now);
    });
    changed++;
  }
  return { changed, refused };
}

/** The shop's SKU on sale with this SKU code, else the only SKU of its product with this code; or why not. */
async function findSkuByCode(
  db: Db,
  shopId: number,
  code: string,
): Promise<{ skuId: number; prodId: number } | { problem: "codeNotFound" | "codeAmbiguous" }> {
  const live = and(
    eq(products.shopId, shopId),
    ne(products.status, ProdStatus.DELETED),
    ne(products.prodType, 3),
    eq(skus.status, 1),
  );
  const bySku = await db
    .select({ skuId: skus.skuId, prodId: skus.prodId })
    .from(skus)
    .innerJoin(products, eq(products.prodId, skus.prodId))
    .where(and(live, eq(skus.code, code)))
    .limit(2);
  if (bySku.length > 1) return { problem: "codeAmbiguous" };
  if (bySku[0]) return bySku[0];
  const single = await db
    .select({ skuId: skus.skuId, prodId: skus.prodId })
    .from(skus)
    .innerJoin(products, eq(products.prodId, skus.prodId))
    .where(and(live, eq(products.code, code)))
    .limit(2);
  return single.length === 1 ? single[0]! : { problem: "codeNotFound" };
}
