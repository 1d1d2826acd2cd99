/**
 * One language per page (issue 23): every route of SPEC §2, in each locale, after the `lang`
 * cookie was set to another locale, reads only in the page's language — server text, islands'
 * data, statuses, addresses. Checked on the visible text of the page (and its title):
 * - /en/…: no Han characters;
 * - /zh-tw/…: no character OpenCC (cn→tw) would convert to traditional;
 * - /… (zh): no character OpenCC (tw→cn) would convert to simplified
 * (see `foreign` for how the conversion is asked).
 * Skipped: what a user typed (elements marked `data-user-content`: nicknames, reviews, chat
 * messages, remarks, invoice headers) and elements marked with another `lang` (the language
 * switch names each language in its own script). A failure names the page, the element (a short
 * selector path) and the text.
 *
 * One fresh buyer per locale with what the logged-in pages show: an address, a completed order
 * (with an invoice) and an after-sales application on it, an unpaid order, a cart line, a chat
 * message, a collected product.
 */
import fs from "node:fs";
import path from "node:path";
import * as OpenCC from "opencc-js";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import {
  AFTER_SALES_PROD,
  buyerWithCompletedOrder,
  islandsReady,
  LOCALES,
  prefix,
  shopOps,
  type Locale,
} from "./helpers.ts";

const toTw = OpenCC.Converter({ from: "cn", to: "tw" });
const toCn = OpenCC.Converter({ from: "tw", to: "cn" });

/** Visible text pieces of the page, each with a short selector path of its element. */
type Piece = { path: string; text: string };

/** Runs in the page: the visible text nodes outside user content and other-language elements. */
function collectText(): Piece[] {
  const pageLang = document.documentElement.lang.toLowerCase();
  const out: { path: string; text: string }[] = [{ path: "title", text: document.title }];
  const pathOf = (el: Element): string => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const testId = e.getAttribute("data-testid");
      const cls = [...e.classList].slice(0, 2).join(".");
      parts.unshift(
        testId
          ? `${e.tagName.toLowerCase()}[data-testid=${testId}]`
          : `${e.tagName.toLowerCase()}${cls ? `.${cls}` : ""}`,
      );
      if (e.id || testId) break;
    }
    return parts.join(" > ");
  };
  const skip = (el: Element): boolean => {
    if (el.closest("[data-user-content], script, style, noscript, template")) return true;
    const lang = el.closest("[lang]")?.getAttribute("lang")?.toLowerCase();
    return !!lang && lang !== pageLang;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent?.trim() ?? "";
    const el = n.parentElement;
    if (!text || !el || !/\p{Script=Han}/u.test(text) || skip(el)) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    out.push({ path: pathOf(el), text: text.replace(/\s+/g, " ").slice(0, 120) });
  }
  return out;
}

/**
 * The characters of `text` the locale's readers would not write, as "字→字" pairs (for en: the Han
 * characters). A Chinese character counts when OpenCC changes it both converting the text directly
 * (zh-tw: cn→tw, zh: tw→cn) and converting its round trip through the other script (tw→cn→tw,
 * cn→tw→cn): each way alone misreads some correct words (濃郁 → 濃鬱 directly, 直發 → 直髮 on the
 * round trip), both together only a character of the other script.
 */
function foreign(locale: Locale, text: string): string[] {
  if (locale === "en") return [...text.matchAll(/\p{Script=Han}/gu)].map((m) => m[0]);
  const direct = [...(locale === "zh-tw" ? toTw(text) : toCn(text))];
  const round = [...(locale === "zh-tw" ? toTw(toCn(text)) : toCn(toTw(text)))];
  const a = [...text];
  const diffs: string[] = [];
  for (let i = 0; i < a.length; i++)
    if (direct[i] !== undefined && a[i] !== direct[i] && a[i] !== round[i]) diffs.push(`${a[i]}→${direct[i]}`);
  return diffs;
}

async function problemsOf(page: Page, locale: Locale, url: string): Promise<string[]> {
  const pieces = await page.evaluate(collectText);
  const out: string[] = [];
  for (const p of pieces) {
    const bad = foreign(locale, p.text);
    if (bad.length) out.push(`${url} | ${p.path} | "${p.text}" (${[...new Set(bad)].join(" ")})`);
  }
  return out;
}

/** Pictures and fonts are not text: not loading them keeps the sweep fast. */
async function withoutMedia(page: Page): Promise<void> {
  await page.route(/\.(png|jpe?g|webp|gif|svg|woff2?)(\?|$)/, (r) => r.abort());
}

