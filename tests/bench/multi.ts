/**
 * Multi-process bench (docs/operations.md "Several processes behind nginx"), section 12 of
 * `npm run bench`, opt-in: BENCH_ONLY=multi npm run bench (a default run skips it; it needs nginx).
 *
 * nginx (Debian's `nginx`; skipped with a message when it is missing) runs deploy/nginx/mall.conf
 * with the bench's ports in front of three server processes (the built dist/) with *different*
 * data directories on one PostgreSQL database made for it (mall_bench_multi_…, migrated and seeded
 * by the first process, dropped afterwards), STORAGE=database, TRUST_PROXY=loopback.
 * MULTI_BUYERS simulated buyers (default 200) for MULTI_SECONDS (default 60) go through nginx
 * only: page, product, search, cart, confirm + submit, pay (sandbox), each buyer one picture
 * upload; 20 of them chat with the agents of 10 shops over the socket. Meanwhile the processes are
 * restarted one at a time (SIGTERM, start again, wait for /api/health/ready, the next one).
 * Prints: failed GETs and failed order requests (goal 0); orders acknowledged to the client
 * against the database (none lost, none extra); every uploaded picture read from every process
 * directly; chat messages acknowledged against those the agent received (and how many crossed
 * processes); p50/p99 latency; each process's memory (RSS).
 * MULTI_PORT: nginx on it and the processes on the next three ports (default: free ports);
 * NGINX_BIN: the nginx binary (default /usr/sbin/nginx).
 */
import { randomUUID } from "node:crypto";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import WebSocket from "ws";
import { openDatabase } from "../../src/server/db/client.ts";
import { chatMessages, images, orders, sessions, users } from "../../src/server/db/schema/index.ts";
import { ladderWidths, variantPath } from "../../src/lib/image/ladder.ts";
import { agentSocketPath, ChatCode, userSocketPath } from "../../src/lib/chat/chat.ts";
import { hashToken, newToken } from "../../src/server/domain/account/tokens.ts";
import { pickRaceSku, setStock } from "./buying.ts";
import { withScratchDatabase } from "./scratch-db.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NGINX_CONF = path.join(ROOT, "deploy/nginx/mall.conf");
const PROCESSES = 3;
const CHATTERS = 20;
const SHOPS = 10;
const SECRET = "bench-multi-payment-secret-0123456789";
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

interface MultiServer {
  child: ChildProcess;
  port: number;
}
export interface MultiDeps {
  buyers: number;
  seconds: number;
  /** Starts a server on `port` (waits until /api/health answers). */
  start: (dataDir: string, port: number, env: Record<string, string>) => Promise<MultiServer>;
  stop: (server: MultiServer) => Promise<void>;
  freePort: () => Promise<number>;
}

export interface MultiFigures {
  buyers: number;
  seconds: number;
  requests: number;
  requestsPerSec: number;
  restarts: { port: number; stopMs: number; readyMs: number }[];
  failedGets: number;
  gets: number;
  failedOrderRequests: number;
  orderRequests: number;
  failureSamples: string[];
  orders: { acknowledged: number; inDatabase: number; lost: number; extra: number; paidAcknowledged: number };
  uploads: { written: number; writtenThrough: Record<string, number>; reads: number; readOk: number };
  /** A picture's variant through nginx twice (made by a process, then from nginx's disk), a private document. */
  pictures: {
    variant: string;
    first: string;
    second: string;
    cacheControl: string;
    privateAnonymous: number;
    privateOwner: number;
  };
  chat: { acknowledged: number; delivered: number; crossed: number; storedNotDelivered: number; reconnects: number };
  latencyMs: { p50: number; p99: number; max: number };
  rssMb: { port: number; max: number; end: number }[];
}

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

function rssMb(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : -1;
  } catch {
    return -1;
  }
}

