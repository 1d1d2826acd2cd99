/**
 * Opening a store in a real browser, once per locale (docs/store-application.md): a fresh buyer
 * (registered through the API, logged in by its token cookie) fills the application at
 * /user-center/uc-shopaccount — the SPEC §5 messages on an empty submit, then every field with
 * four uploaded images (previews shown) → "under review"; the platform rejects it with the ops CLI
 * → the reason is shown and the form comes back pre-filled → modified and resubmitted; the
 * platform approves (CLI) → the buyer sets the store account and password → the seller centre
 * link shows, the merchant login works, the new shop's page says "not opened" until the platform
 * opens it (CLI), then shows the shop.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { PNG } from "pngjs";
import { runOps } from "../../scripts/ops/main.ts";
import { islandsReady, prefix, tr, watchErrors, type Locale } from "./helpers.ts";

const OUTBOX = path.join(process.env.MALL_E2E_DATA_DIR ?? "", "sms-outbox.jsonl");
const TOKENS = path.join(os.tmpdir(), `store-e2e-ops-${process.pid}.json`);

async function register(request: APIRequestContext, tag: string): Promise<string> {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const mobile = `136${n}`;
  const username = `sa${tag}_${n}`.slice(0, 16);
  const sentAt = Date.now();
  expect((await (await request.post("/api/sms/sendRegisterCode", { data: { mobile } })).json()).code).toBe("00000");
  let code = "";
  await expect
    .poll(
      () => {
        if (!fs.existsSync(OUTBOX)) return "";
        const lines = fs
          .readFileSync(OUTBOX, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { mobile: string; purpose: string; code: string; at: string });
        const hit = lines
          .reverse()
          .find((l) => l.mobile === mobile && l.purpose === "register" && Date.parse(l.at) >= sentAt - 1000);
        return (code = hit?.code ?? "");
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  const body = await (
    await request.post("/api/user/register", {
      data: {
        userName: username,
        password: "abc12345",
        confirmPassword: "abc12345",
        mobile,
        validCode: code,
        agreed: true,
      },
    })
  ).json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  return body.data.accessToken as string;
}

function png(r: number, g: number, b: number): Buffer {
  const img = new PNG({ width: 24, height: 24 });
  for (let i = 0; i < img.data.length; i += 4) {
    img.data[i] = r;
    img.data[i + 1] = g;
    img.data[i + 2] = b;
    img.data[i + 3] = 255;
  }
  return PNG.sync.write(img);
}

/** Runs the ops CLI against the server under test; answers its output. */
async function ops(baseURL: string, ...argv: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(["--url", baseURL, ...argv], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { MALL_OPS_TOKEN_FILE: TOKENS },
  });
  expect(code, err.join("\n")).toBe(0);
  return out.join("\n");
}

const CASES: { locale: Locale; tag: string }[] = [
  { locale: "zh", tag: "zh" },
  { locale: "zh-tw", tag: "tw" },
  { locale: "en", tag: "en" },
];

