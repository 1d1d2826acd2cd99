/**
 * The search index fed by the change feed (docs/search.md "One interface"): the analyzer's words
 * of a product (search-analyzer.ts documentTerms: jieba words and pinyin) and its rating are kept
 * in product_search_words, and a trigger folds the words into products.search_vec. Any writer's change
 * of a product records "product:<id>" in content_changes (migration 0008); each server process
 * reads the feed at least once a second and re-indexes the products it names, so a product's new
 * name is found by its words within about a second (its characters and bigrams at once: the
 * database's own trigger keeps those).
 */
import { inArray, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client.ts";
import type { ChangeFeed, Changed } from "../../db/content-changes.ts";
import { productSearchWords } from "../../db/schema/index.ts";
import { documentTerms, duplicateKey } from "./search-analyzer.ts";
import { forgetLexicon, LEXICON_TAG, loadLexicon } from "./search-lexicon.ts";

/** Products indexed per statement. */
const BATCH = 500;
/**
 * The longest stretch of wording (jieba, pinyin: 1-3 ms a product) before the event loop gets a
 * turn: the index is fed in every server process, on the loop that answers requests, and a bulk
 * import names thousands of products at once.
 */
const SLICE_MS = 4;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The words of each product's names, in slices of at most SLICE_MS with a turn of the event loop between them. */
async function wordDocs(byProd: ReadonlyMap<number, readonly TextRow[]>) {
  const docs: { prod_id: number; terms: string[]; dup_key: string }[] = [];
  let sliceStart = performance.now();
  for (const [prodId, texts] of byProd) {
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    docs.push({
      prod_id: prodId,
      terms: documentTerms(texts.map((t) => t.prodName)),
      dup_key: duplicateKey((texts.find((t) => t.locale === "zh") ?? texts[0]!).prodName),
    });
  }
  return docs;
}

interface TextRow {
  prodId: number;
  locale: string;
  prodName: string;
}

/** Re-indexes the given products (words of their names in every language); answers how many were written. */
export async function indexProducts(db: Db, prodIds: readonly number[]): Promise<number> {
  if (prodIds.length === 0) return 0;
  await loadLexicon(db);
  let written = 0;
  for (let i = 0; i < prodIds.length; i += BATCH) {
    const ids = [...new Set(prodIds.slice(i, i + BATCH))];
    const rows = rowsOf<TextRow>(
      await db.execute(sql`select t.prod_id as "prodId", t.locale, t.prod_name as "prodName"
        from product_translations t join products p on p.prod_id = t.prod_id
        where t.prod_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    const byProd = new Map<number, TextRow[]>();
    for (const r of rows) byProd.set(r.prodId, [...(byProd.get(r.prodId) ?? []), r]);
    const docs = await wordDocs(byProd);
    const gone = ids.filter((id) => !byProd.has(id));
    if (gone.length) await db.delete(productSearchWords).where(inArray(productSearchWords.prodId, gone));
    if (docs.length === 0) continue;
    // Unchanged words are not written again (the trigger would recompute the vector for nothing);
    // the rating (average score of the shown reviews) is read here, a review names its product.
    await db.execute(sql`insert into product_search_words (prod_id, terms, dup_key, rating)
      select d.prod_id, d.terms, d.dup_key,
        (select round(avg(c.score), 1)::real from prod_comments c where c.prod_id = d.prod_id and c.status = 1)
      from json_populate_recordset(null::product_search_words, ${JSON.stringify(docs)}::json) d
      on conflict (prod_id) do update set terms = excluded.terms, dup_key = excluded.dup_key, rating = excluded.rating, indexed_at = now()
      where product_search_words.terms is distinct from excluded.terms or product_search_words.dup_key is distinct from excluded.dup_key
        or product_search_words.rating is distinct from excluded.rating`);
    written += docs.length;
  }
  return written;
}

/**
 * Fills the search vectors of brands, categories and shops that have none (rows written with the
 * triggers off, as the catalogue generator does; migration 0035 keeps them otherwise).
 */
async function indexNames(db: Db): Promise<void> {
  await db.execute(sql`update brands set search_vec = names_search_vec(name) where search_vec is null`);
  await db.execute(sql`update categories set search_vec = names_search_vec(name) where search_vec is null`);
  await db.execute(sql`update shops set search_vec = names_search_vec(shop_name) where search_vec is null`);
}

/**
 * Indexes every product that has no words yet (a new database, a bulk load), and the brands,
 * categories and shops without a vector; answers how many products.
 */
export async function indexMissing(db: Db, onBatch?: (done: number) => void): Promise<number> {
  await indexNames(db);
  let done = 0;
  let after = 0;
  for (;;) {
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`select p.prod_id as id from products p
        where p.prod_id > ${after} and not exists (select 1 from product_search_words w where w.prod_id = p.prod_id)
        order by p.prod_id limit ${BATCH * 4}`),
    ).map((r) => Number(r.id));
    if (ids.length === 0) return done;
    done += await indexProducts(db, ids);
    after = ids[ids.length - 1]!;
    onBatch?.(done);
  }
}

/** The product ids a batch of changes names ("product:<id>"). */
export function changedProducts(changed: ReadonlySet<string>): number[] {
  const out: number[] = [];
  for (const tag of changed) {
    const m = /^product:(\d+)$/.exec(tag);
    if (m) out.push(Number(m[1]));
  }
  return out;
}

/**
 * Keeps the index current in this process: reads the feed every `intervalMs` (other readers
 * share the read), re-indexes the products a change names, and on a fresh start (or a feed that
 * could not be read) indexes the products without words; a change of the synonym sets
 * (LEXICON_TAG) drops the process's lexicon, so searches use the new sets within the feed's
 * interval. Answers the stop function.
 */
export function followChanges(
  db: Db,
  feed: ChangeFeed,
  /** readDb: the read replica, whose lexicon is dropped too (docs/search.md "Read replica"). */
  opts: { intervalMs?: number; readDb?: Db; onError?: (err: unknown) => void } = {},
): () => void {
  const pending = new Set<number>();
  let all = false;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = (async () => {
      while (all || pending.size) {
        const full = all;
        all = false;
        const ids = [...pending];
        pending.clear();
        try {
          if (full) await indexMissing(db);
          await indexProducts(db, ids);
        } catch (err) {
          opts.onError?.(err);
          break;
        }
      }
    })().finally(() => {
      running = null;
    });
  };
  const unsubscribe = feed.subscribe((changed: Changed) => {
    // The platform changed the synonyms (or the feed starts over): searches read them again.
    if (changed === "all" || changed.has("*") || changed.has(LEXICON_TAG)) {
      forgetLexicon(db);
      if (opts.readDb) forgetLexicon(opts.readDb);
    }
    if (changed === "all" || changed.has("*")) all = true;
    else for (const id of changedProducts(changed)) pending.add(id);
    run();
  });
  const timer = setInterval(() => void feed.sync(), opts.intervalMs ?? 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
