/**
 * Search as you type (docs/search.md): the header's box asks /api/search/suggest once the
 * shopper stops typing for SEARCH_DEBOUNCE_MS, shows the names as an ARIA combobox listbox, moves
 * through them with the arrows, searches the chosen one with Enter and closes with Escape — in
 * three locales, for goods and shops. Without JavaScript the plain form still searches.
 */
import { expect, test, type Page } from "@playwright/test";
import { SEARCH_DEBOUNCE_MS } from "../../src/lib/catalog/search-rules.ts";
import { home, LOCALES, prefix, type Locale } from "./helpers.ts";

const KEYWORDS: Record<Locale, { goods: string; shop: string }> = {
  zh: { goods: "手机", shop: "旗舰" },
  "zh-tw": { goods: "手機", shop: "旗艦" },
  en: { goods: "phone", shop: "store" },
};

/** Counts the suggestion requests the page makes. */
function countSuggestRequests(page: Page): () => number {
  let n = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/search/suggest")) n++;
  });
  return () => n;
}

test.describe("search suggestions", () => {
  for (const locale of LOCALES) {
    test(`typing suggests goods and shops; arrows, Enter and Escape (${locale})`, async ({ page }) => {
      // Two page loads, a search and five suggestion rounds on a shared machine.
      test.setTimeout(90_000);
      const { goods, shop } = KEYWORDS[locale];
      const requests = countSuggestRequests(page);
      await page.clock.install();
      await page.goto(home(locale));
      const input = page.getByTestId("search-input");
      const listbox = page.getByRole("listbox");
      const options = page.getByRole("option");
      await expect(input).toHaveAttribute("role", "combobox");
      await expect(input).toHaveAttribute("aria-expanded", "false");

      // Typing a word key by key asks once, SEARCH_DEBOUNCE_MS after the typing stops (the page's
      // clock is held while typing so a slow machine's key gaps do not count).
      await input.click();
      await page.clock.pauseAt(new Date(Date.now() + 5_000));
      await input.pressSequentially(goods, { delay: 40 });
      await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
      expect(requests()).toBe(0);
      await page.clock.runFor(1);
      await page.clock.resume();
      await expect(options.first()).toBeVisible();
      expect(requests()).toBe(1);
      await expect(input).toHaveAttribute("aria-expanded", "true");
      await expect(input).toHaveAttribute("aria-controls", (await listbox.getAttribute("id"))!);
      const texts = await options.allInnerTexts();
      expect(texts.length).toBeGreaterThan(1);
      for (const text of texts) expect(text.toLowerCase()).toContain(goods.toLowerCase());

      // Arrows move the active option; Escape closes the list and keeps the text.
      await input.press("ArrowDown");
      await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
      await expect(input).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
      await input.press("ArrowDown");
      await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
      await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
      await input.press("ArrowUp");
      await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
      await input.press("Escape");
      await expect(listbox).toBeHidden();
      await expect(input).toHaveAttribute("aria-expanded", "false");
      await expect(input).not.toHaveAttribute("aria-activedescendant");
      await expect(input).toHaveValue(goods);

      // Down opens the list again; Enter searches the active suggestion.
      await input.press("ArrowDown");
      await expect(listbox).toBeVisible();
      await input.press("ArrowDown");
      await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
      const chosen = texts[1]!;
      await input.press("Enter");
      await expect(page).toHaveURL(
        (u) => u.pathname === `${prefix(locale)}/list` && u.searchParams.get("pn") === chosen,
      );
      await expect(page.getByTestId("product-card").first()).toBeVisible();

      // Shops: the toggle switches what is suggested.
      await page.getByTestId("search-toggle-shop").click();
      await input.fill(shop);
      await expect(options.first()).toBeVisible();
      const shopTexts = await options.allInnerTexts();
      for (const text of shopTexts) expect(text.toLowerCase()).toContain(shop.toLowerCase());
      await input.press("ArrowDown");
      await input.press("Enter");
      await expect(page).toHaveURL(
        (u) => u.pathname === `${prefix(locale)}/shopList` && u.searchParams.get("shopName") === shopTexts[0],
      );
    });
  }

  test("clicking Shops while suggestions are open switches them to shops and keeps the list open (zh)", async ({
    page,
  }) => {
    const { shop } = KEYWORDS.zh;
    await page.goto(home("zh"));
    const input = page.getByTestId("search-input");
    const listbox = page.getByRole("listbox");
    const options = page.getByRole("option");
    await input.click();
    await input.fill("手机");
    await expect(options.first()).toBeVisible();
    await input.fill(shop);
    // Goods suggestions for the shop word (or none): then the switch, without another key.
    await page.waitForResponse((r) => r.url().includes("/api/search/suggest") && r.url().includes("type=goods"));
    const shopAnswer = page.waitForResponse(
      (r) => r.url().includes("/api/search/suggest") && r.url().includes("type=shop"),
    );
    await page.getByTestId("search-toggle-shop").click();
    await shopAnswer;
    await expect(listbox).toBeVisible();
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute("aria-expanded", "true");
    const texts = await options.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain(shop);
    await options.first().click();
    await expect(page).toHaveURL((u) => u.pathname === "/shopList" && u.searchParams.get("shopName") === texts[0]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the form still searches and offers no listbox", async ({ page }) => {
      await page.goto(home("en"));
      const input = page.getByTestId("search-input");
      await expect(input).not.toHaveAttribute("role", "combobox");
      await input.fill("phone");
      await input.press("Enter");
      await expect(page).toHaveURL((u) => u.pathname === "/en/list" && u.searchParams.get("pn") === "phone");
      await expect(page.getByRole("listbox")).toHaveCount(0);
      await expect(page.getByTestId("product-card").first()).toBeVisible();
    });
  });
});
