/**
 * Scale section of `npm run bench` (issue #26; opt-in: `BENCH_ONLY=scale npm run bench`): the
 * catalogue of `npm run catalog` (100,000 products, 1,000 shops by default) in a PostgreSQL
 * database of its own, measured through the bundled server like a client sees it:
 *  - API: search/page?keyword=classic, search/page?keyword=手机, searchProdPage by category
 *    (cycling the level-3 categories), shop/searchShops — p99 at BENCH_CONNECTIONS (50);
 *  - product pages of never-seen ids, cycling every product id (one shared counter: no two
 *    requests ask for the same page until the cycle wraps), render cache on and off, after a
 *    warm-up (BENCH_SCALE_WARMUP seconds, default 10, not counted);
 *  - /en/shopList with the cache off;
 *  - /sitemap.xml and a product sitemap part, each just after a product write that drops them
 *    (cache on, so the time is a miss that re-reads what changed), one request at a time;
 *  - RSS of the cache-on server after its product-page run (distinct pages served printed);
 *  - search (PostgreSQL; tests/bench/search-quality.ts): the search index build time
 *    (`npm run catalog -- --reindex`, generated sizes), precision@10 and the zero-result rate of
 *    the labelled query set; searches not asked before get issue #42's p99 budget (≤ 100 ms at 100k).
 * Budgets (issue #26): API p99 ≤ 50 ms; uncached product pages ≥ 300/s in the bench (the issue's
 * goal for cold pages is ≥ 200/s); sitemap ≤ 100 ms; RSS ≤ 512 MB.
 *
 * Sizes: BENCH_SCALE_SIZES (default "demo,100k"). The database (BENCH_SCALE_DB, default
 * mall_bench_scale on PG_URL's server) is generated once (`npm run catalog`, a few minutes) and
 * kept for the next run; BENCH_SCALE_DROP=1 drops it at the end. The same catalogue is generated
 * into a PGlite data directory (BENCH_SCALE_PGLITE_DIR, kept likewise) and measured after it;
 * BENCH_SCALE_PGLITE=0 leaves PGlite out. BENCH_SCALE_ROWS=unseen measures only the searches
 * nobody asked before (no index build, query set, other rows or walk): issue #42's row on its own.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Row } from "./server-speed.ts";
import { load, type Cannon, type LoadResult } from "./loadgen.ts";
import { indexBuildRow, SEARCH_BUDGETS, searchQualityRows } from "./search-quality.ts";

export const SCALE_BUDGETS = { apiP99Ms: 50, coldPagesPerSec: 300, sitemapMs: 100, rssMb: 512 } as const;

export interface ScaleServer {
  child: ChildProcess;
  port: number;
}

export interface ScaleOptions {
  root: string;
  pgUrl: string;
  connections: number;
  duration: number;
  start: (dataDir: string, env: Record<string, string>) => Promise<ScaleServer>;
  stop: (s: ScaleServer) => Promise<void>;
}

const PRODUCTS = Number(process.env.BENCH_SCALE_PRODUCTS ?? 100_000);
const WARMUP = Number(process.env.BENCH_SCALE_WARMUP ?? 10);
/** BENCH_SCALE_ROWS=unseen: only the row of searches nobody asked before. */
const UNSEEN_ONLY = process.env.BENCH_SCALE_ROWS === "unseen";

