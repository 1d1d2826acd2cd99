/**
 * What one search nobody asked before costs (docs/performance.md "Searches nobody asked before"):
 * `searchPage` of every active level-3 platform category name in zh and en (the keywords of the
 * bench's row of unseen searches), pages 1 to `--pages` (default 1), one at a time on one
 * connection of the database of the environment (`DATABASE_URL`, PostgreSQL), with the app's
 * session settings. Prints per search: wall time, this process's CPU (the analyzer, drizzle, the
 * driver) and the PostgreSQL backend's CPU (from /proc, so the database must run on this machine).
 * CPU times hold up on a busy machine far better than latencies do: compare them back to back.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scale_big npx tsx tests/search/cost-cli.ts [--pages 2]
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import * as schema from "../../src/server/db/schema/index.ts";
import { SESSION_SETTINGS, type Db } from "../../src/server/db/client.ts";
import { searchPage } from "../../src/server/domain/catalog/product-list.ts";

const { values } = parseArgs({ options: { pages: { type: "string", default: "1" } } });
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL (PostgreSQL) is needed");
const client = postgres(url, { max: 1, onnotice: () => {}, connection: SESSION_SETTINGS });
const db = drizzle(client, { schema }) as unknown as Db;

try {
  const [backend] = await client<{ pid: number }[]>`select pg_backend_pid() as pid`;
  /** The backend's user + system CPU in ms (clock ticks of 10 ms). */
  const backendCpuMs = () => {
    const fields = fs.readFileSync(`/proc/${backend!.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const names = await client<{ zh: string; en: string }[]>`select name->>'zh' as zh, name->>'en' as en
    from categories where shop_id = 0 and grade = 2 and status = 1 order by category_id`;
  const words = [...new Set(names.flatMap((n) => [n.zh, n.en]).filter(Boolean))];
  const pages = Math.max(1, Number(values.pages));
  // The lexicon and the category tree are read once per process, as in a running server.
  await searchPage(db, "en", { keyword: "warm", current: 1, size: 20 });
  const backend0 = backendCpuMs();
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  let n = 0;
  for (let current = 1; current <= pages; current++)
    for (const keyword of words) {
      await searchPage(db, "en", { keyword, current, size: 20 });
      n++;
    }
  const wall = (performance.now() - t0) / n;
  const node = process.cpuUsage(node0);
  const perSearch = (ms: number) => `${(ms / n).toFixed(1)} ms`;
  console.log(
    `${n} searches (${words.length} keywords × ${pages} page${pages > 1 ? "s" : ""}): wall ${wall.toFixed(1)} ms, ` +
      `Node CPU ${perSearch((node.user + node.system) / 1000)}, PostgreSQL backend CPU ${perSearch(backendCpuMs() - backend0)} a search`,
  );
} finally {
  await client.end({ timeout: 5 });
}