/**
 * A wait for the page's API calls: islands render their data after their first calls. Resolves
 * once no /api call has been open for 150 ms (at most 3 s: pages that poll or count down never go
 * quiet).
 */
function apiSettled(page: Page): () => Promise<void> {
  const open = new Set<object>();
  let last = Date.now();
  const isApi = (r: { url(): string }) => new URL(r.url()).pathname.startsWith("/api/");
  page.on("request", (r) => {
    if (!isApi(r)) return;
    open.add(r);
    last = Date.now();
  });
  const done = (r: object & { url(): string }) => {
    if (!isApi(r)) return;
    open.delete(r);
    last = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return async () => {
    const end = Date.now() + 3_000;
    while (Date.now() < end && (open.size > 0 || Date.now() - last < 150)) await page.waitForTimeout(50);
  };
}

/** The first href of `html` matching `re` (group 1). */
function firstMatch(html: string, re: RegExp, what: string): string {
  const m = re.exec(html);
  expect(m, `a ${what} link`).not.toBeNull();
  return m![1]!;
}

/**
 * A fresh buyer logged in in `context`, with what the logged-in pages show: an address, a completed
 * order (with an invoice) and an after-sales application on it, an unpaid order, a cart line, a
 * chat message and a collected product. Typed texts are ASCII: the same in every locale.
 */
async function buyerWithData(request: APIRequestContext, context: BrowserContext, baseURL: string, locale: Locale) {
  const { api, orderNumber: done } = await buyerWithCompletedOrder(
    request,
    context,
    baseURL,
    `lang${locale.replace("-", "")}`,
    shopOps(`lang-${locale}`),
    { invoiceType: 1, headerName: "Jane Doe" },
  );
  const detail = await api<{ actualTotal: string | number }>("GET", `/p/myOrder/orderDetail?orderNumber=${done}`);
  const refund = await api<{ refundSn: string }>("POST", "/p/orderRefund/apply", {
    orderNumber: done,
    refundType: 1,
    applyType: 1,
    buyerReason: 1,
    refundAmount: String(detail.actualTotal),
    buyerMobile: "13800138000",
    buyerDesc: "Broken on arrival",
    photoFiles: [],
  });
  const info = await api<{ skuList: { skuId: number; stocks: number }[] }>(
    "GET",
    `/prod/prodInfo?prodId=${AFTER_SALES_PROD.prodId}`,
  );
  const sku = info.skuList.find((s) => s.stocks > 1)!;
  const orderItem = {
    prodId: AFTER_SALES_PROD.prodId,
    skuId: sku.skuId,
    prodCount: 1,
    shopId: AFTER_SALES_PROD.shopId,
  };
  const conf = await api<{ uuid: string }>("POST", "/p/order/confirm", { orderItem });
  const unpaid = (await api<{ orderNumbers: string }>("POST", "/p/order/submit", { uuid: conf.uuid })).orderNumbers;
  await api("POST", "/p/shopCart/changeItem", { ...orderItem, count: 2 });
  await api("POST", "/p/chat/messages", {
    shopId: AFTER_SALES_PROD.shopId,
    msgType: 0,
    content: "Hello, is it in stock?",
  });
  await api("POST", "/p/user/collection/addOrCancel", { prodId: AFTER_SALES_PROD.prodId });
  return { api, done, unpaid, refund, orderItem };
}

// Each locale once, with the cookie at another locale (each locale is some page's cookie): the
// page follows its URL whatever the cookie says.
for (const [i, locale] of LOCALES.entries()) {
  const cookie = LOCALES[(i + 1) % LOCALES.length]!;
  test(`${locale}: every SPEC §2 page reads only in ${locale} with the lang cookie at ${cookie}`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const p = prefix(locale);
    await context.addCookies([{ name: "lang", value: cookie, url: baseURL! }]);
    await withoutMedia(page);
    const settled = apiSettled(page);

    const { done, unpaid, refund, orderItem } = await buyerWithData(request, context, baseURL!, locale);

    // Ids of seeded activities, from their list pages.
    const html = async (path: string) => (await request.get(path)).text();
    const discountPath = firstMatch(await html("/special-discount"), /href="(\/discount-detail\?[^"]+)"/, "discount");
    const seckillPath = firstMatch(await html("/flash-sale"), /href="(\/secdetail\/\d+)"/, "flash sale");
    const pointsItem = firstMatch(
      await html("/member-center/integral-mall"),
      /href="\/member-center\/integral-det\/(\d+)"/,
      "points item",
    );
    const noticePath = firstMatch(await html("/notice-list"), /href="(\/notice-detail\?[^"]+)"/, "notice").replace(
      /&amp;/g,
      "&",
    );

    const routes = [
      "/",
      "/newIndex",
      "/list?st=0",
      "/list?st=1",
      `/detail/${AFTER_SALES_PROD.prodId}`,
      "/detail/1",
      "/shopIndex?sid=1",
      "/shopIndex?sid=2",
      "/shopList?shopName=",
      "/shop-prod-list?sid=2",
      "/select-decorate?renovationId=2&sid=0",
      "/coupons",
      "/special-discount",
      discountPath.replace(/&amp;/g, "&"),
      "/flash-sale",
      seckillPath,
      "/secdetail/confirm-order",
      "/group-buy",
      "/notice-list",
      noticePath,
      "/termsPage?sts=0",
      "/termsPage?sts=1",
      "/login",
      "/register",
      "/forget-password",
      "/cart",
      `/submit-order?prodId=${orderItem.prodId}&skuId=${orderItem.skuId}&count=1`,
      `/payment?orderNumbers=${unpaid}`,
      `/weixin-pay?orderNumbers=${unpaid}`,
      `/order-detail?orderNumber=${done}`,
      `/order-detail?orderNumber=${unpaid}`,
      `/return-detail?refundSn=${refund.refundSn}`,
      `/invoice-detail?orderNumber=${done}`,
      `/write-comments?orderNumber=${done}`,
      `/chat?shopId=${AFTER_SALES_PROD.shopId}`,
      "/huanxin-chat?shopId=0",
      `/submit-integral-order?prodId=${pointsItem}&count=1`,
      "/member-center/member-center",
      "/member-center/member-equity",
      "/member-center/buy-member",
      "/member-center/integral-mall",
      `/member-center/integral-det/${pointsItem}`,
      "/user-center",
      `/user-center/apply-return?orderNumber=${done}`,
      "/user-center/uc-account",
      "/user-center/uc-address",
      "/user-center/uc-balance",
      "/user-center/uc-collection",
      "/user-center/uc-comments",
      "/user-center/uc-coupons",
      "/user-center/uc-footprint",
      "/user-center/uc-integral",
      "/user-center/uc-order",
      "/user-center/uc-password",
      "/user-center/uc-return",
      "/user-center/uc-shopaccount",
      "/no-such-page",
    ];

    for (const route of routes) {
      const url = `${p}${route}`;
      await page.goto(url);
      await islandsReady(page);
      await settled();
      // Soft: every page's problems are reported, not only the first page's.
      expect.soft(await problemsOf(page, locale, `${url} (lang=${cookie})`), `texts not in ${locale}`).toEqual([]);
    }
  });
}

