/**
 * Chat in a real browser (docs/chat.md), one journey per locale with a fresh buyer: from a
 * product page "contact seller" opens /chat with that shop and a card of the product; the buyer
 * sends the card, a text and a picture; the shop's agent answers through the ops CLI
 * (`npm run ops -- chat list / reply`, run in-process) and the answer appears without reload;
 * a later answer shows the top bar's unread badge, which clears once the conversation is read.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { runOps } from "../../scripts/ops/main.ts";
import { animatedGif, photoJpeg } from "../fixtures/photos.ts";
import {
  freshBuyer,
  giveBalance,
  islandsReady,
  LOCALES,
  prefix,
  registerBuyer,
  submitAndPayByBalance,
  tr,
  watchErrors,
} from "./helpers.ts";

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Runs `npm run ops -- <args>` in-process against the test server; returns what it printed. */
async function ops(baseURL: string, tokenFile: string, ...args: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps([...args, "--url", baseURL, "--token-file", tokenFile], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: {},
  });
  expect(code, err.join("\n")).toBe(0);
  return out.join("\n");
}

for (const locale of LOCALES) {
  test(`${locale}: chat with a shop from a product page; the agent answers through the CLI`, async ({
    page,
    request,
    baseURL,
  }) => {
    const errors = watchErrors(page);
    const token = await registerBuyer(request, locale.replace("-", ""));
    const me = (await (await request.get("/api/p/user/userInfo", { headers: { Authorization: token } })).json())
      .data as { userId: string };
    await page.context().addCookies([{ name: "token", value: token, url: baseURL! }]);
    const tokenFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "chat-ops-")), "tokens.json");
    await ops(baseURL!, tokenFile, "login", "--user", "shop02", "--password", "Shop1234");

    // Product 1 belongs to shop 2: "contact seller" opens its conversation with a card of the product.
    await page.goto(`${prefix(locale)}/detail/1`);
    await page.getByTestId("contact-seller").click();
    await expect(page).toHaveURL(/\/chat\?shopId=2&prodId=1$/);
    await islandsReady(page);
    await expect(page.getByTestId("topbar")).toHaveCount(0);
    await expect(page.getByTestId("chat-title")).not.toBeEmpty();
    await page.getByTestId("chat-send-card").click();
    await expect(page.getByTestId("chat-product-card")).toBeVisible();

    const text = `<b>${locale}</b> hello 😀`;
    await page.getByTestId("chat-input").fill(text);
    await page.getByTestId("chat-input").press("Enter");
    const mine = page.locator('[data-testid="chat-message"][data-from="user"]').filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId("chat-state")).toHaveText(tr(locale, "chat.state.sent"));
    await expect(mine.locator(".chat-text b")).toHaveCount(0);
    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/p/file/uploadImFile");
    await page.getByTestId("chat-image-input").setInputFiles({ name: "p.png", mimeType: "image/png", buffer: PNG });
    expect((await (await uploaded).json()).data.filePath).toMatch(/^\/uploads\/chat\//);
    // Stored, not only shown while sending (a pending message has no state ticks): the agent's
    // count below includes it.
    const picture = page
      .locator('[data-testid="chat-message"][data-from="user"]')
      .filter({ has: page.locator('img[src^="/uploads/chat/"]') });
    await expect(picture.getByTestId("chat-state")).toHaveText(tr(locale, "chat.state.sent"));

    // The agent finds the conversation and answers: it appears without reload and is read at once.
    const list = JSON.parse(await ops(baseURL!, tokenFile, "chat", "list", "--json")) as {
      records: { conversationId: number; userId: string; unread: number }[];
    };
    const conv = list.records.find((r) => r.userId === me.userId)!;
    expect(conv.unread).toBe(3);
    await ops(baseURL!, tokenFile, "chat", "reply", String(conv.conversationId), "--text", `reply to ${locale}`);
    await expect(
      page.locator('[data-testid="chat-message"][data-from="agent"]').filter({ hasText: `reply to ${locale}` }),
    ).toBeVisible();
    await expect(page.getByTestId("chat-conv-unread")).toHaveCount(0);
    // The shop answered: it is online ("customer service is offline" goes away) and it read the
    // buyer's messages before answering (the answer's receipt turns the ticks to "read").
    await expect(page.getByTestId("chat-banner")).toHaveCount(0);
    await expect(mine.getByTestId("chat-state")).toHaveText(tr(locale, "chat.state.read"));
    await ops(baseURL!, tokenFile, "chat", "read", String(conv.conversationId));
    await expect(mine.getByTestId("chat-state")).toHaveText(tr(locale, "chat.state.read"));

    // A later answer while the buyer browses: the top bar badge shows it until the chat is read.
    await page.goto(`${prefix(locale)}/detail/1`);
    await ops(baseURL!, tokenFile, "chat", "reply", String(conv.conversationId), "--text", `later ${locale}`);
    await page.reload();
    await expect(page.getByTestId("topbar-chat-unread")).toBeVisible();
    await expect(page.getByTestId("topbar-chat-unread")).toContainText("1");
    await page.getByTestId("contact-seller").click();
    await expect(
      page.locator('[data-testid="chat-message"][data-from="agent"]').filter({ hasText: `later ${locale}` }),
    ).toBeVisible();
    await expect
      .poll(
        async () =>
          (await (await request.get("/api/p/chat/unread", { headers: { Authorization: token } })).json()).data.unread,
      )
      .toBe(0);
    await page.goto(`${prefix(locale)}/detail/1`);
    await expect(page.getByTestId("topbar-chat")).toBeVisible();
    await expect(page.getByTestId("topbar-chat-unread")).toBeHidden();
    expect(errors).toEqual([]);
  });
}

