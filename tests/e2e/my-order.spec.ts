/**
 * My orders in a real browser (uc-order list, order-detail page), with a fresh buyer registered
 * through the API (SMS code from the dev outbox), an address added and two unpaid orders made
 * through the real confirm / submit API. Checks: tabs with counts and the ?status= URL, search by
 * order number, the detail page (progress, address, amounts), cancel and delete through the
 * confirm dialog, the pay link, and that another buyer sees "order not found".
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { islandsReady, prefix, registerBuyer as register, tr, watchErrors, type Locale } from "./helpers.ts";

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: "get" | "post" | "put",
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](`/api${url}`, {
    headers: { Authorization: token },
    ...(data === undefined ? {} : { data }),
  });
  const body = await res.json();
  expect(body.code, `${url} ${JSON.stringify(body)}`).toBe("00000");
  return body.data as T;
}

/** Buys one piece of the index-th product of the product search now (confirm + submit); answers the order number. */
async function buyNow(request: APIRequestContext, token: string, index: number): Promise<string> {
  const list = await (await request.get("/api/search/searchProdPage", { params: { current: 1, size: 10 } })).json();
  const prodId = list.data.records[index].prodId as number;
  const info = (await (await request.get("/api/prod/prodInfo", { params: { prodId } })).json()).data;
  const sku = (info.skuList as { skuId: number; stocks: number }[]).find((s) => s.stocks > 0)!;
  const conf = await api<{ uuid: string }>(request, token, "post", "/p/order/confirm", {
    orderItem: { prodId, skuId: sku.skuId, prodCount: 1, shopId: info.shop.shopId },
  });
  const sub = await api<{ orderNumbers: string }>(request, token, "post", "/p/order/submit", { uuid: conf.uuid });
  return sub.orderNumbers;
}

for (const locale of ["zh", "en"] as Locale[]) {
  test(`${locale}: my orders list, detail, cancel, delete`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const token = await register(request, locale.slice(0, 2));
    await api(request, token, "post", "/p/address/addAddr", {
      receiver: "Zhang San",
      mobile: "13812345678",
      provinceId: 31,
      cityId: 3101,
      areaId: 310104,
      addr: "100 Century Avenue",
    });
    const first = await buyNow(request, token, 3);
    const second = await buyNow(request, token, 4);
    await context.addCookies([{ name: "token", value: token, url: baseURL! }]);

    // List: newest first, unpaid count on its tab, side menu links here.
    await page.goto(`${p}/user-center/uc-order`);
    await islandsReady(page);
    const cards = page.getByTestId("mo-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toHaveAttribute("data-order-number", second);
    await expect(page.getByTestId("mo-tab-1").getByTestId("mo-tab-count")).toHaveText("2");
    await expect(
      page.getByTestId("uc-side-menu").getByRole("link", { name: tr(locale, "userCenter.menu.order") }),
    ).toHaveAttribute("href", `${p}/user-center/uc-order`);
    await expect(cards.first().getByTestId("mo-pay")).toHaveAttribute("href", `${p}/payment?orderNumbers=${second}`);

    // Tabs change the URL; "to ship" is empty.
    await page.getByTestId("mo-tab-2").click();
    await expect(page).toHaveURL(/status=2/);
    await expect(page.getByTestId("mo-empty")).toBeVisible();
    await page.getByTestId("mo-tab-1").click();
    await expect(cards).toHaveCount(2);

    // Search by order number.
    await page.getByTestId("mo-search-input").fill(first);
    await page.getByTestId("mo-search-btn").click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute("data-order-number", first);

    // Cancel through the confirm dialog → canceled, then delete.
    await cards.first().getByTestId("mo-cancel").click();
    await page.getByTestId("uc-confirm-ok").click();
    await expect(page.getByTestId("mo-empty")).toBeVisible();
    await page.goto(`${p}/user-center/uc-order?status=6`);
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByTestId("mo-status")).toHaveText(tr(locale, "order.status.6"));

    // Detail of the canceled order: progress and address; delete from there.
    await cards
      .first()
      .getByRole("link", { name: tr(locale, "order.action.detail") })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`order-detail\\?orderNumber=${first}`));
    await expect(page.getByTestId("mo-detail-status")).toHaveText(tr(locale, "order.status.6"));
    await expect(page.getByTestId("mo-steps").locator("li")).toHaveCount(5);
    await expect(page.getByTestId("mo-address")).toContainText("100 Century Avenue");
    await page.getByTestId("mo-delete").click();
    await page.getByTestId("uc-confirm-ok").click();
    await expect(page).toHaveURL(/uc-order/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute("data-order-number", second);

    // Another buyer: not found.
    const other = await register(request, `x${locale.slice(0, 1)}`);
    await context.addCookies([{ name: "token", value: other, url: baseURL! }]);
    await page.goto(`${p}/order-detail?orderNumber=${second}`);
    await expect(page.getByTestId("mo-not-found")).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test.describe("order times", () => {
  // A browser far from Beijing: the page still shows China Standard Time, to the minute (the date-time
  // style of src/lib/date-format.ts).
  test.use({ timezoneId: "America/New_York" });

  test("en: the demo buyer's completed order shows its real times in Beijing time", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const errors = watchErrors(page);
    const login = await (await request.post("/api/login", { data: { userName: "demo", passWord: "Demo1234" } })).json();
    expect(login.code, JSON.stringify(login)).toBe("00000");
    const token = login.data.accessToken as string;
    const list = await api<{ records: { orderNumber: string; status: number }[] }>(
      request,
      token,
      "get",
      "/p/myOrder/myOrder?status=5&current=1&size=20",
    );
    // The oldest completed order on the page is a seeded one (other tests complete orders of the demo
    // buyer within a minute).
    const done = list.records.filter((o) => o.status === 5).at(-1);
    expect(done, "a completed demo order").toBeDefined();
    const detail = await api<Record<string, string | null>>(
      request,
      token,
      "get",
      `/p/myOrder/orderDetail?orderNumber=${done!.orderNumber}`,
    );
    await context.addCookies([{ name: "token", value: token, url: baseURL! }]);

    await page.goto(`/en/order-detail?orderNumber=${done!.orderNumber}`);
    await islandsReady(page);
    await expect(page.getByTestId("mo-detail")).toBeVisible();
    const beijing = (iso: string) =>
      new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
    const shown: string[] = [];
    for (const [key, field] of [
      ["order.createTime", "createTime"],
      ["order.payTime", "payTime"],
      ["order.dvyTime", "dvyTime"],
      ["order.finallyTime", "finallyTime"],
    ] as const) {
      const value = page
        .locator("dt", { hasText: new RegExp(`^${tr("en", key)}$`) })
        .locator("xpath=following-sibling::dd[1]");
      await expect(value).toHaveText(beijing(detail[field]!));
      shown.push((await value.textContent()) ?? "");
    }
    expect(
      shown.filter((s) => s.endsWith("00:00")),
      shown.join(" | "),
    ).toEqual([]);
    expect(new Set(shown.map((s) => s.slice(11))).size, "times of day differ").toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });
});
