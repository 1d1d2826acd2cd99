/**
 * Limited-time discounts in the browser (seeded demo data, docs/pricing.md): in three locales
 * with a fresh buyer each, a discount's tier hint in the cart changes as the quantity changes;
 * the product page shows the promotion, and the discount pages render rules and products, goods
 * without stock reading "sold out" (zh).
 */
import { expect, test } from "@playwright/test";
import { freshBuyer, islandsReady, LOCALES, prefix, tr, watchErrors } from "./helpers.ts";

/** Seeded: product 67 (shop 2, ¥27.90) is covered by "any 2 items: 10% off". */
const TIER_PROD = 67;
test.describe.configure({ mode: "serial" });

for (const locale of LOCALES) {
  test(`${locale}: the cart's tier hint follows the quantity`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const api = await freshBuyer(request, context, baseURL!, `dc${locale.replace("-", "")}`);

    // Cart: the discount's hint changes with the quantity.
    const info = await api<{ skuList: { skuId: number; stocks: number }[]; shop: { shopId: number } }>(
      "GET",
      `/prod/prodInfo?prodId=${TIER_PROD}`,
    );
    const sku = info.data.skuList.find((s) => s.stocks > 5)!;
    expect(
      (
        await api("POST", "/p/shopCart/changeItem", {
          prodId: TIER_PROD,
          skuId: sku.skuId,
          shopId: info.data.shop.shopId,
          count: 1,
        })
      ).code,
    ).toBe("00000");
    await page.goto(`${p}/cart`);
    await islandsReady(page);
    const group = page.locator('[data-testid="cart-group"]').filter({ has: page.getByTestId("cart-discount") });
    await expect(group.getByTestId("cart-discount-hint")).toBeVisible();
    const hintBefore = (await group.getByTestId("cart-discount-hint").textContent())!;
    await expect(group.getByTestId("cart-discount-reached")).toHaveCount(0);
    await group.getByTestId("cart-plus").click();
    await expect(group.getByTestId("cart-discount-reached")).toBeVisible();
    await expect(group.getByTestId("cart-discount-hint")).toHaveCount(0);
    await expect(page.getByTestId("cart-saved")).toBeVisible();
    expect(hintBefore.length).toBeGreaterThan(0);
    const lines = await api<{ shopCartItemDiscounts: { shopCartItems: { basketId: number }[] }[] }[]>(
      "POST",
      "/p/shopCart/info",
      {},
    );
    const ids = lines.data.flatMap((s) =>
      s.shopCartItemDiscounts.flatMap((g) => g.shopCartItems.map((i) => i.basketId)),
    );
    expect((await api("DELETE", "/p/shopCart/deleteItem", ids)).code).toBe("00000");
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
  });
}

test("zh: product page promotions; discount list and detail", async ({ page }) => {
  await page.goto(`/detail/${TIER_PROD}`);
  await expect(page.getByTestId("dp-promotions")).toContainText(/9/);
  await page.goto("/special-discount");
  const item = page.getByTestId("discount-item").first();
  await expect(item.getByTestId("discount-rules")).toBeVisible();
  // Each offer shows its goods: a picture that loaded, a name, the offer price.
  const good = item.getByTestId("discount-good").first();
  await expect(good.locator("img")).toBeVisible();
  await expect.poll(() => good.locator("img").evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  await expect(good.locator(".dg-name")).not.toHaveText("");
  await expect(good.locator(".dg-price")).toContainText(/¥\s*\d+\.\d{2}/);
  // A running offer's button is the red one; an upcoming offer's is the ghost, with another text.
  const background = (el: HTMLElement) => getComputedStyle(el).backgroundColor;
  const running = page
    .getByTestId("discount-item")
    .filter({ hasText: tr("zh", "discount.running") })
    .first();
  await expect(running.getByTestId("discount-go")).toHaveText(tr("zh", "discount.shopNow"));
  const upcoming = page.getByTestId("discount-item").filter({ hasText: tr("zh", "discount.upcoming") });
  // The demo seeds an upcoming offer (docs/demo-data.md).
  const go = upcoming.first().getByTestId("discount-go");
  await expect(go).toHaveText(tr("zh", "discount.preview"));
  expect(await go.evaluate(background)).not.toBe(await running.getByTestId("discount-go").evaluate(background));
  // Goods without stock stay in an offer's list and read "sold out" (the demo's per-piece offer
  // covers one), exactly those the API gives no stock.
  const soldOut = page.locator('[data-testid="discount-good"][data-sold-out="1"]');
  await expect(soldOut.first().getByTestId("discount-good-sold-out")).toHaveText(tr("zh", "product.card.soldOut"));
  for (const el of await page.getByTestId("discount-item").all()) {
    const id = await el.getAttribute("data-discount-id");
    const api = (await (await page.request.get(`/api/marking/discount/prodList?discountId=${id}&size=5`)).json()).data
      .records as { prodId: number; totalStocks: number }[];
    const shown = await el
      .getByTestId("discount-good")
      .evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.soldOut === "1"));
    expect(shown, `offer ${id}`).toEqual(api.map((g) => g.totalStocks === 0));
  }
  await item.getByRole("link").first().click();
  await expect(page.getByTestId("discount-detail")).toBeVisible();
  await expect(page.getByTestId("discount-prod").first()).toBeVisible();
  await expect(page.getByTestId("discount-countdown")).toHaveText(/\d/);
  // A card reads "sold out" only for goods without stock (the page once passed 0 for every card).
  expect(await page.locator('[data-testid="discount-prod"] [data-testid="card-sold-out"]').count()).toBeLessThan(
    await page.getByTestId("discount-prod").count(),
  );
  const res = await page.goto("/discount-detail?discountId=999999");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("discount-not-found")).toBeVisible();
});
