/**
 * Accessibility check (axe-core, tests/e2e/axe.ts) of the browsing pages below in the locales
 * named (the markup is the same in all three, so most are checked in one). Every violation is
 * reported (test artifact `axe-<page>-<locale>.json` and the log); serious and critical ones fail
 * the test. Every route of SPEC §2 in English (and the 404 page, a group-buy team, my group buys:
 * tests/e2e/routes.ts) is checked by the page sweep of design.spec.ts, which runs axe on the same
 * page load as its control check; the payment counter there too, and the sandbox provider's page
 * here.
 */
import { expect, test, type Page } from "@playwright/test";
import { blockingViolations } from "./axe.ts";
import { freshBuyerToken, prefix, type Locale } from "./helpers.ts";
import { sandboxPayPath, unpaidOrder } from "./routes.ts";

interface Target {
  name: string;
  /** Path without the locale prefix. */
  path: string;
  /** A test id that is there once the page has rendered its main content. */
  ready: string;
  locales: Locale[];
}

const TARGETS: Target[] = [
  { name: "home", path: "/", ready: "footer", locales: ["zh"] },
  // A first-level category: breadcrumbs, brand filter, sort bar, cards and paging.
  { name: "list", path: "/list?cpid=1", ready: "product-card", locales: ["zh"] },
  // Product 1 has a colour SKU row with sold-out (disabled) values.
  // Shop 1 is decorated (shop_signs header, carousel, goods blocks).
  { name: "shopIndex", path: "/shopIndex?sid=1", ready: "shop-header", locales: ["zh"] },
  // Coupon cards (claim buttons, sold-out state), discount list and detail.
  { name: "coupons", path: "/coupons?tab=shop", ready: "coupon-card", locales: ["zh"] },
  { name: "discount-detail", path: "/discount-detail?discountId=1", ready: "discount-prod", locales: ["zh"] },
  // Flash sale (session tabs, % sold bars, buy button) and group buy (list, product page section with live teams).
  { name: "flash-sale", path: "/flash-sale", ready: "fs-item", locales: ["zh"] },
  { name: "group-buy", path: "/group-buy", ready: "gb-item", locales: ["zh-tw"] },
  // A group buy of shop 6 for three with a team opened by a reviewer (src/server/seed/flash-group.ts); the
  // group-buy journeys use the groups of two.
  { name: "group-buy-detail", path: "/detail/226", ready: "gb-team", locales: ["en"] },
  // Member pages (home layout): level ladder, benefit tables, plan chooser, points mall.
  { name: "member-center", path: "/member-center/member-center", ready: "member-center", locales: ["zh"] },
  { name: "buy-member", path: "/member-center/buy-member", ready: "buy-member-submit", locales: ["zh-tw"] },
];

async function check(page: Page, url: string, attachName: string, testInfo: import("@playwright/test").TestInfo) {
  expect(
    await blockingViolations(page, url, attachName, testInfo),
    `serious/critical axe violations on ${url}`,
  ).toEqual([]);
}

for (const target of TARGETS) {
  for (const locale of target.locales) {
    const url = `${prefix(locale)}${target.path}`;
    test(`${target.name} page has no serious accessibility violations (${locale})`, async ({ page }, testInfo) => {
      // axe takes several seconds on a big page of a busy machine.
      test.setTimeout(90_000);
      const res = await page.goto(url);
      expect(res?.status()).toBe(200);
      await page.getByTestId(target.ready).first().waitFor();
      await page.getByTestId("footer").waitFor();
      await check(
        page,
        url,
        target.name === "home" ? `axe-${locale}.json` : `axe-${target.name}-${locale}.json`,
        testInfo,
      );
    });
  }
}

test("sandbox provider page has no serious accessibility violations (en)", async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const token = await freshBuyerToken(request, context, baseURL!, "axesbx");
  const url = await sandboxPayPath(request, token, await unpaidOrder(request, token));
  expect((await page.goto(url))?.status()).toBe(200);
  await page.getByTestId("sandbox-pay-now").waitFor();
  await check(page, url, "axe-sandbox-pay-en.json", testInfo);
});
