/**
 * Stocking section of `npm run bench` (docs/product.md "Budgets"; alone: `BENCH_ONLY=stock npm
 * run bench`): on a seeded PostgreSQL database of its own, the bundled server and the ops CLI as a
 * shop runs them —
 *  - `npm run ops -- product-import` of a generated JSON Lines catalogue (BENCH_STOCK_PRODUCTS,
 *    default 100,000 products, 3 SKUs and 3 languages each, one shared picture) → products/s (the
 *    CLI's wall time less its start, timed on `help`)
 *    (budget ≥ 1,000/s), the server's RSS above what it was before the import (≤ 256 MB; the
 *    CLI's own peak RSS is printed beside it);
 *  - the same file again (every line unchanged), once the search index has worded the new
 *    products → lines/s (≥ 5,000/s);
 *  - one SKU's stock delta (`PUT /api/merchant/products/{prodId}/skus/{skuId}`, a different
 *    imported SKU each request) at BENCH_CONNECTIONS (50) → p99 (≤ 25 ms), sent by wrk from
 *    outside this process when installed (loadgen.ts; else autocannon in it, and it says so).
 * Printed and compared; never a test that fails on the numbers.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Row } from "./server-speed.ts";
import { load } from "./loadgen.ts";

const STOCK_BUDGETS = { importPerSec: 1000, extraRssMb: 256, againPerSec: 5000, updateP99Ms: 25 } as const;

interface StockServer {
  child: import("node:child_process").ChildProcess;
  port: number;
}

interface StockOptions {
  root: string;
  /** A seeded PostgreSQL database for this section alone. */
  databaseUrl: string;
  connections: number;
  duration: number;
  start: (dataDir: string, env: Record<string, string>) => Promise<StockServer>;
  stop: (s: StockServer) => Promise<void>;
}

const PRODUCTS = Number(process.env.BENCH_STOCK_PRODUCTS ?? 100_000);

interface Envelope<T> {
  code: string;
  msg: string | null;
  data: T;
}

async function api<T>(origin: string, p: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(`${origin}/api${p}`, {
    ...init,
    headers: { ...(init.token ? { Authorization: init.token } : {}), ...(init.headers ?? {}) },
  });
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== "00000") throw new Error(`${p}: ${body.code} ${body.msg}`);
  return body.data;
}

/** The resident set of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Writes the catalogue line by line (never whole in memory). */
async function writeCatalogue(file: string, n: number, categoryId: number, pic: string): Promise<void> {
  const out = fs.createWriteStream(file);
  for (let i = 1; i <= n; i++) {
    const code = `BENCH-${i}`;
    const line = JSON.stringify({
      code,
      categoryId,
      texts: {
        zh: { name: `批量商品 ${i} 号`, brief: "基准测试导入", parameters: [{ key: "编号", value: String(i) }] },
        "zh-tw": { name: `批量商品 ${i} 號`, brief: "基準測試匯入" },
        en: { name: `Bulk product no. ${i}`, brief: "Imported by the bench" },
      },
      pic,
      skus: ["S", "M", "L"].map((size, j) => ({
        code: `${code}-${size}`,
        properties: [
          { name: { zh: "尺码", "zh-tw": "尺碼", en: "Size" }, value: { zh: size, "zh-tw": size, en: size } },
        ],
        price: `${(10 + (i % 90) + j).toFixed(2)}`,
        stocks: 100 + j,
      })),
      onSale: true,
    });
    if (!out.write(`${line}\n`)) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

/** Runs the ops CLI as a shop runs it; answers its output, wall time and peak RSS. */
async function runCli(
  root: string,
  argv: string[],
  env: Record<string, string>,
): Promise<{ out: string; seconds: number; peakRss: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/ops/main.ts", ...argv], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr.on("data", (b: Buffer) => (out += b.toString()));
  let peakRss = 0;
  const timer = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, rssOf(child.pid!));
    } catch {
      // exited
    }
  }, 200);
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  clearInterval(timer);
  if (code !== 0) throw new Error(`ops ${argv.join(" ")} exited ${code}: ${out.slice(-500)}`);
  return { out, seconds: (performance.now() - t0) / 1000, peakRss };
}

const mb = (b: number) => Math.round(b / 1024 / 1024);

