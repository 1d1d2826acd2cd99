/**
 * After-sales in a real browser (docs/after-sales.md). The journey, once per locale: a completed
 * order of the demo buyer (bought and paid through the API, shipped through the merchant CLI,
 * received) → /write-comments with two photos → the review shows on the product page (with
 * photos filter) → apply a return with two voucher images → the shop accepts (CLI) → the buyer
 * sends the tracking number → the shop confirms the goods (CLI) → "refunded to your balance", and
 * the balance grew by exactly the refund. Other checks (invoice page, my reviews, my refunds, bad
 * input) run in one locale.
 */
import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { islandsReady, LOCALES, prefix, tr, watchErrors } from "./helpers.ts";

const run = promisify(execFile);
/** A cheap product of shop 1 with plenty of stock (the demo buyer's balance is shared with other specs; returns give it back). */
const PROD = { prodId: 66, shopId: 1 };
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

type Api = <T = unknown>(method: "GET" | "POST" | "PUT", path: string, data?: unknown) => Promise<T>;

async function login(request: APIRequestContext, context: BrowserContext, baseURL: string): Promise<Api> {
  const body = await (await request.post("/api/login", { data: { userName: "demo", passWord: "Demo1234" } })).json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  const token = body.data.accessToken as string;
  await context.addCookies([{ name: "token", value: token, url: baseURL }]);
  return async <T,>(method: "GET" | "POST" | "PUT", p: string, data?: unknown) => {
    const res = await (await request.fetch(`/api${p}`, { method, headers: { authorization: token, "content-type": "application/json" }, ...(data === undefined ? {} : { data }) })).json();
    expect(res.code, `${p} ${JSON.stringify(res)}`).toBe("00000");
    return res.data as T;
  };
}

async function ops(baseURL: string, ...args: string[]): Promise<string> {
  const tokenFile = path.join(process.env.MALL_E2E_DATA_DIR ?? os.tmpdir(), "ops-tokens-after-sales.json");
  const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/ops/main.ts", ...args, "--url", baseURL, "--user", "shop01", "--password", "Shop1234", "--token-file", tokenFile], { timeout: 30_000 });
  return stdout;
}

/** A completed order of one piece of PROD: buy now, pay with the balance, shipped by the shop (CLI), received. */
async function completedOrder(api: Api, baseURL: string, invoice?: { invoiceType: 1 | 2; headerName: string; invoiceTaxNumber?: string }): Promise<string> {
  const addrs = await api<{ addrId: number }[]>("GET", "/p/address/list");
  if (addrs.length === 0) await api("POST", "/p/address/addAddr", { receiver: "Demo Buyer", mobile: "13812345678", provinceId: 31, cityId: 3101, areaId: 310104, addr: "100 Century Avenue" });
  const info = await api<{ skuList: { skuId: number; stocks: number }[] }>("GET", `/prod/prodInfo?prodId=${PROD.prodId}`);
  const sku = info.skuList.find((s) => s.stocks > 0)!;
  const conf = await api<{ uuid: string }>("POST", "/p/order/confirm", { orderItem: { prodId: PROD.prodId, skuId: sku.skuId, prodCount: 1, shopId: PROD.shopId } });
  const sub = await api<{ orderNumbers: string }>("POST", "/p/order/submit", { uuid: conf.uuid, ...(invoice ? { orderInvoiceList: [{ shopId: PROD.shopId, ...invoice }] } : {}) });
  const orderNumber = sub.orderNumbers;
  const paid = await api<{ type: number }>("POST", "/p/order/pay", { orderNumbers: orderNumber, payType: 9 });
  expect(paid.type).toBe(1);
  expect(await ops(baseURL, "ship", orderNumber, "--company", "1", "--tracking", `SF${orderNumber.slice(-10)}`)).toContain(orderNumber);
  await api("PUT", `/p/myOrder/receipt/${orderNumber}`);
  return orderNumber;
}

async function balance(api: Api): Promise<number> {
  return Number((await api<{ balance: string }>("GET", "/p/user/userInfo")).balance);
}

