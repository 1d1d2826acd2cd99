/**
 * The whole buying journey in a real browser, once per locale (issue "Buying"): product → add to
 * cart (two shops) → header count → cart: select, change quantity, delete a line → settle →
 * submit order with a NEW address added inline → one order per shop under one payment → pay by
 * balance → order detail "pending delivery"; then the shop ships through the merchant CLI
 * (`npm run ops`, real HTTP against the test server) in two packages and adds a logistics event →
 * the order detail shows packages and the timeline → confirm receipt → "pending evaluation".
 * The demo buyer (balance 5000) is used, one locale after another (serial), with an emptied cart.
 * The sandbox QR payment journey is tests/e2e/payment.spec.ts.
 */
import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { islandsReady, LOCALES, prefix, tr, watchErrors, type Locale } from "./helpers.ts";

const run = promisify(execFile);

// Cheap seeded products with plenty of stock in two shops (the demo buyer's ¥5000 must last
// three locales, retries and tests/e2e/payment.spec.ts): 68 (shop 2), 66 (shop 1); 72 is deleted.
const P_A = { prodId: 68, shopId: 2 };
const P_B = { prodId: 66, shopId: 1 };
const P_DELETED = 72;
const AREA = { provinceId: 31, cityId: 3101, areaId: 310104 };
const RECEIVER: Record<Locale, string> = { zh: "王小明", "zh-tw": "陳大文", en: "Jane Doe" };

type Api = <T = unknown>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  data?: unknown,
) => Promise<{ code: string; msg: string | null; data: T }>;

async function login(request: APIRequestContext, context: BrowserContext, baseURL: string): Promise<Api> {
  const body = await (await request.post("/api/login", { data: { userName: "demo", passWord: "Demo1234" } })).json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  const token = body.data.accessToken as string;
  await context.addCookies([{ name: "token", value: token, url: baseURL }]);
  const api: Api = async (method, p, data) =>
    (
      await request.fetch(`/api${p}`, {
        method,
        headers: { authorization: token, "content-type": "application/json" },
        ...(data === undefined ? {} : { data }),
      })
    ).json();
  const info = await api<{ shopCartItemDiscounts: { shopCartItems: { basketId: number }[] }[] }[]>(
    "POST",
    "/p/shopCart/info",
    {},
  );
  const ids = info.data.flatMap((s) => s.shopCartItemDiscounts.flatMap((g) => g.shopCartItems.map((i) => i.basketId)));
  if (ids.length) expect((await api("DELETE", "/p/shopCart/deleteItem", ids)).code).toBe("00000");
  return api;
}

/** Runs the merchant CLI against the test server; answers its stdout. */
async function ops(baseURL: string, shop: number, ...args: string[]): Promise<string> {
  const user = `shop${String(shop).padStart(2, "0")}`;
  const tokenFile = path.join(process.env.MALL_E2E_DATA_DIR ?? os.tmpdir(), "ops-tokens.json");
  const { stdout } = await run(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/ops/main.ts",
      ...args,
      "--url",
      baseURL,
      "--user",
      user,
      "--password",
      "Shop1234",
      "--token-file",
      tokenFile,
    ],
    { timeout: 30_000 },
  );
  return stdout;
}

async function addToCart(page: Page, locale: Locale, prodId: number, expected: string) {
  await page.goto(`${prefix(locale)}/detail/${prodId}`);
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("cart-count").first()).toHaveText(expected);
}

test.describe.configure({ mode: "serial" });

