/**
 * The storefront's foundation in a real browser: the three locales, the layout parts (top bar,
 * search header, category panel, footer), the category mega-menu, the notice carousel, the
 * language switch, the 404 page and the header search. Each test checks a behaviour that a
 * plausible bug would break.
 */
import fs from "node:fs";
import path from "node:path";
import { taiwanText } from "../../src/server/domain/kernel/taiwan-text.ts";
import { expect, test, type Page } from "@playwright/test";
import { CATEGORY_HOVER_MS } from "../../src/lib/catalog/category-panel.ts";
import { HAN, home, LOCALES, prefix, queryOf, tr, watchErrors, type Locale } from "./helpers.ts";

const HTML_LANG: Record<Locale, RegExp> = { zh: /^zh(-CN|-Hans)?$/i, "zh-tw": /^zh-(TW|Hant)/i, en: /^en\b/i };

/** Texts of the first-level categories in the panel. */
async function l1Names(page: Page): Promise<string[]> {
  const items = page.getByTestId("category-l1");
  await expect(items.first()).toBeVisible();
  // The name only (the link also shows a hint with some second-level names).
  const texts = await items.evaluateAll((els) =>
    els.map((el) => (el.querySelector(".cat-l1-name") ?? el.querySelector("a") ?? el).textContent?.trim() ?? ""),
  );
  return texts.filter(Boolean);
}

test.describe("home page in three locales", () => {
  for (const locale of LOCALES) {
    test(`${home(locale)} renders the layout in ${locale}`, async ({ page }, testInfo) => {
      const errors = watchErrors(page);
      const res = await page.goto(home(locale));
      expect(res?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
      for (const id of [
        "topbar",
        "search-header",
        "category-panel",
        "footer",
        "search-form",
        "hot-words",
        "notice-carousel",
      ]) {
        await expect(page.getByTestId(id), id).toBeVisible();
      }
      // The mall notices block lists the notices (never products), each opening its detail page.
      const notices = page.getByTestId("home-notices");
      await expect(notices.getByRole("heading", { name: tr(locale, "home.notices") })).toBeVisible();
      const noticeLinks = notices.locator("li a");
      expect(await noticeLinks.count()).toBeGreaterThanOrEqual(3);
      for (const a of await noticeLinks.all()) {
        await expect(a).toHaveAttribute("href", new RegExp(`^${prefix(locale)}/notice-detail\\?id=\\d+$`));
        await expect(a).not.toHaveText("");
      }
      await expect(notices.locator('a[href*="/detail/"]')).toHaveCount(0);
      const names = await l1Names(page);
      expect(names.length).toBeGreaterThan(0);
      const all = names.join(" ");
      if (locale === "en") {
        expect(all, "English category names").not.toMatch(HAN);
        expect(all).toMatch(/[A-Za-z]{3}/);
      } else {
        expect(all, "Chinese category names").toMatch(HAN);
      }

      // One screenshot per locale, kept as a test artifact.
      await page.waitForLoadState("networkidle");
      const shot = await page.screenshot({ fullPage: true });
      await testInfo.attach(`home-${locale}.png`, { body: shot, contentType: "image/png" });
      const dir = path.resolve("test-results/screenshots");
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `home-${locale}.png`), shot);

      expect(errors, "no script errors").toEqual([]);
    });
  }

  test("zh-tw shows the traditional form of the zh category names", async ({ page }) => {
    await page.goto("/");
    const zh = await l1Names(page);
    await page.goto("/zh-tw/");
    const tw = await l1Names(page);
    expect(tw).toEqual(zh.map((s) => taiwanText(s)));
    // At least one name really differs between the scripts (else the check proves nothing).
    expect(
      tw.some((s, i) => s !== zh[i]),
      `${zh.join(",")} vs ${tw.join(",")}`,
    ).toBe(true);
    await page.goto("/en/");
    const en = await l1Names(page);
    expect(en).toHaveLength(zh.length);
  });
});