export async function benchStock(o: StockOptions): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-bench-stock-"));
  const server = await o.start(dir, { DATABASE_URL: o.databaseUrl, JOBS: "0" });
  const rows: Row[] = [];
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    const { accessToken: token } = await api<{ accessToken: string }>(origin, "/merchant/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "shop01", password: "Shop1234" }),
    });
    const form = new FormData();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    form.set("file", new File([new Uint8Array(png)], "bench.png", { type: "image/png" }));
    const { filePath: pic } = await api<{ filePath: string }>(origin, "/merchant/file/upload", {
      method: "POST",
      body: form,
      token,
    });
    const { default: postgres } = await import("postgres");
    const sqlc = postgres(o.databaseUrl, { max: 1, onnotice: () => {} });
    const [leaf] = await sqlc<{ id: number }[]>`
      select category_id as id from categories where shop_id = 0 and grade = 2 and status = 1 order by category_id limit 1`;
    const file = path.join(dir, "catalogue.jsonl");
    await writeCatalogue(file, PRODUCTS, leaf!.id, pic);
    console.log(
      `  catalogue: ${PRODUCTS.toLocaleString("en-US")} products (3 SKUs, 3 languages), ${mb(fs.statSync(file).size)} MB`,
    );
    const cliEnv = {
      MALL_OPS_USER: "shop01",
      MALL_OPS_PASSWORD: "Shop1234",
      MALL_OPS_TOKEN_FILE: path.join(dir, "tokens.json"),
    };
    const argv = ["product-import", file, "--url", origin, "--chunk", "1000"];

    // The CLI's own start (tsx loading the TypeScript) is not the import's time.
    const startup = (await runCli(o.root, ["help"], cliEnv)).seconds;
    const rssBefore = rssOf(server.child.pid!);
    let serverPeak = rssBefore;
    const sampler = setInterval(() => (serverPeak = Math.max(serverPeak, rssOf(server.child.pid!))), 200);
    let first: Awaited<ReturnType<typeof runCli>>;
    try {
      first = await runCli(o.root, argv, cliEnv);
    } finally {
      clearInterval(sampler);
    }
    const importSeconds = Math.max(0.001, first.seconds - startup);
    const perSec = PRODUCTS / importSeconds;
    const extra = serverPeak - rssBefore;
    console.log(`  first run: ${first.out.trim().split("\n").at(-1)}`);
    console.log(
      `  ${Math.round(perSec)} products/s (${importSeconds.toFixed(1)} s; the CLI's start, ${startup.toFixed(1)} s, left out); server RSS ${mb(rssBefore)} → peak ${mb(serverPeak)} MB (+${mb(extra)}); CLI peak RSS ${mb(first.peakRss)} MB`,
    );
    rows.push(
      {
        what: `import ${PRODUCTS.toLocaleString("en-US")} products (ops product-import)`,
        db: "PostgreSQL",
        figure: `${Math.round(perSec)} products/s`,
        budget: `≥ ${STOCK_BUDGETS.importPerSec}/s`,
        within: perSec >= STOCK_BUDGETS.importPerSec,
      },
      {
        what: "import: server RSS above its start",
        db: "PostgreSQL",
        figure: `+${mb(extra)} MB (CLI ${mb(first.peakRss)} MB)`,
        budget: `≤ ${STOCK_BUDGETS.extraRssMb} MB`,
        within: mb(extra) <= STOCK_BUDGETS.extraRssMb,
      },
    );

    // The search index (src/server/domain/catalog/search-index.ts) words the new products in the
    // server process after the import: the rest is measured once it has caught up.
    const t0 = performance.now();
    for (;;) {
      const [left] = await sqlc<{ n: number }[]>`
        select count(*)::int as n from products p where p.shop_id = 1 and p.code like 'BENCH-%'
          and not exists (select 1 from product_search_words w where w.prod_id = p.prod_id)`;
      if (left!.n === 0 || performance.now() - t0 > 600_000) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(`  the search index caught up ${((performance.now() - t0) / 1000).toFixed(1)} s after the import`);
    const again = await runCli(o.root, argv, cliEnv);
    const againPerSec = PRODUCTS / Math.max(0.001, again.seconds - startup);
    console.log(`  second run: ${again.out.trim().split("\n").at(-1)} — ${Math.round(againPerSec)} lines/s`);
    rows.push({
      what: "import again, every line unchanged",
      db: "PostgreSQL",
      figure: `${Math.round(againPerSec)} lines/s`,
      budget: `≥ ${STOCK_BUDGETS.againPerSec}/s`,
      within: againPerSec >= STOCK_BUDGETS.againPerSec,
    });

    // One SKU's stock a request, a different imported SKU each time (+1 and -1 in turn).
    const skuRows = await sqlc<{ prodId: number; skuId: number }[]>`
      select s.prod_id as "prodId", s.sku_id as "skuId" from skus s join products p on p.prod_id = s.prod_id
      where p.shop_id = 1 and p.code like 'BENCH-%' order by s.sku_id limit 20000`;
    await sqlc.end({ timeout: 5 });
    // The same requests from outside the server's and this process's event loops (wrk, like the
    // other sections; loadgen.ts): SKU i of the list, +1 for even i and -1 for odd i, cycled.
    const update = await load(
      origin,
      {
        requests: skuRows.map((s, i) => ({
          method: "PUT" as const,
          path: `/api/merchant/products/${s.prodId}/skus/${s.skuId}`,
          body: JSON.stringify({ stocksDelta: i % 2 === 0 ? 1 : -1 }),
        })),
      },
      {
        connections: o.connections,
        duration: o.duration,
        headers: { Authorization: token, "content-type": "application/json" },
        name: "stock-deltas",
      },
    );
    console.log(
      `  price/stock update: ${update.requestsPerSec} req/s, p99 ${update.latencyP99Ms} ms, non-2xx ${update.non2xx}, errors ${update.errors} (${update.tool}: ${update.command})`,
    );
    rows.push({
      what: `SKU stock update at ${o.connections} connections`,
      db: "PostgreSQL",
      figure: `p99 ${update.latencyP99Ms} ms (${update.requestsPerSec} req/s, non-2xx ${update.non2xx})`,
      budget: `p99 ≤ ${STOCK_BUDGETS.updateP99Ms} ms`,
      within: update.latencyP99Ms <= STOCK_BUDGETS.updateP99Ms && update.non2xx === 0 && update.errors === 0,
    });
  } finally {
    await o.stop(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
