/**
 * Routes and states the journeys do not reach: /newIndex (the home under a second address),
 * /shop-prod-list of a seeded shop by shop category, keyword and page, the category panel's
 * second-level item without children, the member-centre layout without the search header, the
 * points checkout with it, a flash-sale product page with the product's own parts,
 * and /termsPage for both documents.
 */
import { expect, test, type Page } from "@playwright/test";
import { LOCALES, prefix, tr, type Locale } from "./helpers.ts";

/** Open seeded shop with four shop categories and 50 products. */
const SHOP = 2;
/** One of its shop categories, with fewer than 20 products (src/server/seed/fixtures/shops.ts). */
const SHOP_CATEGORY = "智能穿戴";
/** Seeded first-level platform category with a second-level item that has no children. */
const CATEGORY_WITH_CHILDLESS_L2 = 7;

const blockIds = (page: Page) =>
  page.locator("main [data-testid^='block-']").evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));

test("zh: /newIndex is the home page under a second address, canonical to /", async ({ page }) => {
  await page.goto("/");
  const homeBlocks = await blockIds(page);
  const homeTitle = await page.title();
  expect(homeBlocks.length).toBeGreaterThan(0);

  const res = await page.goto("/newIndex");
  expect(res?.status()).toBe(200);
  expect(await page.title()).toBe(homeTitle);
  expect(await blockIds(page)).toEqual(homeBlocks);
  await expect(page.getByTestId("search-header")).toBeVisible();
  // The category panel stays open under the menu, as on the home page.
  await expect(page.getByTestId("category-panel")).toBeVisible();
  await expect(page.getByTestId("category-trigger")).toHaveAttribute("aria-expanded", "true");
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(new URL(canonical!, "http://x").pathname).toBe("/");
});

test("zh: /shop-prod-list filters by shop category and keyword and pages by 20", async ({ page }) => {
  const products = page.getByTestId("shop-products");
  const cards = products.getByTestId("product-card");
  const note = (total: number) => tr("zh", "shop.products.total_other").replace("{{count}}", String(total));

  // All products: 50, in pages of 20.
  expect((await page.goto(`/shop-prod-list?sid=${SHOP}`))?.status()).toBe(200);
  await expect(products.getByText(note(50))).toBeVisible();
  await expect(cards).toHaveCount(20);
  const pager = products.getByRole("navigation", { name: tr("zh", "shop.products.pagination") });
  await expect(pager.locator('[aria-current="page"]')).toHaveText("1");
  const firstPage = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-prod-id")));

  await page.goto(`/shop-prod-list?sid=${SHOP}&current=3`);
  await expect(cards).toHaveCount(10);
  await expect(pager.locator('[aria-current="page"]')).toHaveText("3");
  const lastPage = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-prod-id")));
  expect(lastPage.filter((id) => firstPage.includes(id))).toEqual([]);

  // A shop category: the heading is its name, its link is current, fewer products. Found by its
  // name (the seed numbers shop categories after the platform's, so the id follows the tree).
  const cat = products.locator("aside a", { hasText: SHOP_CATEGORY });
  const cid = new URL((await cat.getAttribute("href"))!, "http://x").searchParams.get("cid");
  expect(cid).toMatch(/^\d+$/);
  await page.goto(`/shop-prod-list?sid=${SHOP}&cid=${cid}`);
  await expect(products.locator("#sp-title")).toHaveText(SHOP_CATEGORY);
  await expect(products.locator(`aside a[href$="cid=${cid}"]`)).toHaveAttribute("aria-current", "page");
  const catCount = await cards.count();
  expect(catCount).toBeGreaterThan(0);
  expect(catCount).toBeLessThan(20);
  await expect(products.getByText(note(catCount))).toBeVisible();

  // An in-shop keyword: the heading names it and every product matches it.
  const keyword = "安克";
  await page.goto(`/shop-prod-list?sid=${SHOP}&pn=${encodeURIComponent(keyword)}`);
  await expect(products.locator("#sp-title")).toHaveText(
    tr("zh", "shop.products.searchTitle").replace("{{keyword}}", keyword),
  );
  const names = await cards.locator(".pc-name").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toContain(keyword);
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
});

for (const locale of LOCALES) {
  test(`${locale}: a second-level category without children says there are no subcategories`, async ({ page }) => {
    await page.goto(`${prefix(locale)}/`);
    const l1 = page.locator(`[data-category-l1][data-category-id="${CATEGORY_WITH_CHILDLESS_L2}"]`);
    await l1.hover();
    const childless = l1.locator(".cat-l2").filter({ has: page.locator(".cat-none") });
    await expect(childless).toHaveCount(1);
    await expect(childless.locator(".cat-none")).toBeVisible();
    await expect(childless.locator(".cat-none")).toHaveText(tr(locale, "layout.category.noSubcategory"));
    // Its title still links to the product list of that category.
    await expect(childless.locator("dt a")).toHaveAttribute(
      "href",
      new RegExp(`cpid=${CATEGORY_WITH_CHILDLESS_L2}&cid=\\d+&st=0$`),
    );
  });
}

