/**
 * Accounts in a real browser (SPEC §2 login behaviour, §4 login state, §5 login error codes):
 * register → logout → password login → logout → SMS login (zh; the SMS login as the demo buyer,
 * so that the journey does not wait for the one-minute resend limit of the mobile that just got
 * its registration code); the popup's client checks
 * (codes 1, 2, 3, 4, 6) and its loading on demand (zh-tw); an action needing login opens the
 * popup; closing it on the user center returns home; the forgotten-password flow with its 3 s
 * redirect and ?redirect= on /login (en); axe on the open popup and /register.
 * SMS codes come from the dev outbox `${DATA_DIR}/sms-outbox.jsonl` (playwright.config.ts sets
 * DATA_DIR from MALL_E2E_DATA_DIR).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { home, islandsReady, outboxCode, prefix, resendAllowed, tr, watchErrors, type Locale } from "./helpers.ts";
import { demoToken } from "./routes.ts";

/** A fresh mainland mobile number and username for this run. */
function freshAccount(tag: string): { username: string; mobile: string; password: string } {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return { username: `${tag}_${n}`.slice(0, 16), mobile: `139${n}`, password: "abc12345" };
}

/** The demo buyer's mobile (README "Demo account"). */
const DEMO_MOBILE = "13800138000";

/** The demo buyer's nickname now. */
async function demoNickName(request: APIRequestContext): Promise<string> {
  const headers = { Authorization: await demoToken(request) };
  return (await (await request.get("/api/p/user/userInfo", { headers })).json()).data.nickName as string;
}

/** Registers through the API (for tests that need an existing account). */
async function registerByApi(request: APIRequestContext, acc: ReturnType<typeof freshAccount>): Promise<void> {
  const sentAt = Date.now();
  const sent = await request.post("/api/sms/sendRegisterCode", { data: { mobile: acc.mobile } });
  expect((await sent.json()).code).toBe("00000");
  const validCode = await outboxCode(acc.mobile, sentAt, "register");
  const res = await request.post("/api/user/register", {
    data: {
      userName: acc.username,
      password: acc.password,
      confirmPassword: acc.password,
      mobile: acc.mobile,
      validCode,
      agreed: true,
    },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
}

async function openPopup(page: Page) {
  await page.locator("[data-login-link]").first().click();
  const popup = page.getByRole("dialog");
  await expect(popup).toBeVisible();
  expect(await popup.getAttribute("data-login-popup")).not.toBeNull();
  await expect(popup).toHaveAttribute("aria-modal", "true");
  return popup;
}

async function expectLoggedIn(page: Page, nickname: string) {
  await expect(page.locator("[data-user-member]")).toBeVisible();
  await expect(page.locator("[data-user-nickname]")).toHaveText(nickname);
  await expect(page.locator("[data-user-visitor]")).toBeHidden();
  expect((await page.context().cookies()).some((c) => c.name === "token" && c.value)).toBe(true);
}

async function logout(page: Page, locale: Locale) {
  // The nickname menu opens on hover (a click would toggle it shut again).
  await page.locator("[data-user-member]").hover();
  // The wallet row loads its values in place: "Log out" does not move under the pointer.
  const before = await page.locator("[data-user-logout]").boundingBox();
  await expect(page.getByTestId("topbar-wallet")).not.toHaveAttribute("data-loading");
  expect(await page.locator("[data-user-logout]").boundingBox()).toEqual(before);
  await page.locator("[data-user-logout]").click();
  await expect(page.locator("[data-user-visitor]")).toBeVisible();
  await expect(page.locator("[data-user-member]")).toBeHidden();
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "token")).toBe(false);
  expect(new URL(page.url()).pathname).toBe(home(locale));
}