/** The nginx binary (NGINX_BIN, else Debian's), or null: the section is skipped with the reason. */
export function findNginx(): string | null {
  const candidates = [process.env.NGINX_BIN, "/usr/sbin/nginx", "/usr/bin/nginx"].filter(Boolean) as string[];
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

/**
 * deploy/nginx/mall.conf with the bench's ports, inside a minimal nginx.conf of its own (temp
 * paths, pid and logs under `dir`); the one addition: X-Upstream names the process that answered.
 */
export function benchNginxConf(dir: string, listen: number, ports: number[]): string {
  const site = fs.readFileSync(NGINX_CONF, "utf8");
  const servers = site.match(/^\s*server 127\.0\.0\.1:\d+.*$/gm) ?? [];
  if (servers.length !== PROCESSES) throw new Error(`${NGINX_CONF}: expected ${PROCESSES} upstream servers`);
  let i = 0;
  const adapted = site
    .replace(/^(\s*server 127\.0\.0\.1:)\d+/gm, (_m, head: string) => `${head}${ports[i++]}`)
    .replace(/^\s*listen \[::\]:80;\n/m, "")
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listen};\n$1add_header X-Upstream $upstream_addr always;`)
    .replace(/access_log \/var\/log\/nginx\/mall\.access\.log/, `access_log ${dir}/access.log`)
    .replace(/proxy_cache_path \/var\/cache\/nginx\/mall-images/, `proxy_cache_path ${dir}/image-cache`);
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { text/html html; }
${adapted}
}
`;
}

export async function benchMulti(pgUrl: string, deps: MultiDeps): Promise<MultiFigures | { skipped: string }> {
  const nginx = findNginx();
  if (!nginx) return { skipped: "nginx is not installed (Debian: apt-get install -y nginx), so section 12 is skipped" };
  return withScratchDatabase(pgUrl, "mall_bench_multi", (dbUrl) => multiOn(nginx, dbUrl, deps));
}

/** Three server processes on one PostgreSQL database behind nginx (deploy/nginx/mall.conf). */
interface NginxCluster {
  /** nginx's address: every request of the bench goes through it. */
  origin: string;
  ports: number[];
  slots: (MultiServer | null)[];
  dirs: string[];
  env: Record<string, string>;
}

/**
 * Starts three processes on `dbUrl` (the first migrates and seeds) with their own data directories
 * and STORAGE=database, and nginx in front with deploy/nginx/mall.conf on the bench's ports; runs
 * `fn`, then stops them all. `basePort`: nginx on it and the processes on the next three (0: free ports).
 */
