/**
 * Pages with real-size photos (part of section 15 of `npm run bench`; alone against a running
 * server: `npx tsx tests/bench/photo-pages.ts http://127.0.0.1:4321`): issue #41's page budgets,
 * which the demo's few-KB SVGs cannot show.
 *
 * A shop (shop07) uploads PHOTO_PRODUCTS (default 20: one list page) 12 MP JPEGs made at run time
 * (tests/fixtures/photos.ts, each a different picture) and lists one product with each, under
 * one made-up name; then, in headless Chromium at 1366 × 768 (fresh context each, no cache):
 * - the list page of those products (the shop's list by name, `/shop-prod-list?sid&pn`): the
 *   image bytes downloaded before any
 *   scrolling (every image response until the network is idle plus a second) — budget 350 KB;
 * - one of them (`/detail/{id}`): the bytes of its main picture — budget 120 KB;
 * - Lighthouse desktop (performance only) on home, that list and that product: score, LCP, CLS —
 *   goals 100, ≤ 1.0 s, ≤ 0.02 (home shows the demo's pictures: the new products are not on it).
 * The products are deleted at the end.
 */
import path from "node:path";
import { chromium } from "@playwright/test";
import { photoJpeg } from "../fixtures/photos.ts";
import { openLighthouse } from "./lighthouse.ts";
import type { Row } from "./server-speed.ts";

const LIST_IMAGE_BUDGET = 350 * 1024;
const MAIN_PICTURE_BUDGET = 120 * 1024;
const PRODUCTS = Number(process.env.PHOTO_PRODUCTS ?? 20);
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const MERCHANT = { username: "shop07", password: "Shop1234" };

export interface PhotoPageFigures {
  products: number;
  list: { path: string; imageBytes: number; images: number; photoCards: number };
  detail: { path: string; mainBytes: number; mainUrl: string };
  lighthouse:
    { page: string; performance: number | null; lcpMs: number | null; cls: number | null; error?: string }[] | string;
}

type Json = { code: string; msg?: string | null; data?: unknown };

async function merchant(origin: string) {
  const login = (await (
    await fetch(`${origin}/api/merchant/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(MERCHANT),
    })
  ).json()) as Json;
  if (login.code !== "00000") throw new Error(`merchant login: ${login.code}`);
  const { accessToken: token, shopId } = login.data as { accessToken: string; shopId: number };
  const call = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${origin}/api/merchant${p}`, {
      method,
      headers: { authorization: token, ...(body instanceof FormData ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    const json = (await res.json()) as Json;
    if (json.code !== "00000") throw new Error(`${method} ${p}: ${json.code} ${json.msg ?? ""}`);
    return json.data as T;
  };
  return { call, shopId };
}

/** Image bytes a fresh 1366 × 768 page downloads before any scrolling. */
async function imageBytes(browser: import("@playwright/test").Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "zh-CN" });
  const page = await context.newPage();
  const pending: Promise<{ url: string; bytes: number }>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "image") return;
    pending.push(
      res.body().then(
        (b) => ({ url: res.url(), bytes: b.length }),
        () => ({ url: res.url(), bytes: 0 }),
      ),
    );
  });
  await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
  await page.waitForTimeout(1000);
  await page.waitForLoadState("networkidle").catch(() => {});
  const main = await page
    .locator("[data-gallery-main]")
    .first()
    .evaluate((i: HTMLImageElement) => i.currentSrc)
    .catch(() => "");
  const files = await Promise.all(pending);
  await context.close();
  return { files, main };
}