async function axeBlocking(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("zh: register, log out, log in by password, log out, log in by SMS", async ({ page, request }) => {
  test.setTimeout(150_000);
  const locale: Locale = "zh";
  const errors = watchErrors(page);
  const acc = freshAccount("zh");

  // Register (terms switches are on in the demo data).
  await page.goto("/register");
  await islandsReady(page);
  await page.getByLabel(tr(locale, "account.username"), { exact: true }).fill(acc.username);
  await page.getByLabel(tr(locale, "account.password"), { exact: true }).fill(acc.password);
  await page.getByLabel(tr(locale, "account.registerForm.confirmPassword"), { exact: true }).fill(acc.password);
  await page.getByLabel(tr(locale, "account.mobile"), { exact: true }).fill(acc.mobile);
  const registerSentAt = Date.now();
  await page.getByTestId("sms-code-button").click();
  await expect(page.getByTestId("sms-code-button")).toBeDisabled();
  await expect(page.getByTestId("sms-code-button")).toHaveText(/(60|59)/);
  await page
    .getByLabel(tr(locale, "account.smsCode"), { exact: true })
    .fill(await outboxCode(acc.mobile, registerSentAt, "register"));
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-agree-error")).toHaveText(tr(locale, "rules.termsRequired"));
  await page.locator("#register-agree").check();
  await page.getByTestId("register-submit").click();
  await page.waitForURL((u) => u.pathname === "/");
  await expectLoggedIn(page, acc.username);

  await logout(page, locale);

  // Password login in the popup: the page reloads, logged in.
  let popup = await openPopup(page);
  await popup.getByLabel(tr(locale, "account.username"), { exact: true }).fill(acc.username);
  await popup.getByLabel(tr(locale, "account.password"), { exact: true }).fill("wrong-pass1");
  await popup.locator("#login-popup-agree").check();
  await popup.getByTestId("login-submit").click();
  await expect(popup.getByTestId("login-form-error")).toBeVisible();
  await popup.getByLabel(tr(locale, "account.password"), { exact: true }).fill(acc.password);
  await popup.getByTestId("login-submit").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectLoggedIn(page, acc.username);

  await logout(page, locale);

  // SMS login, as the demo buyer: the new account's mobile got its code less than a minute ago,
  // and the server sends one code per mobile per minute (API tests cover that refusal).
  popup = await openPopup(page);
  await popup.getByTestId("login-tab-mobile").click();
  const mobileInput = popup.getByLabel(tr(locale, "account.mobile"), { exact: true });
  await expect(mobileInput).toHaveAttribute("maxlength", "11");
  await mobileInput.fill(DEMO_MOBILE);
  await resendAllowed(page, DEMO_MOBILE);
  const loginSentAt = Date.now();
  await popup.getByTestId("sms-code-button").click();
  await expect(popup.getByTestId("sms-code-button")).toHaveText(/(60|59)/);
  await popup
    .getByLabel(tr(locale, "account.smsCode"), { exact: true })
    .fill(await outboxCode(DEMO_MOBILE, loginSentAt, "login"));
  await popup.locator("#login-popup-agree").check();
  await popup.getByTestId("login-submit").click();
  await expectLoggedIn(page, await demoNickName(request));
  expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});

test("zh-tw: browse pages load no React; the popup loads on demand and checks codes 1, 2, 3, 4, 6", async ({
  page,
}) => {
  const locale: Locale = "zh-tw";
  const scripts: string[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() !== "script") return;
    scripts.push(await res.text().catch(() => ""));
  });
  await page.goto(home(locale));
  await page.waitForLoadState("networkidle");
  // react-dom's production build names its error decoder page (React 18: reactjs.org, 19: react.dev).
  const hasReact = () => scripts.some((s) => /reactjs\.org\/docs\/error-decoder|react\.dev\/errors/.test(s));
  expect(scripts.length).toBeGreaterThan(0);
  expect(hasReact(), "React before the popup opens").toBe(false);

  const popup = await openPopup(page);
  expect(hasReact(), "React loaded with the popup").toBe(true);
  // Focus is inside the dialog.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);

  const submit = popup.getByTestId("login-submit");
  const username = popup.getByLabel(tr(locale, "account.username"), { exact: true });
  // 3: bad username
  await submit.click();
  await expect(popup.getByTestId("login-popup-username-error")).toHaveText(tr(locale, "rules.usernameInvalid"));
  await expect(username).toHaveAttribute("aria-invalid", "true");
  await expect(username).toHaveAttribute("aria-describedby", "login-popup-username-error");
  // 4: empty password
  await username.fill("abcd_1");
  await submit.click();
  await expect(popup.getByTestId("login-popup-password-error")).toHaveText(tr(locale, "rules.passwordRequired"));
  // 6: terms not agreed
  await popup.getByLabel(tr(locale, "account.password"), { exact: true }).fill("whatever1");
  await submit.click();
  await expect(popup.getByTestId("login-popup-agree-error")).toHaveText(tr(locale, "rules.termsRequired"));
  // Terms links (localized, new tab).
  await expect(popup.getByRole("link", { name: tr(locale, "account.serviceTerms") })).toHaveAttribute(
    "href",
    `${prefix(locale)}/termsPage?sts=0`,
  );
  await expect(popup.getByRole("link", { name: tr(locale, "account.privacyPolicy") })).toHaveAttribute(
    "href",
    `${prefix(locale)}/termsPage?sts=1`,
  );
  await expect(popup.getByRole("link", { name: tr(locale, "account.privacyPolicy") })).toHaveAttribute(
    "target",
    "_blank",
  );

  // Mobile tab: 1 invalid phone, 2 empty code.
  await popup.getByRole("tab", { name: tr(locale, "account.tabMobile") }).click();
  await expect(popup.getByRole("tab", { name: tr(locale, "account.tabMobile") })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await submit.click();
  await expect(popup.getByTestId("login-popup-mobile-error")).toHaveText(tr(locale, "rules.mobileInvalid"));
  await popup.getByLabel(tr(locale, "account.mobile"), { exact: true }).fill("1380013800099");
  await expect(popup.getByLabel(tr(locale, "account.mobile"), { exact: true })).toHaveValue("13800138000");
  await submit.click();
  await expect(popup.getByTestId("login-popup-code-error")).toHaveText(tr(locale, "rules.smsCodeRequired"));
  // Get code checks the number first.
  await popup.getByLabel(tr(locale, "account.mobile"), { exact: true }).fill("12345");
  await popup.getByTestId("sms-code-button").click();
  await expect(popup.getByTestId("login-popup-mobile-error")).toHaveText(tr(locale, "rules.mobileInvalid"));

  // Esc closes; the page stays.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(home(locale));
});

