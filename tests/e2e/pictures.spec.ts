/**
 * Every picture of the main pages comes from the image ladder (docs/image.md "Showing a
 * picture"): a merchant uploads two real-size photos (12 MP JPEGs made at test time) through the
 * merchant API and lists a product with them; then, at 1366 × 768 (and the layout checked again at
 * 1920 wide), home, list, the product page, the cart and the shop page show each picture with a
 * srcset and its dimensions, `sizes` as wide as the layout shows it, only the LCP picture eager
 * (with fetchpriority high, and it is the page's LCP element); Chromium picks AVIF for the photos
 * and never fetches a stored original. One locale (zh); the product is deleted at the end.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { photoJpeg } from "../fixtures/photos.ts";
import { freshBuyer, islandsReady } from "./helpers.ts";

test.describe.configure({ mode: "serial" });

const MERCHANT = { username: "shop07", password: "Shop1234" };

interface ImgFacts {
  src: string;
  currentSrc: string;
  srcset: string | null;
  sizes: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchpriority: string | null;
  shownWidth: number;
  visible: boolean;
}

/** Every <img> of the page, as the browser has it. */
function pageImages(page: Page): Promise<ImgFacts[]> {
  return page.locator("img").evaluateAll((els) =>
    (els as HTMLImageElement[]).map((img) => ({
      src: img.getAttribute("src") ?? "",
      currentSrc: img.currentSrc,
      srcset: img.getAttribute("srcset"),
      sizes: img.getAttribute("sizes"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      loading: img.getAttribute("loading"),
      fetchpriority: img.getAttribute("fetchpriority"),
      shownWidth: img.getBoundingClientRect().width,
      visible: img.getBoundingClientRect().width > 0 && getComputedStyle(img).visibility !== "hidden",
    })),
  );
}

/** The src of the page's largest contentful paint element when it is a picture ("" otherwise). */
function lcpPicture(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
          const el = entries[entries.length - 1]?.element;
          resolve(el instanceof HTMLImageElement ? (el.getAttribute("src") ?? "") : "");
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}

/** How wide `sizes` says the picture is shown (px), for the sizes the pages write. */
function sizesWidth(sizes: string, viewport: number): number {
  const m = /^(\d+)(px|vw)$/.exec(sizes.trim());
  expect(m, `sizes "${sizes}"`).not.toBeNull();
  return m![2] === "vw" ? (viewport * Number(m![1])) / 100 : Number(m![1]);
}

/** The checks every main page passes; answers its pictures. */
async function checkPictures(
  page: Page,
  path: string,
  viewport: number,
  ready?: () => Promise<void>,
): Promise<ImgFacts[]> {
  await page.goto(path);
  await page.waitForLoadState("load");
  await islandsReady(page);
  await ready?.();
  await expect.poll(async () => (await page.locator(".pic-pending").count()) === 0).toBe(true);
  const imgs = await pageImages(page);
  expect(imgs.length, path).toBeGreaterThan(0);
  for (const img of imgs) {
    expect(img.srcset, `${path} ${img.src}: srcset`).toBeTruthy();
    expect(img.sizes, `${path} ${img.src}: sizes`).toBeTruthy();
    expect(Number(img.width), `${path} ${img.src}: width`).toBeGreaterThan(0);
    expect(Number(img.height), `${path} ${img.src}: height`).toBeGreaterThan(0);
    // `sizes` is the width the layout shows the picture at (within a pixel or two of rounding).
    if (img.visible)
      expect(
        Math.abs(sizesWidth(img.sizes!, viewport) - img.shownWidth),
        `${path} ${img.src}: sizes ${img.sizes}`,
      ).toBeLessThanOrEqual(3);
  }
  // Only the LCP picture is eager, as served (the carousel's script later makes its next slide
  // eager to preload it) and as the islands render theirs.
  const served = [...(await (await page.request.get(path)).text()).matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
  const eager = served.filter((tag) => !tag.includes('loading="lazy"'));
  expect(eager.length, `${path}: eager pictures ${eager.join(" ")}`).toBeLessThanOrEqual(1);
  for (const tag of eager) expect(tag, path).toContain('fetchpriority="high"');
  const servedSrcs = new Set(served.map((tag) => /\ssrc="([^"]*)"/.exec(tag)?.[1]));
  for (const img of imgs.filter((i) => !servedSrcs.has(i.src)))
    expect(img.loading === "lazy" || img.fetchpriority === "high", `${path} ${img.src}`).toBe(true);
  return imgs;
}

async function merchantCall(request: APIRequestContext) {
  const login = await (await request.post("/api/merchant/login", { data: MERCHANT })).json();
  const token = login.data.accessToken as string;
  return async <T>(method: "GET" | "POST" | "DELETE", p: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`/api/merchant${p}`, {
      method,
      headers: { authorization: token },
      ...(data !== undefined ? { data } : {}),
    });
    const body = await res.json();
    expect(body.code, `${p} ${JSON.stringify(body)}`).toBe("00000");
    return body.data as T;
  };
}

let prodId = 0;
let shopId = 0;
let photos: string[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const call = await merchantCall(request);
  const login = await (await request.post("/api/merchant/login", { data: MERCHANT })).json();
  photos = [];
  for (const seed of [11, 12]) {
    const up = await request.post("/api/merchant/file/upload", {
      headers: { authorization: login.data.accessToken as string },
      multipart: {
        file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await photoJpeg({ seed, orientation: 1 }) },
      },
    });
    const body = await up.json();
    expect(body.code, JSON.stringify(body)).toBe("00000");
    photos.push(body.data.filePath as string);
  }
  const some = await call<{ records: { prodId: number; categoryId: number }[] }>("GET", "/products?status=1&size=1");
  const created = await call<{ prodId: number }>("POST", "/products", {
    categoryId: some.records[0]!.categoryId,
    texts: { zh: { name: "实拍相机包", brief: "两张实拍照片" } },
    pic: photos[0],
    imgs: [photos[1]],
    skus: [{ price: "199.00", stocks: 50 }],
    onSale: true,
  });
  prodId = created.prodId;
  const info = await (await request.get(`/api/prod/prodInfo?prodId=${prodId}`)).json();
  shopId = info.data.shop.shopId as number;
});