test.describe.configure({ mode: "serial" });

for (const locale of LOCALES) {
  test(`${locale}: review with photos shows on the product page; return with images → accepted (CLI) → shipped back → received (CLI) → refunded`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(150_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const api = await login(request, context, baseURL!);
    const orderNumber = await completedOrder(api, baseURL!);

    // Review with two photos.
    await page.goto(`${p}/write-comments?orderNumber=${orderNumber}`);
    await islandsReady(page);
    const form = page.getByTestId("wc-form").first();
    await form.getByTestId("wc-star-4").check({ force: true });
    const text = `${locale} review ${orderNumber.slice(-6)} <b>not bold</b>`;
    await form.getByTestId("wc-text").fill(text);
    await form.getByTestId("wc-photos-input").setInputFiles([png("a.png"), png("b.png")]);
    await expect(form.locator(".photo-list img")).toHaveCount(2);
    const src = await form.locator(".photo-list img").first().getAttribute("src");
    expect(src).toMatch(/^\/uploads\/review\/[0-9a-f-]{36}\.png$/);
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

    // Apply for a return with two images.
    await page.goto(`${p}/user-center/apply-return?orderNumber=${orderNumber}`);
    await islandsReady(page);
    await page.getByTestId("ar-type-2").check();
    await page.getByTestId("ar-reason").selectOption("5");
    await expect(page.getByTestId("ar-amount")).not.toHaveValue("");
    const amount = await page.getByTestId("ar-amount").inputValue();
    await page.getByTestId("ar-desc").fill("The screen is cracked");
    await page.getByTestId("ar-photos-input").setInputFiles([png("v1.png"), png("v2.png")]);
    await expect(page.locator("[data-testid=ar-photos] .photo-list img")).toHaveCount(2);
    await page.getByTestId("ar-mobile").fill("13800138000");
    await page.getByTestId("ar-submit").click();
    await page.waitForURL(/\/return-detail\?refundSn=\d+/);
    const refundSn = new URL(page.url()).searchParams.get("refundSn")!;
    await expect(page.getByTestId("rd-status")).toHaveText(tr(locale, "refund.sts.1"));
    await expect(page.getByTestId("rd-photos").locator("img")).toHaveCount(2);

    // The shop accepts through the CLI; the buyer sends the goods back.
    expect(await ops(baseURL!, "refunds", "--sts", "1", "--size", "100")).toContain(refundSn);
    expect(await ops(baseURL!, "refund-accept", refundSn, "--text", "Return to: 1 Bluebay Road")).toContain("accepted");
    await page.reload();
    await expect(page.getByTestId("rd-status")).toHaveText(tr(locale, "refund.stsReturn2"));
    await expect(page.getByTestId("rd-seller-msg")).toContainText("1 Bluebay Road");
    await page.getByTestId("rd-company").selectOption("1");
    await page.getByTestId("rd-express-no").fill("x");
    await page.getByTestId("rd-ship-submit").click();
    await expect(page.getByTestId("rd-ship-error")).toHaveText(tr(locale, "refund.expressNoInvalid"));
    await page.getByTestId("rd-express-no").fill(`SF${refundSn.slice(-10)}`);
    await page.getByTestId("rd-ship-submit").click();
    await expect(page.getByTestId("rd-status")).toHaveText(tr(locale, "refund.sts.3"));

    // The shop confirms the goods: refunded to the balance.
    const before = await balance(api);
    expect(await ops(baseURL!, "refund-receive", refundSn)).toContain(refundSn);
    await page.reload();
    await expect(page.getByTestId("rd-status")).toHaveText(tr(locale, "refund.sts.5"));
    await expect(page.getByTestId("rd-refunded")).toContainText(amount);
    await expect(page.getByTestId("rd-refunded")).toContainText(tr(locale, "refund.way.balance"));
    expect(Math.round((await balance(api) - before) * 100)).toBe(Math.round(Number(amount) * 100));
    // The balance log shows the refund of the order; the order's line says "refunded" and links to it; the order is closed.
    await page.goto(`${p}/user-center/uc-balance`);
    const row = page.getByTestId("balance-log-row").filter({ hasText: orderNumber }).filter({ hasText: tr(locale, "balance.type.4") });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(amount);
    await page.goto(`${p}/order-detail?orderNumber=${orderNumber}`);
    const line = page.getByTestId("mo-line-after-sales");
    await expect(line).toHaveText(tr(locale, "refund.line.refunded"));
    await expect(line).toHaveAttribute("href", `${p}/return-detail?refundSn=${refundSn}`);
    await expect(page.getByTestId("mo-detail-hint")).toHaveText(tr(locale, "myOrder.hint.closedRefunded"));
    expect(errors).toEqual([]);
  });
}