test("zh-tw: adding to cart as a visitor opens the login popup", async ({ page }) => {
  await page.goto("/zh-tw/detail/1");
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.waitForTimeout(600);
  expect(new URL(page.url()).pathname).toBe("/zh-tw/detail/1");
  await page.getByTestId("login-popup-close").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe("/zh-tw/detail/1");
});

test("en: the user center opens the popup for visitors; closing it returns home", async ({ page }) => {
  const res = await page.goto("/en/user-center");
  expect(res?.status()).toBe(200);
  // No click: the page itself opens the popup for a visitor.
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  expect(await dialog.getAttribute("data-login-popup")).not.toBeNull();
  await page.getByTestId("login-popup-close").click();
  await page.waitForURL((u) => u.pathname === "/en/");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("en: forgotten password → new password → /login after 3 s → log in with ?redirect=", async ({ page, request }) => {
  test.setTimeout(120_000);
  const locale: Locale = "en";
  // A new account: its mobile got its registration code just now, and the server sends one code
  // per mobile per minute, so the reset code waits for that minute (every seeded buyer's password
  // is some other test's).
  const acc = freshAccount("en");
  await registerByApi(request, acc);
  const newPassword = "New_pass9";

  await page.goto("/en/forget-password");
  await islandsReady(page);
  await page.getByTestId("forget-next").click();
  await expect(page.getByTestId("forget-mobile-error")).toHaveText(tr(locale, "rules.mobileRequired"));
  await page.getByLabel(tr(locale, "account.mobile"), { exact: true }).fill(acc.mobile);
  await resendAllowed(page, acc.mobile);
  const sentAt = Date.now();
  await page.getByTestId("sms-code-button").click();
  await expect(page.getByTestId("sms-code-button")).toHaveText(/Resend in (60|59)s/);
  await page
    .getByLabel(tr(locale, "account.smsCode"), { exact: true })
    .fill(await outboxCode(acc.mobile, sentAt, "reset"));
  await page.getByTestId("forget-next").click();

  await expect(page.getByTestId("forget-step2")).toBeVisible();
  await page.getByLabel(tr(locale, "account.forget.newPassword"), { exact: true }).fill("short");
  await page.getByLabel(tr(locale, "account.registerForm.confirmPassword"), { exact: true }).fill("short");
  await page.getByTestId("forget-submit").click();
  await expect(page.getByTestId("forget-password-error")).toHaveText(tr(locale, "rules.passwordInvalid"));
  await page.getByLabel(tr(locale, "account.forget.newPassword"), { exact: true }).fill(newPassword);
  await page.getByLabel(tr(locale, "account.registerForm.confirmPassword"), { exact: true }).fill("Other_pass9");
  await page.getByTestId("forget-submit").click();
  await expect(page.getByTestId("forget-confirmPassword-error")).toHaveText(
    tr(locale, "rules.confirmPasswordMismatch"),
  );
  await page.getByLabel(tr(locale, "account.registerForm.confirmPassword"), { exact: true }).fill(newPassword);
  await page.getByTestId("forget-submit").click();

  await expect(page.getByTestId("forget-done")).toBeVisible();
  const doneAt = Date.now();
  await expect(page.getByTestId("forget-countdown")).toHaveText(/in [1-3]s/);
  await page.waitForURL((u) => u.pathname === "/en/login", { timeout: 8_000 });
  await islandsReady(page);
  expect(Date.now() - doneAt).toBeGreaterThanOrEqual(2_000);

  // /login with a redirect: the old password fails, the new one works and goes to ?redirect=.
  await page.goto("/en/login?redirect=%2Fen%2Flist%3Fst%3D1");
  await islandsReady(page);
  const form = page.getByTestId("login-page");
  await form.getByLabel(tr(locale, "account.username"), { exact: true }).fill(acc.username);
  await form.getByLabel(tr(locale, "account.password"), { exact: true }).fill(acc.password);
  await form.locator("#login-page-agree").check();
  await form.getByTestId("login-submit").click();
  await expect(form.getByTestId("login-form-error")).toBeVisible();
  await form.getByLabel(tr(locale, "account.password"), { exact: true }).fill(newPassword);
  await form.getByTestId("login-submit").click();
  await page.waitForURL((u) => u.pathname === "/en/list" && u.searchParams.get("st") === "1");
  await expectLoggedIn(page, acc.username);
});

test("axe: the open popup (en) and /register (zh) have no serious or critical violations", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/en/");
  await openPopup(page);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-popup-username-error")).toBeVisible();
  expect(await axeBlocking(page, "[data-login-popup]"), "popup (account tab)").toEqual([]);
  await page.getByTestId("login-tab-mobile").click();
  expect(await axeBlocking(page, "[data-login-popup]"), "popup (mobile tab)").toEqual([]);

  await page.goto("/register");
  await islandsReady(page);
  expect(await axeBlocking(page), "/register").toEqual([]);
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-username-error")).toBeVisible();
  expect(await axeBlocking(page), "/register with errors").toEqual([]);
});
