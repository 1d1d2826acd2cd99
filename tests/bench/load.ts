/**
 * Load bench (docs/security.md "Security tests"), section 10 of `npm run bench`
 * (alone: BENCH_ONLY=load npm run bench). On a PostgreSQL database of its own (created and dropped
 * again), two server processes; LOAD_BUYERS simulated buyers (default 200) for LOAD_SECONDS
 * (default 60), each in a loop: open a product page and its API answer (browse), add the product to
 * the cart, buy it now (confirm + submit) and pay through the sandbox provider with the payment's
 * page key — every request to either process at random. Prints requests, errors (HTTP 5xx, A00005,
 * network errors, or any refusal), lost orders (answered with a number but not in the database, or
 * answered "paid" but not paid), latency and each process's memory (RSS) over time.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client.ts";
import { orders, sessions, users } from "../../src/server/db/schema/index.ts";
import { OrderStatus } from "../../src/lib/order/order-state.ts";
import { hashToken, newToken } from "../../src/server/domain/account/tokens.ts";
import { ledgerMismatches } from "../../src/server/domain/points/points-ledger.ts";
import { pickRaceSku, setStock } from "./buying.ts";
import { withScratchDatabase } from "./scratch-db.ts";

interface LoadServer {
  child: { pid?: number };
  port: number;
}
export interface LoadDeps {
  buyers: number;
  seconds: number;
  start: (dataDir: string, env: Record<string, string>) => Promise<LoadServer>;
  stop: (server: LoadServer) => Promise<void>;
}

export interface LoadFigures {
  buyers: number;
  seconds: number;
  requests: number;
  requestsPerSec: number;
  rounds: number;
  errors: number;
  errorSamples: string[];
  ordersSubmitted: number;
  ordersPaid: number;
  lostOrders: number;
  lostPayments: number;
  ledgerMismatches: number;
  latencyMs: { p50: number; p99: number; max: number };
  memoryMb: { atSecond: number; rss: number[] }[];
}

function rssMb(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : -1;
  } catch {
    return -1;
  }
}

export async function benchLoad(pgUrl: string, deps: LoadDeps): Promise<LoadFigures> {
  return withScratchDatabase(pgUrl, "mall_load", (dbUrl) => loadOn(new URL(dbUrl), deps));
}

/** Section 10 on a fresh database `url` (dropped by the caller). */
async function loadOn(url: URL, deps: LoadDeps): Promise<LoadFigures> {
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "mall-bench-load-")));
  const servers: LoadServer[] = [];
  try {
    servers.push(await deps.start(dirs[0]!, { DATABASE_URL: url.toString() }));
    servers.push(await deps.start(dirs[1]!, { DATABASE_URL: url.toString() }));
    const origins = servers.map((s) => `http://127.0.0.1:${s.port}`);
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      const db = database.db;
      // plenty of stock on a few products, so a refusal is an error and not "sold out"
      const items: Awaited<ReturnType<typeof pickRaceSku>>[] = [];
      for (let i = 0; i < 12; i++) {
        const sku = await pickRaceSku(db, i * 3);
        await setStock(db, sku.skuId, 1_000_000);
        items.push(sku);
      }
      // buyers with a session each (made in the database: registering 200 through the API would meet the per-IP limit)
      const tokens: string[] = [];
      const run = randomUUID().slice(0, 6);
      for (let i = 0; i < deps.buyers; i++) {
        const userId = randomUUID();
        await db.insert(users).values({ userId, username: `load_${run}_${i}`, nickName: `Load ${i}` });
        const token = newToken();
        await db.insert(sessions).values({
          tokenHash: hashToken(token),
          kind: "user",
          userId,
          expiresAt: new Date(Date.now() + 3 * 3600_000),
        });
        tokens.push(token);
      }

      const latencies: number[] = [];
      const errorSamples: string[] = [];
      let requests = 0;
      let errors = 0;
      let rounds = 0;
      const submitted = new Set<string>();
      const paid = new Set<string>();
      const pickOrigin = () => origins[Math.floor(Math.random() * origins.length)]!;
      const fail = (what: string) => {
        errors++;
        if (errorSamples.length < 8) errorSamples.push(what);
      };
      const api = async (token: string | null, p: string, body?: unknown): Promise<unknown> => {
        const t = performance.now();
        requests++;
        try {
          const res = await fetch(`${pickOrigin()}/api${p}`, {
            method: body === undefined ? "GET" : "POST",
            headers: {
              "content-type": "application/json",
              "accept-language": "en",
              ...(token ? { authorization: token } : {}),
            },
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
            signal: AbortSignal.timeout(30_000),
          });
          const json = (await res.json()) as { code: string; msg: string | null; data: unknown };
          latencies.push(performance.now() - t);
          if (res.status >= 500 || json.code !== "00000") {
            fail(`${p.split("?")[0]}: ${res.status} ${json.code} ${json.msg}`);
            return undefined;
          }
          return json.data;
        } catch (err) {
          fail(`${p.split("?")[0]}: ${(err as Error).message}`);
          return undefined;
        }
      };
      const page = async (p: string) => {
        const t = performance.now();
        requests++;
        try {
          const res = await fetch(`${pickOrigin()}${p}`, { signal: AbortSignal.timeout(30_000) });
          await res.arrayBuffer();
          latencies.push(performance.now() - t);
          if (res.status !== 200) fail(`${p}: ${res.status}`);
        } catch (err) {
          fail(`${p}: ${(err as Error).message}`);
        }
      };

      const deadline = Date.now() + deps.seconds * 1000;
      const buyer = async (token: string, i: number) => {
        await api(token, "/p/address/addAddr", {
          receiver: `Load ${i}`,
          mobile: "13800138000",
          provinceId: 44,
          cityId: 4403,
          areaId: 440305,
          addr: `Load road ${i}`,
        });
        while (Date.now() < deadline) {
          const it = items[Math.floor(Math.random() * items.length)]!;
          await page(`/detail/${it.prodId}`);
          await api(null, `/prod/prodInfo?prodId=${it.prodId}`);
          await api(token, "/p/shopCart/changeItem", {
            prodId: it.prodId,
            skuId: it.skuId,
            shopId: it.shopId,
            count: 1,
          });
          const conf = (await api(token, "/p/order/confirm", {
            orderItem: { prodId: it.prodId, skuId: it.skuId, prodCount: 1, shopId: it.shopId },
          })) as { uuid: string } | undefined;
          if (!conf) continue;
          const sub = (await api(token, "/p/order/submit", { uuid: conf.uuid })) as
            { orderNumbers: string } | undefined;
          if (!sub) continue;
          submitted.add(sub.orderNumbers);
          const pay = (await api(token, "/p/order/pay", { orderNumbers: sub.orderNumbers, payType: 3 })) as
            { payNo: string; codeUrl: string } | undefined;
          if (!pay) continue;
          const key = new URL(pay.codeUrl, origins[0]).searchParams.get("key");
          const done = (await api(null, "/pay/sandbox/complete", { payNo: pay.payNo, key })) as
            { paid?: boolean } | undefined;
          if (done?.paid) paid.add(sub.orderNumbers);
          rounds++;
        }
      };

      const memory: { atSecond: number; rss: number[] }[] = [];
      const started = Date.now();
      const sample = () =>
        memory.push({
          atSecond: Math.round((Date.now() - started) / 1000),
          rss: servers.map((s) => rssMb(s.child.pid)),
        });
      sample();
      const timer = setInterval(sample, Math.max(5_000, (deps.seconds * 1000) / 12));
      await Promise.all(tokens.map((t, i) => buyer(t, i)));
      clearInterval(timer);
      sample();
      const elapsed = (Date.now() - started) / 1000;

      // read back: every acknowledged order exists, every acknowledged payment is paid
      const numbers = [...submitted];
      const found = new Map<string, number>();
      for (let i = 0; i < numbers.length; i += 1000) {
        const rows = await db
          .select({ n: orders.orderNumber, s: orders.status })
          .from(orders)
          .where(inArray(orders.orderNumber, numbers.slice(i, i + 1000)));
        for (const r of rows) found.set(r.n, r.s);
      }
      const lostOrders = numbers.filter((n) => !found.has(n)).length;
      const lostPayments = [...paid].filter((n) => found.get(n) !== OrderStatus.PADYED).length;
      const mismatches = await ledgerMismatches(db);
      latencies.sort((a, b) => a - b);
      const q = (p: number) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
      return {
        buyers: deps.buyers,
        seconds: deps.seconds,
        requests,
        requestsPerSec: Math.round(requests / elapsed),
        rounds,
        errors,
        errorSamples,
        ordersSubmitted: submitted.size,
        ordersPaid: paid.size,
        lostOrders,
        lostPayments,
        ledgerMismatches: mismatches.length,
        latencyMs: { p50: q(0.5), p99: q(0.99), max: Math.round(latencies.at(-1) ?? 0) },
        memoryMb: memory,
      };
    } finally {
      await database.close();
    }
  } finally {
    for (const s of servers) await deps.stop(s).catch(() => {});
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

export function printLoad(f: LoadFigures): void {
  console.log(
    `  ${f.buyers} buyers × ${f.seconds} s: ${f.requests} requests (${f.requestsPerSec}/s), ${f.rounds} full rounds (browse → cart → submit → pay)`,
  );
  console.log(
    `  errors: ${f.errors}${f.errorSamples.length ? ` — e.g. ${f.errorSamples.slice(0, 4).join("; ")}` : ""}`,
  );
  console.log(
    `  orders submitted ${f.ordersSubmitted}, paid ${f.ordersPaid}; lost orders ${f.lostOrders}, lost payments ${f.lostPayments}; ledger mismatches ${f.ledgerMismatches}`,
  );
  console.log(`  latency p50 ${f.latencyMs.p50} ms, p99 ${f.latencyMs.p99} ms, max ${f.latencyMs.max} ms`);
  console.log(
    `  memory (RSS MB, process 1 / process 2): ${f.memoryMb.map((m) => `${m.atSecond}s ${m.rss.join("/")}`).join(", ")}`,
  );
}
