/**
 * /cart in a real browser (SPEC §2, §5, §9; CONTRACT §4.1). Reviewer accounts (reviewerNN /
 * Review1234, one per test so tests never share a cart) log in through the API and put the token
 * in the "token" cookie; each test empties the cart first.
 * Main path once per locale: add to cart on a detail page → header badge; the cart page groups by
 * shop; unselect / select all / + / typed quantity / bad quantity / delete one (confirm) →
 * totals equal the API's totalPay and the badge follows; delete selected with none → message;
 * settle with none → message; settle → /submit-order?basketIds=…
 * zh also: invalid lines (the info answer is edited in flight to mark a real line offline) in
 * their own block, not selectable, deletable; more than 50 items → the server's refusal; the
 * empty state; guests get the login popup.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { islandsReady, prefix, tr, watchErrors, type Locale } from "./helpers.ts";

// Products of the seed with plenty of stock: product 50 (shop 2, SKUs 209/210), product 200
// (shop 5, SKU 769/770).
const P50 = { prodId: 50, shopId: 2 };
const P200 = { prodId: 200, shopId: 5, skuId: 769, bigSkuId: 770 };

interface Session {
  token: string;
  api: <T = unknown>(
    method: "GET" | "POST" | "DELETE",
    path: string,
    data?: unknown,
  ) => Promise<{ code: string; msg: string | null; data: T }>;
}

async function login(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  user: string,
): Promise<Session> {
  const res = await request.post("/api/login", { data: { userName: user, passWord: "Review1234" } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  const token = body.data.accessToken as string;
  await context.addCookies([{ name: "token", value: token, url: baseURL }]);
  const api: Session["api"] = async (method, path, data) => {
    const r = await request.fetch(`/api${path}`, {
      method,
      headers: { authorization: token, "content-type": "application/json" },
      ...(data === undefined ? {} : { data }),
    });
    return r.json();
  };
  // Start from an empty cart.
  const info = await api<{ shopCartItemDiscounts: { shopCartItems: { basketId: number }[] }[] }[]>(
    "POST",
    "/p/shopCart/info",
    {},
  );
  const ids = info.data.flatMap((s) => s.shopCartItemDiscounts.flatMap((g) => g.shopCartItems.map((i) => i.basketId)));
  if (ids.length) expect((await api("DELETE", "/p/shopCart/deleteItem", ids)).code).toBe("00000");
  return { token, api };
}

async function checkedIds(s: Session): Promise<number[]> {
  const info = await s.api<{ shopCartItemDiscounts: { shopCartItems: { basketId: number; isChecked: number }[] }[] }[]>(
    "POST",
    "/p/shopCart/info",
    {},
  );
  return info.data.flatMap((sh) =>
    sh.shopCartItemDiscounts.flatMap((g) => g.shopCartItems.filter((i) => i.isChecked === 1).map((i) => i.basketId)),
  );
}

/** The total the page should show: the API's own totalPay over the checked lines. */
async function expectTotal(page: Page, s: Session) {
  await expect(page.getByTestId("cart")).toHaveAttribute("aria-busy", "false");
  const ids = await checkedIds(s);
  const want = ids.length
    ? `¥${(await s.api<{ finalMoney: string }>("POST", "/p/shopCart/totalPay", ids)).data.finalMoney}`
    : "¥0.00";
  await expect(page.getByTestId("cart-total")).toHaveText(want);
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

const toast = (page: Page, text: string) => page.locator("#app-toasts .toast", { hasText: text });

const MAIN: [Locale, string][] = [
  ["zh", "reviewer02"],
  ["zh-tw", "reviewer03"],
  ["en", "reviewer04"],
];

for (const [locale, user] of MAIN) {
  test(`${locale}: add to cart, select, change quantity, delete, totals, settle`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const errors = watchErrors(page);
    const s = await login(request, context, baseURL!, user);
    const pre = prefix(locale);

    // Add to cart on the detail page → the header badge counts it.
    await page.goto(`${pre}/detail/${P50.prodId}`);
    await expect(page.getByTestId("cart-count").first()).toHaveText("0");
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("cart-count").first()).toHaveText("1");
    // A second shop through the API.
    expect(
      (
        await s.api("POST", "/p/shopCart/changeItem", {
          prodId: P200.prodId,
          skuId: P200.skuId,
          shopId: P200.shopId,
          count: 2,
        })
      ).code,
    ).toBe("00000");

    await page.goto(`${pre}/cart`);
    await islandsReady(page);
    await expect(page.getByTestId("cart-shop")).toHaveCount(2);
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    // Every checkbox (all, shop, line, bar) is the styled control of controls.css (docs/design.md).
    await expect(page.locator("input[type=checkbox]")).toHaveCount(6);
    await expect(page.locator("input[type=checkbox]:not(label.check > input)")).toHaveCount(0);
    await expect(page.getByTestId("cart-count").first()).toHaveText("3");
    await expectTotal(page, s);
    if (locale === "zh") expect(await axeViolations(page)).toEqual([]);

    const line200 = page.locator(`[data-testid="cart-line"][data-sku-id="${P200.skuId}"]`);
    const line50 = page.locator(`[data-testid="cart-line"]:not([data-sku-id="${P200.skuId}"])`);

    // Unselect one line → total of the other; the selection is persisted.
    await line200.getByTestId("cart-check-line").uncheck();
    await expect(line200.getByTestId("cart-check-line")).not.toBeChecked();
    await expect(page.getByTestId("cart-check-all")).not.toBeChecked();
    await expectTotal(page, s);
    await expect.poll(() => checkedIds(s)).toHaveLength(1);
    await expect(page.getByTestId("cart-selected-count")).toContainText("1");

    // Select all again.
    await page.getByTestId("cart-check-all").check();
    await expect(line200.getByTestId("cart-check-line")).toBeChecked();
    await expect(page.getByTestId("cart-selected-count")).toContainText("3");
    await expectTotal(page, s);

    // + and a typed quantity → badge and totals follow.
    await line50.getByTestId("cart-plus").click();
    await expect(line50.getByTestId("cart-count-input")).toHaveValue("2");
    await expect(page.getByTestId("cart-count").first()).toHaveText("4");
    await expectTotal(page, s);
    const input = line200.getByTestId("cart-count-input");
    await input.fill("5x");
    await expect(input).toHaveValue("5");
    await input.press("Enter");
    await expect(page.getByTestId("cart-count").first()).toHaveText("7");
    await expect(line200.getByTestId("cart-count-input")).toHaveValue("5");
    await expectTotal(page, s);
    // − back to 4.
    await line200.getByTestId("cart-minus").click();
    await expect(line200.getByTestId("cart-count-input")).toHaveValue("4");
    await expect(page.getByTestId("cart-count").first()).toHaveText("6");

    // A bad quantity is refused with the message and nothing changes.
    await input.fill("0");
    await input.blur();
    await expect(toast(page, tr(locale, "cart.badCount"))).toBeVisible();
    await expect(input).toHaveValue("4");
    // More than the stock → the server's "insufficient inventory".
    await input.fill("99999");
    await input.blur();
    await expect(toast(page, tr(locale, "cart.insufficientStock"))).toBeVisible();
    await expect(input).toHaveValue("4");

    // Delete one line after confirming.
    await line200.getByTestId("cart-delete").click();
    await expect(page.getByTestId("cart-confirm")).toBeVisible();
    await page.getByTestId("cart-confirm-ok").click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-shop")).toHaveCount(1);
    await expect(page.getByTestId("cart-count").first()).toHaveText("2");
    await expectTotal(page, s);

    // Nothing selected: delete selected and settle are refused with their messages.
    await page.getByTestId("cart-check-all").uncheck();
    await expect(page.getByTestId("cart-total")).toHaveText("¥0.00");
    await page.getByTestId("cart-delete-selected").click();
    await expect(toast(page, tr(locale, "cart.checkDelete"))).toBeVisible();
    await page.getByTestId("cart-settle").click();
    await expect(toast(page, tr(locale, "cart.selectOne"))).toBeVisible();

    // Settle → the submit page with the checked basketIds.
    await page.getByTestId("cart-check-all").check();
    await expect.poll(() => checkedIds(s)).toHaveLength(1);
    const ids = await checkedIds(s);
    await page.getByTestId("cart-settle").click();
    await page.waitForURL(
      (u) => u.pathname === `${pre}/submit-order` && u.searchParams.get("basketIds") === ids.join(","),
    );
    expect(errors).toEqual([]);
  });
}

