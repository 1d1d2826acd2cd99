/**
 * Browsing in a real browser: header search (goods and shops, the empty-keyword warning),
 * category panel → list → detail with SKU switching and the quantity bound, sorting and paging,
 * shop entry gating, decorated shop headers, merchant preview of a draft decoration, and the
 * product detail's 404 and sanitised description. Expectations come from the API or the seed
 * (src/server/seed), so each test fails when the page shows something else.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createPreviewToken } from "../../src/server/domain/renovation/renovation-preview.ts";
import { home, LOCALES, prefix, tr, type Locale } from "./helpers.ts";

/** Accept-Language that makes the API answer in a locale (src/server/api/app.ts). */
const ACCEPT_LANGUAGE: Record<Locale, string> = { zh: "zh-CN", "zh-tw": "zh-TW", en: "en" };

/** GET an API path in a locale; the `data` of the envelope. */
async function apiData<T>(request: APIRequestContext, path: string, locale: Locale = "zh"): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { "accept-language": ACCEPT_LANGUAGE[locale] } });
  expect(res.ok(), `GET /api${path}`).toBe(true);
  const body = (await res.json()) as { success: boolean; data: T; msg: string | null };
  expect(body.success, `GET /api${path}: ${body.msg}`).toBe(true);
  return body.data;
}

