/**
 * Server rows of the performance budgets (docs/performance.md), run by tests/bench/run.ts once on
 * PGlite and once on PostgreSQL:
 *  - uncached page renders, 8 connections, on a RENDER_CACHE=0 server: product detail cycling
 *    every product of the product sitemap (after one pass over them, so the read models hold
 *    them: the steady state of a running shop; the first pass's time is printed too), home
 *    cycling the three locales, product list cycling the first-level categories; each after a
 *    warm-up of RENDER_WARMUP_SECONDS at the same load (printed, not counted);
 *  - GET /api/prod/prodInfo?prodId=1 at 50 connections: p99 and requests/s;
 *  - cart info (tests/bench/buying.ts measures it; its figures become rows here);
 *  - cached page hits (home, X-Cache: HIT) at 50 connections against a plain node:http server
 *    sending the same gzip bytes with the same headers, measured one after the other in the same
 *    run, twice each (the better of each counts: the machine may be shared).
 * Each row prints its figure, budget and a within/OVER verdict; printRows prints them as a table.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { cannon, load, type Cannon } from "./loadgen.ts";

export const RENDER_CONNECTIONS = 8;
/** Seconds of load before each uncached-render figure (JIT warm-up), not counted. */
export const RENDER_WARMUP_SECONDS = Number(process.env.RENDER_WARMUP_SECONDS ?? 30);
export const BUDGETS = {
  detailPagesPerSec: 400,
  homePagesPerSec: 200,
  /** Not in the table: the list page gets the home page's budget (docs/performance.md). */
  listPagesPerSec: 200,
  prodInfoP99Ms: 25,
  prodInfoPerSec: 2000,
  cartP99MsPostgres: 25,
  cartP99MsPglite: 50,
  cachedVsPlain: 0.8,
} as const;

export interface Row {
  what: string;
  db: string;
  figure: string;
  budget: string;
  within: boolean | null;
  detail?: Record<string, unknown>;
}

const show = (r: Cannon) =>
  `${r.requestsPerSec} req/s, p99 ${r.latencyP99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;

async function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** A GET whose body is kept as sent (fetch would undo the Content-Encoding). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Every /detail/<id> of the product sitemap. */
export async function detailPaths(origin: string): Promise<string[]> {
  const xml = (await get(`${origin}/sitemap-zh-products-1.xml`)).body.toString();
  const ids = [...new Set([...xml.matchAll(/<loc>[^<]*\/detail\/(\d+)<\/loc>/g)].map((m) => m[1]!))];
  if (ids.length === 0) throw new Error("the product sitemap lists no products");
  return ids.map((id) => `/detail/${id}`);
}

/** /list of each first-level category (from the category panel of the home page), plus /list and /list?st=1. */
async function listPaths(origin: string): Promise<string[]> {
  const html = (await get(`${origin}/`)).body.toString();
  const cpids = [...new Set([...html.matchAll(/\/list\?cpid=(\d+)&amp;st=0"/g)].map((m) => m[1]!))];
  return ["/list", "/list?st=1", ...cpids.map((id) => `/list?cpid=${id}`)];
}

/** Uncached renders on a RENDER_CACHE=0 server: detail, home, list. */
export async function uncachedRows(origin: string, db: string, duration: number): Promise<Row[]> {
  const probe = await get(`${origin}/detail/1`);
  const xcache = probe.headers.get("x-cache");
  if (xcache !== "BYPASS") throw new Error(`uncached server answers X-Cache ${xcache} (RENDER_CACHE=0 expected)`);
  const details = await detailPaths(origin);
  const t0 = performance.now();
  for (const p of details) await get(origin + p);
  const firstPassMs = Math.round(performance.now() - t0);
  console.log(
    `  first pass over ${details.length} products, one at a time: ${firstPassMs} ms (${(firstPassMs / details.length).toFixed(1)} ms a page, read models filling)`,
  );
  const sets: [string, string[], number][] = [
    [`product detail, ${details.length} products`, details, BUDGETS.detailPagesPerSec],
    ["home, 3 locales", ["/", "/zh-tw/", "/en/"], BUDGETS.homePagesPerSec],
    ["product list, by category", await listPaths(origin), BUDGETS.listPagesPerSec],
  ];
  const rows: Row[] = [];
  for (const [what, paths, budget] of sets) {
    for (const p of paths.slice(0, 20)) await get(origin + p);
    // A warm-up at the same load, not counted: the first seconds of a fresh process run its
    // render code before the JIT has optimised it (a running mall is past that).
    const name = `uncached-${what.split(",")[0]!.replace(/\W+/g, "-")}`;
    const warm = await load(origin, paths, { connections: RENDER_CONNECTIONS, duration: RENDER_WARMUP_SECONDS, name });
    console.log(
      `  ${what.padEnd(34)} warm-up ${RENDER_WARMUP_SECONDS} s: ${warm.requestsPerSec} pages/s (not counted)`,
    );
    const r = await load(origin, paths, { connections: RENDER_CONNECTIONS, duration, name });
    console.log(
      `  ${what.padEnd(34)} ${show(r)} — ${r.requestsPerSec >= budget ? "within" : "OVER"} budget of ${budget} pages/s (${r.tool})`,
    );
    console.log(`    ${r.command}`);
    // The in-process load generator beside it, same paths and minute (docs/performance.md "Measuring from outside").
    const inside =
      r.tool === "wrk" && what.startsWith("product detail")
        ? await cannon(`${origin}/`, { connections: RENDER_CONNECTIONS, duration, paths })
        : null;
    if (inside) console.log(`    autocannon in the bench's process, same paths: ${inside.requestsPerSec} pages/s`);
    rows.push({
      what: `uncached renders: ${what} (${RENDER_CONNECTIONS} conn.)`,
      db,
      figure: `${r.requestsPerSec} pages/s`,
      budget: `≥ ${budget} pages/s`,
      within: r.non2xx === 0 && r.errors === 0 && r.requestsPerSec >= budget,
      detail: {
        ...r,
        paths: paths.length,
        ...(what.startsWith("product detail") ? { firstPassMs } : {}),
        ...(inside ? { autocannonPagesPerSec: inside.requestsPerSec } : {}),
      },
    });
  }
  return rows;
}