test("en: a card of another shop's product is refused; /huanxin-chat lands on /chat", async ({
  page,
  request,
  baseURL,
}) => {
  const token = await registerBuyer(request, "card");
  await page.context().addCookies([{ name: "token", value: token, url: baseURL! }]);
  await page.goto("/en/chat?shopId=1&prodId=1");
  await islandsReady(page);
  await expect(page.getByTestId("chat-card-offer")).toContainText(tr("en", "chat.errors.cardInvalid"));
  await page.goto("/en/huanxin-chat?shopId=0");
  await expect(page).toHaveURL(/\/en\/chat\?shopId=0$/);
  await expect(page.getByTestId("chat-title")).toHaveText(tr("en", "chat.officialService"));
});

test("en: the shop page, the order detail and the top bar open their conversations", async ({
  page,
  request,
  baseURL,
}) => {
  const api = await freshBuyer(request, page.context(), baseURL!, "chent");
  // The shop page's "contact seller" opens that shop's conversation.
  await page.goto("/en/shopIndex?sid=2");
  await page.getByTestId("shop-contact").click();
  await expect(page).toHaveURL(/\/en\/chat\?shopId=2$/);
  await islandsReady(page);
  await expect(page.getByTestId("chat-title")).not.toHaveText(tr("en", "chat.officialService"));
  await expect(page.getByTestId("chat-title")).not.toBeEmpty();
  // The top bar's customer service opens the official service.
  await page.goto("/en/");
  await page.getByTestId("topbar-chat").click();
  await expect(page).toHaveURL(/\/en\/chat\?shopId=0$/);
  await islandsReady(page);
  await expect(page.getByTestId("chat-title")).toHaveText(tr("en", "chat.officialService"));
  // An order's "contact seller" opens its shop with a card of the order to send.
  await giveBalance(request, api.username, "99999");
  const d = (await (await request.get("/api/prod/prodInfo?prodId=1")).json()).data as {
    skuList: { skuId: number; stocks: number; status: number }[];
  };
  const sku = d.skuList.find((s) => s.status === 1 && s.stocks > 0)!;
  await page.goto(`/en/submit-order?prodId=1&skuId=${sku.skuId}&count=1`);
  const orderNumber = await submitAndPayByBalance(page, "/en");
  await islandsReady(page);
  await page.getByTestId("mo-contact-seller").click();
  await expect(page).toHaveURL(new RegExp(`/en/chat\\?shopId=2&orderNumber=${orderNumber}$`));
  await islandsReady(page);
  await page.getByTestId("chat-send-card").click();
  await expect(page.getByTestId("chat-order-card")).toContainText(orderNumber);
});

test("en: the chat page's cart badge shows the cart's count", async ({ page, request, baseURL }) => {
  const token = await registerBuyer(request, "chatcart");
  const auth = { Authorization: token };
  const detail = (await (await request.get("/api/prod/prodInfo?prodId=66", { headers: auth })).json()).data as {
    shop: { shopId: number };
    skuList: { skuId: number; stocks: number }[];
  };
  const sku = detail.skuList.find((s) => s.stocks !== 0)!;
  const added = await (
    await request.post("/api/p/shopCart/changeItem", {
      headers: auth,
      data: { prodId: 66, skuId: sku.skuId, shopId: detail.shop.shopId, count: 3 },
    })
  ).json();
  expect(added.code, JSON.stringify(added)).toBe("00000");
  const count = (await (await request.get("/api/p/shopCart/prodCount", { headers: auth })).json()).data as number;
  expect(count).toBeGreaterThan(0);
  await page.context().addCookies([{ name: "token", value: token, url: baseURL! }]);
  await page.goto("/en/chat?shopId=0");
  await expect(page.getByTestId("topbar")).toHaveCount(0);
  await expect(page.getByTestId("search-header").getByTestId("cart-count")).toHaveText(String(count));
});

