/**
 * The bulk import of a catalogue, one chunk of lines at a time (docs/product.md "Bulk import"):
 * each line is a product body with the shop's own `code`, upserted by (shop, code). A line whose
 * bytes are those its product was last saved from changes nothing: the API skips it before reading
 * it (importedLines: the chunk's line hashes looked up in one query); products new to the shop
 * are written together (one insert per table for the chunk, so 100,000 lines take minutes, not
 * hours), and everything else — changed products, a code seen twice in the chunk, a batch the
 * database refused — one at a time through upsertByCode. Each product is all or nothing: the
 * batch commits whole or not at all (and then its products go one at a time), a single product
 * is its own transaction. A refused line is answered with its line number and changes nothing.
 */
import { sql } from "drizzle-orm";
import type { ProductBody } from "../../../lib/product/product-schema.ts";
import { rowsOf, type Db, type Tx } from "../../db/client.ts";
import { insertRows } from "../../db/insert-json.ts";
import { products, productTranslations, skus } from "../../db/schema/index.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { loadReferences, productValues, skuValues, translationRows } from "./product.ts";
import { upsertByCode } from "./product-bulk.ts";
import { assertReferences, ProductRefused, statusAfterSave } from "./product-rules.ts";

export interface ImportLine {
  /** Its line number in the file (the report names it). */
  line: number;
  body: ProductBody & { code: string };
  /** The line's lineHash: its product keeps it. */
  hash: string;
}

/**
 * The codes of the shop's products last saved from one of `hashes` (lineHash of a chunk's lines),
 * by hash: such a line is the same again and changes nothing. One query through the (shop,
 * import_hash) index. A product keeps its line's hash until it is saved otherwise (a whole-product
 * save clears it; a delete clears its code and hash), so a kept hash is a product unchanged since
 * that line.
 */
export async function importedLines(db: Db, shopId: number, hashes: readonly string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = rowsOf<{ hash: string; code: string }>(
    await db.execute(sql`
      select ${products.importHash} as hash, ${products.code} as code from ${products}
      where ${products.shopId} = ${shopId} and ${products.importHash} is not null
        and ${products.importHash} = any(${`{${[...new Set(hashes)].join(",")}}`}::text[])`),
  );
  return new Map(rows.map((r) => [r.hash, r.code]));
}

interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Lines refused by the database's checks (their bodies passed the rules), in line order. */
  refused: { line: number; error: DomainError }[];
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Writes new products (checked already) in one transaction; a dry run rolls it back. Their ids
 * are drawn from the sequence first and the product rows go in last: the search vector of a
 * product is then computed once, when its row is inserted with its texts already there, instead
 * of once more for each text (the texts' trigger finds no product row yet to update).
 */
async function insertBatch(
  db: Db,
  shopId: number,
  batch: readonly ImportLine[],
  now: Date,
  dryRun: boolean,
): Promise<void> {
  const rollback = new Error("dry run");
  try {
    await db.transaction(async (tx: Tx) => {
      const ids = rowsOf<{ id: number }>(
        await tx.execute(
          sql`select nextval(pg_get_serial_sequence('products', 'prod_id'))::int as id from generate_series(1, ${batch.length})`,
        ),
      ).map((r) => r.id);
      const rows = batch.map((b, i) => ({ ...b, prodId: ids[i]! }));
      await insertRows(
        tx,
        productTranslations,
        rows.flatMap(({ body, prodId }) => translationRows(prodId, body)),
      );
      await insertRows(
        tx,
        skus,
        rows.flatMap(({ body, prodId }) => body.skus.map((s) => ({ ...skuValues(s), prodId }))),
      );
      await insertRows(
        tx,
        products,
        rows.map(({ body, hash, prodId }) => ({
          ...productValues(body),
          prodId,
          shopId,
          status: statusAfterSave(null, body.onSale),
          prodType: 0,
          code: body.code,
          importHash: hash,
          putawayTime: now,
          createdAt: now,
          updatedAt: now,
        })),
      );
      if (dryRun) throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
}

/**
 * Imports one chunk of lines for the shop (`dryRun`: every check, nothing kept) and answers what
 * became of them. Lines are applied in order as far as one product goes: a code seen twice in the
 * chunk ends as its later line says.
 */
export async function importChunk(
  db: Db,
  shopId: number,
  lines: readonly ImportLine[],
  now: Date,
  dryRun: boolean,
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, updated: 0, unchanged: 0, refused: [] };
  if (lines.length === 0) return result;
  // One probe of the (shop, code) unique index per code: right after a large import the table's
  // statistics still describe a far smaller shop, and a plain `code in (…)` was then planned as a
  // scan of all the shop's products (1.8 s a chunk at 40,000 of them).
  const codes = [...new Set(lines.map((l) => l.body.code))];
  const found = new Map(
    rowsOf<{ code: string; importHash: string | null }>(
      await db.execute(sql`
        select c.code, p.import_hash as "importHash"
        from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as c(code)
        cross join lateral (
          select ${products.importHash} from ${products}
          where ${products.shopId} = ${shopId} and ${products.code} = c.code
        ) p`),
    ).map((r) => [r.code, r.importHash]),
  );

  const fresh: ImportLine[] = [];
  const oneByOne: ImportLine[] = [];
  const seen = new Set<string>();
  lines.forEach((line) => {
    const { code } = line.body;
    const first = !seen.has(code);
    seen.add(code);
    if (first && found.has(code) && found.get(code) === line.hash) result.unchanged++;
    // A SKU id on a new product is refused by the one-at-a-time path, with its place.
    else if (first && !found.has(code) && line.body.skus.every((s) => s.skuId === undefined)) fresh.push(line);
    else oneByOne.push(line);
  });

  const refuse = (line: number, err: unknown) => {
    if (err instanceof DomainError) result.refused.push({ line, error: err });
    else throw err;
  };
  if (fresh.length) {
    const refs = await loadReferences(
      db,
      shopId,
      fresh.map((f) => f.body),
    );
    const good = fresh.filter((line) => {
      try {
        assertReferences(refs, line.body, NONE);
        return true;
      } catch (err) {
        if (!(err instanceof ProductRefused)) throw err;
        refuse(line.line, err);
        return false;
      }
    });
    try {
      if (good.length) await insertBatch(db, shopId, good, now, dryRun);
      result.created += good.length;
    } catch {
      // Someone else wrote one of these codes meanwhile (or the batch failed otherwise): the
      // products go one at a time, each answering for itself.
      oneByOne.unshift(...good);
    }
  }
  for (const { line, body, hash } of oneByOne) {
    try {
      result[await upsertByCode(db, shopId, body, hash, now, dryRun)]++;
    } catch (err) {
      refuse(line, err);
    }
  }
  result.refused.sort((a, b) => a.line - b.line);
  return result;
}