/** GET /api/prod/prodInfo?prodId=1 at `connections`. */
export async function prodInfoRow(origin: string, db: string, connections: number, duration: number): Promise<Row> {
  const first = await get(`${origin}/api/prod/prodInfo?prodId=1`);
  if (!first.body.toString().includes('"code":"00000"'))
    throw new Error(`prodInfo does not answer: ${first.body.toString().slice(0, 200)}`);
  const r = await cannon(`${origin}/api/prod/prodInfo?prodId=1`, {
    connections,
    duration,
    headers: { "accept-encoding": "gzip, deflate, br", "accept-language": "zh" },
  });
  const within =
    r.non2xx === 0 &&
    r.errors === 0 &&
    r.latencyP99Ms <= BUDGETS.prodInfoP99Ms &&
    r.requestsPerSec >= BUDGETS.prodInfoPerSec;
  console.log(
    `  GET /api/prod/prodInfo?prodId=1     ${show(r)} — ${within ? "within" : "OVER"} budget (p99 ≤ ${BUDGETS.prodInfoP99Ms} ms, ≥ ${BUDGETS.prodInfoPerSec} req/s)`,
  );
  return {
    what: `GET /api/prod/prodInfo?prodId=1 (${connections} conn.)`,
    db,
    figure: `p99 ${r.latencyP99Ms} ms, ${r.requestsPerSec} req/s`,
    budget: `p99 ≤ ${BUDGETS.prodInfoP99Ms} ms, ≥ ${BUDGETS.prodInfoPerSec} req/s`,
    within,
    detail: { ...r },
  };
}