test.afterAll(async ({ request }) => {
  if (prodId) await (await merchantCall(request))("DELETE", `/products/${prodId}`);
});

test("zh: the product page's photos come from the ladder: AVIF, sized, only the main one eager", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  const imgs = await checkPictures(page, `/detail/${prodId}`, 1366);
  const main = page.locator("[data-gallery-main]");
  await expect.poll(() => main.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  const mainFacts = imgs.find((i) => i.src.startsWith(photos[0]!))!;
  expect(mainFacts.loading).toBe("eager");
  expect(mainFacts.fetchpriority).toBe("high");
  expect(await main.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(
    new RegExp(`^https?://[^/]+${photos[0]!.replaceAll(".", "\\.")}-[0-9a-f]{12}-(480|640|960)\\.avif$`),
  );
  expect(await lcpPicture(page)).toBe(mainFacts.src);
  // Never the stored 12 MP original: only its variants.
  expect(fetched.filter((p) => photos.includes(p))).toEqual([]);
  expect(fetched.some((p) => p.startsWith(`${photos[0]}-`) && p.endsWith(".avif"))).toBe(true);
  // A thumbnail shown in the main frame brings its own ladder.
  await page.locator("[data-gallery-thumb]").nth(1).hover();
  await expect
    .poll(() => main.evaluate((i: HTMLImageElement) => i.currentSrc))
    .toMatch(new RegExp(`${photos[1]!.replaceAll(".", "\\.")}-[0-9a-f]{12}-\\d+\\.avif$`));
  expect(await page.locator("[data-gallery-thumb]").nth(1).getAttribute("href")).toMatch(/-1920\.jpg$/);
});

test("zh: home, list, cart and shop pages: every picture from the ladder, sizes as the layout at 1366 and 1920", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await freshBuyer(request, context, baseURL!, "pics");
  const info = await (await request.get(`/api/prod/prodInfo?prodId=${prodId}`)).json();
  const add = await api("POST", "/p/shopCart/changeItem", {
    prodId,
    skuId: info.data.skuList[0].skuId,
    shopId,
    count: 1,
  });
  expect(add.code, JSON.stringify(add)).toBe("00000");
  for (const width of [1366, 1920]) {
    await page.setViewportSize({ width, height: 768 });
    await checkPictures(page, "/", width);
    const list = await checkPictures(page, "/list", width);
    // The list's LCP picture is its first card's, the only eager one.
    expect(list.filter((i) => i.loading === "eager").map((i) => i.src)).toEqual([
      await page.locator(".pc-img").first().getAttribute("src"),
    ]);
    await checkPictures(page, `/shopIndex?sid=${shopId}`, width);
    const cart = await checkPictures(page, "/cart", width, () =>
      expect(page.getByTestId("cart-line-name").first()).toBeVisible(),
    );
    const line = cart.find((i) => i.src.startsWith(photos[0]!));
    expect(line, "the cart shows the photo from its ladder").toBeTruthy();
    expect(line!.currentSrc).toMatch(/\.avif$/);
  }
});
