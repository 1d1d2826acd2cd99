/**
 * Reviews in a real browser (docs/review.md). Once per locale, with a fresh buyer and a
 * completed order (bought and paid with the balance through the API, shipped through the merchant
 * CLI, received): /write-comments with two photos → the photo is served at once as an image → the
 * review shows on the product page (with photos filter), as text. In one locale: a review without
 * text is refused and nothing is stored; an anonymous one then shows in my reviews.
 */
import { expect, test } from "@playwright/test";
import {
  AFTER_SALES_PROD as PROD,
  buyerWithCompletedOrder,
  islandsReady,
  LOCALES,
  png,
  prefix,
  shopOps,
  tr,
  watchErrors,
} from "./helpers.ts";

const ops = shopOps("review");

test.describe.configure({ mode: "serial" });

for (const locale of LOCALES) {
  test(`${locale}: review with photos shows on the product page`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const { orderNumber } = await buyerWithCompletedOrder(
      request,
      context,
      baseURL!,
      `rv${locale.replace("-", "")}`,
      ops,
    );

    // Review with two photos.
    await page.goto(`${p}/write-comments?orderNumber=${orderNumber}`);
    await islandsReady(page);
    const form = page.getByTestId("wc-form").first();
    await form.getByTestId("wc-star-4").check({ force: true });
    const text = `${locale} review ${orderNumber.slice(-6)} <b>not bold</b>`;
    await form.getByTestId("wc-text").fill(text);
    await form.getByTestId("wc-photos-input").setInputFiles([png("a.png"), png("b.png")]);
    await expect(form.locator(".photo-list img")).toHaveCount(2);
    // Previewed from the image ladder, never the stored upload itself.
    const preview = await form.locator(".photo-list img").first().getAttribute("src");
    expect(preview).toMatch(/^\/uploads\/review\/[0-9a-f-]{36}\.png-[0-9a-f]{12}-\d+\.(?:png|jpg)$/);
    const src = preview!.replace(/-[0-9a-f]{12}-\d+\.\w+$/, "");
    await form.getByTestId("wc-submit").click();
    await expect(page.getByTestId("wc-all-done")).toHaveText(tr(locale, "review.write.allDone"));
    // The photo is served at once as an image, never sniffed.
    const img = await request.get(src!);
    expect(img.status()).toBe(200);
    expect(img.headers()["content-type"]).toBe("image/png");
    expect(img.headers()["x-content-type-options"]).toBe("nosniff");

    // It shows on the product page under "with pictures", as text (the tag is not rendered).
    await page.goto(`${p}/detail/${PROD.prodId}?evaluate=3&rc=1`);
    // The product offers the seven-day no-reason return (server HTML, next to the buy box).
    await expect(page.getByTestId("dp-seven-day")).toContainText(tr(locale, "product.detail.sevenDay"));
    const item = page.getByTestId("review-item").filter({ hasText: text });
    await expect(item).toHaveCount(1);
    await expect(item.locator(".rv-pics img")).toHaveCount(2);
    await expect(item.locator("b")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test("en: a review without text is refused in the buyer's language; an anonymous one shows in my reviews", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const { orderNumber } = await buyerWithCompletedOrder(request, context, baseURL!, "rvmine", ops);

  // A review without text is refused in English and nothing is stored; then an anonymous one.
  await page.goto(`/en/write-comments?orderNumber=${orderNumber}`);
  await islandsReady(page);
  await page.getByTestId("wc-submit").click();
  await expect(page.getByTestId("wc-error")).toHaveText(tr("en", "rules.reviewEmpty"));
  await page.getByTestId("wc-text").fill("Anonymous and fine");
  await page.getByTestId("wc-anonymous").check();
  await page.getByTestId("wc-submit").click();
  await expect(page.getByTestId("wc-all-done")).toBeVisible();
  await page.goto("/en/user-center/uc-comments");
  await expect(page.getByTestId("mr-item").filter({ hasText: "Anonymous and fine" })).toHaveCount(1);
  expect(errors).toEqual([]);
});
