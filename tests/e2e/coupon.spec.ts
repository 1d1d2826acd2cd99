/**
 * Coupons in the browser (seeded demo data, docs/pricing.md): journey in three locales with a
 * fresh buyer each — claim a shop coupon in the voucher centre → see it in my coupons → the
 * checkout picks it (totals follow) → pay (sandbox) → my coupons shows it used. Visitors claiming
 * get the login popup (zh); a decorated shop page shows the shop's live coupons and claims there
 * (en). axe on the public coupon pages in a11y.spec.ts, on my coupons here (zh).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { freshBuyer, islandsReady, LOCALES, prefix, tr, watchErrors } from "./helpers.ts";

/** Seeded: product 355 (shop 1, ¥109) is covered by the shop's "¥10 off ¥99" coupon. */
const COUPON_PROD = 355;
test.describe.configure({ mode: "serial" });

for (const locale of LOCALES) {
  test(`${locale}: claim in the voucher centre → my coupons → checkout picks it → pay → used`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const api = await freshBuyer(request, context, baseURL!, `cp${locale.replace("-", "")}`);

    // Voucher centre, shop tab: claim the shop coupon.
    await page.goto(`${p}/coupons?tab=shop`);
    const card = page
      .locator('[data-testid="coupon-card"]')
      .filter({ hasText: /99/ })
      .filter({ has: page.getByTestId("coupon-claim") })
      .first();
    await expect(card).toBeVisible();
    const couponId = await card.getAttribute("data-coupon-id");
    await card.getByTestId("coupon-claim").click();
    await expect(card.getByTestId("coupon-claimed")).toBeVisible();
    await expect(card.getByTestId("coupon-use")).toBeVisible();
    expect((await api<number[]>("GET", "/p/myCoupon/listCouponIds")).data).toContain(Number(couponId));

    // My coupons: one not used.
    await page.goto(`${p}/user-center/uc-coupons`);
    await islandsReady(page);
    await expect(page.getByTestId("uc-coupons-tab-unused")).toContainText("1");
    await expect(page.getByTestId("uc-coupon")).toHaveCount(1);

    // Buy the coupon's product now: the checkout picks the coupon; choosing none changes the totals back.
    const prod = await api<{ skuList: { skuId: number; stocks: number; price: string }[] }>(
      "GET",
      `/prod/prodInfo?prodId=${COUPON_PROD}`,
    );
    const cSku = prod.data.skuList.find((s) => s.stocks > 5)!;
    await page.goto(`${p}/submit-order?prodId=${COUPON_PROD}&skuId=${cSku.skuId}&count=1`);
    await islandsReady(page);
    const shopBlock = page.getByTestId("so-shop").first();
    const select = shopBlock.getByTestId("so-coupon-select");
    await expect(select).not.toHaveValue("0");
    await expect(page.getByTestId("so-total-shop-coupon")).toHaveText("−¥10.00");
    const withCoupon = (await page.getByTestId("so-total-pay").textContent())!;
    await select.selectOption("0");
    await expect(page.getByTestId("so-total-shop-coupon")).toHaveCount(0);
    await expect(page.getByTestId("so-total-pay")).not.toHaveText(withCoupon);
    const chosen = await select.locator("option").nth(1).getAttribute("value");
    await select.selectOption(chosen!);
    await expect(page.getByTestId("so-total-pay")).toHaveText(withCoupon);
    await page.getByTestId("so-submit").click();

    // Pay with the sandbox provider (scan code).
    await page.waitForURL((u) => u.pathname === `${p}/payment`);
    const orderNumber = new URL(page.url()).searchParams.get("orderNumbers")!;
    await islandsReady(page);
    await page.getByTestId("pay-method-wechat").click();
    await page.getByTestId("pay-submit").click();
    await page.waitForURL(/\/weixin-pay\?payNo=\d+/);
    const href = await page.getByTestId("wx-sandbox-link").getAttribute("href");
    const sandbox = await context.newPage();
    await sandbox.goto(href!);
    await sandbox.getByTestId("sandbox-pay-now").click();
    await expect(sandbox.getByTestId("sandbox-result")).toHaveText(tr(locale, "payment.sandbox.success"));
    await page.waitForURL(/\/order-detail\?orderNumber=/, { timeout: 15_000 });

    // My coupons: used, with the order.
    await page.goto(`${p}/user-center/uc-coupons`);
    await islandsReady(page);
    await expect(page.getByTestId("uc-coupons-tab-used")).toContainText("1");
    await page.getByTestId("uc-coupons-tab-used").click();
    await expect(page.getByTestId("uc-coupon")).toHaveCount(1);
    await expect(page.getByTestId("uc-coupon")).toContainText(orderNumber);
    if (locale === "zh") {
      // axe on my coupons (the public coupon pages are in a11y.spec.ts).
      const axe = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      const blocking = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
  });
}