test("en: invoice detail, my reviews, my refunds, refusals in the buyer's language", async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const api = await login(request, context, baseURL!);
  const orderNumber = await completedOrder(api, baseURL!, { invoiceType: 1, headerName: "Demo Buyer" });

  // Invoice: in progress, change to a unit (a bad taxpayer number is refused, nothing changes), then the shop uploads the PDF.
  await page.goto(`/en/invoice-detail?orderNumber=${orderNumber}`);
  await islandsReady(page);
  await expect(page.getByTestId("inv-state")).toHaveText(tr("en", "invoice.state1"));
  await page.getByTestId("inv-edit").click();
  await page.getByTestId("inv-type-2").check();
  await page.getByTestId("inv-header-input").fill("ACME Trading Ltd");
  await page.getByTestId("inv-tax-input").fill("123");
  await page.getByTestId("inv-save").click();
  await expect(page.getByTestId("inv-error")).toHaveText(tr("en", "orderSubmit.invoiceTaxNumberInvalid"));
  await page.getByTestId("inv-tax-input").fill("91310000MA1K12345X");
  await page.getByTestId("inv-save").click();
  await expect(page.getByTestId("inv-header")).toHaveText("ACME Trading Ltd");
  await expect(page.getByTestId("inv-tax")).toHaveText("91310000MA1K12345X");
  const pdf = path.join(process.env.MALL_E2E_DATA_DIR ?? os.tmpdir(), "invoice-e2e.pdf");
  (await import("node:fs")).writeFileSync(pdf, "%PDF-1.4\n%%EOF\n");
  expect(await ops(baseURL!, "invoice-upload", orderNumber, "--file", pdf)).toContain("/uploads/invoice/");
  await page.reload();
  await expect(page.getByTestId("inv-state")).toHaveText(tr("en", "invoice.state2"));
  await expect(page.getByTestId("inv-download")).toHaveAttribute("href", /^\/uploads\/invoice\/.+\.pdf$/);
  await expect(page.getByTestId("inv-edit")).toHaveCount(0);

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

  // Refund only: a too-large amount is refused with the maximum; withdrawn; listed in my refunds.
  await page.goto(`/en/user-center/apply-return?orderNumber=${orderNumber}`);
  await islandsReady(page);
  await page.getByTestId("ar-type-1").check();
  await page.getByTestId("ar-reason").selectOption("1");
  const max = await page.getByTestId("ar-amount").inputValue();
  await page.getByTestId("ar-amount").fill("99999");
  await page.getByTestId("ar-mobile").fill("13800138000");
  await page.getByTestId("ar-submit").click();
  await expect(page.getByTestId("ar-error")).toHaveText(`The amount must be between 0.01 and ${max}`);
  await page.getByTestId("ar-amount").fill("0.50");
  await page.getByTestId("ar-submit").click();
  await page.waitForURL(/\/return-detail\?refundSn=\d+/);
  await page.getByTestId("rd-withdraw").click();
  await page.getByTestId("uc-confirm-ok").click();
  await expect(page.getByTestId("rd-status")).toHaveText(tr("en", "refund.sts.6"));
  await page.goto("/en/user-center/uc-return");
  await expect(page.getByTestId("rl-item").first().getByTestId("rl-status")).toHaveText(tr("en", "refund.sts.6"));
  expect(errors).toEqual([]);
});