test("zh: member-centre pages show the top bar but no search header", async ({ page }) => {
  for (const path of ["/member-center/member-center", "/member-center/member-equity", "/member-center/integral-mall"]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.getByTestId("topbar"), path).toBeVisible();
    await expect(page.getByTestId("search-header"), path).toHaveCount(0);
    await expect(page.getByTestId("category-trigger"), path).toHaveCount(0);
  }
});

test("zh: the points checkout has the search header and menu of the other checkouts", async ({ page }) => {
  await page.goto("/member-center/integral-mall");
  const href = (await page.getByTestId("points-mall-item").first().getByRole("link").first().getAttribute("href"))!;
  const id = /\/integral-det\/(\d+)$/.exec(href)![1]!;
  expect((await page.goto(`/submit-integral-order?prodId=${id}&count=1`))?.status()).toBe(200);
  await expect(page.getByTestId("submit-integral-order")).toBeVisible();
  const header = page.getByTestId("search-header");
  await expect(header).toBeVisible();
  await expect(header.getByTestId("site-logo")).toHaveAttribute("href", "/");
  await expect(page.getByTestId("search-form")).toBeVisible();
  await expect(page.getByTestId("category-trigger")).toBeVisible();
});

test("zh: a flash-sale product page shows the product as /detail does: gallery, shop card, description, parameters, reviews", async ({
  page,
}) => {
  await page.goto("/flash-sale");
  const href = (await page.locator('main a[href*="/secdetail/"]').first().getAttribute("href"))!;
  await page.goto(href);
  await expect(page.getByTestId("secdetail")).toBeVisible();
  const gallery = page.getByTestId("gallery");
  await expect(gallery).toBeVisible();
  expect(await gallery.locator("img").count()).toBeGreaterThan(1);
  await expect(page.getByTestId("shop-card")).toBeVisible();
  await expect(page.getByTestId("contact-seller")).toBeVisible();
  for (const tab of ["tab-description", "tab-specs", "tab-reviews"]) await expect(page.getByTestId(tab)).toBeVisible();
  await page.getByTestId("tab-specs").click();
  await expect(page.locator("#specs")).toBeVisible();
  await expect(page.locator("#specs")).not.toHaveText("");
  await page.getByTestId("tab-reviews").click();
  await expect(page.locator("#reviews")).toBeVisible();
});

const TERMS_FIRST_HEADING: Record<Locale, [RegExp, RegExp]> = {
  zh: [/^蓝湾商城平台服务协议$/, /^蓝湾商城隐私政策$/],
  "zh-tw": [/^藍灣商城平臺服務協議$|^藍灣商城平台服務協議$/, /^藍灣商城隱私政策$/],
  en: [/^Bluebay Mall Service Terms$/, /^Bluebay Mall Privacy Policy$/],
};

for (const locale of LOCALES) {
  test(`${locale}: /termsPage shows the service terms (sts=0) and the privacy policy (sts=1)`, async ({ page }) => {
    const docs = [
      { sts: 0, title: tr(locale, "api.terms.serviceTerms"), nav: tr(locale, "terms.serviceTerms") },
      { sts: 1, title: tr(locale, "api.terms.privacyPolicy"), nav: tr(locale, "terms.privacyPolicy") },
    ];
    for (const [i, doc] of docs.entries()) {
      const res = await page.goto(`${prefix(locale)}/termsPage?sts=${doc.sts}`);
      expect(res?.status()).toBe(200);
      const article = page.locator("article.terms");
      await expect(article.locator("h1")).toHaveText(doc.title);
      await expect(article.locator(".rich-text h2")).toHaveText(TERMS_FIRST_HEADING[locale][i]!);
      expect(await article.locator(".rich-text h3").count()).toBeGreaterThanOrEqual(5);
      // The seeded <script> is removed by the sanitiser.
      await expect(article.locator("script")).toHaveCount(0);
      const nav = page.locator("nav.terms-nav");
      await expect(nav.locator('[aria-current="page"]')).toHaveText(doc.nav);
      await expect(nav.getByRole("link", { name: docs[1 - i]!.nav })).toHaveAttribute(
        "href",
        `${prefix(locale)}/termsPage?sts=${docs[1 - i]!.sts}`,
      );
    }
    expect((await page.goto(`${prefix(locale)}/termsPage?sts=2`))?.status()).toBe(404);
  });
}