async function lighthouseRuns(pages: string[], origin: string): Promise<PhotoPageFigures["lighthouse"]> {
  const kit = await openLighthouse(CHROME_PATH);
  if ("skipped" in kit) return kit.skipped;
  const { lighthouse, desktopConfig, chrome } = kit;
  const out: Exclude<PhotoPageFigures["lighthouse"], string> = [];
  try {
    for (const p of pages) {
      await (await fetch(origin + p)).arrayBuffer();
      const r = await lighthouse(
        origin + p,
        { port: chrome.port, logLevel: "error", output: "json", onlyCategories: ["performance"] },
        desktopConfig,
      );
      const lhr = r?.lhr;
      const score = lhr?.categories.performance?.score;
      out.push({
        page: p,
        performance: score == null ? null : Math.round(score * 100),
        lcpMs: lhr?.audits["largest-contentful-paint"]?.numericValue ?? null,
        cls: lhr?.audits["cumulative-layout-shift"]?.numericValue ?? null,
        ...(lhr?.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      });
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

export async function benchPhotoPages(origin: string): Promise<PhotoPageFigures> {
  const { call, shopId } = await merchant(origin);
  const tag = `photo${Date.now().toString(36)}`;
  const some = await call<{ records: { categoryId: number }[] }>("GET", "/products?status=1&size=1");
  const ids: number[] = [];
  const uploaded: string[] = [];
  try {
    for (let i = 0; i < PRODUCTS; i++) {
      const form = new FormData();
      const photo = await photoJpeg({ seed: 100 + i, orientation: 1, texture: true });
      form.append("file", new File([new Uint8Array(photo)], `IMG_${i}.jpg`, { type: "image/jpeg" }));
      const { filePath } = await call<{ filePath: string }>("POST", "/file/upload", form);
      uploaded.push(filePath);
      const { prodId } = await call<{ prodId: number }>("POST", "/products", {
        categoryId: some.records[0]!.categoryId,
        texts: { zh: { name: `${tag} 相机包 ${i + 1}`, brief: "实拍照片" } },
        pic: filePath,
        imgs: [],
        skus: [{ price: String(100 + i) + ".00", stocks: 50 }],
        onSale: true,
      });
      ids.push(prodId);
    }
    // The shop's product list by name (a database read: the new products at once).
    const listPath = `/shop-prod-list?sid=${shopId}&pn=${tag}`;
    const detailPath = `/detail/${ids[0]}`;
    const browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: ["--no-sandbox"] });
    let list, detail;
    try {
      // Once to have the variants made (a variant not made yet is made on request), then measured.
      await imageBytes(browser, origin + listPath);
      await imageBytes(browser, origin + detailPath);
      list = await imageBytes(browser, origin + listPath);
      detail = await imageBytes(browser, origin + detailPath);
    } finally {
      await browser.close();
    }
    const mainFile = detail.files.find((f) => f.url === detail.main);
    const photoCards = list.files.filter((f) => uploaded.some((u) => f.url.includes(u))).length;
    if (photoCards === 0) throw new Error(`${listPath} shows none of the photo products`);
    return {
      products: ids.length,
      list: {
        path: listPath,
        imageBytes: list.files.reduce((a, f) => a + f.bytes, 0),
        images: list.files.length,
        photoCards,
      },
      detail: { path: detailPath, mainBytes: mainFile?.bytes ?? 0, mainUrl: detail.main.replace(origin, "") },
      lighthouse: await lighthouseRuns(["/", listPath, detailPath], origin),
    };
  } finally {
    for (const id of ids) await call("DELETE", `/products/${id}`).catch(() => {});
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function printPhotoPages(f: PhotoPageFigures): void {
  console.log(`  ${f.products} products with a 12 MP photo each, headless Chromium at 1366 × 768, before scrolling:`);
  console.log(
    `  list (${f.list.path}): ${kb(f.list.imageBytes)} of images in ${f.list.images} responses, ${f.list.photoCards} of them photos — ${f.list.imageBytes <= LIST_IMAGE_BUDGET ? "within" : "OVER"} budget (≤ 350 KB)`,
  );
  console.log(
    `  product page (${f.detail.path}): main picture ${kb(f.detail.mainBytes)} (${f.detail.mainUrl}) — ${f.detail.mainBytes > 0 && f.detail.mainBytes <= MAIN_PICTURE_BUDGET ? "within" : "OVER"} budget (≤ 120 KB)`,
  );
  if (typeof f.lighthouse === "string") console.log(`  Lighthouse not run: ${f.lighthouse}`);
  else
    for (const r of f.lighthouse)
      console.log(
        `  Lighthouse desktop ${r.page}: performance ${r.performance}, LCP ${r.lcpMs == null ? "—" : `${(r.lcpMs / 1000).toFixed(2)} s`}, CLS ${r.cls == null ? "—" : r.cls.toFixed(3)} (goals 100, ≤ 1.0 s, ≤ 0.02)${r.error ? ` — ${r.error}` : ""}`,
      );
}

/** The bench's server rows: list image bytes, main picture, Lighthouse per page (`db`: the server's database). */
export function photoPageRows(f: PhotoPageFigures, db = "PGlite"): Row[] {
  const rows: Row[] = [
    {
      what: `List page with ${f.products} 12 MP photos: image bytes before scrolling (1366 × 768)`,
      db,
      figure: kb(f.list.imageBytes),
      budget: "≤ 350 KB",
      within: f.list.imageBytes <= LIST_IMAGE_BUDGET,
    },
    {
      what: "Product page with a 12 MP photo: main picture",
      db,
      figure: kb(f.detail.mainBytes),
      budget: "≤ 120 KB",
      within: f.detail.mainBytes > 0 && f.detail.mainBytes <= MAIN_PICTURE_BUDGET,
    },
  ];
  if (typeof f.lighthouse !== "string")
    for (const r of f.lighthouse)
      rows.push({
        what: `Lighthouse desktop with photos ${r.page.startsWith("/shop-prod-list") ? "/shop-prod-list (the photo products)" : r.page}: performance, LCP, CLS`,
        db,
        figure: `${r.performance}, ${r.lcpMs == null ? "—" : `${(r.lcpMs / 1000).toFixed(2)} s`}, ${r.cls == null ? "—" : r.cls.toFixed(3)}`,
        budget: "100, ≤ 1.0 s, ≤ 0.02",
        within: r.performance === 100 && r.lcpMs != null && r.lcpMs <= 1000 && r.cls != null && r.cls <= 0.02,
      });
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [origin] = process.argv.slice(2);
  if (!origin) {
    console.error("usage: tsx tests/bench/photo-pages.ts http://127.0.0.1:4321");
    process.exit(2);
  }
  benchPhotoPages(origin).then(
    (f) => {
      printPhotoPages(f);
      console.log(JSON.stringify(f));
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