test.describe("category panel", () => {
  for (const locale of ["zh", "en"] as Locale[]) {
    test(`hovering a first-level category shows its links to /list (${locale})`, async ({ page }) => {
      await page.goto(home(locale));
      const panel = page.getByTestId("category-panel");
      const items = page.getByTestId("category-l1");
      await expect(items.first()).toBeVisible();
      expect(await items.count()).toBeGreaterThan(1);

      const listRe = new RegExp(`^${prefix(locale)}/list\\?cpid=\\d+&cid=\\d+(&thCid=\\d*)?&st=0$`);
      const subLinks = () =>
        panel
          .locator("a[href]")
          .filter({ visible: true })
          .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? "").filter((h) => /[?&]cid=/.test(h)));

      for (const i of [0, 1, 2]) {
        const item = items.nth(i);
        // The category's own id, from its first-level link (/list?cpid=<id>&st=0).
        const cpid = queryOf((await item.locator("a[href]").first().getAttribute("href"))!).cpid;
        expect(cpid).toMatch(/^\d+$/);
        await item.hover();
        // After the hover delay only this category's second/third-level links are visible.
        await expect
          .poll(async () => [...new Set((await subLinks()).map((h) => queryOf(h).cpid))], {
            message: `sub links of category ${cpid}`,
          })
          .toEqual([cpid]);
        const hrefs = await subLinks();
        for (const h of hrefs) expect(h).toMatch(listRe);
        expect(
          hrefs.some((h) => /&thCid=\d+&/.test(h)),
          "third-level links",
        ).toBe(true);
        expect(
          hrefs.some((h) => !h.includes("thCid=")),
          "second-level links",
        ).toBe(true);
      }

      // A third-level link leads to the product list with the three levels.
      const third = panel.locator("a[href*='thCid=']").filter({ visible: true }).first();
      const href = (await third.getAttribute("href"))!;
      await third.click();
      await expect(page).toHaveURL((u) => u.pathname + u.search === href);
    });
  }

  test("on other pages the panel opens from the trigger", async ({ page }) => {
    await page.goto("/notice-list");
    const panel = page.getByTestId("category-panel");
    await expect(panel).toBeHidden();
    await page.getByTestId("category-trigger").hover();
    await expect(panel).toBeVisible();
    await page.getByTestId("footer").hover();
    await expect(panel).toBeHidden();
  });

  test("scroll arrows appear with 9 or more first-level categories and step 55px", async ({ page }) => {
    await page.goto("/");
    const count = await page.getByTestId("category-l1").count();
    const down = page.getByTestId("category-arrow-down");
    const up = page.getByTestId("category-arrow-up");
    if (count < 9) {
      await expect(down).toHaveCount(0);
      await expect(up).toHaveCount(0);
      return;
    }
    await expect(down).toBeVisible();
    await expect(up).toBeVisible();
    await expect(up).toBeDisabled();
    const list = page.locator("[data-category-list]");
    await down.click();
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBe(55);
    await expect(up).toBeEnabled();
    await up.click();
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBe(0);
  });
});

