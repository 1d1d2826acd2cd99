/**
 * Write → visible through nginx (issue #40's budget: p99 ≤ 2 s), a section of `npm run bench`
 * (alone: BENCH_ONLY=visible). nginx with deploy/nginx/mall.conf in front of three server
 * processes on one PostgreSQL database (the multi-process recipe, multi.ts's withNginxCluster;
 * skipped with the reason when nginx is missing). A shop changes things through the merchant API
 * (through nginx too), one write at a time, VISIBLE_WRITES of them (default 40): two in three change
 * one SKU's price and stock (`PUT …/skus/{id}` with the version read), every third creates a new
 * product on sale. Each write gets a price no other write has, and after its acknowledgement three
 * shopper surfaces are asked through nginx until they show it:
 *   - the product page `/detail/{id}` (its HTML names the new price),
 *   - the category list `/list?thCid={category}&minPrice=P&maxPrice=P` (the product is listed:
 *     only its new price falls in that range),
 *   - search `/list?pn={the product's word}&minPrice=P&maxPrice=P` (likewise).
 * A surface counts as showing the write once **every one** of the three processes has answered it
 * fresh (nginx's round robin spreads the polls; X-Upstream names the process): a write is visible
 * when all three surfaces are. Printed: p50 / p99 / max of write → visible per surface and overall,
 * the writes' own latency, and how many were not visible within VISIBLE_TIMEOUT_MS (default 15 s).
 */
import { randomBytes } from "node:crypto";
import { findNginx, withNginxCluster, type MultiDeps } from "./multi.ts";
import { withScratchDatabase } from "./scratch-db.ts";

/** Issue #40: a write is on every surface, on every process behind the proxy, within 2 s (p99). */
export const VISIBLE_P99_BUDGET_MS = 2000;
const PROCESSES = 3;
const SURFACES = ["detail", "category", "search"] as const;
type Surface = (typeof SURFACES)[number];

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

interface VisibleFigures {
  writes: number;
  kinds: { price: number; create: number };
  /** Write acknowledged → shown by every process, per surface and overall (the slowest surface). */
  ms: Record<Surface | "all", { p50: number; p99: number; max: number }>;
  writeMs: { p50: number; p99: number };
  notVisible: number;
  polls: number;
  budgetP99Ms: number;
  withinBudget: boolean;
}

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: Math.round(quantile(s, 0.5)), p99: Math.round(quantile(s, 0.99)), max: Math.round(s[s.length - 1]!) };
};

export async function benchVisible(
  pgUrl: string,
  deps: Pick<MultiDeps, "start" | "stop" | "freePort">,
  opts: { writes: number; timeoutMs: number; basePort: number },
): Promise<VisibleFigures | { skipped: string }> {
  const nginx = findNginx();
  if (!nginx)
    return {
      skipped: "nginx is not installed (Debian: apt-get install -y nginx-light), so write → visible is not measured",
    };
  return withScratchDatabase(pgUrl, "mall_bench_visible", (dbUrl) =>
    withNginxCluster(nginx, dbUrl, deps, opts.basePort, ({ origin }) => measure(origin, opts)),
  );
}

