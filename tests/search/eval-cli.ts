/**
 * npm run search:eval [-- --lang zh|zh-tw|en] [--verbose]: the labelled query set (queries.ts)
 * searched on the database of the environment (DATABASE_URL, else PGlite in DATA_DIR — stop a
 * server on it first), printing per language precision@10, recall@100, the zero-result rate and
 * the latency (evaluate.ts). On the demo seed (`npm run db:seed`) or a generated catalogue
 * (`npm run catalog`). --verbose prints every query's scores, the worst first.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/server/config.ts";
import { loadDotEnv } from "../../src/server/env-file.ts";
import { openDatabase, rowsOf } from "../../src/server/db/client.ts";
import { sql } from "drizzle-orm";
import { isLocale } from "../../src/lib/locale.ts";
import { byLanguage, evaluateSearch } from "./evaluate.ts";
import { SEARCH_QUERIES } from "./queries.ts";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { lang: { type: "string" }, verbose: { type: "boolean" } } });
  if (values.lang !== undefined && !isLocale(values.lang)) throw new Error(`--lang: zh, zh-tw or en`);
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  try {
    const queries = SEARCH_QUERIES.filter((q) => values.lang === undefined || q.lang === values.lang);
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from products where status = 1`),
    );
    const n = row?.n ?? 0;
    console.log(`[search:eval] ${database.driver}, ${n} products on sale, ${queries.length} queries`);
    const scores = await evaluateSearch(database.db, queries);
    if (values.verbose)
      for (const s of [...scores].sort(
        (a, b) => a.precision10 - b.precision10 || a.recall100 - b.recall100 || a.relevant - b.relevant,
      ))
        console.log(
          `${s.query.lang.padEnd(5)} ${s.query.q.padEnd(22)} p@10 ${s.precision10.toFixed(2)} recall ${s.recall100.toFixed(2)} total ${s.total} relevant ${s.relevant}${s.shown !== null ? ` shown "${s.shown}"` : ""} ${s.ms.toFixed(0)} ms`,
        );
    console.log("lang   queries  judged  p@10   recall@100  zero-result  p50 ms  p95 ms");
    for (const l of byLanguage(scores))
      console.log(
        `${l.lang.padEnd(6)} ${String(l.queries).padStart(7)}  ${String(l.judged).padStart(6)}  ${l.precision10.toFixed(3)}  ${l.recall100.toFixed(3).padStart(10)}  ${(l.zeroRate * 100).toFixed(1).padStart(10)}%  ${l.p50Ms.toFixed(1).padStart(6)}  ${l.p95Ms.toFixed(1).padStart(6)}`,
      );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