test("zh: invalid lines are shown apart, not selectable, deletable", async ({ page, context, request, baseURL }) => {
  const s = await login(request, context, baseURL!, "reviewer05");
  await s.api("POST", "/p/shopCart/changeItem", {
    prodId: P200.prodId,
    skuId: P200.skuId,
    shopId: P200.shopId,
    count: 1,
  });
  await s.api("POST", "/p/shopCart/changeItem", { prodId: P50.prodId, skuId: 209, shopId: P50.shopId, count: 1 });
  // The API marks lines invalid when a product goes off shelf; here the answer is edited in flight.
  await page.route("**/api/p/shopCart/info", async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    for (const shop of body.data)
      for (const g of shop.shopCartItemDiscounts)
        for (const item of g.shopCartItems)
          if (item.skuId === P200.skuId) Object.assign(item, { status: "offline", isChecked: 0 });
    await route.fulfill({ response: res, json: body });
  });
  await page.goto("/cart");
  await islandsReady(page);
  const block = page.getByTestId("cart-invalid");
  await expect(block).toBeVisible();
  await expect(block.getByTestId("cart-invalid-line")).toHaveCount(1);
  await expect(block.getByTestId("cart-invalid-line")).toContainText(tr("zh", "cart.page.statusOffline"));
  await expect(block.locator("input[type=checkbox]")).toHaveCount(0);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-shop")).toHaveCount(1);
  await expect(page.getByTestId("cart-check-all")).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);

  await block.getByTestId("cart-delete").click();
  await page.getByTestId("cart-confirm-ok").click();
  await expect(page.getByTestId("cart-invalid")).toHaveCount(0);
  await expect(page.getByTestId("cart-count").first()).toHaveText("1");
});