async function measure(origin: string, opts: { writes: number; timeoutMs: number }): Promise<VisibleFigures> {
  const api = async <T>(method: string, p: string, token: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${origin}/api${p}`, {
      method,
      headers: { Authorization: token, "Content-Type": "application/json", "Accept-Language": "en" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await res.json()) as { code: string; msg: string | null; data: T };
    if (json.code !== "00000") throw new Error(`${method} ${p}: ${json.code} ${json.msg}`);
    return json.data;
  };
  const login = await fetch(`${origin}/api/merchant/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "shop01", password: "Shop1234" }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const form = new FormData();
  form.set("file", new File([PNG_1X1], "a.png", { type: "image/png" }));
  const up = await fetch(`${origin}/api/merchant/file/upload`, {
    method: "POST",
    headers: { Authorization: token },
    body: form,
  });
  const pic = ((await up.json()) as { data: { filePath: string } }).data.filePath;
  const some = await api<{ records: { categoryId: number }[] }>("GET", "/merchant/products?status=1&size=1", token);
  const categoryId = some.records[0]!.categoryId;
  // Search words of letters only (a word with digits may be cut in pieces by the tokenizer).
  const letters = (n: number) => [...n.toString(16)].map((d) => String.fromCharCode(97 + parseInt(d, 16))).join("");
  const run = letters(randomBytes(3).readUIntBE(0, 3));

  /** A product on sale with one SKU, a word of its own (searched for) and the price `price`. */
  const create = async (word: string, price: string) => {
    const made = await api<{ prodId: number; skuIds: number[] }>("POST", "/merchant/products", token, {
      categoryId,
      texts: { zh: { name: `可见性测试杯 ${word}`, brief: "bench" }, en: { name: `Visibility cup ${word}` } },
      pic,
      skus: [{ price, stocks: 100 }],
      onSale: true,
    });
    return { prodId: made.prodId, skuId: made.skuIds[0]!, word, version: 0 };
  };
  const target = await create(`visb${run}`, "99.11");
  const read = await api<{ skus: { skuId: number; version: number }[] }>(
    "GET",
    `/merchant/products/${target.prodId}`,
    token,
  );
  target.version = read.skus[0]!.version;

  const shows = async (surface: Surface, prodId: number, word: string, price: string) => {
    const range = `minPrice=${price}&maxPrice=${price}`;
    const p =
      surface === "detail"
        ? `/detail/${prodId}`
        : surface === "category"
          ? `/list?thCid=${categoryId}&${range}`
          : `/list?pn=${encodeURIComponent(word)}&${range}`;
    const res = await fetch(origin + p, { signal: AbortSignal.timeout(30_000) });
    const html = await res.text();
    const fresh =
      res.status === 200 &&
      (surface === "detail" ? html.includes(price) : new RegExp(`/detail/${prodId}["?#]`).test(html));
    return { fresh, upstream: res.headers.get("x-upstream") ?? "" };
  };

  const per: Record<Surface | "all", number[]> = { detail: [], category: [], search: [], all: [] };
  const writeMs: number[] = [];
  let notVisible = 0;
  let polls = 0;
  const kinds = { price: 0, create: 0 };
  for (let i = 0; i < opts.writes; i++) {
    const isCreate = i % 3 === 2;
    // A price no other write of the run has (below 1,000: never written with a separator).
    const price = `${100 + i}.${isCreate ? "59" : "37"}`;
    const t0 = performance.now();
    let subject: { prodId: number; word: string };
    if (isCreate) {
      subject = await create(`visn${run}x${letters(i)}`, price);
      kinds.create++;
    } else {
      const sku = await api<{ version: number }>(
        "PUT",
        `/merchant/products/${target.prodId}/skus/${target.skuId}`,
        token,
        { version: target.version, price, stocks: 100 + i },
      );
      target.version = sku.version;
      subject = target;
      kinds.price++;
    }
    const acked = performance.now();
    writeMs.push(acked - t0);
    const seenAt = await Promise.all(
      SURFACES.map(async (surface) => {
        const fresh = new Set<string>();
        while (performance.now() - acked < opts.timeoutMs) {
          polls++;
          const r = await shows(surface, subject.prodId, subject.word, price);
          if (r.fresh) fresh.add(r.upstream);
          if (fresh.size >= PROCESSES) return performance.now() - acked;
          await sleep(20);
        }
        return null;
      }),
    );
    if (seenAt.some((t) => t === null)) {
      notVisible++;
      continue;
    }
    SURFACES.forEach((s, k) => per[s].push(seenAt[k]!));
    per.all.push(Math.max(...(seenAt as number[])));
  }
  const all = stats(per.all);
  return {
    writes: opts.writes,
    kinds,
    ms: { detail: stats(per.detail), category: stats(per.category), search: stats(per.search), all },
    writeMs: { p50: stats(writeMs).p50, p99: stats(writeMs).p99 },
    notVisible,
    polls,
    budgetP99Ms: VISIBLE_P99_BUDGET_MS,
    withinBudget: notVisible === 0 && all.p99 <= VISIBLE_P99_BUDGET_MS,
  };
}

export function printVisible(f: VisibleFigures): void {
  console.log(
    `  ${f.writes} writes (${f.kinds.price} price + stock changes, ${f.kinds.create} new products), each shown by all ${PROCESSES} processes:`,
  );
  for (const s of [...SURFACES, "all"] as const) {
    const m = f.ms[s];
    console.log(
      `  ${(s === "all" ? "all three surfaces" : s).padEnd(20)} p50 ${String(m.p50).padStart(5)} ms  p99 ${String(m.p99).padStart(5)} ms  max ${String(m.max).padStart(5)} ms`,
    );
  }
  console.log(`  the writes themselves: p50 ${f.writeMs.p50} ms, p99 ${f.writeMs.p99} ms; ${f.polls} page polls`);
  if (f.notVisible) console.log(`  NOT visible within the time allowed: ${f.notVisible} write(s)`);
  console.log(
    `  p99 ${f.ms.all.p99} ms vs budget ≤ ${f.budgetP99Ms} ms — ${f.withinBudget ? "within" : "OVER"} budget`,
  );
}