/** Screenshots of the main buying pages in each locale, for a person to look at (test-results/screenshots/). */
for (const locale of LOCALES) {
  test(`${locale}: screenshots of home, detail, cart, checkout, order detail and a shop index`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const settled = apiSettled(page);
    const { api, done } = await buyerWithData(request, context, baseURL!, locale);
    const cart = await api<{ shopCartItemDiscounts: { shopCartItems: { basketId: number }[] }[] }[]>(
      "POST",
      "/p/shopCart/info",
      {},
    );
    const basketIds = cart.flatMap((s) =>
      s.shopCartItemDiscounts.flatMap((g) => g.shopCartItems.map((i) => i.basketId)),
    );
    expect(basketIds.length).toBeGreaterThan(0);
    const pages: [string, string][] = [
      ["home", "/"],
      ["detail", `/detail/${AFTER_SALES_PROD.prodId}`],
      ["cart", "/cart"],
      ["checkout", `/submit-order?basketIds=${basketIds.join(",")}`],
      ["order-detail", `/order-detail?orderNumber=${done}`],
      ["shop-index", "/shopIndex?sid=1"],
    ];
    const problems: string[] = [];
    for (const [name, route] of pages) {
      const url = `${prefix(locale)}${route}`;
      await page.goto(url);
      await islandsReady(page);
      await settled();
      const file = path.join("test-results", "screenshots", `${name}-${locale}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(fs.statSync(file).size, file).toBeGreaterThan(10_000);
      problems.push(...(await problemsOf(page, locale, url)));
    }
    expect(problems, `texts not in ${locale}`).toEqual([]);
  });
}
