/**
 * Card payment in the browser (SPEC §1 "card or wallet providers"; docs/payment-card.md), once
 * per locale: a fresh buyer's order on the payment counter, "Bank card", a declined test card
 * shows its message in the page's language and changes nothing (the order still waits), then
 * the test card that asks for a confirmation code pays after the code, and the order detail opens.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { freshBuyer, islandsReady, LOCALES, prefix, tr, watchErrors, type Api } from "./helpers.ts";

/** Buys one piece of a cheap on-sale product through confirm + submit; answers the order number. */
async function placeOrder(api: Api, request: APIRequestContext): Promise<string> {
  for (let prodId = 60; prodId < 120; prodId++) {
    const d = (await (await request.get(`/api/prod/prodInfo?prodId=${prodId}`)).json()).data as {
      shop: { shopId: number; shopStatus: number };
      status: number;
      mold?: number;
      skuList: { skuId: number; price: string; stocks: number; status: number }[];
    } | null;
    const sku = d?.skuList.find((s) => s.status === 1 && s.stocks > 5 && Number(s.price) < 100);
    if (!d || !sku || d.shop.shopStatus !== 1 || d.status !== 1 || d.mold === 1) continue;
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

for (const locale of LOCALES) {
  test(`${locale}: pay an order by card — a decline shows its message and changes nothing, a confirmed card pays`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const api = await freshBuyer(request, context, baseURL!, `card${locale.replace("-", "")}`);
    const orderNumber = await placeOrder(api, request);
    const status = async () => (await api<number>("GET", `/p/myOrder/getOrderStatus?orderNumber=${orderNumber}`)).data;

    await page.goto(`${p}/payment?orderNumbers=${orderNumber}`);
    await islandsReady(page);
    await page.getByTestId("pay-method-card").click();
    await expect(page.getByTestId("pay-card-form")).toBeVisible();
    await expect(page.getByTestId("pay-card-tip")).toHaveText(tr(locale, "payment.card.sandboxTip"));

    // A typo is caught before anything is sent.
    await page.getByTestId("pay-card-number").fill("4242 4242 4242 4241");
    await page.getByTestId("pay-card-expiry").fill("12/40");
    await page.getByTestId("pay-card-cvc").fill("123");
    await page.getByTestId("pay-card-submit").click();
    await expect(page.getByText(tr(locale, "payment.card.badNumber"))).toBeVisible();
    await expect(page.getByTestId("pay-card-number")).toHaveAttribute("aria-invalid", "true");

    // Declined: the message in the page's language; the order still waits for payment.
    await page.getByTestId("pay-card-number").fill("4000000000000002");
    await expect(page.getByTestId("pay-card-number")).toHaveValue("4000 0000 0000 0002");
    await page.getByTestId("pay-card-submit").click();
    await expect(page.getByTestId("pay-card-error")).toHaveText(tr(locale, "payment.card.declined"));
    expect(await status()).toBe(1);
    await expect(page).toHaveURL(new RegExp(`/payment\\?orderNumbers=${orderNumber}`));

    // The card that asks for a confirmation: the bank's code, then the order detail.
    await page.getByTestId("pay-card-number").fill("4000 0027 6000 3184");
    await page.getByTestId("pay-card-submit").click();
    const dialog = page.getByTestId("pay-card-confirm");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("3184");
    await page.getByTestId("pay-card-code").fill("123456");
    await page.getByTestId("pay-card-confirm-ok").click();
    await page.waitForURL(new RegExp(`${p}/order-detail\\?orderNumber=${orderNumber}`));
    expect(await status()).toBe(2);
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
  });
}