test("en: a real-size photo in the chat comes from the ladder — sent and in the history, never the original (#41)", async ({
  page,
  request,
  baseURL,
}) => {
  const errors = watchErrors(page);
  const token = await registerBuyer(request, "chatphoto");
  await page.context().addCookies([{ name: "token", value: token, url: baseURL! }]);
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("/en/chat?shopId=2");
  await islandsReady(page);
  // A 12 MP phone photo (landscape, under the buyers' 2 MB), made now.
  const photo = await photoJpeg({ orientation: 1, quality: 60, grain: 6, seed: 77 });
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/p/file/uploadImFile");
  await page
    .getByTestId("chat-image-input")
    .setInputFiles({ name: "IMG_7.JPG", mimeType: "image/jpeg", buffer: photo });
  const filePath = (await (await uploaded).json()).data.filePath as string;
  expect(filePath).toMatch(/^\/uploads\/chat\/[0-9a-f-]{36}\.jpg$/);

  const check = async () => {
    const mine = page
      .locator('[data-testid="chat-message"][data-from="user"]')
      .filter({ has: page.getByTestId("chat-picture") });
    await expect(mine.getByTestId("chat-state")).toHaveText(tr("en", "chat.state.sent"));
    const img = mine.getByTestId("chat-picture");
    // Fitted in the 240 px box at the photo's proportions (4:3), with the box's size and colour.
    await expect(img).toHaveAttribute("width", "240");
    await expect(img).toHaveAttribute("height", "180");
    await expect(img).toHaveAttribute("sizes", "240px");
    expect(await img.evaluate((i: HTMLImageElement) => getComputedStyle(i).backgroundColor)).not.toBe(
      "rgba(0, 0, 0, 0)",
    );
    const escaped = filePath.replaceAll(".", "\\.");
    await expect(img).toHaveAttribute("srcset", new RegExp(`^${escaped}-[0-9a-f]{12}-160\\.jpg 160w, `));
    await expect(mine.locator('picture source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      new RegExp(`${escaped}-[0-9a-f]{12}-320\\.avif 320w`),
    );
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    expect(await img.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(
      new RegExp(`${escaped}-[0-9a-f]{12}-(320|480)\\.avif$`),
    );
    // Its link opens the largest variant, not the stored upload.
    expect(await mine.locator("a:has([data-testid=chat-picture])").getAttribute("href")).toMatch(/-1920\.jpg$/);
  };
  await check();
  // The history read again (the message carries its picture: nothing asked, nothing original).
  await page.reload();
  await islandsReady(page);
  await check();
  expect(fetched.filter((p) => p === filePath)).toEqual([]);
  expect(errors).toEqual([]);
});

test("en: an animated GIF in the chat moves from the ladder — animated WebP, sent and in the history, never the original (#41)", async ({
  page,
  request,
  baseURL,
}) => {
  const errors = watchErrors(page);
  const token = await registerBuyer(request, "chatgif");
  await page.context().addCookies([{ name: "token", value: token, url: baseURL! }]);
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("/en/chat?shopId=2");
  await islandsReady(page);
  // A 480 × 270 GIF of 12 frames, made now.
  const gif = await animatedGif({ seed: 5 });
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/p/file/uploadImFile");
  await page.getByTestId("chat-image-input").setInputFiles({ name: "lol.gif", mimeType: "image/gif", buffer: gif });
  const filePath = (await (await uploaded).json()).data.filePath as string;
  expect(filePath).toMatch(/^\/uploads\/chat\/[0-9a-f-]{36}\.gif$/);

  const check = async () => {
    const mine = page
      .locator('[data-testid="chat-message"][data-from="user"]')
      .filter({ has: page.getByTestId("chat-picture") });
    await expect(mine.getByTestId("chat-state")).toHaveText(tr("en", "chat.state.sent"));
    const img = mine.getByTestId("chat-picture");
    // Fitted in the 240 px box at its proportions (16:9), with the placeholder colour.
    await expect(img).toHaveAttribute("width", "240");
    await expect(img).toHaveAttribute("height", "135");
    expect(await img.evaluate((i: HTMLImageElement) => getComputedStyle(i).backgroundColor)).not.toBe(
      "rgba(0, 0, 0, 0)",
    );
    const escaped = filePath.replaceAll(".", "\\.");
    // Animated WebP first, the animated GIF as the fallback; no still AVIF a browser would take first.
    await expect(mine.locator("picture source")).toHaveCount(1);
    await expect(mine.locator('picture source[type="image/webp"]')).toHaveAttribute(
      "srcset",
      new RegExp(
        `^${escaped}-[0-9a-f]{12}-160\\.webp 160w, ${escaped}-[0-9a-f]{12}-320\\.webp 320w, ${escaped}-[0-9a-f]{12}-480\\.webp 480w$`,
      ),
    );
    await expect(img).toHaveAttribute("srcset", new RegExp(`^${escaped}-[0-9a-f]{12}-160\\.gif 160w, `));
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    const shown = await img.evaluate((i: HTMLImageElement) => i.currentSrc);
    expect(shown).toMatch(new RegExp(`${escaped}-[0-9a-f]{12}-(320|480)\\.webp$`));
    // What the browser shows moves: every frame of the GIF.
    const frames = (await sharp(await (await request.get(shown)).body()).metadata()).pages;
    expect(frames).toBe(12);
    // Its link opens the largest animated copy, not the stored upload.
    expect(await mine.locator("a:has([data-testid=chat-picture])").getAttribute("href")).toMatch(
      new RegExp(`^${escaped}-[0-9a-f]{12}-480\\.gif$`),
    );
  };
  await check();
  await page.reload();
  await islandsReady(page);
  await check();
  expect(fetched.filter((p) => p === filePath)).toEqual([]);
  expect(errors).toEqual([]);
});
