/**
 * Accessibility smoke check (axe-core) of the browsing pages: home, a product list, a product
 * detail and a decorated shop home. Every violation is reported (test artifact
 * `axe-<page>-<locale>.json` and the log); serious and critical ones fail the test. The pages
 * other than home are checked in one locale each (the markup is the same in all three).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { prefix, type Locale } from "./helpers.ts";

interface Target {
  name: string;
  /** Path without the locale prefix. */
  path: string;
  /** A test id that is there once the page has rendered its main content. */
  ready: string;
  locales: Locale[];
}

const TARGETS: Target[] = [
  { name: "home", path: "/", ready: "footer", locales: ["zh", "en"] },
  // A first-level category: breadcrumbs, brand filter, sort bar, cards and paging.
  { name: "list", path: "/list?cpid=1", ready: "product-card", locales: ["zh"] },
  // Product 1 has a colour SKU row with sold-out (disabled) values.
  { name: "detail", path: "/detail/1", ready: "buy-box", locales: ["en"] },
  // Shop 1 is decorated (shop_signs header, carousel, goods blocks).
  { name: "shopIndex", path: "/shopIndex?sid=1", ready: "shop-header", locales: ["zh"] },
  // Coupon cards (claim buttons, sold-out state), discount list and detail.
  { name: "coupons", path: "/coupons?tab=shop", ready: "coupon-card", locales: ["zh"] },
  { name: "special-discount", path: "/special-discount", ready: "discount-item", locales: ["en"] },
  { name: "discount-detail", path: "/discount-detail?discountId=1", ready: "discount-prod", locales: ["zh"] },
  // Flash sale (session tabs, % sold bars, buy button) and group buy (list, product page section with live teams).
  { name: "flash-sale", path: "/flash-sale", ready: "fs-item", locales: ["zh"] },
  { name: "secdetail", path: "/secdetail/1", ready: "sd-buy", locales: ["en"] },
  { name: "group-buy", path: "/group-buy", ready: "gb-item", locales: ["zh-tw"] },
  { name: "group-buy-detail", path: "/detail/224", ready: "gb-team", locales: ["en"] },
  // Member pages (home layout): level ladder, benefit tables, plan chooser, points mall.
  { name: "member-center", path: "/member-center/member-center", ready: "member-center", locales: ["zh"] },
  { name: "member-equity", path: "/member-center/member-equity", ready: "member-equity-paid", locales: ["en"] },
  { name: "buy-member", path: "/member-center/buy-member", ready: "buy-member-submit", locales: ["zh-tw"] },
  { name: "integral-mall", path: "/member-center/integral-mall", ready: "points-mall-item", locales: ["en"] },
];

async function check(page: Page, url: string, attachName: string, testInfo: import("@playwright/test").TestInfo) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  await testInfo.attach(attachName, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: "application/json",
  });
  const describe = (v: (typeof results.violations)[number]) =>
    `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}×)\n` +
    v.nodes
      .slice(0, 8)
      .map(
        (n) => `      ${n.target.join(" ")} — ${[...n.any, ...n.all, ...n.none][0]?.message ?? n.failureSummary ?? ""}`,
      )
      .join("\n");
  if (results.violations.length) console.log(`axe ${url}:\n  ${results.violations.map(describe).join("\n  ")}`);
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map(describe), `serious/critical axe violations on ${url}`).toEqual([]);
}

for (const target of TARGETS) {
  for (const locale of target.locales) {
    const url = `${prefix(locale)}${target.path}`;
    test(`${target.name} page has no serious accessibility violations (${locale})`, async ({ page }, testInfo) => {
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
