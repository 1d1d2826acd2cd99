/**
 * A React form never loses what a person typed before its island hydrated (SPEC; issue
 * "Hardening" item 12). The island's script is held back by route interception, the text is
 * typed into the server-rendered form, then the script is released: after hydration the fields
 * still hold the text and the form submits it.
 */
import { expect, test, type Page } from "@playwright/test";
import { islandsReady, tr } from "./helpers.ts";

/** Holds back the island chunks matching `re` until the returned function is called. */
async function holdIsland(page: Page, re: RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(re, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test("login: text typed before hydration is kept and submitted", async ({ page }) => {
  const release = await holdIsland(page, /\/_astro\/AuthPages\.[\w-]+\.js$/);
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await expect(page.locator("astro-island[ssr]")).toHaveCount(1);
  await page.locator("#login-page-username").pressSequentially("demo");
  await page.locator("#login-page-password").pressSequentially("Demo1234");
  const agree = page.locator("#login-page-agree");
  if (await agree.count()) await agree.check();
  release();
  await islandsReady(page);
  await expect(page.locator("#login-page-username")).toHaveValue("demo");
  await expect(page.locator("#login-page-password")).toHaveValue("Demo1234");
  // The form's state holds the text too: submitting logs in (no "account name" error).
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === "token" && c.value !== ""))
    .toBe(true);
});

test("register: text typed before hydration is kept through the next render", async ({ page }) => {
  const release = await holdIsland(page, /\/_astro\/AuthPages\.[\w-]+\.js$/);
  await page.goto("/register", { waitUntil: "domcontentloaded" });
  await page.locator("#register-username").pressSequentially("early_bird");
  await page.locator("#register-password").pressSequentially("abc12345");
  await page.locator("#register-confirmPassword").pressSequentially("abc12345");
  await page.locator("#register-mobile").pressSequentially("13912345678");
  release();
  await islandsReady(page);
  // Submitting re-renders the form from its state: only the missing code is reported.
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-code-error")).toHaveText(tr("zh", "rules.smsCodeRequired"));
  await expect(page.getByTestId("register-username-error")).toHaveCount(0);
  await expect(page.getByTestId("register-mobile-error")).toHaveCount(0);
  await expect(page.locator("#register-username")).toHaveValue("early_bird");
  await expect(page.locator("#register-confirmPassword")).toHaveValue("abc12345");
  await expect(page.locator("#register-mobile")).toHaveValue("13912345678");
});

test("user center: a form renders no field before its island hydrates, so nothing typed can be lost", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const body = await (await request.post("/api/login", { data: { userName: "demo", passWord: "Demo1234" } })).json();
  await context.addCookies([{ name: "token", value: body.data.accessToken as string, url: baseURL! }]);
  const release = await holdIsland(page, /\/_astro\/Password\.[\w-]+\.js$/);
  await page.goto("/user-center/uc-password", { waitUntil: "domcontentloaded" });
  const island = page.locator("astro-island[ssr]").filter({ has: page.getByTestId("uc-password") });
  await expect(island).toHaveCount(1);
  await expect(island.locator("input, textarea, select")).toHaveCount(0);
  release();
  await islandsReady(page);
  const field = page.getByTestId("uc-password").locator("input[type=password]").first();
  await field.pressSequentially("abc12345");
  await expect(field).toHaveValue("abc12345");
});
