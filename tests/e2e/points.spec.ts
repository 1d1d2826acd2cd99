/**
 * Points and balance in a real browser, once per locale, with a fresh buyer registered through the
 * API (SMS code from the dev outbox) and logged in by the "token" cookie:
 * uc-integral shows the registration points → daily sign-in → the strip marks today, the balance
 * grows and the log's first row is the sign-in; uc-balance refuses an out-of-range amount, then a
 * top-up through the sandbox QR: the QR code shows, the sandbox page pays, the balance page notices
 * by itself (status polling) and shows the new balance and the top-up in its log.
 * Membership and points mall, once per locale: buy the paid membership with the balance → the
 * member center shows it → a product of the self-operated shop shows its member price → checkout
 * without freight; exchange a points-mall item → the order, marked as a points exchange.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { islandsReady, prefix, registerBuyer, tr, watchErrors, type Locale } from "./helpers.ts";

const CASES: { locale: Locale; tag: string }[] = [
  { locale: "zh", tag: "zh" },
  { locale: "zh-tw", tag: "tw" },
  { locale: "en", tag: "en" },
];

for (const { locale, tag } of CASES) {
  test(`${locale}: daily sign-in → points log; top-up through the sandbox QR → balance log`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const token = await registerBuyer(request, tag);
    await context.addCookies([{ name: "token", value: token, url: baseURL! }]);

    // Points: registration points, then sign in once.
    await page.goto(`${p}/user-center/uc-integral`);
    await islandsReady(page);
    await expect(page.getByTestId("points-balance")).toHaveText("100");
    await expect(page.getByTestId("signin-day")).toHaveCount(7);
    await expect(page.getByTestId("points-log-row").first()).toContainText(tr(locale, "points.source.0.1"));
    await page.getByTestId("signin-button").click();
    await expect(page.getByTestId("signin-button")).toHaveText(tr(locale, "points.ui.signedToday"));
    await expect(page.getByTestId("signin-button")).toBeDisabled();
    await expect(page.getByTestId("points-balance")).toHaveText("110");
    await expect(page.getByTestId("signin-day").first()).toHaveAttribute("data-signed", "1");
    await expect(page.getByTestId("points-log-row").first()).toContainText(tr(locale, "points.source.3.1"));
    await expect(page.getByTestId("points-log-row").first()).toContainText("+10");
    await expect(page.getByTestId("points-rules")).toBeVisible();

    // Balance: a bad amount is refused in place; then top up 88.80 with the WeChat QR.
    await page.goto(`${p}/user-center/uc-balance`);
    await islandsReady(page);
    await expect(page.getByTestId("balance-total")).toContainText("0.00");
    await page.getByTestId("recharge-amount").fill("100000.01");
    await page.getByTestId("recharge-submit").click();
    await expect(page.getByText(tr(locale, "balance.amountRange"))).toBeVisible();
    await page.getByTestId("recharge-amount").fill("88.80");
    await page.getByTestId("recharge-submit").click();
    await expect(page.getByTestId("recharge-qr").locator("img")).toBeVisible();
    const href = await page.getByTestId("recharge-sandbox-link").getAttribute("href");
    expect(href).toContain(`${p}/sandbox-pay?payNo=`);
    const sandbox = await context.newPage();
    await sandbox.goto(href!);
    await expect(sandbox.getByTestId("sandbox-purpose")).toHaveText(tr(locale, "balance.subject"));
    await sandbox.getByTestId("sandbox-pay-now").click();
    await expect(sandbox.getByTestId("sandbox-result")).toHaveText(tr(locale, "payment.sandbox.success"));
    // Every row is labelled; after a top-up the way back is to the balance.
    await expect(sandbox.locator("dt").filter({ hasText: tr(locale, "payment.sandbox.purpose") })).toBeVisible();
    await expect(sandbox.getByTestId("sandbox-back")).toHaveText(tr(locale, "payment.sandbox.backBalance"));
    await sandbox.close();
    // The balance page polls the top-up and shows it paid.
    await expect(page.getByTestId("recharge-paid")).toBeVisible({ timeout: 10_000 });
    await page
      .getByTestId("recharge-pay")
      .getByRole("button", { name: tr(locale, "balance.ui.close") })
      .last()
      .click();
    await expect(page.getByTestId("balance-total")).toContainText("88.80");
    await expect(page.getByTestId("balance-log-row").first()).toContainText(tr(locale, "balance.type.1"));
    await expect(page.getByTestId("balance-log-row").first()).toContainText("+88.80");
    expect(errors).toEqual([]);
  });
}

/** Top-up through the sandbox via the API (the browser journey above covers the page). */
async function topUp(request: APIRequestContext, token: string, amount: string): Promise<void> {
  const headers = { Authorization: token };
  const pay = (
    await (
      await request.post("/api/p/balance/pay", { headers, data: { customRechargeAmount: amount, payType: 3 } })
    ).json()
  ).data as { payNo: string; payUrl: string };
  const key = new URL(pay.payUrl, "http://x").searchParams.get("key");
  expect(
    (await (await request.post("/api/pay/sandbox/complete", { data: { payNo: pay.payNo, key } })).json()).code,
  ).toBe("00000");
  expect(
    (
      await (
        await request.post("/api/p/address/addAddr", {
          headers,
          data: {
            receiver: "Member Buyer",
            mobile: "13800138000",
            provinceId: 44,
            cityId: 4403,
            areaId: 440305,
            addr: "Keyuan Road 8",
            postCode: "518000",
          },
        })
      ).json()
    ).code,
  ).toBe("00000");
}