for (const { locale, tag } of CASES) {
  test(`store application journey (${locale}): apply → rejected → resubmit → approved → store account → not opened until opened`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    const token = await register(request, tag);
    await context.addCookies([{ name: "token", value: token, url: baseURL! }]);
    const auth = { headers: { Authorization: token } };
    const url = `${prefix(locale)}/user-center/uc-shopaccount`;

    // The top bar's "open a store" leads to the application.
    await page.goto(`${prefix(locale)}/`);
    const openStore = page.getByTestId("topbar-open-store");
    await expect(openStore).toHaveText(tr(locale, "layout.topbar.openStore"));
    await openStore.click();
    await page.waitForURL((u) => u.pathname === url);
    await islandsReady(page);
    const state = page.getByTestId("store-application-state");
    await expect(state).toHaveAttribute("data-step", "apply");
    await expect(page.getByTestId("store-application-next")).toHaveText(tr(locale, "storeApplication.state.apply"));

    // Empty submit: the SPEC §5 messages in this language, nothing sent.
    await page.getByTestId("store-application-submit").click();
    const form = page.getByTestId("store-application-form");
    await expect(form).toContainText(tr(locale, "rules.storeNameRequired"));
    await expect(form).toContainText(tr(locale, "rules.storeDescLength"));
    await expect(form).toContainText(tr(locale, "storeApplication.rules.logoRequired"));
    await expect(page.getByTestId("sa-shopName")).toBeFocused();

    // A name with a special character, a too short address.
    const shopName = `Tea${tag}${Date.now().toString().slice(-7)}`;
    await page.getByTestId("sa-shopName").fill(`${shopName}!`);
    await page.getByTestId("sa-addr").fill("abc");
    await page.getByTestId("store-application-submit").click();
    await expect(form).toContainText(tr(locale, "rules.storeNameChars"));
    await expect(form).toContainText(tr(locale, "rules.addressTooShort"));

    await page.getByTestId("sa-shopName").fill(shopName);
    await page.getByTestId("sa-mobile").fill("13912345678");
    await page.getByTestId("uc-area-province").selectOption("44");
    await page.getByTestId("uc-area-city").selectOption("4403");
    await page.getByTestId("uc-area-area").selectOption("440305");
    await page.getByTestId("sa-addr").fill("Keyuan Road 88, Nanshan");
    await page.getByTestId("sa-intro").fill("Hand-picked green teas and tea sets.");
    await page.getByTestId("sa-type-2").check();
    const colours: [number, number, number][] = [
      [200, 30, 30],
      [30, 160, 60],
      [30, 60, 200],
      [220, 180, 20],
    ];
    for (const [i, field] of (
      ["shopLogo", "businessLicense", "identityCardFront", "identityCardLater"] as const
    ).entries()) {
      await page
        .getByTestId(`sa-${field}-input`)
        .setInputFiles({ name: `${field}.png`, mimeType: "image/png", buffer: png(...colours[i]!) });
      await expect(page.getByTestId(`sa-${field}`).locator("img")).toHaveAttribute(
        "src",
        // The shop logo is public (previewed from its ladder); the licence and ID cards go to the
        // private folder and are shown from their private preview (owner-only, never the document).
        field === "shopLogo"
          ? /^\/uploads\/store\/[0-9a-f-]{36}\.png-[0-9a-f]{12}-\d+\.(?:png|jpg)$/
          : /^\/uploads\/identity\/[0-9a-f-]{36}\.png-preview-480\.webp$/,
      );
      // The owner's page loads it (the login cookie opens it).
      await expect
        .poll(() =>
          page
            .getByTestId(`sa-${field}`)
            .locator("img")
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
    }
    await page.getByTestId("store-application-submit").click();
    await expect(state).toHaveAttribute("data-step", "wait");
    await expect(page.getByTestId("store-application-next")).toHaveText(tr(locale, "storeApplication.state.wait"));
    await expect(page.getByTestId("store-application-form")).toHaveCount(0);

    const mine = (await (await request.get("/api/p/storeApplication", auth)).json()).data as { applyId: number };
    const listed = await ops(baseURL!, "applications", "--status", "0");
    expect(listed).toContain(shopName);
    expect(await ops(baseURL!, "application", String(mine.applyId))).toContain("/uploads/store/");

    // Rejected by the platform: the reason, the form pre-filled; modify and resubmit.
    await ops(baseURL!, "reject", String(mine.applyId), "--reason", "The licence photo is blurred");
    await page.reload();
    await islandsReady(page);
    await expect(state).toHaveAttribute("data-step", "resubmit");
    await expect(page.getByTestId("store-application-reason")).toContainText("The licence photo is blurred");
    await expect(page.getByTestId("sa-shopName")).toHaveValue(shopName);
    await expect(page.getByTestId("uc-area-area")).toHaveValue("440305");
    await expect(page.getByTestId("sa-businessLicense").locator("img")).toHaveCount(1);
    await page.getByTestId("sa-intro").fill("Hand-picked green teas, tea sets and a clear licence.");
    await page.getByTestId("store-application-submit").click();
    await expect(state).toHaveAttribute("data-step", "wait");

    // Approved (not yet open): set the store account and password.
    const approved = await ops(baseURL!, "approve", String(mine.applyId));
    const shopId = Number(/shop (\d+) created/.exec(approved)![1]);
    await page.reload();
    await islandsReady(page);
    await expect(state).toHaveAttribute("data-step", "setAccount");
    const account = `tea${tag}${Date.now().toString().slice(-6)}`;
    await page.getByTestId("sa-account-username").fill(account);
    await page.getByTestId("sa-account-password").fill("abc12");
    await page.getByTestId("sa-account-confirmPassword").fill("abc12");
    await page.getByTestId("store-account-save").click();
    await expect(page.getByTestId("store-account-form")).toContainText(tr(locale, "rules.storePasswordInvalid"));
    await page.getByTestId("sa-account-password").fill("tea123");
    await page.getByTestId("sa-account-confirmPassword").fill("tea124");
    await page.getByTestId("store-account-save").click();
    await expect(page.getByTestId("store-account-form")).toContainText(tr(locale, "rules.confirmPasswordMismatch"));
    await page.getByTestId("sa-account-confirmPassword").fill("tea123");
    await page.getByTestId("store-account-save").click();
    await expect(state).toHaveAttribute("data-step", "notOpen");
    await expect(page.getByTestId("store-account-current")).toContainText(account);
    await expect(page.getByTestId("store-seller-centre")).toHaveAttribute("href", /^https?:\/\//);
    await expect(page.getByTestId("store-seller-centre")).toHaveAttribute("target", "_blank");
    const login = await (
      await request.post("/api/merchant/login", { data: { username: account, password: "tea123" } })
    ).json();
    expect(login.data.shopId).toBe(shopId);

    // The user center overview shows the state; the shop page says "not opened" until the platform opens it.
    await page.goto(`${prefix(locale)}/user-center`);
    await expect(page.getByTestId("uc-shop-block")).toContainText(tr(locale, "userCenter.overview.shop.notOpen"));
    await page.goto(`${prefix(locale)}/shopIndex?sid=${shopId}`);
    await expect(page.getByTestId("shop-gate-message")).toHaveText(tr(locale, "shop.gate.notOpened"));
    await ops(baseURL!, "shop", "open", String(shopId));
    await page.goto(`${prefix(locale)}/shopIndex?sid=${shopId}`);
    await expect(page.getByTestId("shop-gate-message")).toHaveCount(0);
    await expect(page.locator("body")).toContainText(shopName);
    await page.goto(url);
    await islandsReady(page);
    await expect(state).toHaveAttribute("data-step", "open");
    await expect(page.getByTestId("store-enter-shop")).toHaveAttribute(
      "href",
      `${prefix(locale)}/shopIndex?sid=${shopId}`,
    );
    expect(errors).toEqual([]);
  });
}