export async function withNginxCluster<T>(
  nginxBin: string,
  dbUrl: string,
  deps: Pick<MultiDeps, "start" | "stop" | "freePort">,
  basePort: number,
  fn: (cluster: NginxCluster) => Promise<T>,
): Promise<T> {
  const listen = basePort || (await deps.freePort());
  const ports: number[] = [];
  for (let i = 1; i <= PROCESSES; i++) ports.push(basePort ? basePort + i : await deps.freePort());
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "mall-bench-multi-"));
  const dirs = ports.map((p) => path.join(work, `data-${p}`));
  const env = {
    DATABASE_URL: dbUrl,
    STORAGE: "database",
    TRUST_PROXY: "loopback",
    PAYMENT_SECRET: SECRET,
    JOBS: "1",
  };
  const slots: (MultiServer | null)[] = ports.map(() => null);
  let nginx: ChildProcess | null = null;
  try {
    // The first process migrates and seeds; then the others start on the seeded database.
    slots[0] = await deps.start(dirs[0]!, ports[0]!, env);
    for (let i = 1; i < PROCESSES; i++) slots[i] = await deps.start(dirs[i]!, ports[i]!, env);
    fs.writeFileSync(path.join(work, "nginx.conf"), benchNginxConf(work, listen, ports));
    for (const d of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) fs.mkdirSync(path.join(work, d));
    const test = spawnSync(nginxBin, ["-t", "-c", path.join(work, "nginx.conf"), "-p", work], { encoding: "utf8" });
    if (test.status !== 0) throw new Error(`nginx -t refused the generated configuration:\n${test.stderr}`);
    nginx = spawn(nginxBin, ["-c", path.join(work, "nginx.conf"), "-p", work], { stdio: "ignore" });
    const origin = `http://127.0.0.1:${listen}`;
    for (let i = 0; ; i++) {
      const ok = await fetch(`${origin}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 200)
        throw new Error(`nginx did not answer on ${origin}: ${fs.readFileSync(path.join(work, "error.log"), "utf8")}`);
      await sleep(50);
    }
    return await fn({ origin, ports, slots, dirs, env });
  } finally {
    if (nginx && nginx.exitCode === null) {
      const done = new Promise((r) => nginx!.once("exit", r));
      nginx.kill("SIGQUIT");
      await Promise.race([done, sleep(5000)]);
      if (nginx.exitCode === null) nginx.kill("SIGKILL");
    }
    for (const s of slots) if (s) await deps.stop(s).catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function multiOn(nginxBin: string, dbUrl: string, deps: MultiDeps): Promise<MultiFigures> {
  return withNginxCluster(nginxBin, dbUrl, deps, Number(process.env.MULTI_PORT) || 0, async (c) => {
    const database = await openDatabase({ databaseUrl: dbUrl });
    try {
      return await load(database.db, c.origin, c.ports, c.slots, c.dirs, c.env, deps);
    } finally {
      await database.close();
    }
  });
}

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

async function load(
  db: Db,
  origin: string,
  ports: number[],
  slots: (MultiServer | null)[],
  dirs: string[],
  env: Record<string, string>,
  deps: MultiDeps,
): Promise<MultiFigures> {
  // Plenty of stock on a few products, so a refusal is a failure and not "sold out".
  const items: Awaited<ReturnType<typeof pickRaceSku>>[] = [];
  for (let i = 0; i < 12; i++) {
    const sku = await pickRaceSku(db, i * 3);
    await setStock(db, sku.skuId, 1_000_000);
    items.push(sku);
  }
  // Buyers with a session each, made in the database (registering 200 through the API is not the point).
  const run = randomUUID().slice(0, 6);
  const buyers: { userId: string; token: string; ip: string }[] = [];
  for (let i = 0; i < deps.buyers; i++) {
    const userId = randomUUID();
    await db.insert(users).values({ userId, username: `multi_${run}_${i}`, nickName: `Multi ${i}` });
    const token = newToken();
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      kind: "user",
      userId,
      expiresAt: new Date(Date.now() + 3 * 3600_000),
    });
    // Each buyer from an address of its own: nginx appends the peer, the app (TRUST_PROXY=loopback) reads this one.
    buyers.push({ userId, token, ip: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` });
  }

  const latencies: number[] = [];
  let gets = 0;
  let failedGets = 0;
  let orderRequests = 0;
  let failedOrderRequests = 0;
  const failureKinds = new Map<string, number>();
  const fail = (kind: "get" | "order", what: string) => {
    if (kind === "get") failedGets++;
    else failedOrderRequests++;
    // "/detail/5: 502 via 127.0.0.1:4421" counts as "/detail/N: 502"
    const colon = what.indexOf(":");
    const key = (what.slice(0, colon).replace(/\d+/g, "N") + what.slice(colon).replace(/ via .*$/s, "")).slice(0, 80);
    failureKinds.set(key, (failureKinds.get(key) ?? 0) + 1);
  };
  const request = async (
    kind: "get" | "order",
    ip: string,
    p: string,
    init: { token?: string; json?: unknown; form?: FormData } = {},
  ): Promise<{ data: unknown; upstream: string } | undefined> => {
    if (kind === "get") gets++;
    else orderRequests++;
    const t = performance.now();
    const isApi = p.startsWith("/api/");
    const write = init.json !== undefined || init.form !== undefined;
    try {
      const res = await fetch(`${origin}${p}`, {
        method: write ? "POST" : "GET",
        headers: {
          "accept-language": "en",
          "x-forwarded-for": ip,
          ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
          ...(init.token ? { authorization: init.token } : {}),
        },
        ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
        ...(init.form ? { body: init.form } : {}),
        signal: AbortSignal.timeout(30_000),
      });
      const upstream = res.headers.get("x-upstream") ?? "";
      if (!isApi) {
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (res.status !== 200) fail(kind, `${p.split("?")[0]}: ${res.status} via ${upstream}`);
        return res.status === 200 ? { data: null, upstream } : undefined;
      }
      const text = await res.text();
      latencies.push(performance.now() - t);
      let json: { code?: string; msg?: string | null; data?: unknown } = {};
      try {
        json = JSON.parse(text) as typeof json;
      } catch {
        // an nginx error page
      }
      if (res.status !== 200 || json.code !== "00000") {
        fail(
          kind,
          `${p.split("?")[0]}: ${res.status} ${json.code ?? "(nginx's page)"} ${json.msg ?? ""} via ${upstream}`,
        );
        return undefined;
      }
      return { data: json.data, upstream };
    } catch (err) {
      fail(kind, `${p.split("?")[0]}: ${(err as Error).message}`);
      return undefined;
    }
  };

  const started = Date.now();
  const deadline = started + deps.seconds * 1000;
  const acknowledged = new Set<string>();
  const paid = new Set<string>();
  const uploads: { filePath: string; upstream: string }[] = [];
  const words = ["phone", "tea", "shoes", "book", "bag", "watch"];

  const buyer = async (b: (typeof buyers)[number], i: number) => {
    await request("order", b.ip, "/api/p/address/addAddr", {
      token: b.token,
      json: {
        receiver: `Multi ${i}`,
        mobile: "13800138000",
        provinceId: 44,
        cityId: 4403,
        areaId: 440305,
        addr: `Multi road ${i}`,
      },
    });
    let uploaded = false;
    let round = 0;
    while (Date.now() < deadline) {
      const it = items[Math.floor(Math.random() * items.length)]!;
      await request("get", b.ip, round % 3 === 0 ? `/detail/${it.prodId}` : round % 3 === 1 ? "/" : "/en/list");
      await request("get", b.ip, `/api/prod/prodInfo?prodId=${it.prodId}`);
      await request("get", b.ip, `/api/search/searchProdPage?keyword=${words[round % words.length]}&current=1&size=10`);
      // One picture per buyer, in its first round.
      if (!uploaded) {
        uploaded = true;
        const form = new FormData();
        form.append("file", new File([PNG_1X1], "p.png", { type: "image/png" }));
        const up = await request("order", b.ip, "/api/p/file/upload?folder=review", { token: b.token, form });
        const filePath = (up?.data as { filePath?: string } | undefined)?.filePath;
        if (up && filePath) uploads.push({ filePath, upstream: up.upstream });
      }
      round++;
      const added = await request("order", b.ip, "/api/p/shopCart/changeItem", {
        token: b.token,
        json: { prodId: it.prodId, skuId: it.skuId, shopId: it.shopId, count: 1 },
      });
      if (!added) continue;
      const conf = await request("order", b.ip, "/api/p/order/confirm", {
        token: b.token,
        json: { orderItem: { prodId: it.prodId, skuId: it.skuId, prodCount: 1, shopId: it.shopId } },
      });
      const uuid = (conf?.data as { uuid?: string } | undefined)?.uuid;
      if (!uuid) continue;
      const sub = await request("order", b.ip, "/api/p/order/submit", { token: b.token, json: { uuid } });
      const numbers = (sub?.data as { orderNumbers?: string } | undefined)?.orderNumbers;
      if (!numbers) continue;
      for (const n of numbers.split(",")) acknowledged.add(n);
      const pay = await request("order", b.ip, "/api/p/order/pay", {
        token: b.token,
        json: { orderNumbers: numbers, payType: 3 },
      });
      const p = pay?.data as { payNo: string; codeUrl: string } | undefined;
      if (!p) continue;
      const key = new URL(p.codeUrl, origin).searchParams.get("key");
      const done = await request("order", b.ip, "/api/pay/sandbox/complete", { json: { payNo: p.payNo, key } });
      if ((done?.data as { paid?: boolean } | undefined)?.paid) for (const n of numbers.split(",")) paid.add(n);
    }
  };

  // Chat: agents of shops 1-10 and CHATTERS buyers, every socket through nginx; a closed socket
  // (its process restarts) opens again at once, as the chat island does.
  const wsOrigin = origin.replace(/^http/, "ws");
  const sentAt = new Map<string, string>(); // content → sender's upstream when acknowledged
  const received = new Map<string, string>(); // content → agent's upstream
  let reconnects = 0;
  const sockets = new Set<WebSocket>();
  const openSocket = (
    url: string,
    ip: string,
    onFrame: (f: { code: number; data: { content?: string; clientId?: string } }, upstream: string) => void,
    onOpen: (ws: WebSocket, upstream: string) => void,
  ) => {
    const connect = () => {
      if (Date.now() > deadline + 3000) return;
      let upstream = "";
      const ws = new WebSocket(url, { headers: { "x-forwarded-for": ip } });
      sockets.add(ws);
      ws.on("upgrade", (res) => (upstream = String(res.headers["x-upstream"] ?? "")));
      ws.on("open", () => onOpen(ws, upstream));
      ws.on("message", (d) => onFrame(JSON.parse(d.toString()) as never, upstream));
      ws.on("error", () => {});
      ws.on("close", () => {
        sockets.delete(ws);
        reconnects++;
        setTimeout(connect, 100);
      });
    };
    connect();
  };
  for (let s = 1; s <= SHOPS; s++) {
    const login = await request("order", `10.78.0.${s}`, "/api/merchant/login", {
      json: { username: `shop${String(s).padStart(2, "0")}`, password: "Shop1234" },
    });
    const token = (login?.data as { accessToken: string }).accessToken;
    openSocket(
      `${wsOrigin}${agentSocketPath("shop", token)}`,
      `10.78.0.${s}`,
      (f, upstream) => {
        if (f.code === ChatCode.MESSAGE && f.data.content?.startsWith("multi ")) received.set(f.data.content, upstream);
      },
      () => {},
    );
  }
  await sleep(500);
  const chatters = buyers.slice(0, CHATTERS).map((b, i) => {
    const state = { ws: null as WebSocket | null, upstream: "", n: 0 };
    openSocket(
      `${wsOrigin}${userSocketPath(b.token, b.userId)}`,
      b.ip,
      (f, upstream) => {
        if (f.code === ChatCode.ACK && f.data.clientId?.startsWith("multi ")) sentAt.set(f.data.clientId, upstream);
      },
      (ws, upstream) => Object.assign(state, { ws, upstream }),
    );
    const timer = setInterval(() => {
      if (Date.now() > deadline || state.ws?.readyState !== WebSocket.OPEN) return;
      const content = `multi ${i} ${state.n++}`;
      state.ws.send(JSON.stringify({ toId: (i % SHOPS) + 1, msgType: 0, content, clientId: content }));
    }, 1000);
    return timer;
  });

  // Rolling restarts: one process at a time, the next once the restarted one is ready.
  const restarts: MultiFigures["restarts"] = [];
  const rss = ports.map((port) => ({ port, max: 0, end: 0 }));
  const sampler = setInterval(() => {
    slots.forEach((s, i) => {
      const v = rssMb(s?.child.pid);
      if (v > rss[i]!.max) rss[i]!.max = v;
    });
  }, 2000);
  const restarter = (async () => {
    await sleep(5000);
    for (let i = 0; Date.now() < deadline - 5000; i = (i + 1) % PROCESSES) {
      const t0 = performance.now();
      await deps.stop(slots[i]!);
      const stopMs = performance.now() - t0;
      slots[i] = null;
      slots[i] = await deps.start(dirs[i]!, ports[i]!, env);
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${ports[i]}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        await sleep(50);
      }
      restarts.push({ port: ports[i]!, stopMs: Math.round(stopMs), readyMs: Math.round(performance.now() - t0) });
      await sleep(3000);
    }
  })();

  await Promise.all(buyers.map((b, i) => buyer(b, i)));
  for (const t of chatters) clearInterval(t);
  await restarter;
  const elapsed = (Date.now() - started) / 1000;
  await sleep(2000);
  for (const ws of sockets) ws.terminate();
  clearInterval(sampler);
  slots.forEach((s, i) => (rss[i]!.end = rssMb(s?.child.pid)));

  // Orders: every acknowledged one in the database, and none the buyers were not told of.
  const userIds = buyers.map((b) => b.userId);
  const rows = await db
    .select({ n: orders.orderNumber, s: orders.status })
    .from(orders)
    .where(inArray(orders.userId, userIds));
  const inDb = new Set(rows.map((r) => r.n));
  const lost = [...acknowledged].filter((n) => !inDb.has(n)).length;
  const extra = rows.filter((r) => !acknowledged.has(r.n)).length;

  // Uploads: each picture read from every process directly, whichever process stored it, the
  // same bytes (the pipeline's re-encoded copy) from each.
  let reads = 0;
  let readOk = 0;
  const writtenThrough: Record<string, number> = {};
  for (const u of uploads) {
    writtenThrough[u.upstream] = (writtenThrough[u.upstream] ?? 0) + 1;
    let first: Buffer | null = null;
    for (const port of ports) {
      reads++;
      const res = await fetch(`http://127.0.0.1:${port}${u.filePath}`).catch(() => null);
      const bytes = res ? Buffer.from(await res.arrayBuffer()) : null;
      first ??= bytes;
      if (res?.status === 200 && bytes && bytes.length > 0 && bytes.equals(first!)) readOk++;
    }
  }
  const pictures = await picturesThroughNginx(db, origin, uploads[0]?.filePath, buyers[0]!.token);

  // Chat: acknowledged messages the agent received; those it did not, looked up in the database.
  let delivered = 0;
  let crossed = 0;
  const missing: string[] = [];
  for (const [content, from] of sentAt) {
    const to = received.get(content);
    if (to === undefined) missing.push(content);
    else {
      delivered++;
      if (to !== from) crossed++;
    }
  }
  const stored = missing.length
    ? (await db.select({ c: chatMessages.content }).from(chatMessages).where(inArray(chatMessages.content, missing)))
        .length
    : 0;

  latencies.sort((a, b) => a - b);
  const q = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return {
    buyers: deps.buyers,
    seconds: deps.seconds,
    requests: gets + orderRequests,
    requestsPerSec: Math.round((gets + orderRequests) / elapsed),
    restarts,
    gets,
    failedGets,
    orderRequests,
    failedOrderRequests,
    failureSamples: [...failureKinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} × ${k}`),
    orders: { acknowledged: acknowledged.size, inDatabase: rows.length, lost, extra, paidAcknowledged: paid.size },
    uploads: { written: uploads.length, writtenThrough, reads, readOk },
    pictures,
    chat: { acknowledged: sentAt.size, delivered, crossed, storedNotDelivered: stored, reconnects },
    latencyMs: { p50: q(0.5), p99: q(0.99), max: Math.round(latencies.at(-1) ?? 0) },
    rssMb: rss,
  };
}

/**
 * deploy/nginx/mall.conf's picture location: a variant of an uploaded picture asked twice through
 * nginx (the first made or read by a process and kept on nginx's disk, the second sent from there),
 * and a private document (a store application's ID card) through nginx without and with its
 * owner's session.
 */
async function picturesThroughNginx(
  db: Db,
  origin: string,
  filePath: string | undefined,
  token: string,
): Promise<MultiFigures["pictures"]> {
  const out = { variant: "-", first: "-", second: "-", cacheControl: "-", privateAnonymous: 0, privateOwner: 0 };
  const [row] = filePath ? await db.select().from(images).where(eq(images.path, filePath)) : [];
  if (row) {
    out.variant = variantPath(row.path, row.hash, ladderWidths(row.width)[0]!, "avif");
    const ask = async () => {
      const res = await fetch(`${origin}${out.variant}`);
      await res.arrayBuffer();
      out.cacheControl = res.headers.get("cache-control") ?? "-";
      return `${res.status} ${res.headers.get("x-cache") ?? "-"}`;
    };
    out.first = await ask();
    out.second = await ask();
  }
  const form = new FormData();
  form.append("file", new File([PNG_1X1], "card.png", { type: "image/png" }));
  const up = await fetch(`${origin}/api/p/file/upload?folder=identity`, {
    method: "POST",
    headers: { authorization: token },
    body: form,
  });
  const doc = ((await up.json()) as { data?: { filePath?: string } }).data?.filePath ?? "/uploads/identity/none.png";
  out.privateAnonymous = (await fetch(`${origin}${doc}`)).status;
  out.privateOwner = (await fetch(`${origin}${doc}`, { headers: { cookie: `token=${token}` } })).status;
  return out;
}

export function printMulti(f: MultiFigures): void {
  console.log(
    `  ${f.buyers} buyers × ${f.seconds} s through nginx: ${f.requests} requests (${f.requestsPerSec}/s); ${f.restarts.length} restarts, one process at a time (${f.restarts.map((r) => `:${r.port} stop ${r.stopMs} ms, ready ${r.readyMs} ms`).join("; ")})`,
  );
  console.log(
    `  failed GETs ${f.failedGets} of ${f.gets}; failed order requests (address, upload, cart, confirm, submit, pay) ${f.failedOrderRequests} of ${f.orderRequests}${f.failureSamples.length ? ` — e.g. ${f.failureSamples.slice(0, 6).join("; ")}` : ""}`,
  );
  console.log(
    `  orders acknowledged ${f.orders.acknowledged}, in the database ${f.orders.inDatabase}: lost ${f.orders.lost}, in the database but not acknowledged ${f.orders.extra} (the buyer's submit failed or timed out after the order was made); paid ${f.orders.paidAcknowledged}`,
  );
  console.log(
    `  uploads: ${f.uploads.written} written (through ${Object.entries(f.uploads.writtenThrough)
      .map(([u, n]) => `${u || "?"} ${n}`)
      .join(", ")}), read from every process directly: ${f.uploads.readOk} of ${f.uploads.reads}`,
  );
  console.log(
    `  pictures through nginx: variant ${f.pictures.variant} ${f.pictures.first} then ${f.pictures.second} (goal MISS then HIT), Cache-Control "${f.pictures.cacheControl}"; a private document: ${f.pictures.privateAnonymous} without a session (goal 404), ${f.pictures.privateOwner} for its owner (goal 200)`,
  );
  console.log(
    `  chat: ${f.chat.acknowledged} messages acknowledged, ${f.chat.delivered} delivered live to the shop's agent (${f.chat.crossed} across processes), ${f.chat.acknowledged - f.chat.delivered} not live (${f.chat.storedNotDelivered} of them stored: the agent reads them in the history); ${f.chat.reconnects} socket reconnects`,
  );
  console.log(`  latency p50 ${f.latencyMs.p50} ms, p99 ${f.latencyMs.p99} ms, max ${f.latencyMs.max} ms`);
  console.log(`  memory (RSS MB, max / end): ${f.rssMb.map((r) => `:${r.port} ${r.max} / ${r.end}`).join(", ")}`);
}