test.describe("top bar", () => {
  test("clicking a notice opens its detail page", async ({ page }) => {
    await page.goto("/");
    const item = page.getByTestId("notice-item").first();
    await expect(item).toBeVisible();
    const link = item
      .locator("a[href]")
      .or(item.and(page.locator("a[href]")))
      .first();
    const href = (await link.getAttribute("href"))!;
    const id = queryOf(href).id;
    expect(href).toMatch(/^\/notice-detail\?id=\d+/);
    const title = (await item.innerText()).trim();
    expect(title.length).toBeGreaterThan(0);
    await item.hover(); // pauses the carousel
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/notice-detail\\?id=${id}(&|$)`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  });

  test("the language switch keeps the page and sets the lang cookie", async ({ page, context }) => {
    await page.goto("/notice-list");
    const en = page.getByTestId("lang-en");
    if (!(await en.isVisible())) await page.getByTestId("lang-switch").hover();
    await en.click();
    await expect(page).toHaveURL(/\/en\/notice-list$/);
    await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG.en);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "lang")?.value).toBe("en");

    const tw = page.getByTestId("lang-zh-tw");
    if (!(await tw.isVisible())) await page.getByTestId("lang-switch").hover();
    await tw.click();
    await expect(page).toHaveURL(/\/zh-tw\/notice-list$/);
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("zh-tw");

    const zh = page.getByTestId("lang-zh");
    if (!(await zh.isVisible())) await page.getByTestId("lang-switch").hover();
    await zh.click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/notice-list$/);
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("zh");
  });
});

test.describe("404", () => {
  test("an unknown locale prefix answers 404 with the not-found page", async ({ page }) => {
    const res = await page.goto("/fr/list");
    expect(res?.status()).toBe(404);
    await expect(page.getByText(tr("zh", "notfound.message"))).toBeVisible();
    await expect(page.getByTestId("notfound-back")).toBeVisible();
  });

  test("an unknown page in English answers 404 in English", async ({ page }) => {
    const res = await page.goto("/en/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByText(tr("en", "notfound.message"))).toBeVisible();
  });

  test("back goes back when there is history", async ({ page }) => {
    await page.goto("/?from=e2e");
    await page.evaluate(() => (window.location.href = "/nope"));
    await expect(page.getByTestId("notfound-back")).toBeVisible();
    await page.getByTestId("notfound-back").click();
    // history.back() returns to the exact previous URL; the home link would drop the query.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/\?from=e2e$/);
  });

  test("back goes to the localized home without history", async ({ context }) => {
    for (const locale of ["zh", "en"] as Locale[]) {
      const page = await context.newPage();
      const res = await page.goto(`${prefix(locale)}/nope`);
      expect(res?.status()).toBe(404);
      await page.getByTestId("notfound-back").click();
      await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:\\d+${home(locale).replace(/\//g, "\\/")}$`));
      await expect(page.getByTestId("category-panel")).toBeVisible();
      await page.close();
    }
  });
});

test.describe("header search", () => {
  test("an empty or blank keyword shows a warning and does not navigate", async ({ page }) => {
    await page.goto("/notice-list");
    const url = page.url();
    const input = page.getByTestId("search-input");
    const toast = page.locator("#app-toasts .toast");

    await input.fill("   ");
    await input.press("Enter");
    await expect(toast).toHaveText(tr("zh", "layout.search.emptyGoods"));
    await expect(page).toHaveURL(url);

    await page.getByTestId("search-toggle-shop").click();
    await input.fill("");
    await page.getByTestId("search-form").locator("button[type=submit], input[type=submit]").first().click();
    await expect(toast.last()).toHaveText(tr("zh", "layout.search.emptyShop"));
    await expect(page).toHaveURL(url);
    // The 1 s toast goes away.
    await expect(toast).toHaveCount(0, { timeout: 4000 });
  });

  test("goods and shop searches go to /list?pn= and /shopList?shopName=", async ({ page }) => {
    await page.goto("/en/");
    const input = page.getByTestId("search-input");
    await input.fill("  phone ");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/en\/list\?pn=phone$/);

    await page.goto("/");
    await page.getByTestId("search-toggle-shop").click();
    await input.fill("旗舰店");
    await input.press("Enter");
    await expect(page).toHaveURL((u) => u.pathname === "/shopList" && u.searchParams.get("shopName") === "旗舰店");
  });
});