/** A product of self-operated shop 1 under ¥99 (so it would pay freight) whose SKUs share one price. */
async function selfOperatedProduct(
  request: APIRequestContext,
): Promise<{ prodId: number; skuId: number; price: string }> {
  for (let prodId = 1; prodId < 200; prodId++) {
    const d = (await (await request.get(`/api/prod/prodInfo?prodId=${prodId}`)).json()).data as {
      shop: { shopId: number };
      skuList: { skuId: number; price: string; stocks: number; status: number }[];
    } | null;
    if (!d || d.shop.shopId !== 1 || new Set(d.skuList.map((s) => s.price)).size !== 1) continue;
    const sku = d.skuList.find((s) => s.status === 1 && s.stocks > 5);
    if (sku && Number(sku.price) < 99) return { prodId, skuId: sku.skuId, price: sku.price };
  }
  throw new Error("no self-operated product under 99");
}

for (const { locale, tag } of CASES) {
  test(`${locale}: buy membership by balance → member price → checkout without freight; exchange a points-mall item`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const token = await registerBuyer(request, `m${tag}`);
    await topUp(request, token, "200.00");
    await context.addCookies([{ name: "token", value: token, url: baseURL! }]);

    // Buy the annual plan with the balance; the member center shows it at once.
    await page.goto(`${p}/member-center/buy-member`);
    await page.getByTestId("buy-member-submit").click();
    const paidText = tr(locale, "member.buy.paid").split("{{date}}")[0]!;
    await expect(page.getByTestId("buy-member-result")).toContainText(paidText);
    await page.goto(`${p}/member-center/member-center`);
    await expect(page.getByTestId("member-paid")).toContainText(
      tr(locale, "member.center.paidActive").split("{{date}}")[0]!,
    );
    // The user center and the top bar's dropdown show the level, points, balance and coupons.
    await page.goto(`${p}/user-center`);
    await islandsReady(page);
    await expect(page.getByTestId("uc-overview-level")).toContainText("PLUS");
    await expect(page.getByTestId("uc-overview-coupons")).toHaveText("0");
    // A real mouse click (hover first, then click) opens the dropdown and leaves it open.
    await page.locator("[data-user-menu-button]").click();
    await expect(page.locator("[data-user-menu-button]")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("topbar-wallet")).toContainText("PLUS");
    await expect(page.getByTestId("topbar-wallet")).toContainText("¥101.00");

    // Member price on a self-operated product, and no freight at checkout.
    const prod = await selfOperatedProduct(request);
    const cents = Math.round(Number(prod.price) * 100);
    await page.goto(`${p}/detail/${prod.prodId}`);
    await expect(page.getByTestId("member-price")).toHaveText((Math.round(cents * 0.95) / 100).toFixed(2));
    await page.goto(`${p}/submit-order?prodId=${prod.prodId}&skuId=${prod.skuId}&count=1`);
    await islandsReady(page);
    await expect(page.getByTestId("so-total-freight")).toHaveText("¥0.00");

    // Points mall: the cheapest item (points only) → its page → exchange → the order.
    await page.goto(`${p}/member-center/integral-mall`);
    await expect(page.getByTestId("points-mall-item")).toHaveCount(12);
    // The catalogue and the exchange page show the buyer's own points.
    const score = String(
      (
        (await (await request.get("/api/p/user/centerInfo", { headers: { Authorization: token } })).json()).data as {
          score: number;
        }
      ).score,
    );
    await expect(page.getByTestId("my-points-value")).toHaveText(score);
    await page.getByTestId("points-mall-item").first().getByRole("link").first().click();
    await page.getByTestId("points-mall-exchange").click();
    await expect(page.getByTestId("my-points-value")).toHaveText(score);
    await expect(page.getByTestId("exchange-addresses").locator('input[type="radio"]')).toBeChecked();
    await page.getByTestId("exchange-submit").click();
    await page.waitForURL(
      (u) => u.pathname === `${p}/order-detail` && /^\d+$/.test(u.searchParams.get("orderNumber") ?? ""),
    );
    await page.goto(`${p}/user-center/uc-order`);
    await islandsReady(page);
    await expect(page.getByTestId("mo-type-points").first()).toHaveText(tr(locale, "order.typePoints"));
    // The points history names the exchange, not "spent on an order".
    await page.goto(`${p}/user-center/uc-integral`);
    await islandsReady(page);
    await expect(page.getByTestId("points-log-row").first()).toContainText(tr(locale, "points.source.8.0"));
    await expect(page.getByTestId("points-log-row").first()).not.toContainText(tr(locale, "points.source.4.0"));
    expect(errors).toEqual([]);
  });
}