for (const locale of LOCALES) {
  test(`${locale}: cart → submit with a new address → balance → shipped by the shop → logistics → receipt`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const api = await login(request, context, baseURL!);

    // Product pages → cart, two shops; a third line to delete later.
    await addToCart(page, locale, P_A.prodId, "1");
    await addToCart(page, locale, P_B.prodId, "2");
    const extra = await api<{ skuList: { skuId: number; stocks: number }[]; shop: { shopId: number } }>(
      "GET",
      `/prod/prodInfo?prodId=${P_DELETED}`,
    );
    const extraSku = extra.data.skuList.find((s) => s.stocks > 5)!;
    expect(
      (
        await api("POST", "/p/shopCart/changeItem", {
          prodId: P_DELETED,
          skuId: extraSku.skuId,
          shopId: extra.data.shop.shopId,
          count: 1,
        })
      ).code,
    ).toBe("00000");

    await page.goto(`${p}/cart`);
    await islandsReady(page);
    await expect(page.getByTestId("cart-line")).toHaveCount(3);
    await expect(page.getByTestId("cart-count").first()).toHaveText("3");
    // Delete the extra line (confirm dialog).
    const extraLine = page.locator(`[data-testid="cart-line"][data-sku-id="${extraSku.skuId}"]`);
    await extraLine.getByTestId("cart-delete").click();
    await page.getByTestId("cart-confirm-ok").click();
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-shop")).toHaveCount(2);
    // Unselect, select all, one more of the first product.
    const first = page.getByTestId("cart-line").first();
    await first.getByTestId("cart-check-line").uncheck();
    await expect(page.getByTestId("cart-selected-count")).toContainText("1");
    // A change made while the cart is busy is ignored: wait until the last one settled.
    await expect(page.getByTestId("cart")).toHaveAttribute("aria-busy", "false");
    await page.getByTestId("cart-check-all").check();
    await first.getByTestId("cart-plus").click();
    await expect(first.getByTestId("cart-count-input")).toHaveValue("2");
    await expect(page.getByTestId("cart-selected-count")).toContainText("3");
    await expect(page.getByTestId("cart-count").first()).toHaveText("3");
    // The totals arrive after the lines (totalPay follows info): read them once the cart is idle.
    await expect(page.getByTestId("cart")).toHaveAttribute("aria-busy", "false");
    const cartTotal = (await page.getByTestId("cart-total").textContent())!.trim();
    // The cart shows the total after limited-time discounts; the checkout lists goods, then the discounts.
    const inCart = await api<{ shopCartItemDiscounts: { shopCartItems: { basketId: number }[] }[] }[]>(
      "POST",
      "/p/shopCart/info",
      {},
    );
    const cartIds = inCart.data.flatMap((s) =>
      s.shopCartItemDiscounts.flatMap((g) => g.shopCartItems.map((i) => i.basketId)),
    );
    const totals = await api<{ totalMoney: string; finalMoney: string }>("POST", "/p/shopCart/totalPay", cartIds);
    expect(cartTotal).toBe(`¥${totals.data.finalMoney}`);

    // Settle → submit order: add a new address inline and use it.
    await page.getByTestId("cart-settle").click();
    await page.waitForURL((u) => u.pathname === `${p}/submit-order` && !!u.searchParams.get("basketIds"));
    await islandsReady(page);
    await expect(page.getByTestId("so-shop")).toHaveCount(2);
    await expect(page.getByTestId("so-total-goods")).toHaveText(`¥${totals.data.totalMoney}`);
    // The addresses arrive after hydration: count them once the list (or its empty state) is there.
    const form = page.getByTestId("so-address-form");
    const addressItems = page.getByTestId("so-address-item");
    await expect(addressItems.first().or(form).or(page.getByTestId("so-address-empty"))).toBeVisible();
    const addresses = await addressItems.count();
    if (addresses > 0) await page.getByTestId("so-address-add").click();
    await expect(form).toBeVisible();
    await form.getByTestId("uc-address-receiver").fill(RECEIVER[locale]);
    await form.getByTestId("uc-address-mobile").fill("13912345678");
    const selects = form.locator("select");
    await selects.nth(0).selectOption(String(AREA.provinceId));
    await expect(selects.nth(1).locator(`option[value="${AREA.cityId}"]`)).toHaveCount(1);
    await selects.nth(1).selectOption(String(AREA.cityId));
    await expect(selects.nth(2).locator(`option[value="${AREA.areaId}"]`)).toHaveCount(1);
    await selects.nth(2).selectOption(String(AREA.areaId));
    await form.getByTestId("uc-address-addr").fill("Nanjing Road 100, room 8");
    await form.getByTestId("uc-address-save").click();
    await expect(form).toHaveCount(0);
    await expect(page.getByTestId("so-address-item")).toHaveCount(addresses + 1);
    await expect(page.locator(`[data-testid="so-address-item"][aria-checked="true"]`)).toContainText(RECEIVER[locale]);
    await page.getByTestId("so-remark").first().fill("Please ship soon");
    await page.getByTestId("so-submit").click();

    // One order per shop under one payment: pay by balance.
    await page.waitForURL((u) => u.pathname === `${p}/payment`);
    const orderNumbers = new URL(page.url()).searchParams.get("orderNumbers")!.split(",");
    expect(orderNumbers).toHaveLength(2);
    for (const n of orderNumbers) expect(n).toMatch(/^\d{19}$/);
    await islandsReady(page);
    await page.getByTestId("pay-method-balance").click();
    await page.getByTestId("pay-submit").click();
    await page.getByTestId("pay-confirm-ok").click();
    await page.waitForURL((u) => u.pathname === `${p}/order-detail`);
    const orderNumber = new URL(page.url()).searchParams.get("orderNumber")!;
    expect(orderNumbers).toContain(orderNumber);
    await expect(page.getByTestId("mo-detail-status")).toHaveText(tr(locale, "order.status.2"));
    await expect(page.getByTestId("mo-address")).toContainText(RECEIVER[locale]);
    await expect(page.getByTestId("cart-count").first()).toHaveText("0");

    // The shop ships through the merchant CLI (two packages when it can) and adds an event.
    const detail = await api<{ shopId: number; orderItemDtos: { orderItemId: number; prodCount: number }[] }>(
      "GET",
      `/p/myOrder/orderDetail?orderNumber=${orderNumber}`,
    );
    const shopId = detail.data.shopId;
    const item = detail.data.orderItemDtos[0]!;
    const shipArgs =
      item.prodCount > 1
        ? [
            "--package",
            `sf/SF${orderNumber.slice(-10)}/${item.orderItemId}:1`,
            "--package",
            `zto/ZT${orderNumber.slice(-10)}`,
          ]
        : ["--company", "sf", "--tracking", `SF${orderNumber.slice(-10)}`];
    expect(await ops(baseURL!, shopId, "ship", orderNumber, ...shipArgs)).toContain(orderNumber);
    const packages = await api<{ orderDeliveryId: number }[]>("GET", `/p/myDelivery/orderInfo/${orderNumber}`);
    expect(packages.data.length).toBe(item.prodCount > 1 ? 2 : 1);
    await ops(
      baseURL!,
      shopId,
      "trace",
      String(packages.data[0]!.orderDeliveryId),
      "--state",
      "in-transit",
      "--station",
      "Shanghai hub",
    );

    await page.reload();
    await islandsReady(page);
    await expect(page.getByTestId("mo-detail-status")).toHaveText(tr(locale, "order.status.3"));
    await expect(page.getByTestId("mo-package")).toHaveCount(packages.data.length);
    await expect(page.getByTestId("mo-tracking").first()).toContainText(`${orderNumber.slice(-10)}`);
    await expect(page.getByTestId("mo-timeline").first()).toContainText("Shanghai hub");

    // Confirm receipt → pending evaluation.
    await page.getByTestId("mo-receipt").click();
    await page.getByTestId("uc-confirm-ok").click();
    await expect(page.getByTestId("mo-detail-status")).toHaveText(tr(locale, "order.status.toReview"));
    // The other shop's order waits for delivery in the list's "to ship" tab.
    await page.goto(`${p}/user-center/uc-order?status=2`);
    await islandsReady(page);
    await expect(
      page.locator(`[data-testid="mo-card"][data-order-number="${orderNumbers.find((n) => n !== orderNumber)}"]`),
    ).toHaveCount(1);
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
  });
}
