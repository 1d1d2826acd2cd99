/**
 * A shopper's search with a synonym or a typo finds goods, and the list's filters narrow them
 * (docs/search.md "Filters of /list"): the brand filter offers only the brands of the goods found
 * and keeps to the chosen one; the price range (a GET form, no script needed) keeps the prices
 * within it and says what is wrong with a bad one — in three locales.
 */
import { expect, test, type Page } from "@playwright/test";
import { blockingViolations } from "./axe.ts";
import { home, LOCALES, tr, type Locale } from "./helpers.ts";

const QUERIES: Record<Locale, { q: string; note?: boolean }> = {
  zh: { q: "跑鞋" }, // = 跑步鞋 (seeded synonyms)
  "zh-tw": { q: "藍牙耳機" }, // = 无线耳机, folded from traditional
  en: { q: "labtop", note: true }, // a typo: searched as "laptop", said so above the results
};

const cards = (page: Page) => page.getByTestId("product-card");
const prices = async (page: Page) =>
  (await page.locator("[data-testid=product-card] .pc-now strong").allTextContents()).map(Number);

test.describe("search results with brand and price filters", () => {
  for (const locale of LOCALES) {
    test(`a synonym or typo finds goods; brand and price narrow them (${locale})`, async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const { q, note } = QUERIES[locale];
      await page.goto(home(locale));
      await page.getByTestId("search-input").fill(q);
      await page.getByTestId("search-input").press("Enter");
      await page.waitForURL(/\/list\?/);
      await expect(cards(page).first()).toBeVisible();
      if (note) await expect(page.getByTestId("search-note")).toBeVisible();
      const found = await cards(page).count();

      // Price: at most the cheapest card's price keeps that card and only cards as cheap.
      const all = await prices(page);
      const max = Math.min(...all);
      const priceForm = page.getByTestId("price-filter");
      await priceForm.getByTestId("price-max").fill(String(max));
      await priceForm.getByTestId("price-apply").click();
      await page.waitForURL(/maxPrice=/);
      expect(new URL(page.url()).searchParams.get("pn")).toBe(q);
      await expect(cards(page).first()).toBeVisible();
      expect((await prices(page)).every((p) => p <= max)).toBe(true);
      await expect(priceForm.getByTestId("price-max")).toHaveValue(String(max));
      await page.getByTestId("price-clear").click();
      await expect(cards(page)).toHaveCount(found);

      // Brands: only those of the goods found; choosing one keeps its goods only.
      const brandLinks = page.locator("[data-testid=brand-filter] a[data-brand-id]");
      expect(await brandLinks.count()).toBeGreaterThan(1);
      const brand = (await brandLinks.first().textContent())!.trim();
      await brandLinks.first().click();
      await page.waitForURL(/bid=/);
      await expect(page.getByTestId("brand-chosen")).toContainText(brand);
      const names = await page.locator("[data-testid=product-card] .pc-name").allTextContents();
      expect(names.length).toBeGreaterThan(0);
      expect(names.length).toBeLessThanOrEqual(found);
      for (const n of names) expect(n).toContain(brand);

      // A bad range is said in the page's language and filters nothing.
      await priceForm.getByTestId("price-min").fill("abc");
      await priceForm.getByTestId("price-apply").click();
      await page.waitForURL(/minPrice=abc/);
      await expect(page.getByTestId("price-error")).toHaveText(
        tr(locale, "validation.price").replace("{{field}}", tr(locale, "validation.fields.minPrice")),
      );
      await expect(priceForm.getByTestId("price-min")).toHaveAttribute("aria-invalid", "true");
      await expect(cards(page)).toHaveCount(names.length);
      // The filters with a chosen brand and a refused range: no serious axe violation.
      expect(await blockingViolations(page, page.url(), `axe-search-filters-${locale}.json`, testInfo)).toEqual([]);
    });
  }
});