test("zh: buy membership through the sandbox QR: the buy page notices the payment by itself", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const errors = watchErrors(page);
  const token = await registerBuyer(request, "mq");
  await context.addCookies([{ name: "token", value: token, url: baseURL! }]);
  await page.goto("/member-center/buy-member");
  await page.getByLabel(tr("zh", "member.buy.wechat")).check();
  await page.getByTestId("buy-member-submit").click();
  await expect(page.getByTestId("buy-member-qr").locator("img")).toBeVisible();
  const href = await page.getByTestId("buy-member-sandbox-link").getAttribute("href");
  const sandbox = await context.newPage();
  await sandbox.goto(href!);
  await expect(sandbox.getByTestId("sandbox-purpose")).toHaveText(tr("zh", "member.subject"));
  await sandbox.getByTestId("sandbox-pay-now").click();
  await expect(sandbox.getByTestId("sandbox-result")).toHaveText(tr("zh", "payment.sandbox.success"));
  await sandbox.close();
  await expect(page.getByTestId("buy-member-result")).toContainText(tr("zh", "member.buy.paid").split("{{date}}")[0]!, {
    timeout: 10_000,
  });
  expect(errors).toEqual([]);
});

test("en: the points-mall item address without an id leads to the mall; the query form to the item; visitors see the login hint", async ({
  page,
  request,
}) => {
  const bare = await request.get("/en/member-center/integral-det", { maxRedirects: 0 });
  expect(bare.status()).toBe(302);
  expect(bare.headers().location).toBe("/en/member-center/integral-mall");
  await page.goto("/en/member-center/integral-mall");
  await expect(page.getByTestId("my-points")).toContainText(tr("en", "points.mall.loginForPoints"));
  await expect(page.getByTestId("my-points-value")).toBeHidden();
  const href = (await page.getByTestId("points-mall-item").first().getByRole("link").first().getAttribute("href"))!;
  const id = /\/integral-det\/(\d+)$/.exec(href)![1]!;
  const query = await request.get(`/en/member-center/integral-det?prodId=${id}`, { maxRedirects: 0 });
  expect(query.status()).toBe(301);
  expect(query.headers().location).toBe(`/en/member-center/integral-det/${id}`);
  await page.goto(`/en/member-center/integral-det?prodId=${id}`);
  await expect(page.getByTestId("points-mall-exchange")).toBeVisible();
  expect((await request.get("/en/member-center/integral-det/999999")).status()).toBe(404);
  // A points-mall item is no ordinary product: its /detail address leads to its points-mall page.
  const detail = await request.get(`/en/detail/${id}`, { maxRedirects: 0 });
  expect(detail.status()).toBe(302);
  expect(detail.headers().location).toBe(`/en/member-center/integral-det/${id}`);
  await page.goto(`/zh-tw/detail/${id}`);
  await expect(page).toHaveURL((u) => u.pathname === `/zh-tw/member-center/integral-det/${id}`);
  await expect(page.getByTestId("points-mall-exchange")).toBeVisible();
});

test("en: once signed in today, the sign-in button is disabled and looks it", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const errors = watchErrors(page);
  const token = await registerBuyer(request, "en");
  await context.addCookies([{ name: "token", value: token, url: baseURL! }]);
  await page.goto("/en/user-center/uc-integral");
  await islandsReady(page);
  const button = page.getByTestId("signin-button");
  await expect(button).toBeEnabled();
  await expect(button).toHaveAttribute("aria-disabled", "false");
  const look = () =>
    button.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, color: s.color, cursor: s.cursor };
    });
  const active = await look();

  await button.click();
  await expect(button).toHaveText(tr("en", "points.ui.signedToday"));
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute("aria-disabled", "true");
  await button.hover({ force: true });
  const done = await look();
  expect(done.background).not.toBe(active.background);
  expect(done.color).not.toBe(active.color);
  expect(done.cursor).toBe("not-allowed");
  // Not the mall's red: a grey button (equal red, green and blue).
  const [r, g, b] = done.background.match(/\d+/g)!.map(Number);
  expect(r === g && g === b, done.background).toBe(true);
  expect(errors).toEqual([]);
});
