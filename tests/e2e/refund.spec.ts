/**
 * Refunds and returns in a real browser (docs/refund.md). Once per locale, with a fresh buyer
 * and a completed order (bought and paid with the balance through the API, shipped through the
 * merchant CLI, received): apply a return with two voucher images → the shop accepts (CLI) → the
 * buyer sends the tracking number → the shop confirms the goods (CLI) → "refunded to your
 * balance", the balance grew by exactly the refund, the balance log and the order say so. In one
 * locale: refund only, a too-large amount refused with the maximum, withdrawn, listed in my refunds.
 */
import { expect, test } from "@playwright/test";
import {
  buyerWithCompletedOrder,
  islandsReady,
  LOCALES,
  png,
  prefix,
  shopOps,
  tr,
  watchErrors,
  type DataApi,
} from "./helpers.ts";

const ops = shopOps("refund");

async function balance(api: DataApi): Promise<number> {
  return Number((await api<{ balance: string }>("GET", "/p/user/userInfo")).balance);
}

test.describe.configure({ mode: "serial" });

for (const locale of LOCALES) {
  test(`${locale}: return with images → accepted (CLI) → shipped back → received (CLI) → refunded`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const { api, orderNumber } = await buyerWithCompletedOrder(
      request,
      context,
      baseURL!,
      `rf${locale.replace("-", "")}`,
      ops,
    );

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
    expect(Math.round(((await balance(api)) - before) * 100)).toBe(Math.round(Number(amount) * 100));
    // The balance log shows the refund of the order; the order's line says "refunded" and links to it; the order is closed.
    await page.goto(`${p}/user-center/uc-balance`);
    const row = page
      .getByTestId("balance-log-row")
      .filter({ hasText: orderNumber })
      .filter({ hasText: tr(locale, "balance.type.4") });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(amount);
    await page.goto(`${p}/order-detail?orderNumber=${orderNumber}`);
    const line = page.getByTestId("mo-line-after-sales");
    await expect(line).toHaveText(tr(locale, "refund.line.refunded"));
    await expect(line).toHaveAttribute("href", `${p}/return-detail?refundSn=${refundSn}`);
    await expect(page.getByTestId("mo-detail-hint")).toHaveText(tr(locale, "order.hint.closedRefunded"));
    // The fully refunded order reads "refunded", not "cancelled", on the detail and in my orders.
    await expect(page.getByTestId("mo-detail-status")).toHaveText(tr(locale, "order.status.refunded"));
    await page.goto(`${p}/user-center/uc-order`);
    await islandsReady(page);
    const card = page.getByTestId("mo-card").filter({ hasText: orderNumber });
    await expect(card.getByTestId("mo-status")).toHaveText(tr(locale, "order.status.refunded"));
    expect(errors).toEqual([]);
  });
}

test("en: refund only: a too-large amount is refused with the maximum; withdrawn; listed in my refunds", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const { orderNumber } = await buyerWithCompletedOrder(request, context, baseURL!, "rfonly", ops);

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
