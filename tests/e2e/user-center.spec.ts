/**
 * The user center in a real browser (SPEC §2 /user-center children, §3, §5), once per locale
 * with a fresh account registered through the API (its SMS code read from the dev outbox
 * `${DATA_DIR}/sms-outbox.jsonl`) and logged in by putting its token in the "token" cookie:
 * overview and axe; profile nickname + avatar upload (a PNG made here) → the header nickname
 * follows; address add / edit / delete with the area picker; collecting a product on its detail
 * page and a shop on its header → both listed in uc-collection; the visited product in
 * uc-footprint, deleted there. zh also changes the password (the new token keeps the session)
 * and checks the guest state (login popup).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { PNG } from "pngjs";
import { islandsReady, outboxCode, prefix, tr, watchErrors, type Locale } from "./helpers.ts";

const SHOP_ID = 1;

interface Account {
  username: string;
  mobile: string;
  password: string;
  token: string;
}

function freshIdentity(tag: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return { username: `uc${tag}_${n}`.slice(0, 16), mobile: `137${n}`, password: "abc12345" };
}

/** Registers a new buyer through the API; the answer is its token. */
async function register(request: APIRequestContext, tag: string): Promise<Account> {
  const id = freshIdentity(tag);
  const sentAt = Date.now();
  const sent = await request.post("/api/sms/sendRegisterCode", { data: { mobile: id.mobile } });
  expect((await sent.json()).code).toBe("00000");
  const validCode = await outboxCode(id.mobile, sentAt);
  const res = await request.post("/api/user/register", {
    data: {
      userName: id.username,
      password: id.password,
      confirmPassword: id.password,
      mobile: id.mobile,
      validCode,
      agreed: true,
    },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  return { ...id, token: body.data.accessToken as string };
}

async function logIn(context: BrowserContext, baseURL: string, token: string) {
  await context.addCookies([{ name: "token", value: token, url: baseURL }]);
}

/** A small valid PNG (16×16, red). */
function tinyPng(): Buffer {
  const png = new PNG({ width: 16, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 220;
    png.data[i + 1] = 30;
    png.data[i + 2] = 20;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

async function axeBlocking(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** An on-sale product of the demo data (first of the product search). */
async function someProductId(request: APIRequestContext, index: number): Promise<number> {
  const res = await request.get("/api/search/searchProdPage", { params: { current: 1, size: 10 } });
  const body = await res.json();
  return body.data.records[index].prodId as number;
}

const LOCALE_CASES: { locale: Locale; tag: string; prodIndex: number }[] = [
  { locale: "zh", tag: "zh", prodIndex: 0 },
  { locale: "zh-tw", tag: "tw", prodIndex: 1 },
  { locale: "en", tag: "en", prodIndex: 2 },
];

for (const { locale, tag, prodIndex } of LOCALE_CASES) {
  test(`${locale}: profile, addresses, collection and footprints`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const acc = await register(request, tag);
    await logIn(context, baseURL!, acc.token);

    // Overview: private page, the island loads the user; axe clean.
    const resp = await page.goto(`${p}/user-center`);
    expect(resp?.headers()["cache-control"]).toContain("no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByTestId("uc-overview-nickname")).toContainText(acc.username);
    await expect(page.getByTestId("uc-order-counts")).toBeVisible();
    await expect(
      page.getByTestId("uc-side-menu").getByRole("link", { name: tr(locale, "userCenter.menu.address") }),
    ).toHaveAttribute("href", `${p}/user-center/uc-address`);
    expect(await axeBlocking(page), "serious/critical axe violations on /user-center").toEqual([]);

    // Profile: nickname + avatar → header nickname changes.
    await page.goto(`${p}/user-center/uc-account`);
    await islandsReady(page);
    const nick = `${tag}昵称${Date.now() % 1000}`;
    const nickInput = page.getByLabel(tr(locale, "userCenter.account.nickname"));
    await expect(nickInput).toHaveValue(acc.username);
    await nickInput.fill("");
    await page.getByTestId("uc-account-save").click();
    await expect(page.getByText(tr(locale, "rules.nicknameRequired"))).toBeVisible();
    await nickInput.fill(nick);
    await page
      .getByTestId("uc-avatar-input")
      .setInputFiles({ name: "a.png", mimeType: "image/png", buffer: tinyPng() });
    // Previewed from the image ladder (a variant of the upload), never the stored file.
    await expect(page.getByTestId("uc-avatar-preview")).toHaveAttribute(
      "src",
      /^\/uploads\/avatar\/[^/]+\.png-[0-9a-f]{12}-\d+\.(?:png|jpg)$/,
    );
    await page.getByTestId("uc-account-save").click();
    await expect(page.locator("[data-user-nickname]")).toHaveText(nick);
    await page.reload();
    await expect(nickInput).toHaveValue(nick);
    await expect(page.getByTestId("uc-avatar-preview")).toHaveAttribute("src", /^\/uploads\/avatar\//);
    // A file that is not an image is refused before uploading.
    await page
      .getByTestId("uc-avatar-input")
      .setInputFiles({ name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByText(tr(locale, "userCenter.account.avatarType"))).toBeVisible();

    // Addresses: add with the area picker (first → default), edit, delete.
    await page.goto(`${p}/user-center/uc-address`);
    await islandsReady(page);
    // The designed empty state: an icon, a sentence and its call to action (opens the form).
    const noAddress = page.getByTestId("uc-address-empty");
    await expect(noAddress).toBeVisible();
    await expect(noAddress.locator("svg")).toBeVisible();
    await expect(noAddress).toContainText(tr(locale, "userCenter.address.empty"));
    await noAddress.getByRole("button", { name: tr(locale, "userCenter.address.add") }).click();
    const dialog = page.getByTestId("uc-address-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("uc-address-save").click();
    await expect(dialog.getByText(tr(locale, "address.receiverRequired"))).toBeVisible();
    await dialog.getByLabel(tr(locale, "userCenter.address.receiver")).fill("王小明");
    await dialog.getByLabel(tr(locale, "userCenter.address.mobile")).fill("13800138000");
    await dialog.getByLabel(tr(locale, "userCenter.address.province")).selectOption("11");
    await dialog.getByLabel(tr(locale, "userCenter.address.city")).selectOption("1101");
    await dialog.getByLabel(tr(locale, "userCenter.address.area")).selectOption("110105");
    await dialog.getByLabel(tr(locale, "userCenter.address.addr")).fill("建国");
    await dialog.getByTestId("uc-address-save").click();
    await expect(dialog.getByText(tr(locale, "rules.addressTooShort"))).toBeVisible();
    await dialog.getByLabel(tr(locale, "userCenter.address.addr")).fill("建国路88号1号楼");
    await dialog.getByTestId("uc-address-save").click();
    await expect(dialog).toBeHidden();
    const item = page.getByTestId("uc-address-item");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("王小明");
    await expect(item).toContainText("建国路88号1号楼");
    await expect(item.getByTestId("uc-address-default")).toBeVisible();

    await item.getByTestId("uc-address-edit").click();
    await expect(dialog.getByLabel(tr(locale, "userCenter.address.area"))).toHaveValue("110105");
    await dialog.getByLabel(tr(locale, "userCenter.address.receiver")).fill("王大明");
    await dialog.getByLabel(tr(locale, "userCenter.address.city")).selectOption("1101");
    await dialog.getByLabel(tr(locale, "userCenter.address.area")).selectOption("110108");
    await dialog.getByTestId("uc-address-save").click();
    await expect(dialog).toBeHidden();
    await expect(item).toContainText("王大明");

    await item.getByTestId("uc-address-delete").click();
    await page.getByTestId("uc-confirm-ok").click();
    await expect(page.getByTestId("uc-address-empty")).toBeVisible();

    // Collect a product on its page and a shop on its header.
    const prodId = await someProductId(request, prodIndex);
    await page.goto(`${p}/detail/${prodId}`);
    const collect = page.getByTestId("collect");
    await expect(collect).toHaveAttribute("aria-pressed", "false");
    await collect.click();
    await expect(collect).toHaveAttribute("aria-pressed", "true");
    await page.goto(`${p}/shopIndex?sid=${SHOP_ID}`);
    const shopCollect = page.getByTestId("shop-collect");
    await shopCollect.click();
    await expect(shopCollect).toHaveAttribute("aria-pressed", "true");

    await page.goto(`${p}/user-center/uc-collection`);
    await islandsReady(page);
    await expect(page.locator(`[data-testid="uc-collection-prod"][data-prod-id="${prodId}"]`)).toBeVisible();
    await page.getByRole("tab", { name: tr(locale, "userCenter.collection.tabs.shops") }).click();
    const shopRow = page.locator(`[data-testid="uc-collection-shop"][data-shop-id="${SHOP_ID}"]`);
    await expect(shopRow).toBeVisible();
    await shopRow.getByTestId("uc-collection-unfollow").click();
    await expect(page.getByTestId("uc-collection-empty")).toBeVisible();
    await page.getByRole("tab", { name: tr(locale, "userCenter.collection.tabs.prods") }).click();
    await page
      .locator(`[data-testid="uc-collection-prod"][data-prod-id="${prodId}"]`)
      .getByTestId("uc-collection-cancel")
      .click();
    await expect(page.getByTestId("uc-collection-empty")).toBeVisible();

    // The visited product is in the footprints (grouped by day); delete it.
    await page.goto(`${p}/user-center/uc-footprint`);
    await islandsReady(page);
    const fp = page.locator(`[data-testid="uc-footprint-item"][data-prod-id="${prodId}"]`);
    await expect(fp).toBeVisible();
    await expect(page.getByTestId("uc-footprint-day").first()).toHaveAttribute("data-day", /^\d{4}-\d{2}-\d{2}$/);
    await fp.getByTestId("uc-footprint-delete").click();
    const noFootprint = page.getByTestId("uc-footprint-empty");
    await expect(noFootprint.locator("svg")).toBeVisible();
    await expect(
      noFootprint.getByRole("link", { name: tr(locale, "userCenter.collection.browseProds") }),
    ).toHaveAttribute("href", `${p}/list?st=0`);

    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
}

test("zh: change password keeps the session; guests get the login popup", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const acc = await register(request, "pw");
  await logIn(context, baseURL!, acc.token);
  await page.goto("/user-center/uc-password");
  await islandsReady(page);
  await expect(page.getByTestId("uc-password-form")).toHaveAttribute("data-mode", "old");
  await page.getByLabel(tr("zh", "userCenter.password.old")).fill(acc.password);
  await page.getByLabel(tr("zh", "userCenter.password.new"), { exact: true }).fill("abc");
  await page.getByLabel(tr("zh", "userCenter.password.confirm")).fill("abd");
  await page.getByTestId("uc-password-save").click();
  await expect(page.getByText(tr("zh", "rules.passwordInvalid"))).toBeVisible();
  await page.getByLabel(tr("zh", "userCenter.password.new"), { exact: true }).fill("newpass123");
  await page.getByLabel(tr("zh", "userCenter.password.confirm")).fill("newpass123");
  await page.getByTestId("uc-password-save").click();
  await expect(page.getByText(tr("zh", "userCenter.password.done"))).toBeVisible();
  const token = (await context.cookies()).find((c) => c.name === "token")?.value;
  expect(token).toBeTruthy();
  expect(token).not.toBe(acc.token);
  await page.goto("/user-center");
  await expect(page.getByTestId("uc-overview-nickname")).toContainText(acc.username);
  const login = await request.post("/api/login", { data: { userName: acc.username, passWord: "newpass123" } });
  expect((await login.json()).code).toBe("00000");

  // Guest: the island asks to log in and the popup opens.
  await context.clearCookies();
  await page.goto("/user-center/uc-address");
  await islandsReady(page);
  await expect(page.getByTestId("uc-need-login")).toBeVisible();
  // The popup itself (role dialog), not the veil that stands for it while its code loads: for a
  // moment both carry [data-login-popup].
  await expect(page.getByRole("dialog").and(page.getByTestId("login-popup"))).toBeVisible();
});
