/**
 * /submit-order in a real browser (SPEC §2, §5, §9; CONTRACT §4.2-§4.3). Reviewer accounts
 * (reviewerNN / Review1234; one per test) log in through the API, token in the "token" cookie.
 * - Buy now from a detail page, once per locale: the page shows the address (chosen), one shop
 *   group with its line, freight and totals; submitting goes to /payment?orderNumbers=….
 *   zh adds the address with the inline form (area picker) and checks the order message and the
 *   invoice rules before submitting.
 * - Cart checkout (zh): two shops, points deduction re-confirms the totals, a double click
 *   submits once.
 * - Refusals (zh): a bad query and unknown basketIds → message + link back to the cart;
 *   A03010 at submit → message and a new confirm; A03002 → message, then the unpaid orders
 *   (both answers are made in flight: they need races to happen for real).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { islandsReady, prefix, tr, watchErrors, type Locale } from "./helpers.ts";

const P50 = { prodId: 50, shopId: 2, skuId: 209 };
const P200 = { prodId: 200, shopId: 5, skuId: 769 };
const AREA = { provinceId: 11, cityId: 1101, areaId: 110101 };

type Api = <T = unknown>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  data?: unknown,
) => Promise<{ code: string; msg: string | null; data: T }>;

async function login(request: APIRequestContext, context: BrowserContext, baseURL: string, user: string): Promise<Api> {
  const res = await request.post("/api/login", { data: { userName: user, passWord: "Review1234" } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  const token = body.data.accessToken as string;
  await context.addCookies([{ name: "token", value: token, url: baseURL }]);
  return async (method, path, data) => {
    const r = await request.fetch(`/api${path}`, {
      method,
      headers: { authorization: token, "content-type": "application/json" },
      ...(data === undefined ? {} : { data }),
    });
    return r.json();
  };
}

async function clearCart(api: Api) {
  const info = await api<{ shopCartItemDiscounts: { shopCartItems: { basketId: number }[] }[] }[]>(
    "POST",
    "/p/shopCart/info",
    {},
  );
  const ids = info.data.flatMap((s) => s.shopCartItemDiscounts.flatMap((g) => g.shopCartItems.map((i) => i.basketId)));
  if (ids.length) await api("DELETE", "/p/shopCart/deleteItem", ids);
}

async function addresses(api: Api) {
  return (await api<{ addrId: number }[]>("GET", "/p/address/list")).data;
}

async function ensureAddress(api: Api) {
  if ((await addresses(api)).length > 0) return;
  const r = await api("POST", "/p/address/addAddr", {
    receiver: "Reviewer",
    mobile: "13912345678",
    ...AREA,
    addr: "Chang'an Avenue 1, Building 2",
  });
  expect(r.code, JSON.stringify(r)).toBe("00000");
}

/** Serious and critical accessibility problems of the page (axe, WCAG 2.1 AA + best practices). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const toast = (page: Page, text: string | RegExp) => page.locator("#app-toasts .toast", { hasText: text });

async function buyNow(page: Page, locale: Locale) {
  await page.goto(`${prefix(locale)}/detail/${P50.prodId}`);
  const price = (await page.getByTestId("sku-price").textContent())!.trim();
  await page.getByTestId("buy-now").click();
  await page.waitForURL(
    (u) => u.pathname === `${prefix(locale)}/submit-order` && u.searchParams.get("prodId") === String(P50.prodId),
  );
  await islandsReady(page);
  await expect(page.getByTestId("submit-order")).toBeVisible();
  // The breadcrumb and the first step name the product the buy started from, not the cart.
  const crumb = page.locator(".so-page .breadcrumb li").nth(1).locator("a");
  await expect(crumb).toHaveText(tr(locale, "submitOrder.stepProduct"));
  await expect(crumb).toHaveAttribute("href", `${prefix(locale)}/detail/${P50.prodId}`);
  await expect(page.locator(".so-steps li").first()).toHaveText(tr(locale, "submitOrder.stepProduct"));
  return price;
}

const LOCALES: [Locale, string][] = [
  ["zh", "reviewer07"],
  ["zh-tw", "reviewer08"],
  ["en", "reviewer10"],
];

for (const [locale, user] of LOCALES) {
  test(`${locale}: buy now → address, shop group, totals → submit → payment`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const errors = watchErrors(page);
    const api = await login(request, context, baseURL!, user);
    if (locale === "zh") for (const a of await addresses(api)) await api("DELETE", `/p/address/deleteAddr/${a.addrId}`);
    else await ensureAddress(api);

    const price = await buyNow(page, locale);
    await expect(page.getByTestId("so-shop")).toHaveCount(1);
    await expect(page.getByTestId("so-line")).toHaveCount(1);
    await expect(page.getByTestId("so-total-goods")).toHaveText(`¥${price}`);
    await expect(page.getByTestId("so-shop-freight")).toBeVisible();

    if (locale === "zh") {
      // No address yet: the inline form (the user center's own) is open; submit asks for one.
      const form = page.getByTestId("so-address-form");
      await expect(form).toBeVisible();
      await page.getByTestId("so-submit").click();
      await expect(toast(page, tr(locale, "submitOrder.needAddress"))).toBeVisible();
      await form.getByTestId("uc-address-receiver").fill("张三");
      await form.getByTestId("uc-address-mobile").fill("13912345678");
      const selects = form.locator("select");
      await selects.nth(0).selectOption(String(AREA.provinceId));
      await expect(selects.nth(1).locator(`option[value="${AREA.cityId}"]`)).toHaveCount(1);
      await selects.nth(1).selectOption(String(AREA.cityId));
      await expect(selects.nth(2).locator(`option[value="${AREA.areaId}"]`)).toHaveCount(1);
      await selects.nth(2).selectOption(String(AREA.areaId));
      await form.getByTestId("uc-address-addr").fill("长安街一号院二号楼");
      await form.getByTestId("uc-address-save").click();
      await expect(form).toHaveCount(0);
      await expect(page.getByTestId("so-address-item")).toHaveCount(1);
    }
    await expect(page.locator(`[data-testid="so-address-item"][aria-checked="true"]`)).toHaveCount(1);
    await expect(page.getByTestId("so-ship-to")).toBeVisible();
    if (locale === "zh") expect(await axeViolations(page)).toEqual([]);

    if (locale === "zh") {
      // Order message: not only spaces; counter.
      const remark = page.getByTestId("so-remark");
      await remark.fill("   ");
      await page.getByTestId("so-submit").click();
      await expect(page.getByTestId("so-remark-error")).toHaveText(tr(locale, "rules.notAllSpaces"));
      await remark.fill("请尽快发货");
      await expect(page.getByTestId("so-remark-count")).toHaveText("5/100");
      await expect(page.getByTestId("so-remark-error")).toHaveCount(0);
      // Unit invoice: header and taxpayer number required.
      await page.getByTestId("so-invoice-2").check();
      await page.getByTestId("so-submit").click();
      await expect(page.getByText(tr(locale, "submitOrder.invoiceHeaderRequired"))).toBeVisible();
      await expect(page.getByText(tr(locale, "submitOrder.invoiceTaxNumberRequired"))).toBeVisible();
      await page.getByTestId("so-invoice-header").fill("蓝湾科技有限公司");
      await page.getByTestId("so-invoice-tax").fill("12345");
      await page.getByTestId("so-submit").click();
      await expect(page.getByText(tr(locale, "submitOrder.invoiceTaxNumberInvalid"))).toBeVisible();
      await page.getByTestId("so-invoice-tax").fill("91310000MA1K000001");
    }

    await page.getByTestId("so-submit").click();
    await page.waitForURL(
      (u) => u.pathname === `${prefix(locale)}/payment` && /^\d{19}$/.test(u.searchParams.get("orderNumbers") ?? ""),
    );
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
  });
}

test("zh: cart checkout with two shops, points, submits once on a double click", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const api = await login(request, context, baseURL!, "reviewer01");
  await ensureAddress(api);
  await clearCart(api);
  await api("POST", "/p/shopCart/changeItem", { ...P50, count: 1 });
  await api("POST", "/p/shopCart/changeItem", { ...P200, count: 2 });
  const info = await api<{ shopCartItemDiscounts: { shopCartItems: { basketId: number }[] }[] }[]>(
    "POST",
    "/p/shopCart/info",
    {},
  );
  const ids = info.data.flatMap((s) => s.shopCartItemDiscounts.flatMap((g) => g.shopCartItems.map((i) => i.basketId)));
  const preview = await api<{
    actualTotal: string;
    userScore: number;
    maxUsableScore: number;
    total: string;
    totalTransFee: string;
  }>("POST", "/p/order/confirm", { basketIds: ids });
  expect(preview.code).toBe("00000");

  await page.goto(`/submit-order?basketIds=${ids.join(",")}`);
  await islandsReady(page);
  await expect(page.getByTestId("so-shop")).toHaveCount(2);
  // From the cart: the breadcrumb and the first step name the cart.
  await expect(page.locator(".so-page .breadcrumb li").nth(1).locator("a")).toHaveAttribute("href", "/cart");
  await expect(page.locator(".so-steps li").first()).toHaveText(tr("zh", "submitOrder.stepCart"));
  await expect(page.getByTestId("so-total-goods")).toHaveText(`¥${preview.data.total}`);
  await expect(page.getByTestId("so-total-freight")).toHaveText(`¥${preview.data.totalTransFee}`);
  await expect(page.getByTestId("so-total-pay")).toHaveText(`¥${preview.data.actualTotal}`);

  if (preview.data.maxUsableScore > 0) {
    await page.getByTestId("so-points-use").check();
    await expect(page.getByTestId("so-total-points")).toBeVisible();
    const withPoints = await api<{ actualTotal: string; useScore: number }>("POST", "/p/order/confirm", {
      basketIds: ids,
      isScorePay: 1,
    });
    await expect(page.getByTestId("so-total-pay")).toHaveText(`¥${withPoints.data.actualTotal}`);
    await expect(page.getByTestId("so-points-input")).toHaveValue(String(withPoints.data.useScore));
    // Not a multiple of 10 → the rule's message, nothing re-confirmed.
    await page.getByTestId("so-points-input").fill("15");
    await page.getByTestId("so-points-input").blur();
    await expect(page.getByTestId("so-points-error")).toHaveText(tr("zh", "rules.pointsStep"));
    await page.getByTestId("so-points-input").fill("10");
    await page.getByTestId("so-points-input").blur();
    await expect(page.getByTestId("so-total-points")).toHaveText("−¥0.10");
  }

  let submits = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/p/order/submit")) submits++;
  });
  await page.getByTestId("so-submit").dblclick();
  await page.waitForURL(
    (u) => u.pathname === "/payment" && (u.searchParams.get("orderNumbers") ?? "").split(",").length === 2,
  );
  expect(submits).toBe(1);
});

test("zh: bad queries, out of stock and repeated submits", async ({ page, context, request, baseURL }) => {
  const api = await login(request, context, baseURL!, "reviewer01");
  await ensureAddress(api);

  await page.goto("/submit-order?basketIds=abc");
  await islandsReady(page);
  await expect(page.getByTestId("so-error-text")).toHaveText(tr("zh", "submitOrder.badQuery"));
  await expect(page.getByTestId("so-back-cart")).toHaveAttribute("href", "/cart");

  await page.goto("/submit-order?basketIds=2147483000");
  await islandsReady(page);
  await expect(page.getByTestId("so-error-text")).toHaveText(tr("zh", "cart.itemNotFound"));
  await expect(page.getByTestId("so-back-cart")).toBeVisible();

  // Out of stock at submit → the message and a new confirm.
  await page.route("**/api/p/order/submit", (route) =>
    route.fulfill({ json: { code: "A03010", msg: "库存不足：测试商品", data: null, success: false } }),
  );
  await buyNow(page, "zh");
  let confirms = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/p/order/confirm")) confirms++;
  });
  await page.getByTestId("so-submit").click();
  await expect(toast(page, "库存不足：测试商品")).toBeVisible();
  await expect.poll(() => confirms).toBe(1);
  await expect(page.getByTestId("so-submit")).toBeEnabled();

  // Repeated submit → the message, then the unpaid orders.
  await page.unroute("**/api/p/order/submit");
  await page.route("**/api/p/order/submit", (route) =>
    route.fulfill({ json: { code: "A03002", msg: tr("zh", "submitOrder.repeatSubmit"), data: null, success: false } }),
  );
  await page.getByTestId("so-submit").click();
  await expect(toast(page, tr("zh", "submitOrder.repeatSubmit"))).toBeVisible();
  await page.waitForURL((u) => u.pathname === "/user-center/uc-order" && u.searchParams.get("status") === "1");
});

test("zh: guests get the login popup", async ({ page }) => {
  await page.goto(`/submit-order?prodId=${P50.prodId}&skuId=${P50.skuId}&count=1`);
  await expect(page.getByTestId("so-need-login")).toBeVisible();
  await expect(page.locator("[data-testid=login-popup-overlay]")).toBeVisible();
});