function dbUrl(pgUrl: string, name: string): string {
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A catalogue size of the section: the demo as seeded, or the demo plus generated products up to `products`. */
interface Size {
  name: "demo" | "100k";
  products: number;
}

/** BENCH_SCALE_SIZES (default "demo,100k"): the sizes measured, each in a database of its own. */
function sizes(): Size[] {
  return (process.env.BENCH_SCALE_SIZES ?? "demo,100k")
    .split(",")
    .map((x) => x.trim())
    .filter((x): x is Size["name"] => x === "demo" || x === "100k")
    .map((name) => ({ name, products: name === "demo" ? 0 : PRODUCTS }));
}

/** Runs `npm run catalog` into the database / data directory unless it already holds the catalogue of `size`. */
async function ensureCatalog(
  root: string,
  env: Record<string, string>,
  count: () => Promise<number>,
  size: Size,
): Promise<void> {
  const have = await count().catch(() => 0);
  const present = size.products === 0 ? have > 0 && have < 5_000 : have >= size.products * 0.9;
  if (present) {
    console.log(`  catalogue present (${have} products): reused`);
    return;
  }
  // The demo as seeded (npm run db:seed), or the demo and the generated catalogue.
  const args = size.products === 0 ? ["run", "db:seed"] : ["run", "catalog", "--", "--products", String(size.products)];
  console.log(`  making the ${size.name} catalogue (npm ${args.join(" ")})…`);
  const t0 = performance.now();
  const r = spawnSync("npm", args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed (${r.status})`);
  console.log(`  generated in ${Math.round((performance.now() - t0) / 1000)} s`);
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * One GET until its last byte, as sent (compressed, not decoded: a crawler's decoding is its own
 * time, and on this shared machine it would take the server's core).
 */
function timedGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; status: number; xcache: string | null }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, br", ...headers } }, (res) => {
        res.on("data", () => {});
        res.on("end", () =>
          resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, xcache: headerOf(res, "x-cache") }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

function headerOf(res: http.IncomingMessage, name: string): string | null {
  const v = res.headers[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

const show = (r: Cannon) =>
  `${r.requestsPerSec} req/s, p99 ${r.latencyP99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;

/** The level-3 platform categories (from the category tree API) and their names in zh and en (search words). */
async function catalogueShape(origin: string): Promise<{ leafIds: number[]; words: string[] }> {
  type Node = { categoryId: number; categoryName?: string; categories?: Node[] };
  const tree = async (lang: string) => {
    const res = await fetch(`${origin}/api/category/categoryInfo?parentId=0`, { headers: { "accept-language": lang } });
    const body = (await res.json()) as Node[] | { data?: Node[] };
    return Array.isArray(body) ? body : (body.data ?? []);
  };
  const leaves = (t: Node[]) => t.flatMap((l1) => (l1.categories ?? []).flatMap((l2) => l2.categories ?? []));
  const [zh, en] = [leaves(await tree("zh")), leaves(await tree("en"))];
  const words = [...zh, ...en].map((n) => n.categoryName ?? "").filter(Boolean);
  return { leafIds: zh.map((n) => n.categoryId), words: [...new Set(words)] };
}

/** Product ids of the sitemap parts (what a crawler would ask for). */
async function productIds(origin: string): Promise<number[]> {
  const index = await (await fetch(`${origin}/sitemap.xml`)).text();
  const parts = [...index.matchAll(/sitemap-zh-products-(\d+)\.xml/g)].map((m) => m[1]!);
  const ids: number[] = [];
  for (const p of parts) {
    const xml = await (await fetch(`${origin}/sitemap-zh-products-${p}.xml`)).text();
    for (const m of xml.matchAll(/<loc>[^<]*\/detail\/(\d+)<\/loc>/g)) ids.push(Number(m[1]));
  }
  return ids;
}

/** One database's rows: API searches, product pages cache on/off, shop list, sitemaps, RSS. */
async function measure(
  db: string,
  opts: ScaleOptions,
  env: Record<string, string>,
  /** A product write (sitemap rows), or null where another process cannot write (PGlite: the server is its only user). */
  write: ((prodId: number) => Promise<void>) | null,
): Promise<Row[]> {
  const rows: Row[] = [];
  const { connections, duration } = opts;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-bench-scale-"));
  const api = (what: string, r: LoadResult): Row => {
    const within = r.total > 0 && r.non2xx === 0 && r.errors === 0 && r.latencyP99Ms <= SCALE_BUDGETS.apiP99Ms;
    console.log(
      `  ${what.padEnd(44)} ${show(r)} — ${within ? "within" : "OVER"} p99 ≤ ${SCALE_BUDGETS.apiP99Ms} ms (${r.tool})`,
    );
    console.log(`    ${r.command}`);
    return {
      what: `scale: ${what} (${connections} conn.)`,
      db,
      figure: `p99 ${r.latencyP99Ms} ms, ${r.requestsPerSec} req/s`,
      budget: `p99 ≤ ${SCALE_BUDGETS.apiP99Ms} ms`,
      within,
      detail: { ...r },
    };
  };
  try {
    // ---- cache on: API, product pages, sitemaps, RSS
    let s = await opts.start(dataDir, { ...env, JOBS: "0" });
    let origin = `http://127.0.0.1:${s.port}`;
    try {
      const ids = await productIds(origin);
      const { leafIds, words } = await catalogueShape(origin);
      console.log(`  ${ids.length} products in the sitemaps, ${leafIds.length} level-3 categories`);
      const headers = { "accept-encoding": "gzip, deflate, br", "accept-language": "en" };
      const run = (name: string, paths: string[]) => load(origin, paths, { connections, duration, headers, name });
      // A search row's URL is asked once first, alone, like the category lists below: its first
      // answer reads the database (on a fresh PGlite server the first search took ~0.5 s, and the 50
      // connections queued behind it made that row's p99 395 ms where a second run gave 19 ms). The
      // first ask is printed; the row is the rate at which the mall answers a search shoppers keep
      // asking, and searches nobody asked before have their own row.
      const firstAsk = async (p: string) => {
        const { ms } = await timedGet(`${origin}${p}`, headers);
        console.log(`  ${`${p}, asked the first time`.padEnd(44)} ${Math.round(ms)} ms`);
        return [p];
      };
      if (!UNSEEN_ONLY) {
        const classic = "/api/search/page?keyword=classic";
        rows.push(api("API search/page?keyword=classic", await run("search-classic", await firstAsk(classic))));
        const phone = `/api/search/page?keyword=${encodeURIComponent("手机")}`;
        rows.push(api("API search/page?keyword=手机", await run("search-phone", await firstAsk(phone))));
        // Each list asked once first, one at a time (their first answers are searches; printed), then
        // the rate at which a mall answers category lists shoppers keep asking.
        const lists = leafIds.map((id) => `/api/search/searchProdPage?categoryId=${id}&size=20`);
        const firstAsks: number[] = [];
        for (const p of lists) firstAsks.push((await timedGet(`${origin}${p}`, headers)).ms);
        firstAsks.sort((a, b) => a - b);
        console.log(
          `  ${"category lists, each asked the first time".padEnd(44)} median ${Math.round(firstAsks[firstAsks.length >> 1]!)} ms, worst ${Math.round(firstAsks.at(-1)!)} ms (${lists.length} lists, one at a time)`,
        );
        rows.push(api("API searchProdPage by category", await run("category-lists", lists)));
        const shops = "/api/shop/searchShops?current=1&size=20";
        rows.push(api("API shop/searchShops", await run("shop-search", await firstAsk(shops))));
      }
      // Searches nobody asked before: every category name in zh and en, pages 1-5, each URL made
      // unique by a parameter the API ignores (it keys kept answers by URL), more URLs than a run
      // asks — so no kept answer helps and the figure is what a search itself costs.
      const distinct = Array.from({ length: 20_000 }, (_, i) => {
        const w = words[i % words.length]!;
        const page = 1 + (Math.floor(i / words.length) % 5);
        return `/api/search/page?keyword=${encodeURIComponent(w)}&current=${page}&_=${i}`;
      });
      const fresh = await run("search-distinct", distinct);
      console.log(
        `  ${"API search/page, searches not asked before".padEnd(44)} ${show(fresh)} (${Math.min(fresh.total, distinct.length)} of ${distinct.length} URLs asked; ${fresh.tool})`,
      );
      // Issue #42's budget: p99 ≤ 100 ms at 100,000 products (PostgreSQL).
      const unseenBudget = db === "PostgreSQL, 100k";
      const unseenWithin =
        fresh.total > 0 && fresh.non2xx === 0 && fresh.errors === 0 && fresh.latencyP99Ms <= SEARCH_BUDGETS.unseenP99Ms;
      if (unseenBudget)
        console.log(
          `    ${unseenWithin ? "within" : "OVER"} p99 ≤ ${SEARCH_BUDGETS.unseenP99Ms} ms (issue #42, at 100k)`,
        );
      rows.push({
        what: `scale: API search/page, searches not asked before (${connections} conn.)`,
        db,
        figure: `p99 ${fresh.latencyP99Ms} ms, ${fresh.requestsPerSec} req/s`,
        budget: unseenBudget ? `p99 ≤ ${SEARCH_BUDGETS.unseenP99Ms} ms` : "—",
        within: unseenBudget ? unseenWithin : null,
        detail: { ...fresh },
      });
      if (UNSEEN_ONLY) return rows;
      rows.push(...(await productPages(db, "cache on", origin, ids, opts, s.child.pid)));
      if (write) rows.push(...(await sitemaps(db, origin, ids, write)));
    } finally {
      await opts.stop(s);
    }
    // ---- cache off: product pages, shop list
    s = await opts.start(dataDir, { ...env, JOBS: "0", RENDER_CACHE: "0" });
    origin = `http://127.0.0.1:${s.port}`;
    try {
      const ids = await productIds(origin);
      rows.push(...(await productPages(db, "cache off", origin, ids, opts, s.child.pid)));
      const r = await load(origin, ["/en/shopList"], { connections, duration, name: "shop-list" });
      console.log(`  ${"/en/shopList, cache off".padEnd(44)} ${show(r)} (${r.tool})`);
      rows.push({
        what: `scale: /en/shopList, cache off (${connections} conn.)`,
        db,
        figure: `${r.requestsPerSec} pages/s, p99 ${r.latencyP99Ms} ms`,
        budget: "—",
        within: null,
        detail: { ...r },
      });
    } finally {
      await opts.stop(s);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * Product pages of never-seen ids: one counter shared by every connection walks the ids (the
 * warm-up walks them from the other end, so no measured page was asked before). With the cache on
 * (or BENCH_SCALE_WALK=all) the walk goes through every id of the sitemaps in runs of
 * BENCH_DURATION seconds, and the process's RSS is read after each run: 100,000 distinct pages.
 */
async function productPages(
  db: string,
  mode: string,
  origin: string,
  ids: number[],
  opts: ScaleOptions,
  pid: number | undefined,
): Promise<Row[]> {
  const c = opts.connections;
  const paths = ids.map((id) => `/en/detail/${id}`);
  const warm = await load(origin, [...paths].reverse(), { connections: c, duration: WARMUP, name: "detail-warm" });
  // A small catalogue (the demo's) is gone round by the warm-up: its pages are then measured cycling.
  const unseen = paths.length - warm.total;
  const cycling = unseen < paths.length / 2;
  const measured = cycling ? paths : paths.slice(0, unseen);
  const whole = !cycling && (mode === "cache on" || process.env.BENCH_SCALE_WALK === "all");
  // BENCH_SCALE_WALK_PAGES: stop the walk after about this many pages (a quicker run).
  const limit = whole
    ? Math.min(measured.length, Number(process.env.BENCH_SCALE_WALK_PAGES ?? Infinity))
    : measured.length;
  // Without the whole walk: three runs (the first after a 10 s warm-up still finds the JIT warming).
  const maxRuns = whole ? Infinity : 3;
  let runs = 0;
  /** Distinct pages walked after the warm-up, and the pages of the runs that count for the rate. */
  let offset = 0;
  let counted = 0;
  let seconds = 0;
  let worstP99 = 0;
  let non2xx = 0;
  let errors = 0;
  let last: LoadResult | null = null;
  const rss: { pages: number; mb: number | null }[] = [];
  while (offset < limit && runs++ < maxRuns) {
    const r = await load(origin, measured.slice(offset), {
      connections: c,
      duration: opts.duration,
      name: "detail-walk",
    });
    if (r.total === 0) break;
    // The load tool goes round its paths: a run that got through every page left asked some
    // pages a second time (kept by then, with the cache on). Its new pages count as walked, but
    // the run does not count for the rate (a small catalogue measured cycling is meant to go round).
    const left = measured.length - offset;
    const wentRound = !cycling && r.total > left;
    offset += wentRound ? left : r.total;
    if (!wentRound) {
      last = r;
      counted += r.total;
      seconds += opts.duration;
      worstP99 = Math.max(worstP99, r.latencyP99Ms);
      non2xx += r.non2xx;
      errors += r.errors;
    }
    rss.push({ pages: offset + warm.total, mb: rssMb(pid) });
    if (whole)
      console.log(
        `    ${offset + warm.total} distinct pages: ${r.requestsPerSec} pages/s${wentRound ? " (went round: not counted)" : ""}, RSS ${rss.at(-1)!.mb} MB`,
      );
  }
  const perSec = Math.round(counted / Math.max(1, seconds));
  // Off-shelf products and closed shops are not in the sitemaps; a 404 here is a page that failed.
  const within = counted > 0 && non2xx === 0 && errors === 0 && perSec >= SCALE_BUDGETS.coldPagesPerSec;
  console.log(
    `  ${`product pages, ${mode}${cycling ? ` (cycling ${paths.length})` : ""}`.padEnd(44)} ${perSec} pages/s over ${counted} pages, worst p99 ${worstP99} ms, non-2xx ${non2xx}, errors ${errors} — ${within ? "within" : "OVER"} ≥ ${SCALE_BUDGETS.coldPagesPerSec} pages/s (warm-up ${WARMUP} s: ${warm.requestsPerSec}/s; ${last?.tool ?? "-"})`,
  );
  if (last) console.log(`    ${last.command}`);
  const out: Row[] = [
    {
      what: `scale: product pages of ${cycling ? `${paths.length} products, cycling` : "unseen ids"}, ${mode} (${c} conn.)`,
      db,
      figure: `${perSec} pages/s, worst p99 ${worstP99} ms`,
      budget: `≥ ${SCALE_BUDGETS.coldPagesPerSec} pages/s`,
      within,
      detail: {
        pages: counted,
        distinct: offset + warm.total,
        seconds,
        non2xx,
        errors,
        warmUp: warm.requestsPerSec,
        rss,
      },
    },
  ];
  if (whole) {
    const peak = Math.max(...rss.map((x) => x.mb ?? 0));
    const distinct = offset + warm.total;
    console.log(`  RSS after ${distinct} distinct product pages: ${rss.at(-1)?.mb ?? "n/a"} MB, peak ${peak} MB`);
    out.push({
      what: `scale: RSS after ${distinct} distinct product pages, ${mode}`,
      db,
      figure: `${rss.at(-1)?.mb ?? "n/a"} MB (peak ${peak} MB)`,
      budget: `≤ ${SCALE_BUDGETS.rssMb} MB`,
      within: peak > 0 ? peak <= SCALE_BUDGETS.rssMb : null,
      detail: { rss },
    });
  }
  return out;
}

/** /sitemap.xml and a product part, each right after a write to a product of that part (N = 5 each). */
async function sitemaps(
  db: string,
  origin: string,
  ids: number[],
  write: (prodId: number) => Promise<void>,
): Promise<Row[]> {
  const mid = ids[Math.floor(ids.length / 2)]!;
  const part = Math.floor((mid - 1) / 10_000) + 1;
  const rows: Row[] = [];
  for (const [what, url] of [
    ["/sitemap.xml", `${origin}/sitemap.xml`],
    [`/sitemap-zh-products-${part}.xml`, `${origin}/sitemap-zh-products-${part}.xml`],
  ] as const) {
    const cold = await timedGet(url);
    await timedGet(url);
    const times: number[] = [];
    const states: string[] = [];
    /** From the write until the fresh copy is answered (the background render after the stale answer). */
    const freshAfter: number[] = [];
    for (let i = 0; i < 5; i++) {
      await write(mid);
      const written = performance.now();
      // The change feed is read at most once a second (CONTENT_POLL_MS): wait for it.
      await new Promise((r) => setTimeout(r, 1200));
      const r = await timedGet(url);
      if (r.status !== 200) throw new Error(`${what}: ${r.status}`);
      times.push(r.ms);
      states.push(r.xcache ?? "-");
      for (;;) {
        const again = await timedGet(url);
        if (again.xcache === "HIT" || performance.now() - written > 30_000) break;
        await new Promise((res) => setTimeout(res, 50));
      }
      freshAfter.push(performance.now() - written);
    }
    times.sort((a, b) => a - b);
    freshAfter.sort((a, b) => a - b);
    const worst = times.at(-1)!;
    const within = worst <= SCALE_BUDGETS.sitemapMs;
    const fresh = `fresh copy ${Math.round(freshAfter[2]! / 100) / 10} s after the write (median)`;
    console.log(
      `  ${`${what}, just invalidated`.padEnd(44)} median ${Math.round(times[2]!)} ms, worst ${Math.round(worst)} ms (${[...new Set(states)].join("/")}; ${fresh}; first request after start ${Math.round(cold.ms)} ms) — ${within ? "within" : "OVER"} ≤ ${SCALE_BUDGETS.sitemapMs} ms`,
    );
    rows.push({
      what: `scale: ${what} just after a product write`,
      db,
      figure: `median ${Math.round(times[2]!)} ms, worst ${Math.round(worst)} ms (${[...new Set(states)].join("/")}); ${fresh}`,
      budget: `≤ ${SCALE_BUDGETS.sitemapMs} ms`,
      within,
      detail: { times: times.map(Math.round), states, freshAfterMs: freshAfter.map(Math.round), coldMs: cold.ms },
    });
  }
  return rows;
}

/**
 * The scale section: each size (BENCH_SCALE_SIZES) on PostgreSQL, then on PGlite beside it
 * (BENCH_SCALE_PGLITE=0 leaves PGlite out).
 */
export async function benchScale(opts: ScaleOptions): Promise<Row[]> {
  const base = process.env.BENCH_SCALE_DB ?? "mall_bench_scale";
  const { default: postgres } = await import("postgres");
  const admin = postgres(opts.pgUrl, { max: 1, onnotice: () => {} });
  const rows: Row[] = [];
  try {
    for (const size of sizes()) {
      const name = size.name === "demo" ? `${base}_demo` : base;
      const exists = await admin`select 1 from pg_database where datname = ${name}`;
      if (exists.length === 0) await admin.unsafe(`create database "${name}"`);
      const url = dbUrl(opts.pgUrl, name);
      const sql = postgres(url, { max: 2, onnotice: () => {} });
      try {
        console.log(`  PostgreSQL database ${name} (${size.name})`);
        const count = async () => {
          const [r] = await sql`select count(*)::int as n from products`;
          return Number(r?.n ?? 0);
        };
        await ensureCatalog(opts.root, { DATABASE_URL: url }, count, size);
        // Search: the index build and quality on the labelled query set (tests/bench/search-quality.ts).
        const built =
          size.products > 0 && !UNSEEN_ONLY ? indexBuildRow(opts.root, url, `PostgreSQL, ${size.name}`) : null;
        if (built) rows.push(built);
        if (!UNSEEN_ONLY) rows.push(...(await searchQualityRows(url, `PostgreSQL, ${size.name}`)));
        const write = async (prodId: number) => {
          await sql`update products set updated_at = now() where prod_id = ${prodId}`;
        };
        rows.push(...(await measure(`PostgreSQL, ${size.name}`, opts, { DATABASE_URL: url }, write)));
      } finally {
        await sql.end({ timeout: 5 });
      }
      if (process.env.BENCH_SCALE_DROP === "1") await admin.unsafe(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
  if (process.env.BENCH_SCALE_PGLITE !== "0") {
    const { openDatabase } = await import("../../src/server/db/client.ts");
    const { products } = await import("../../src/server/db/schema/index.ts");
    const { count } = await import("drizzle-orm");
    for (const size of sizes()) {
      const dir =
        (process.env.BENCH_SCALE_PGLITE_DIR ?? path.join(os.tmpdir(), "mall-bench-scale-pglite")) +
        (size.name === "demo" ? "-demo" : "");
      console.log(`  PGlite data directory ${dir} (${size.name})`);
      const countProducts = async () => {
        const d = await openDatabase({ dataDir: path.join(dir, "pglite") });
        try {
          const [r] = await d.db.select({ n: count() }).from(products);
          return Number(r?.n ?? 0);
        } finally {
          await d.close();
        }
      };
      await ensureCatalog(opts.root, { DATA_DIR: dir, DATABASE_URL: "" }, countProducts, size);
      // PGlite's data directory has one user (the server): the sitemap rows, which write while it
      // runs, are measured on PostgreSQL only.
      const pgliteRows = await measure(`PGlite, ${size.name}`, opts, { DATA_DIR: dir, DATABASE_URL: "" }, null).catch(
        (e: Error) => {
          console.log(`  PGlite: ${e.message}`);
          return [] as Row[];
        },
      );
      rows.push(...pgliteRows);
    }
  }
  return rows;
}