test("zh: a visitor's claim opens the login popup (product page coupons, voucher centre)", async ({ page }) => {
  await page.goto(`/detail/${COUPON_PROD}`);
  // The coupons are one line; it opens the panel with the cards.
  await expect(page.getByTestId("dp-coupons").getByTestId("coupon-card").first()).toBeHidden();
  await page.getByTestId("dp-coupons-toggle").click();
  await expect(page.getByTestId("dp-coupons").getByTestId("coupon-card").first()).toBeVisible();
  await page.getByTestId("dp-coupons").getByTestId("coupon-claim").first().click();
  await expect(page.locator("[data-login-popup]").first()).toBeAttached();
  await page.goto("/coupons");
  await page.getByTestId("coupon-claim").first().click();
  await expect(page.locator("[data-login-popup]").first()).toBeAttached();
});

test("en: a decorated shop page shows the shop's live coupons; claim there (script on interaction); created and stopped coupons follow", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const login = await (
    await request.post("/api/merchant/login", { data: { username: "shop01", password: "Shop1234" } })
  ).json();
  const shopToken = login.data.accessToken as string;
  const merchant = async (p: string, data: unknown) =>
    (await request.post(`/api/merchant${p}`, { headers: { authorization: shopToken }, data })).json();
  const name = `Shop page ${Date.now() % 100000}`;
  const made = await merchant("/coupons", {
    couponName: name,
    couponType: 1,
    reduceAmount: "3",
    validTimeType: 2,
    validDays: 5,
    overTime: new Date(Date.now() + 86_400_000).toISOString(),
    stocks: 20,
  });
  expect(made.code, JSON.stringify(made)).toBe("00000");
  await freshBuyer(request, context, baseURL!, "shopcp");

  const claimScript: string[] = [];
  page.on("request", (r) => {
    if (/coupon-claim\.[\w-]+\.js/.test(r.url()) && !/loader/.test(r.url())) claimScript.push(r.url());
  });
  await page.goto("/en/shopIndex?sid=1");
  const block = page.getByTestId("block-coupons");
  const card = block.getByTestId("coupon-card").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(block.getByTestId("coupon-card").filter({ hasText: "¥10 off ¥99" })).toBeVisible();
  expect(claimScript).toEqual([]);
  await card.getByTestId("coupon-claim").click();
  await expect(card.getByTestId("coupon-claimed")).toBeVisible();
  expect(claimScript.length).toBeGreaterThan(0);

  expect((await merchant(`/coupons/${made.data.couponId}/stop`, {})).code).toBe("00000");
  await page.reload();
  await expect(page.getByTestId("block-coupons").getByTestId("coupon-card").first()).toBeVisible();
  await expect(page.getByTestId("block-coupons").getByTestId("coupon-card").filter({ hasText: name })).toHaveCount(0);
  // The decorated page on its own (renovation 3 = shop 1's home) shows the same live coupons.
  await page.goto("/en/select-decorate?renovationId=3&sid=1");
  await expect(
    page.getByTestId("block-coupons").getByTestId("coupon-card").filter({ hasText: "¥10 off ¥99" }),
  ).toBeVisible();
});
