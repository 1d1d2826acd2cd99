/**
 * Pages of the mall's design pass (docs/decisions.md "Page layout"): member benefits per level, the 404 page's
 * headline, designed empty states, the orders waiting for a review, the brand on member pages.
 */
import { expect, test } from "@playwright/test";
import { buyerWithCompletedOrder, LOCALES, prefix, registerBuyer, shopOps, tr } from "./helpers.ts";

const ops = shopOps("pages");

test("en: member benefits list each level's own benefits; member pages show the mall logo", async ({ page }) => {
  await page.goto("/en/member-center/member-equity");
  await expect(page.getByTestId("site-logo")).toBeVisible();
  const rows = page.getByTestId("member-equity-ordinary").locator("tbody tr");
  await expect(rows).toHaveCount(5);
  const benefits = await rows.locator("td:last-child").allInnerTexts();
  expect(new Set(benefits.map((b) => b.trim())).size).toBe(benefits.length);
  const paid = await page.getByTestId("member-equity-paid").locator("tbody tr td:last-child").allInnerTexts();
  expect(paid.length).toBeGreaterThan(0);
  for (const path of ["/en/member-center/member-center", "/en/member-center/integral-mall"]) {
    await page.goto(path);
    await expect(page.getByTestId("site-logo")).toBeVisible();
    await expect(page.getByTestId("search-header")).toHaveCount(0);
  }
});

for (const locale of LOCALES) {
  test(`${locale}: the 404 page says the page could not be found, then no related products and the back button`, async ({
    page,
  }) => {
    const res = await page.goto(`${prefix(locale)}/no-such-page-here`);
    expect(res?.status()).toBe(404);
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toHaveText(tr(locale, "notfound.message"));
    const detail = page.getByText(tr(locale, "notfound.detail"), { exact: true });
    const back = page.getByTestId("notfound-back");
    await expect(detail).toBeVisible();
    await expect(back).toHaveText(tr(locale, "notfound.back"));
    const [hBox, dBox, bBox] = [await h1.boundingBox(), await detail.boundingBox(), await back.boundingBox()];
    expect(dBox!.y).toBeGreaterThan(hBox!.y);
    expect(bBox!.y).toBeGreaterThan(dBox!.y);
  });
}

test("en: empty collection and reviews are designed states with a way on", async ({ page, request, baseURL }) => {
  const token = await registerBuyer(request, "empties");
  await page.context().addCookies([{ name: "token", value: token, url: baseURL! }]);
  await page.goto("/en/user-center/uc-collection");
  const empty = page.getByTestId("uc-collection-empty");
  await expect(empty).toContainText(tr("en", "userCenter.collection.emptyProds"));
  await expect(empty.locator("svg")).toBeVisible();
  await expect(empty.getByRole("link", { name: tr("en", "userCenter.collection.browseProds") })).toHaveAttribute(
    "href",
    "/en/list?st=0",
  );
  await page.getByRole("tab", { name: tr("en", "userCenter.collection.tabs.shops") }).click();
  await expect(empty.getByRole("link", { name: tr("en", "userCenter.collection.browseShops") })).toHaveAttribute(
    "href",
    "/en/shopList",
  );

  await page.goto("/en/user-center/uc-comments");
  const none = page.getByTestId("mr-empty");
  await expect(none).toContainText(tr("en", "review.mine.empty"));
  await expect(none.getByRole("link", { name: tr("en", "review.mine.goOrders") })).toHaveAttribute(
    "href",
    "/en/user-center/uc-order",
  );
  await expect(page.getByTestId("mr-waiting")).toHaveCount(0);
});

test("en: my reviews lists the orders waiting for a review, with the way to write it", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { orderNumber } = await buyerWithCompletedOrder(request, context, baseURL!, "waitrev", ops);
  await page.goto("/en/user-center/uc-comments");
  const waiting = page.getByTestId("mr-waiting-order").filter({ hasText: orderNumber });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByTestId("mr-write")).toHaveAttribute(
    "href",
    `/en/write-comments?orderNumber=${orderNumber}`,
  );
  await expect(page.getByTestId("mr-empty")).toHaveCount(0);
});
