/**
 * Layout checks at the desktop sizes the mall is designed for (docs/decisions.md "Page layout"), in English (the
 * longest texts), logged in: no cut text (an ellipsis: scrollWidth > clientWidth) in the top bar,
 * the category panel, product cards and shop cards on the routes that show them; and on
 * /detail/{id} at 1366×768 and 1440×900 the price, the SKU choice, the quantity and both buttons
 * above the fold (products with coupons and a promotion among them).
 */
import { expect, test, type Page } from "@playwright/test";
import { registerBuyer } from "./helpers.ts";

/** What the routes below show, by the selector of its root. */
const PARTS = {
  topBar: '[data-testid="topbar"]',
  categoryPanel: '[data-testid="category-panel"]',
  productCard: '[data-testid="product-card"], .bg-texts',
  shopCard: '[data-testid="shop-card"], [data-testid="shop-list-item"]',
};

const ROUTES: { path: string; shows: (keyof typeof PARTS)[] }[] = [
  { path: "/en/", shows: ["topBar", "categoryPanel", "productCard"] },
  { path: "/en/list?st=0", shows: ["topBar", "productCard"] },
  { path: "/en/list?st=1", shows: ["topBar", "productCard"] },
  { path: "/en/shopList", shows: ["topBar", "shopCard"] },
  { path: "/en/shopIndex?sid=1", shows: ["topBar", "productCard"] },
  { path: "/en/shop-prod-list?sid=1", shows: ["topBar", "productCard"] },
  { path: "/en/detail/1", shows: ["topBar", "shopCard"] },
  { path: "/en/detail/355", shows: ["topBar", "shopCard"] },
  { path: "/en/discount-detail?discountId=1", shows: ["topBar", "productCard"] },
  { path: "/en/user-center/uc-order", shows: ["topBar"] },
  { path: "/en/member-center/member-center", shows: ["topBar"] },
];

/** Visible elements under `selector` whose text is cut with an ellipsis. */
function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const el of [root, ...root.querySelectorAll("*")]) {
        if (!(el instanceof HTMLElement) || el.getClientRects().length === 0) continue;
        const cs = getComputedStyle(el);
        if (cs.textOverflow !== "ellipsis" || cs.display === "none") continue;
        if (el.scrollWidth > el.clientWidth + 1)
          out.push(`"${(el.textContent ?? "").trim().slice(0, 60)}" (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    return out;
  }, selector);
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
]) {
  test(`en ${size.width}×${size.height}: no cut text in the top bar, category panel, product and shop cards`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    const token = await registerBuyer(request, `lay${size.width}`);
    await page.context().addCookies([{ name: "token", value: token, url: baseURL! }]);
    const found: string[] = [];
    for (const route of ROUTES) {
      await page.goto(route.path);
      // The nickname comes from the session script: the top bar's widest state.
      await expect(page.locator("[data-user-member]")).toBeVisible();
      for (const part of route.shows) {
        await expect(page.locator(PARTS[part]).first(), `${route.path} shows ${part}`).toBeVisible();
        for (const cut of await cutTexts(page, PARTS[part])) found.push(`${route.path} ${part}: ${cut}`);
      }
    }
    expect(found).toEqual([]);
  });
}

/** Products: with four coupons and a promotion (1), an upcoming promotion and five coupons (355), a tiered discount (67), a plain one (66). */
const FOLD_PRODUCTS = [1, 355, 67, 66];

for (const size of [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
]) {
  test(`en ${size.width}×${size.height}: price, SKU, quantity, buy now and add to cart are above the fold on /detail`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    for (const prodId of FOLD_PRODUCTS) {
      await page.goto(`/en/detail/${prodId}`);
      const parts = {
        price: page.getByTestId("sku-price"),
        sku: page.getByTestId("sku-value").first(),
        quantity: page.getByTestId("qty-input"),
        buyNow: page.getByTestId("buy-now"),
        addToCart: page.getByTestId("add-to-cart"),
      };
      for (const [name, el] of Object.entries(parts)) {
        if (name === "sku" && (await el.count()) === 0) continue;
        await expect(el, `${prodId} ${name}`).toBeVisible();
        const box = (await el.boundingBox())!;
        expect(box.y + box.height, `/detail/${prodId}: ${name} above the fold`).toBeLessThanOrEqual(size.height);
      }
    }
    // The coupons are one line; the panel opens from the keyboard and Escape closes it.
    await page.goto("/en/detail/1");
    const panel = page.getByTestId("dp-coupons-panel");
    await expect(panel).toBeHidden();
    await page.getByTestId("dp-coupons-toggle").focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    expect(await panel.getByTestId("coupon-card").count()).toBeGreaterThan(3);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page.getByTestId("dp-coupons-toggle")).toBeFocused();
    // "Member price" on one line.
    const label = page.getByTestId("member-price-row").locator(".bb-label");
    const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    expect((await label.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  });
}