/** Records when toasts (#app-toasts .toast) appear and disappear, as page timestamps. */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: { text: string; added: number; removed?: number }[] = [];
    (window as unknown as { __toasts: typeof log }).__toasts = log;
    const seen = new Map<Node, (typeof log)[number]>();
    new MutationObserver((records) => {
      for (const r of records) {
        r.addedNodes.forEach((n) => {
          if (n instanceof HTMLElement && n.classList.contains("toast")) {
            const e = { text: n.textContent ?? "", added: performance.now() };
            seen.set(n, e);
            log.push(e);
          }
        });
        r.removedNodes.forEach((n) => {
          const e = seen.get(n);
          if (e) e.removed = performance.now();
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}
const toastLog = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __toasts: { text: string; added: number; removed?: number }[] }).__toasts,
  );

// ------------------------------------------------------------------ header search

/** A seeded keyword per locale that finds products and one that finds shops. */
const SEARCH: Record<Locale, { goods: string; shop: string }> = {
  zh: { goods: "手机", shop: "旗舰" },
  "zh-tw": { goods: "手機", shop: "旗艦" },
  en: { goods: "phone", shop: "Store" },
};

test.describe("header search", () => {
  for (const locale of LOCALES) {
    test(`goods and shop search, and the empty-keyword warning (${locale})`, async ({ page }) => {
      await recordToasts(page);
      const { goods, shop } = SEARCH[locale];
      await page.goto(home(locale));
      const input = page.getByTestId("search-input");
      const toasts = page.locator("#app-toasts .toast");

      // Empty / blank keywords: a ~1 s warning in the locale, no navigation.
      // The toast lasts ~1 s: follow the recorded log (a MutationObserver) rather than polling the
      // DOM, which can miss a short-lived element on a busy machine.
      const shownAndGone = async () => (await toastLog(page)).filter((t) => t.removed !== undefined).map((t) => t.text);
      const url = page.url();
      await input.fill("   ");
      await input.press("Enter");
      await expect
        .poll(shownAndGone, { intervals: [100], timeout: 7000 })
        .toEqual([tr(locale, "layout.search.emptyGoods")]);
      await page.getByTestId("search-toggle-shop").click();
      await input.fill("");
      await input.press("Enter");
      await expect
        .poll(shownAndGone, { intervals: [100], timeout: 7000 })
        .toEqual([tr(locale, "layout.search.emptyGoods"), tr(locale, "layout.search.emptyShop")]);
      await expect(toasts).toHaveCount(0);
      expect(page.url()).toBe(url);
      const log = await toastLog(page);
      expect(log.map((t) => t.text)).toEqual([
        tr(locale, "layout.search.emptyGoods"),
        tr(locale, "layout.search.emptyShop"),
      ]);
      for (const t of log) {
        const shown = t.removed! - t.added;
        expect(shown, `"${t.text}" shown for ${Math.round(shown)} ms`).toBeGreaterThan(800);
        expect(shown).toBeLessThan(2000);
      }

      // Goods mode → /list?pn=… with cards whose names contain the keyword.
      await page.getByTestId("search-toggle-goods").click();
      await input.fill(`  ${goods} `);
      await input.press("Enter");
      await expect(page).toHaveURL(
        (u) => u.pathname === `${prefix(locale)}/list` && u.searchParams.get("pn") === goods,
      );
      const cards = page.getByTestId("product-card");
      await expect(cards.first()).toBeVisible();
      // A keyword matches names, brands and category paths (docs/search.md): goods named with it are
      // among the cards, and the first card is one of them.
      const names = (await cards.locator(".pc-name").allInnerTexts()).map((n) => n.toLowerCase());
      expect(names.filter((n) => n.includes(goods.toLowerCase())).length, names.join(" | ")).toBeGreaterThan(1);
      expect(names[0], "first card name").toContain(goods.toLowerCase());
      await expect(page.getByTestId("breadcrumbs")).toContainText(goods);

      // Shop mode (from the list page's header) → /shopList?shopName=… with matching shops.
      await page.getByTestId("search-toggle-shop").click();
      await input.fill(shop);
      await input.press("Enter");
      await expect(page).toHaveURL(
        (u) => u.pathname === `${prefix(locale)}/shopList` && u.searchParams.get("shopName") === shop,
      );
      const shops = page.getByTestId("shop-list-item");
      await expect(shops.first()).toBeVisible();
      for (const name of await shops.locator("h2 a").allInnerTexts())
        expect(name.toLowerCase()).toContain(shop.toLowerCase());
    });
  }
});

// ------------------------------------------------------------------ category → list → detail

interface Sku {
  skuId: number;
  properties: string;
  price: string;
  stocks: number;
  status: number;
}
interface ProdInfo {
  prodId: number;
  prodName: string;
  skuList: Sku[];
  specs: { name: string; values: { value: string }[] }[];
}

/** "k1:v1;k2:v2" → values in spec order. */
const skuValues = (sku: Sku, specs: ProdInfo["specs"]) => {
  const props = new Map(sku.properties.split(";").map((p) => p.split(":") as [string, string]));
  return specs.map((s) => props.get(s.name) ?? "");
};
/** "1,299.00" / "1299.00" → 1299 */
const money = (s: string) => Number(s.replace(/[^\d.]/g, ""));

/** Two buyable SKUs of the product that differ in price or stock (null when there are none). */
function twoDistinctSkus(p: ProdInfo): [Sku, Sku] | null {
  const buyable = p.skuList.filter((s) => s.status === 1 && s.stocks > 0);
  for (const a of buyable) {
    for (const b of buyable) if (a !== b && (a.stocks !== b.stocks || money(a.price) !== money(b.price))) return [a, b];
  }
  return null;
}

/** Chooses exactly the values of `sku` in the buy box (deselect everything, then pick each spec's value). */
async function chooseSku(page: Page, p: ProdInfo, sku: Sku): Promise<void> {
  const values = page.getByTestId("sku-value");
  const pressed = values.and(page.locator('[aria-pressed="true"]'));
  // The buy box's script loads on the first interaction and may redraw the values meanwhile:
  // re-read what is pressed after each click instead of clicking a value that went away.
  await expect(async () => {
    if ((await pressed.count()) > 0) await pressed.first().click({ timeout: 2_000 });
    expect(await pressed.count()).toBe(0);
  }).toPass({ timeout: 15_000 });
  const wanted = skuValues(sku, p.specs);
  for (const [i, v] of wanted.entries()) {
    await page
      .locator(`[data-testid="sku-value"][data-spec-index="${i}"][data-value="${v.replace(/"/g, '\\"')}"]`)
      .click();
  }
  for (const [i, v] of wanted.entries()) {
    await expect(
      page.locator(`[data-testid="sku-value"][data-spec-index="${i}"][data-value="${v.replace(/"/g, '\\"')}"]`),
    ).toHaveAttribute("aria-pressed", "true");
  }
}

test.describe("category → list → detail", () => {
  for (const locale of LOCALES) {
    test(`a third-level category leads to a product whose SKUs switch price and stock (${locale})`, async ({
      page,
      request,
    }) => {
      await recordToasts(page);
      await page.goto(home(locale));
      const panel = page.getByTestId("category-panel");
      const first = page.getByTestId("category-l1").first();
      await first.hover();
      const third = panel.locator("a[href*='thCid=']").filter({ visible: true }).first();
      await expect(third).toBeVisible();
      const thirdName = (await third.innerText()).trim();
      await third.click();
      await expect(page).toHaveURL(
        (u) => u.pathname === `${prefix(locale)}/list` && /^\d+$/.test(u.searchParams.get("thCid") ?? ""),
      );
      const crumbs = page.getByTestId("breadcrumbs");
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(thirdName);
      expect(await crumbs.locator("li").count(), "home + three category levels").toBe(4);

      // A card of this list whose product has two buyable SKUs with a different price or stock.
      const cards = page.getByTestId("product-card");
      await expect(cards.first()).toBeVisible();
      const ids = (await cards.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-prod-id"))))).slice(
        0,
        20,
      );
      let chosen: { info: ProdInfo; pair: [Sku, Sku] } | null = null;
      for (const id of ids) {
        const info = await apiData<ProdInfo>(request, `/prod/prodInfo?prodId=${id}`, locale);
        const pair = twoDistinctSkus(info);
        if (pair) {
          chosen = { info, pair };
          break;
        }
      }
      expect(chosen, `a product with two distinct buyable SKUs among ${ids.join(",")}`).not.toBeNull();
      const { info, pair } = chosen!;
      await page.locator(`[data-testid="product-card"][data-prod-id="${info.prodId}"] a.pc-link`).click();
      await expect(page).toHaveURL((u) => u.pathname === `${prefix(locale)}/detail/${info.prodId}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(info.prodName);

      const price = page.getByTestId("sku-price");
      const stock = page.getByTestId("sku-stock");
      for (const sku of [pair[0], pair[1], pair[0]]) {
        await chooseSku(page, info, sku);
        await expect
          .poll(async () => money(await price.innerText()), { message: `price of SKU ${sku.skuId}` })
          .toBe(money(sku.price));
        await expect(stock).toHaveAttribute("data-stocks", String(sku.stocks));
        await expect(stock).toContainText(String(sku.stocks));
      }

      // The quantity is bounded by the chosen SKU's stock.
      const sku = pair[0];
      const qty = page.getByTestId("qty-input");
      await qty.fill(String(sku.stocks + 1000));
      await qty.press("Enter");
      await expect(qty).toHaveValue(String(sku.stocks));
      await expect(page.locator("#app-toasts .toast").last()).toHaveText(tr(locale, "product.msg.insufficientStock"));
      await qty.fill(String(Math.min(2, sku.stocks)));
      await qty.press("Enter");
      await expect(qty).toHaveValue(String(Math.min(2, sku.stocks)));
      expect((await toastLog(page)).map((t) => t.text)).toEqual([tr(locale, "product.msg.insufficientStock")]);
    });
  }
});

// ------------------------------------------------------------------ sorting and paging

test("price ascending sort holds on the page and across the page-2 link", async ({ page }) => {
  await page.goto("/list");
  await page.getByTestId("sort-5").click();
  await expect(page).toHaveURL((u) => u.pathname === "/list" && u.searchParams.get("sort") === "5");
  await expect(page.getByTestId("sort-5")).toHaveAttribute("aria-current", "true");
  const prices = () =>
    page
      .getByTestId("product-card")
      .locator(".pc-now strong")
      .allInnerTexts()
      .then((a) => a.map(money));
  const page1 = await prices();
  expect(page1.length).toBeGreaterThan(1);
  expect(page1, "ascending prices on page 1").toEqual([...page1].sort((a, b) => a - b));
  expect(page1[0]! < page1.at(-1)!, "not all the same price").toBe(true);

  const pager = page.getByTestId("pagination");
  await pager.getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("sort") === "5" && u.searchParams.get("current") === "2");
  await expect(pager.locator('[aria-current="page"]')).toHaveText("2");
  const page2 = await prices();
  expect(page2.length).toBeGreaterThan(0);
  expect(page2, "ascending prices on page 2").toEqual([...page2].sort((a, b) => a - b));
  expect(page2[0]!, "page 2 continues after page 1").toBeGreaterThanOrEqual(page1.at(-1)!);
});

// ------------------------------------------------------------------ shops

/** Shop ids by status in the seed (src/server/seed/fixtures/shops.ts: ids are 1-based positions). */
const SHOP = { open: 2, underReview: 8, notOpened: 9, offline: 10, offlineAwaitingReview: 11 } as const;

test.describe("shop entry", () => {
  for (const locale of LOCALES) {
    test(`closed shops show the gate message, an open shop its products, an unknown shop 404 (${locale})`, async ({
      page,
      request,
    }) => {
      const cases: [number, string, string][] = [
        [SHOP.underReview, "underReview", "shop.gate.underReview"],
        [SHOP.notOpened, "notOpened", "shop.gate.notOpened"],
        [SHOP.offline, "offline", "shop.gate.offline"],
        [SHOP.offlineAwaitingReview, "offline", "shop.gate.offline"],
      ];
      for (const [sid, state, key] of cases) {
        // The API agrees on the status the page is gated on.
        const head = await apiData<{ shopStatus: number }>(request, `/shop/headInfo?shopId=${sid}`, locale);
        expect(head.shopStatus, `status of shop ${sid}`).not.toBe(1);
        const res = await page.goto(`${prefix(locale)}/shopIndex?sid=${sid}`);
        expect(res?.status(), `shop ${sid}`).toBe(200);
        const gate = page.getByTestId("shop-gate-message");
        await expect(gate).toHaveText(tr(locale, key));
        await expect(gate).toHaveAttribute("data-state", state);
        await expect(page.getByTestId("product-card")).toHaveCount(0);
        await expect(page.getByTestId("shop-header")).toHaveCount(0);
      }

      const open = await page.goto(`${prefix(locale)}/shopIndex?sid=${SHOP.open}`);
      expect(open?.status()).toBe(200);
      await expect(page.getByTestId("shop-gate-message")).toHaveCount(0);
      await expect(page.getByTestId("shop-products").getByTestId("product-card").first()).toBeVisible();

      const unknown = await page.goto(`${prefix(locale)}/shopIndex?sid=999999`);
      expect(unknown?.status()).toBe(404);
      await expect(page.getByText(tr(locale, "notfound.message"))).toBeVisible();
    });
  }

  test("decorated shop headers follow the shop_signs flags; shop pages have no site search header", async ({
    page,
    request,
  }) => {
    // Published shop decorations in the seed (src/server/seed/renovations.ts): 3 = shop 1, 4 = shop 4.
    for (const [sid, renovationId] of [
      [1, 3],
      [4, 4],
    ] as const) {
      const info = await apiData<{ shopId: number; content: string }>(
        request,
        `/shopRenovation/info?renovationId=${renovationId}&shopId=${sid}`,
      );
      expect(info.shopId).toBe(sid);
      const blocks = JSON.parse(info.content) as { type: string; dataField: Record<string, unknown> }[];
      const signs = blocks.find((b) => b.type === "shop_signs")!.dataField as {
        showLogo: number;
        showCategory: number;
        showNavs: number;
        showSearch: number;
        navList: unknown[];
        bgUrl: string;
      };
      const shown = (flag: number) => flag === 0; // 0 means shown (SPEC §2)

      await page.goto(`/shopIndex?sid=${sid}`);
      const header = page.getByTestId("shop-header");
      await expect(header).toBeVisible();
      await expect(page.getByTestId("search-header")).toHaveCount(0);
      await expect(page.getByTestId("search-form")).toHaveCount(0);
      await expect(page.getByTestId("shop-logo")).toBeVisible({ visible: shown(signs.showLogo) });
      await expect(page.getByTestId("shop-category-menu")).toHaveCount(shown(signs.showCategory) ? 1 : 0);
      await expect(page.getByTestId("shop-search")).toHaveCount(shown(signs.showSearch) ? 1 : 0);
      const nav = page.getByTestId("shop-nav");
      if (shown(signs.showNavs))
        await expect(nav.locator(".shh-links li")).toHaveCount(Math.min(7, signs.navList.length));
      else await expect(nav.locator(".shh-links")).toHaveCount(0);
      // The sign picture is drawn as the header band.
      await expect(header.locator(".shh-band")).toHaveAttribute(
        "style",
        new RegExp(signs.bgUrl.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")),
      );
      // The shop's name is in its header and sign; the carousel under them does not say it again.
      const name = (await header.locator(".shh-name").textContent())!.trim();
      expect(name.length).toBeGreaterThan(1);
      await expect(page.getByTestId("carousel").getByTestId("picture-overlay").first()).not.toContainText(name);
      if (sid === 1) expect(shown(signs.showSearch), "shop 1 shows its search").toBe(true);
      if (sid === 4) expect(shown(signs.showSearch), "shop 4 hides its search (seed showSearch 1)").toBe(false);
    }
  });
});

// ------------------------------------------------------------------ merchant preview

test("a draft decoration needs a valid preview token; a published micro-page needs none", async ({ page, request }) => {
  const secret = process.env.MALL_E2E_PREVIEW_SECRET!;
  const draft = "/select-decorate?renovationId=5&sid=1";
  const inOneHour = Date.now() + 60 * 60 * 1000;

  const plain = await page.goto(draft);
  expect(plain?.status()).toBe(404);
  await expect(page.getByTestId("decorate-preview")).toHaveCount(0);
  // Wrong secret, another renovation's token, an expired token: still 404.
  for (const token of [
    createPreviewToken("not-the-secret", 5, 1, inOneHour),
    createPreviewToken(secret, 3, 1, inOneHour),
    createPreviewToken(secret, 5, 1, Date.now() - 1000),
  ]) {
    const res = await request.get(`${draft}&token=${encodeURIComponent(token)}`);
    expect(res.status(), `token ${token}`).toBe(404);
  }

  const res = await page.goto(`${draft}&token=${encodeURIComponent(createPreviewToken(secret, 5, 1, inOneHour))}`);
  expect(res?.status()).toBe(200);
  expect(res?.headers()["cache-control"]).toBe("no-store");
  const preview = page.getByTestId("decorate-preview");
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("data-draft", "");
  await expect(page.getByTestId("decorate-preview-banner")).toBeVisible();
  // The draft's own floor title (seed: "年终大促（草稿）") and its goods list of shop 1.
  await expect(preview).toContainText("年终大促（草稿）");
  await expect(page.getByTestId("shop-header")).toBeVisible();

  const micro = await page.goto("/en/select-decorate?renovationId=2&sid=0");
  expect(micro?.status()).toBe(200);
  await expect(page.getByTestId("decorate-preview")).toBeVisible();
  await expect(page.getByTestId("decorate-preview")).not.toHaveAttribute("data-draft");
  await expect(page.getByTestId("decorate-preview")).toContainText("Top Brands");
});

// ------------------------------------------------------------------ detail edge cases

test("unknown and malformed product ids are 404; a product's <script> never reaches the description", async ({
  page,
}) => {
  for (const path of ["/detail/999999", "/detail/abc", "/en/detail/999999"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText(tr(path.startsWith("/en/") ? "en" : "zh", "notfound.message"))).toBeVisible();
    await expect(page.getByTestId("buy-box")).toHaveCount(0);
  }

  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const res = await page.goto("/detail/19");
  expect(res?.status()).toBe(200);
  const description = page.locator("#description");
  // The seeded unsafe paragraph is there (so the check below looks at the right HTML)…
  await expect(description).toContainText("点击查看更多");
  // …without its <script> or its onclick.
  await expect(description.locator("script")).toHaveCount(0);
  await expect(description.locator("[onclick]")).toHaveCount(0);
  await description.getByText("点击查看更多").click();
  expect(dialogs).toEqual([]);
});