test.describe("the parts of every page and their links", () => {
  test("en: the footer shows the seven-day return, the guarantees, payment, member services, logistics and the QR code", async ({
    page,
  }) => {
    await page.goto("/en/list?st=0");
    const footer = page.getByTestId("footer");
    for (const key of ["sevenDay", "genuine", "fastDelivery", "payment", "service"])
      await expect(footer.getByText(tr("en", `layout.footer.guarantee.${key}`), { exact: true })).toBeVisible();
    const column = (title: string) =>
      footer.locator("section").filter({ has: page.getByRole("heading", { name: title }) });
    const payment = column(tr("en", "layout.footer.payment.title"));
    for (const key of ["online", "cod", "offline"])
      await expect(payment.getByText(tr("en", `layout.footer.payment.${key}`))).toBeVisible();
    const member = column(tr("en", "layout.footer.member.title"));
    for (const [key, path] of [
      ["register", "/en/register"],
      ["forgetPassword", "/en/forget-password"],
      ["personalCenter", "/en/user-center"],
    ] as const)
      await expect(member.getByRole("link", { name: tr("en", `layout.footer.member.${key}`) })).toHaveAttribute(
        "href",
        path,
      );
    const logistics = column(tr("en", "layout.footer.logistics.title"));
    for (const key of ["scope", "time", "fee"])
      await expect(logistics.getByText(tr("en", `layout.footer.logistics.${key}`))).toBeVisible();
    const qr = footer.getByRole("img", { name: tr("en", "layout.footer.qrAlt") });
    await qr.scrollIntoViewIfNeeded();
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("en: the top bar links to the mall's pages and the seller centre opens the merchant platform in a new tab", async ({
    page,
  }) => {
    await page.goto("/en/list?st=0");
    const bar = page.getByTestId("topbar");
    for (const [key, path] of [
      ["mallHome", "/en/"],
      ["myOrder", "/en/user-center/uc-order"],
      ["personalCenter", "/en/user-center"],
      ["openStore", "/en/user-center/uc-shopaccount"],
      ["customerService", "/en/chat?shopId=0"],
      ["register", "/en/register"],
    ] as const)
      await expect(bar.getByRole("link", { name: tr("en", `layout.topbar.${key}`) }).first(), key).toHaveAttribute(
        "href",
        path,
      );
    const seller = bar.getByRole("link", { name: tr("en", "layout.topbar.sellerCentre") });
    await expect(seller).toHaveAttribute("href", /^https?:\/\/[^/]+/);
    await expect(seller).toHaveAttribute("target", "_blank");
    await expect(seller).toHaveAttribute("rel", /noopener/);
  });

  test("en: the search header's logo goes home and the menu links to the lists, marking the current one", async ({
    page,
  }) => {
    await page.goto("/en/coupons");
    const header = page.getByTestId("search-header");
    await expect(header.getByTestId("site-logo")).toHaveAttribute("href", "/en/");
    const menu = page.getByRole("navigation", { name: tr("en", "layout.menu.label") });
    const entries = [
      ["home", "/en/"],
      ["productList", "/en/list?st=0"],
      ["newProducts", "/en/list?st=1"],
      ["limitedOffer", "/en/special-discount"],
      ["groupDiscount", "/en/group-buy"],
      ["flashSale", "/en/flash-sale"],
      ["voucherCentre", "/en/coupons"],
    ] as const;
    for (const [key, path] of entries)
      await expect(menu.getByRole("link", { name: tr("en", `layout.menu.${key}`), exact: true }), key).toHaveAttribute(
        "href",
        path,
      );
    await expect(menu.getByRole("link", { name: tr("en", "layout.menu.voucherCentre") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await menu.getByRole("link", { name: tr("en", "layout.menu.newProducts"), exact: true }).click();
    await expect(page).toHaveURL(/\/en\/list\?st=1$/);
    const current = page
      .getByRole("navigation", { name: tr("en", "layout.menu.label") })
      .locator("[aria-current=page]");
    await expect(current).toHaveText(tr("en", "layout.menu.newProducts"));
    await header.getByTestId("site-logo").click();
    await expect(page).toHaveURL(/\/en\/$/);
  });

  test(`zh: a first-level category opens its pane only after ${CATEGORY_HOVER_MS} ms of hover; passing over does not`, async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/");
    await expect(page.locator("[data-category-trigger]").first()).toBeVisible();
    await expect(page.locator("[data-js=true]").first()).toBeAttached();
    await page.clock.pauseAt(Date.now() + 60_000);
    const items = page.getByTestId("category-l1");
    const [first, second, third] = [items.nth(0), items.nth(1), items.nth(2)];
    await first.hover();
    await page.clock.runFor(CATEGORY_HOVER_MS - 20);
    await expect(first).not.toHaveAttribute("data-active");
    await page.clock.runFor(40);
    await expect(first).toHaveAttribute("data-active", "");
    await expect(first.locator("[data-category-sub]")).toBeVisible();
    // Crossing the second item on the way to the third within the delay opens neither until the delay has run.
    await second.hover();
    await page.clock.runFor(CATEGORY_HOVER_MS / 2);
    await third.hover();
    await page.clock.runFor(CATEGORY_HOVER_MS - 20);
    await expect(second).not.toHaveAttribute("data-active");
    await expect(first).toHaveAttribute("data-active", "");
    await page.clock.runFor(40);
    await expect(third).toHaveAttribute("data-active", "");
    await expect(second).not.toHaveAttribute("data-active");
    await expect(first).not.toHaveAttribute("data-active");
  });
});