test("zh: more than 50 items cannot be settled; empty cart; guests", async ({ page, context, request, baseURL }) => {
  const s = await login(request, context, baseURL!, "reviewer06");
  await s.api("POST", "/p/shopCart/changeItem", {
    prodId: P200.prodId,
    skuId: P200.bigSkuId,
    shopId: P200.shopId,
    count: 51,
  });
  await page.goto("/cart");
  await islandsReady(page);
  const refusal = tr("zh", "cart.settleMax").replace("{{max}}", "50");
  await expect(page.getByTestId("cart-total-note")).toHaveText(refusal);
  await page.getByTestId("cart-settle").click();
  await expect(toast(page, refusal)).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  // Down to 50 → allowed.
  await page.getByTestId("cart-minus").click();
  await expect(page.getByTestId("cart-total-note")).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).not.toHaveText("—");

  // Delete everything → the empty state with a way to the shops.
  await page.getByTestId("cart-delete-selected").click();
  await page.getByTestId("cart-confirm-ok").click();
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  await expect(page.getByTestId("cart-go-shopping")).toHaveAttribute("href", "/");
  await expect(page.getByTestId("cart-count").first()).toHaveText("0");

  // A guest gets the login popup.
  await context.clearCookies();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-need-login")).toBeVisible();
  await expect(page.locator("[data-testid=login-popup-overlay]")).toBeVisible();
});
