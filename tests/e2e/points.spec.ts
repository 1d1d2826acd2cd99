/**
 * Points and balance in a real browser, once per locale, with a fresh buyer registered through the
 * API (SMS code from the dev outbox) and logged in by the "token" cookie:
 * uc-integral shows the registration points → daily sign-in → the strip marks today, the balance
 * grows and the log's first row is the sign-in; uc-balance refuses an out-of-range amount, then a
 * top-up through the sandbox QR: the QR code shows, the sandbox page pays, the balance page notices
 * by itself (status polling) and shows the new balance and the top-up in its log.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { islandsReady, prefix, tr, watchErrors, type Locale } from "./helpers.ts";

const OUTBOX = path.join(process.env.MALL_E2E_DATA_DIR ?? "", "sms-outbox.jsonl");

async function register(request: APIRequestContext, tag: string): Promise<string> {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const id = { username: `pt${tag}_${n}`.slice(0, 16), mobile: `136${n}`, password: "abc12345" };
  const sentAt = Date.now();
  expect((await (await request.post("/api/sms/sendRegisterCode", { data: { mobile: id.mobile } })).json()).code).toBe("00000");
  let code: string | null = null;
  await expect.poll(() => {
    if (!fs.existsSync(OUTBOX)) return null;
    const lines = fs.readFileSync(OUTBOX, "utf8").split("\n").filter(Boolean);
    for (let i = lines.length - 1; i >= 0; i--) {
      const l = JSON.parse(lines[i]!) as { mobile: string; purpose: string; code: string; at: string };
      if (l.mobile === id.mobile && l.purpose === "register" && Date.parse(l.at) >= sentAt - 1000) return (code = l.code);
    }
    return null;
  }, { timeout: 10_000 }).not.toBeNull();
  const body = await (await request.post("/api/user/register", {
    data: { userName: id.username, password: id.password, confirmPassword: id.password, mobile: id.mobile, validCode: code, agreed: true },
  })).json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  return body.data.accessToken as string;
}

const CASES: { locale: Locale; tag: string }[] = [{ locale: "zh", tag: "zh" }, { locale: "zh-tw", tag: "tw" }, { locale: "en", tag: "en" }];

for (const { locale, tag } of CASES) {
  test(`${locale}: daily sign-in → points log; top-up through the sandbox QR → balance log`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const token = await register(request, tag);
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
    await sandbox.close();
    // The balance page polls the top-up and shows it paid.
    await expect(page.getByTestId("recharge-paid")).toBeVisible({ timeout: 10_000 });
    await page.getByTestId("recharge-pay").getByRole("button", { name: tr(locale, "balance.ui.close") }).last().click();
    await expect(page.getByTestId("balance-total")).toContainText("88.80");
    await expect(page.getByTestId("balance-log-row").first()).toContainText(tr(locale, "balance.type.1"));
    await expect(page.getByTestId("balance-log-row").first()).toContainText("+88.80");
    expect(errors).toEqual([]);
  });
}
