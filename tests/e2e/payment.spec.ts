/**
 * Payment in the browser: the counter (/payment) pays by balance and goes to the order detail;
 * WeChat scan (/weixin-pay) shows a QR code of the sandbox page, which pays, and the QR page moves
 * on by itself (status polling). Orders are made through the real confirm + submit endpoints.
 */
import { expect, test, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { islandsReady, tr, watchErrors } from "./helpers.ts";

type Api = <T = unknown>(
  method: string,
  path: string,
  data?: unknown,
) => Promise<{ code: string; msg: string | null; data: T }>;

async function login(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  userName: string,
  passWord: string,
): Promise<Api> {
  const body = await (await request.post("/api/login", { data: { userName, passWord } })).json();
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

/** Buys one piece of a cheap on-sale product through confirm + submit; answers the order number. */
async function placeOrder(api: Api, request: APIRequestContext): Promise<string> {
  if ((await api<unknown[]>("GET", "/p/address/list")).data.length === 0) {
    const r = await api("POST", "/p/address/addAddr", {
      receiver: "Payer",
      mobile: "13912345678",
      provinceId: 44,
      cityId: 4403,
      areaId: 440305,
      addr: "Keyuan Road 100, Nanshan",
    });
    expect(r.code, JSON.stringify(r)).toBe("00000");
  }
  for (let prodId = 60; prodId < 120; prodId++) {
    const d = (await (await request.get(`/api/prod/prodInfo?prodId=${prodId}`)).json()).data as {
      shop: { shopId: number; shopStatus: number };
      status: number;
      skuList: { skuId: number; price: string; stocks: number; status: number }[];
    } | null;
    const sku = d?.skuList.find((s) => s.status === 1 && s.stocks > 5 && Number(s.price) < 100);
    if (!d || !sku || d.shop.shopStatus !== 1 || d.status !== 1) continue;
    const conf = await api<{ uuid: string }>("POST", "/p/order/confirm", {
      orderItem: { prodId, skuId: sku.skuId, prodCount: 1, shopId: d.shop.shopId },
    });
    if (conf.code !== "00000") continue;
    const sub = await api<{ orderNumbers: string }>("POST", "/p/order/submit", { uuid: conf.data.uuid });
    expect(sub.code, JSON.stringify(sub)).toBe("00000");
    return sub.data.orderNumbers;
  }
  throw new Error("no cheap product to buy");
}

test("balance: the counter shows the order, pays after confirming and opens the order detail", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const errors = watchErrors(page);
  const api = await login(request, context, baseURL!, "demo", "Demo1234");
  const orderNumber = await placeOrder(api, request);
  const before = (
    await api<{ balance: string }>("GET", `/p/order/getOrderPayInfoByOrderNumber?orderNumbers=${orderNumber}`)
  ).data.balance;

  await page.goto(`/payment?orderNumbers=${orderNumber}`);
  await islandsReady(page);
  await expect(page.getByTestId("pay-order-numbers")).toHaveText(orderNumber);
  await expect(page.getByTestId("pay-amount")).toHaveText(/^¥\d+\.\d{2}$/);
  // A countdown with its units, never a clock-like "22:50".
  await expect(page.getByTestId("pay-countdown")).toContainText(/剩余支付时间 \d{2}分\d{2}秒/);
  await expect(page.getByTestId("pay-countdown")).not.toContainText(/\d:\d/);
  await page.getByTestId("pay-method-balance").click();
  await page.getByTestId("pay-submit").click();
  await expect(page.getByTestId("pay-confirm")).toBeVisible();
  await page.getByTestId("pay-confirm-ok").click();
  await page.waitForURL(new RegExp(`/order-detail\\?orderNumber=${orderNumber}`));

  expect((await api<number>("GET", `/p/myOrder/getOrderStatus?orderNumber=${orderNumber}`)).data).toBe(2);
  const after = (
    await api<{ balance: string }>("GET", `/p/order/getOrderPayInfoByOrderNumber?orderNumbers=${orderNumber}`)
  ).data.balance;
  expect(after).not.toBe(before);

  // The counter of a paid order says so.
  await page.goto(`/payment?orderNumbers=${orderNumber}`);
  await expect(page.getByTestId("pay-paid")).toContainText(tr("zh", "payment.counter.paidTitle"));
  expect(errors).toEqual([]);
});

test("WeChat scan: not enough balance is shown; the QR page moves on once the sandbox page pays", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const errors = watchErrors(page);
  const api = await login(request, context, baseURL!, "reviewer09", "Review1234");
  const orderNumber = await placeOrder(api, request);

  await page.goto(`/en/payment?orderNumbers=${orderNumber}`);
  await islandsReady(page);
  // Balance 0.00 does not cover the amount: balance is marked short and not pre-selected, the first
  // payable method (WeChat) is; choosing balance leaves Pay inactive.
  const balance = page.getByTestId("pay-method-balance");
  await expect(balance).toContainText("Insufficient balance");
  await expect(balance.locator("input")).not.toBeChecked();
  await expect(page.getByTestId("pay-method-wechat").locator("input")).toBeChecked();
  await expect(page.getByTestId("pay-submit")).toBeEnabled();
  await balance.click();
  await expect(balance.locator("input")).toBeChecked();
  await expect(page.getByTestId("pay-submit")).toBeDisabled();

  await page.getByTestId("pay-method-wechat").click();
  await page.getByTestId("pay-submit").click();
  await page.waitForURL(/\/en\/weixin-pay\?payNo=\d+&orderNumbers=/);
  await expect(page.getByTestId("wx-qr").locator("img")).toBeVisible();
  await expect(page.getByTestId("wx-countdown")).toContainText(/expires in 0[45] min \d{2} s$/);

  const href = await page.getByTestId("wx-sandbox-link").getAttribute("href");
  expect(href).toMatch(/^\/en\/sandbox-pay\?payNo=\d+/);
  const sandbox = await context.newPage();
  await sandbox.goto(href!);
  await expect(sandbox.getByTestId("sandbox-pay")).toBeVisible();
  await sandbox.getByTestId("sandbox-pay-now").click();
  await expect(sandbox.getByTestId("sandbox-result")).toHaveText(tr("en", "payment.sandbox.success"));
  await expect(sandbox.getByTestId("sandbox-back")).toHaveAttribute(
    "href",
    `/en/order-detail?orderNumber=${orderNumber}`,
  );

  // The QR page polls the order status every 3 s and opens the order detail.
  await page.waitForURL(new RegExp(`/en/order-detail\\?orderNumber=${orderNumber}`), { timeout: 10_000 });
  expect((await api<number>("GET", `/p/myOrder/getOrderStatus?orderNumber=${orderNumber}`)).data).toBe(2);

  // The sandbox page of a paid payment cannot pay again.
  await sandbox.reload();
  await expect(sandbox.getByTestId("sandbox-pay-now")).toHaveCount(0);
  await expect(sandbox.getByTestId("sandbox-result")).toHaveText(tr("en", "payment.sandbox.alreadyPaid"));
  expect(errors).toEqual([]);
});