/** The cart info figure of buying.ts as a row, with the budget of its database. */
export function cartRow(
  db: "PGlite" | "PostgreSQL",
  info: { requestsPerSec: number; p99Ms: number; non2xx: number; errors: number },
  connections: number,
): Row {
  const budget = db === "PGlite" ? BUDGETS.cartP99MsPglite : BUDGETS.cartP99MsPostgres;
  return {
    what: `POST /api/p/shopCart/info (${connections} conn.)`,
    db,
    figure: `p99 ${info.p99Ms} ms, ${info.requestsPerSec} req/s`,
    budget: `p99 ≤ ${budget} ms`,
    within: info.non2xx === 0 && info.errors === 0 && info.p99Ms <= budget,
    detail: { ...info },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Cached home hits against plain Node sending the same bytes: the mall's gzip answer (body and
 * headers, Date and connection headers aside) is saved and served by tests/bench/plain-server.mjs.
 */
export async function cachedVsPlainRow(
  origin: string,
  db: string,
  dir: string,
  connections: number,
  duration: number,
  children: ChildProcess[],
  mallPid?: number,
): Promise<Row> {
  const headers = { "accept-encoding": "gzip" };
  await rawGet(`${origin}/`, headers);
  await new Promise((r) => setTimeout(r, 300)); // the stored entry's compressed copies are made in the background
  const hit = await rawGet(`${origin}/`, headers);
  if (hit.headers["x-cache"] !== "HIT" || hit.headers["content-encoding"] !== "gzip")
    throw new Error(`home is not a gzip HIT: ${hit.headers["x-cache"]} ${hit.headers["content-encoding"]}`);
  const bodyFile = path.join(dir, "home.html.gz");
  const headerFile = path.join(dir, "home.headers.json");
  fs.writeFileSync(bodyFile, hit.body);
  const keep = Object.entries(hit.headers).filter(
    ([n]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(n),
  );
  fs.writeFileSync(headerFile, JSON.stringify(keep));
  const port = await freePort();
  const plain = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "plain-server.mjs"), bodyFile, headerFile, String(port)],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  children.push(plain);
  try {
    for (let i = 0; ; i++) {
      try {
        const r = await rawGet(`http://127.0.0.1:${port}/`, headers);
        if (!r.body.equals(hit.body)) throw new Error("plain server sends other bytes");
        break;
      } catch (e) {
        if (i > 100 || (e as Error).message.includes("other bytes")) throw e;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const half = Math.max(1, Math.round(duration / 2));
    const mallRuns: Cannon[] = [];
    const plainRuns: Cannon[] = [];
    // CPU time of each server per request, from /proc (Linux): a figure a shared machine disturbs less.
    const cpu = { mall: { ms: 0, n: 0 }, plain: { ms: 0, n: 0 } };
    const measure = async (who: "mall" | "plain", pid: number | undefined, url: string, runs: Cannon[]) => {
      const c0 = pid ? cpuMs(pid) : null;
      const r = await cannon(url, { connections, duration: half, headers });
      const c1 = pid ? cpuMs(pid) : null;
      if (c0 !== null && c1 !== null) {
        cpu[who].ms += c1 - c0;
        cpu[who].n += r.total;
      }
      runs.push(r);
    };
    for (let i = 0; i < 2; i++) {
      await measure("mall", mallPid, `${origin}/`, mallRuns);
      await measure("plain", plain.pid, `http://127.0.0.1:${port}/`, plainRuns);
    }
    const perReq = (x: { ms: number; n: number }) => (x.n ? x.ms / x.n : null);
    const mallCpu = perReq(cpu.mall);
    const plainCpu = perReq(cpu.plain);
    const best = (rs: Cannon[]) => rs.reduce((a, b) => (b.requestsPerSec > a.requestsPerSec ? b : a));
    const mall = best(mallRuns);
    const node = best(plainRuns);
    const ratio = node.requestsPerSec ? mall.requestsPerSec / node.requestsPerSec : 0;
    console.log(`  mall, cached home (gzip HIT)        ${show(mall)}`);
    console.log(`  plain node:http, same gzip bytes    ${show(node)}`);
    console.log(
      `  ratio ${(ratio * 100).toFixed(1)} % — ${ratio >= BUDGETS.cachedVsPlain ? "within" : "OVER"} budget (≥ ${BUDGETS.cachedVsPlain * 100} %); ${hit.body.length} gzip bytes`,
    );
    if (mallCpu !== null && plainCpu !== null)
      console.log(
        `  server CPU per request: mall ${(mallCpu * 1000).toFixed(0)} µs, plain Node ${(plainCpu * 1000).toFixed(0)} µs (requests per CPU-second: ${((plainCpu / mallCpu) * 100).toFixed(0)} % of plain Node)`,
      );
    return {
      what: `cached page hits, home (${connections} conn.) vs plain Node, same gzip bytes`,
      db,
      figure: `${mall.requestsPerSec} vs ${node.requestsPerSec} req/s = ${(ratio * 100).toFixed(0)} %`,
      budget: `≥ ${BUDGETS.cachedVsPlain * 100} % of plain Node`,
      within: mall.non2xx === 0 && mall.errors === 0 && ratio >= BUDGETS.cachedVsPlain,
      detail: {
        mall,
        plain: node,
        ratio: Number(ratio.toFixed(3)),
        gzipBytes: hit.body.length,
        cpuPerRequestMs: { mall: mallCpu, plain: plainCpu },
        runs: { mall: mallRuns, plain: plainRuns },
      },
    };
  } finally {
    plain.kill("SIGTERM");
  }
}

/** User + system CPU time of a process in ms (Linux /proc; null elsewhere). */
function cpuMs(pid: number): number | null {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

/** Prints every row as one table. */
export function printRows(rows: Row[]): void {
  const cols = [
    ["what", (r: Row) => r.what],
    ["database", (r: Row) => r.db],
    ["figure", (r: Row) => r.figure],
    ["budget", (r: Row) => r.budget],
    ["verdict", (r: Row) => (r.within === null ? "—" : r.within ? "within" : "OVER")],
  ] as const;
  const width = cols.map(([h, f]) => Math.max(h.length, ...rows.map((r) => f(r).length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(width[i]!)).join("  ")}`;
  console.log(line(cols.map(([h]) => h)));
  console.log(line(width.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(cols.map(([, f]) => f(r))));
}
