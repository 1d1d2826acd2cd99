/**
 * Section 1 of `npm run bench`: the JavaScript a page makes the browser download before any
 * interaction, measured the way a user gets it. Each page is opened in a fresh headless Chromium
 * context (system Chromium, no cache), logged in where the page needs it; every script response
 * (the page's <script src>, module preloads, static and dynamic imports, islands that hydrate at
 * once) is collected until the network is idle plus a short wait, with no interaction. Inline
 * scripts of the HTML count too; JSON data blocks (`application/json`, `application/ld+json`) do
 * not. Each file counts with its gzip size (level 6, what the server's compression sends to a
 * gzip client), so the figure does not depend on brotli support.
 *
 * Budgets (docs/performance.md "Browser JavaScript"): public pages 15 KB, island pages 80 KB.
 *
 * Also a CLI against a running server:
 *   npx tsx tests/bench/browser-js.ts http://127.0.0.1:4321 [/cart /detail/1 …]
 * (without pages: every page of the bench; island pages are opened logged in as the demo buyer,
 * public pages as a visitor).
 */
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type Browser } from "@playwright/test";

export const PUBLIC_JS_BUDGET = 15 * 1024;
export const ISLAND_JS_BUDGET = 80 * 1024;
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
/** Quiet time after "network idle" (lazy chunks started by idle callbacks or timers). */
const SETTLE_MS = 1000;

export interface BrowserJsPage {
  /** Path to open; `{order}` / `{buyNow}` are filled by prepareUser. */
  path: string;
  budget: number;
  login: boolean;
}

/** The measured pages: public pages (near-zero JS) and island pages (React). */
export const BROWSER_JS_PAGES: BrowserJsPage[] = [
  { path: "/", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/list", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/detail/1", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/shopIndex?sid=1", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/en/detail/1", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/coupons", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/special-discount", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/discount-detail?discountId=1", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/flash-sale", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/secdetail/1", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/group-buy", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/member-center/member-center", budget: PUBLIC_JS_BUDGET, login: true },
  { path: "/member-center/member-equity", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/member-center/buy-member", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/member-center/integral-mall", budget: PUBLIC_JS_BUDGET, login: false },
  { path: "/login", budget: ISLAND_JS_BUDGET, login: false },
  { path: "/register", budget: ISLAND_JS_BUDGET, login: false },
  { path: "/cart", budget: ISLAND_JS_BUDGET, login: true },
  { path: "{buyNow}", budget: ISLAND_JS_BUDGET, login: true },
  { path: "/user-center", budget: ISLAND_JS_BUDGET, login: true },
  { path: "/user-center/uc-address", budget: ISLAND_JS_BUDGET, login: true },
  { path: "/user-center/uc-order", budget: ISLAND_JS_BUDGET, login: true },
  { path: "{payment}", budget: ISLAND_JS_BUDGET, login: true },
  { path: "/chat?shopId=1", budget: ISLAND_JS_BUDGET, login: true },
];

export interface ScriptFile {
  url: string;
  bytes: number;
  gzip: number;
}

export interface BrowserJsResult {
  page: string;
  budget: number;
  status: number;
  error?: string;
  files: ScriptFile[];
  inlineScripts: number;
  inlineGzip: number;
  totalGzip: number;
  withinBudget: boolean | null;
}

/** Island pages (React forms and screens) get the island budget; everything else is a public page. */
export function budgetOf(pagePath: string): number {
  return /^(?:\/en|\/zh-tw)?\/(?:cart|submit-order|user-center|payment|weixin-pay|order-detail|login|register|forget-password|chat)\b/.test(
    pagePath,
  ) || pagePath.startsWith("{")
    ? ISLAND_JS_BUDGET
    : PUBLIC_JS_BUDGET;
}

export const gzipSize = (b: Buffer) => zlib.gzipSync(b, { level: 6 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** JS inline scripts of an HTML document (JSON data blocks and other non-JS types excluded). */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1]!;
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = (/\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1] ?? "").toLowerCase();
    if (type && type !== "module" && !type.includes("javascript") && !type.includes("ecmascript")) continue;
    if (m[2]!.trim()) out.push(m[2]!);
  }
  return out;
}

type Json = { code: string; msg: string | null; data: unknown };

