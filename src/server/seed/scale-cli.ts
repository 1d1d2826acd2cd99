/**
 * `npm run catalog -- [--products 100000] [--shops 1000] [--seed 26] [--keep] | --reindex | --help`
 * (the options: scale-args.ts): opens the
 * database like the server does (PGlite in DATA_DIR/pglite, or DATABASE_URL), applies
 * migrations, seeds the demo data again (empties every table first, unless --keep and the demo is
 * already there) and adds the large catalogue (scale.ts) up to the given totals, printing the time
 * its search index took. --reindex builds the search index of every product again (nothing else)
 * and prints the time.
 */
import path from "node:path";
import { loadConfig } from "../config.ts";
import { loadDotEnv } from "../env-file.ts";
import { sql } from "drizzle-orm";
import { rowsOf } from "../db/client.ts";
import { withDemoDatabase } from "./demo-database.ts";
import { reseedDatabase } from "./index.ts";
import { generateCatalog, rebuildSearchIndex, type SearchIndexBuild } from "./scale.ts";
import { CATALOG_USAGE, CatalogUsageError, parseCatalogArgs, type CatalogCommand } from "./scale-args.ts";

/** Exit code of a command line that cannot be read (as npm run ops). */
const USAGE_EXIT_CODE = 2;

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The line of a search index build (the bench reads it: "search index build: … s for … products"). */
function indexLine(ix: SearchIndexBuild, products: number): string {
  return `search index build: ${seconds(ix.words + ix.vectors + ix.merge)} s for ${products} products (analyzer words ${seconds(ix.words)} s, vectors ${seconds(ix.vectors)} s, pending list merge ${seconds(ix.merge)} s)`;
}

async function main(): Promise<void> {
  let command: CatalogCommand;
  try {
    command = parseCatalogArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof CatalogUsageError)) throw err;
    console.error(`[catalog] ${err.message}\n\n${CATALOG_USAGE}`);
    process.exitCode = USAGE_EXIT_CODE;
    return;
  }
  if (command.kind === "help") {
    console.log(CATALOG_USAGE);
    return;
  }
  loadDotEnv();
  const config = loadConfig();
  const t0 = performance.now();
  const refusal = "[catalog] refusing to fill a production database (NODE_ENV=production); set ALLOW_DEMO_SEED=1.";
  await withDemoDatabase(config, refusal, async (database) => {
    if (command.kind === "reindex") {
      const ix = await rebuildSearchIndex(database.db, (line) => console.log(line));
      const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from products`));
      console.log(`[catalog] ${database.driver}: ${indexLine(ix, row?.n ?? 0)}`);
      return;
    }
    if (!command.keep) {
      await reseedDatabase(database.db, {
        uploadsDir: path.join(config.dataDir, "uploads"),
        mobileMallUrl: config.mobileMallUrl,
      });
      console.log(`[catalog] demo data seeded in ${Math.round(performance.now() - t0)} ms`);
    }
    const t1 = performance.now();
    const { products, shops, seed } = command;
    const summary = await generateCatalog(database.db, {
      products,
      shops,
      seed,
      images: { uploadsDir: path.join(config.dataDir, "uploads") },
      log: (line) => console.log(line),
    });
    console.log(
      `[catalog] ${database.driver}: +${summary.shopsAdded} shops, +${summary.productsAdded} products (ids from ${summary.firstProdId}), +${summary.skusAdded} SKUs, +${summary.reviewsAdded} reviews in ${Math.round((performance.now() - t1) / 1000)} s`,
    );
    console.log(`[catalog] ${indexLine(summary.searchIndexMs, summary.productsAdded)}`);
  });
}

main().catch((err: unknown) => {
  console.error("[catalog] failed:", err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