async function api(origin: string, p: string, token: string | null, body?: unknown): Promise<Json> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = token;
  const res = await fetch(`${origin}/api${p}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as Json;
}

function must<T>(r: Json, what: string): T {
  if (r.code !== "00000") throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data as T;
}

export interface BenchUser {
  token: string;
  /** Filled placeholders of BROWSER_JS_PAGES. */
  paths: Record<string, string>;
}

/**
 * Logs the demo buyer in and makes the island pages show real content: an address, a line in
 * the cart, a buy-now link of a buyable SKU and an unpaid order for /payment.
 */
export async function prepareUser(origin: string): Promise<BenchUser> {
  const token = must<{ accessToken: string }>(
    await api(origin, "/login", null, { userName: "demo", passWord: "Demo1234" }),
    "login",
  ).accessToken;
  if (must<unknown[]>(await api(origin, "/p/address/list", token), "address list").length === 0) {
    must(
      await api(origin, "/p/address/addAddr", token, {
        receiver: "Bench Buyer",
        mobile: "13800138000",
        provinceId: 44,
        cityId: 4403,
        areaId: 440305,
        addr: "Bench road 1",
        postCode: "518000",
      }),
      "add address",
    );
  }
  for (let prodId = 1; prodId < 120; prodId++) {
    const d = (await api(origin, `/prod/prodInfo?prodId=${prodId}`, null)).data as {
      shop: { shopId: number; shopStatus: number };
      status: number;
      skuList: { skuId: number; price: string; stocks: number; status: number }[];
    } | null;
    const sku = d?.skuList.find((s) => s.status === 1 && s.stocks > 5 && Number(s.price) < 100);
    if (!d || !sku || d.shop.shopStatus !== 1 || d.status !== 1) continue;
    const item = { prodId, skuId: sku.skuId, prodCount: 1, shopId: d.shop.shopId };
    const conf = await api(origin, "/p/order/confirm", token, { orderItem: item });
    if (conf.code !== "00000") continue;
    const order = must<{ orderNumbers: string }>(
      await api(origin, "/p/order/submit", token, { uuid: (conf.data as { uuid: string }).uuid }),
      "submit",
    ).orderNumbers;
    await api(origin, "/p/shopCart/changeItem", token, { prodId, skuId: sku.skuId, shopId: d.shop.shopId, count: 1 });
    return {
      token,
      paths: {
        "{payment}": `/payment?orderNumbers=${order}`,
        "{buyNow}": `/submit-order?prodId=${prodId}&skuId=${sku.skuId}&count=1`,
      },
    };
  }
  throw new Error("no buyable product for the bench user");
}

/** Opens one page in a fresh context and sums the scripts it downloads before any interaction. */
export async function measureBrowserJs(
  browser: Browser,
  origin: string,
  pagePath: string,
  budget: number,
  token: string | null,
): Promise<BrowserJsResult> {
  const context = await browser.newContext({ locale: "zh-CN" });
  if (token) await context.addCookies([{ name: "token", value: token, url: origin }]);
  const page = await context.newPage();
  const pending: Promise<ScriptFile | null>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    pending.push(
      res.body().then(
        (body) => ({
          url: res.url().startsWith(origin) ? res.url().slice(origin.length) : res.url(),
          bytes: body.length,
          gzip: gzipSize(body),
        }),
        () => null,
      ),
    );
  });
  const empty = { files: [], inlineScripts: 0, inlineGzip: 0, totalGzip: 0, withinBudget: null };
  try {
    let doc;
    try {
      doc = await page.goto(origin + pagePath, { waitUntil: "networkidle", timeout: 30_000 });
    } catch (e) {
      return { page: pagePath, budget, status: 0, error: (e as Error).message.split("\n")[0]!, ...empty };
    }
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState("networkidle").catch(() => {});
    const status = doc?.status() ?? 0;
    if (!doc || status >= 400) return { page: pagePath, budget, status, error: `HTTP ${status}`, ...empty };
    const html = await doc.text();
    const inline = inlineScripts(html);
    const inlineGzip = inline.reduce((a, s) => a + gzipSize(Buffer.from(s)), 0);
    const seen = new Map<string, ScriptFile>();
    for (const f of await Promise.all(pending)) if (f && !seen.has(f.url)) seen.set(f.url, f);
    const files = [...seen.values()].sort((a, b) => b.gzip - a.gzip);
    const totalGzip = files.reduce((a, f) => a + f.gzip, 0) + inlineGzip;
    return {
      page: pagePath,
      budget,
      status,
      files,
      inlineScripts: inline.length,
      inlineGzip,
      totalGzip,
      withinBudget: totalGzip <= budget,
    };
  } finally {
    await context.close();
  }
}

/** The system Chromium, headless (CHROME_PATH), or why it could not start. */
export async function launchChromium(): Promise<Browser | { skipped: string }> {
  try {
    return await chromium.launch({
      executablePath: CHROME_PATH,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu"],
    });
  } catch (e) {
    return { skipped: `Chromium could not start (${CHROME_PATH}): ${(e as Error).message.split("\n")[0]}` };
  }
}

/** Measures and prints every page; returns the figures (for bench.json). */
export async function runBrowserJs(
  origin: string,
  only?: string[],
): Promise<{ chromePath: string; settleMs: number; pages: BrowserJsResult[] } | { skipped: string }> {
  const browser = await launchChromium();
  if ("skipped" in browser) {
    console.log(`  not run: ${browser.skipped}`);
    return browser;
  }
  const pages: BrowserJsResult[] = [];
  try {
    const user = await prepareUser(origin);
    const list = only?.length
      ? only.map((p) => ({ path: p, budget: budgetOf(p), login: budgetOf(p) === ISLAND_JS_BUDGET }))
      : BROWSER_JS_PAGES;
    for (const p of list) {
      const pagePath = user.paths[p.path] ?? p.path;
      const r = await measureBrowserJs(browser, origin, pagePath, p.budget, p.login ? user.token : null);
      pages.push(r);
      if (r.error) {
        console.log(`  ${pagePath.padEnd(40)} not measured: ${r.error}`);
        continue;
      }
      console.log(
        `  ${pagePath.padEnd(40)} ${kb(r.totalGzip).padStart(9)} of ${kb(r.budget).padStart(7)} — ${r.withinBudget ? "within" : "OVER"} budget (${r.files.length} file(s), ${r.inlineScripts} inline)`,
      );
      for (const f of r.files) console.log(`      ${kb(f.gzip).padStart(9)}  ${f.url}`);
      if (r.inlineScripts) console.log(`      ${kb(r.inlineGzip).padStart(9)}  ${r.inlineScripts} inline script(s)`);
    }
  } finally {
    await browser.close();
  }
  return { chromePath: CHROME_PATH, settleMs: SETTLE_MS, pages };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [origin, ...only] = process.argv.slice(2);
  if (!origin) {
    console.error("usage: tsx tests/bench/browser-js.ts http://127.0.0.1:4321 [/cart /detail/1 …]");
    process.exit(2);
  }
  runBrowserJs(origin, only).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
