/**
 * Flash sale in the browser (docs/flash-sale.md): journey in three locales with a fresh
 * buyer each — /flash-sale (session on now) → /secdetail → confirm order → pay by balance → paid;
 * and (one locale) the home's flash block lists only activities on now; a product's own page shows
 * its flash sale on now (price, countdown, link), in its URL's language whatever the lang cookie
 * says; a session starting in a few
 * seconds shows ghost "not started" links on /flash-sale and a disabled buy button, both on without a reload.
 */
import { expect, test } from "@playwright/test";
import {
  freshBuyer,
  giveBalance,
  HAN,
  islandsReady,
  LOCALES,
  prefix,
  submitAndPayByBalance,
  tr,
  watchErrors,
  type Locale,
} from "./helpers.ts";

test.describe.configure({ mode: "serial" });

for (const locale of LOCALES) {
  test(`${locale}: flash sale list → detail → confirm → pay`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const api = await freshBuyer(request, context, baseURL!, `fs${locale.replace("-", "")}`);
    await giveBalance(request, api.username, "1000");

    await page.goto(`${p}/flash-sale`);
    const panel = page.locator('[data-testid="fs-panel"]:visible');
    await expect(panel.getByTestId("fs-item").first()).toBeVisible();
    await panel.getByTestId("fs-item").first().getByRole("link").last().click();
    await page.waitForURL(/\/secdetail\/\d+$/);
    await expect(page.getByTestId("sd-buy")).toBeEnabled();
    await expect(page.getByTestId("sd-product-link")).toHaveText(`${tr(locale, "flashSale.productDetails")} ›`);
    await expect(page.getByTestId("sd-product-link")).toHaveAttribute("href", new RegExp(`^${p}/detail/\\d+$`));
    const price = (await page.getByTestId("sd-price").textContent())!;
    await page.getByTestId("sd-buy").click();

    await page.waitForURL(/\/secdetail\/confirm-order\?/);
    await islandsReady(page);
    await expect(page.getByTestId("submit-order")).toContainText(price);
    // The flash price is the line's unit price, not the SKU price less a "shop promotion";
    // "back" leads to the flash-sale product, not to a cart the buyer never used.
    await expect(page.getByTestId("so-line").locator("span").first()).toHaveText(price);
    await expect(page.getByTestId("so-shop-discount")).toHaveCount(0);
    await expect(page.getByTestId("so-back")).toHaveText(tr(locale, "submitOrder.backToFlashSale"));
    await expect(page.getByTestId("so-back")).toHaveAttribute("href", new RegExp(`^${p}/secdetail/\\d+$`));
    const orderNumber = await submitAndPayByBalance(page, p);
    expect((await api<number>("GET", `/p/myOrder/getOrderStatus?orderNumber=${orderNumber}`)).data).toBe(2);
    expect(errors).toEqual([]);
  });
}

test("the home's flash block shows only activities on now while a session is on", async ({ page, request }) => {
  const sessions = (await (await request.get("/api/seckill/sessions")).json()).data as {
    activityStatus: number;
    activities: { seckillId: number; activityStatus: number }[];
  }[];
  const live = new Set(
    sessions.flatMap((s) => s.activities.filter((a) => a.activityStatus === 2).map((a) => `/secdetail/${a.seckillId}`)),
  );
  test.skip(live.size === 0, "no flash session on now");
  await page.goto("/");
  const links = page.getByTestId("block-limited_skill").locator('a[href*="/secdetail/"]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(hrefs.filter((h) => !live.has(h))).toEqual([]);
});

test("a product in the flash sale on now says so on its own page: flash price, countdown, link to its flash page", async ({
  page,
  request,
}) => {
  const sessions = (await (await request.get("/api/seckill/sessions")).json()).data as {
    activities: {
      seckillId: number;
      prodId: number;
      activityStatus: number;
      seckillTotalStocks: number;
      seckillPrice: string;
    }[];
  }[];
  const live = sessions.flatMap((s) => s.activities).find((a) => a.activityStatus === 2 && a.seckillTotalStocks > 0);
  test.skip(!live, "no flash activity on now with units left");
  await page.goto(`/en/detail/${live!.prodId}`);
  const line = page.getByTestId("dp-flash");
  await expect(line).toBeVisible();
  await expect(page.getByTestId("dp-flash-price")).toContainText(`¥${live!.seckillPrice}`);
  await expect(line).toContainText(/On now · ends at \d\d:\d\d/);
  await expect(line.locator("[data-countdown-end]")).toHaveText(/^Ends in \d+ h \d\d min \d\d s$/);
  await page.getByTestId("dp-flash-link").click();
  await page.waitForURL(new RegExp(`/en/secdetail/${live!.seckillId}$`));
  await expect(page.getByTestId("sd-price")).toContainText(live!.seckillPrice);
  // The flash page's countdown carries its units too, never a clock-like "01:59:37".
  await expect(page.locator("[data-flash-timer]").first()).toHaveText(/^Ends in (\d+ h )?\d{2} min \d{2} s$/);
});

test("the flash line of a product's page reads in its URL's language whatever the lang cookie says", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const sessions = (await (await request.get("/api/seckill/sessions")).json()).data as {
    activities: { prodId: number; activityStatus: number; seckillTotalStocks: number }[];
  }[];
  const live = sessions.flatMap((s) => s.activities).find((a) => a.activityStatus === 2 && a.seckillTotalStocks > 0);
  test.skip(!live, "no flash activity on now with units left");
  /** A template of the locale as a pattern: its words exactly, numbers where it has placeholders. */
  const pattern = (locale: Locale, key: string, inner?: string) =>
    tr(locale, key)
      .split(/(\{\{\w+\}\})/)
      .map((part) =>
        /^\{\{\w+\}\}$/.test(part)
          ? part === "{{time}}" && inner
            ? inner
            : part === "{{end}}"
              ? "\\d\\d:\\d\\d"
              : "\\d+"
          : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("");
  for (const locale of LOCALES)
    for (const cookie of LOCALES.filter((c) => c !== locale)) {
      const what = `${locale} page, lang=${cookie}`;
      await context.clearCookies();
      await context.addCookies([{ name: "lang", value: cookie, url: baseURL! }]);
      await page.goto(`${prefix(locale)}/detail/${live!.prodId}`);
      const line = page.getByTestId("dp-flash");
      await expect(line.locator("h2"), what).toHaveText(tr(locale, "flashSale.productLabel"));
      await expect(line.locator(".fo-when"), what).toHaveText(
        new RegExp(`^${pattern(locale, "flashSale.productLive")}$`),
      );
      await expect(line.locator("[data-countdown-end]"), what).toHaveText(
        new RegExp(`^${pattern(locale, "discount.endsIn", pattern(locale, "discount.hours"))}$`),
      );
      await expect(page.getByTestId("dp-flash-price").locator(".visually-hidden"), what).toHaveText(
        tr(locale, "flashSale.flashPrice"),
      );
      await expect(page.getByTestId("dp-flash-link"), what).toHaveText(`${tr(locale, "flashSale.toSale")} ›`);
      // No word of another language anywhere on the line.
      const text = await line.innerText();
      if (locale === "en") expect(text, what).not.toMatch(HAN);
      else expect(text, what).not.toMatch(/[A-Za-z]/);
    }
});

test("a session not started: ghost 'not started' links and a disabled buy button, both on at the start without a reload", async ({
  page,
  request,
}) => {
  const login = await (
    await request.post("/api/merchant/login", { data: { username: "shop07", password: "Shop1234" } })
  ).json();
  const token = login.data.accessToken as string;
  const call = async (path: string, data: unknown) => {
    const r = await (await request.post(`/api${path}`, { headers: { authorization: token }, data })).json();
    expect(r.code, JSON.stringify(r)).toBe("00000");
    return r.data;
  };
  // A product of shop 7 and its first SKU.
  const page1 = await (await request.get("/api/search/searchProdPage?shopId=7&current=1&size=1")).json();
  const prodId = page1.data.records[0].prodId as number;
  const sku = (
    (await (await request.get(`/api/prod/prodInfo?prodId=${prodId}`)).json()).data.skuList as {
      skuId: number;
      price: string;
    }[]
  )[0]!;
  const start = new Date(Date.now() + 12_000);
  const { sessionId } = await call("/merchant/flash/sessions", {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 3600_000).toISOString(),
  });
  const { seckillId } = await call("/merchant/flash/activities", {
    sessionId,
    prodId,
    maxNum: 1,
    payMinutes: 5,
    skus: [{ skuId: sku.skuId, price: (Number(sku.price) / 2).toFixed(2), stocks: 5 }],
  });
  // Both pages opened before the start (12 s after the session was made), then left alone.
  await page.goto(`/flash-sale?session=${sessionId}`);
  const go = page.locator(`[data-seckill-id="${seckillId}"]`).getByTestId("fs-go");
  await expect(go).toHaveText(tr("zh", "flashSale.notStartedButton"));
  await expect(go).toHaveClass(/\bbtn-ghost\b/);
  const detail = await page.context().newPage();
  await detail.goto(`/secdetail/${seckillId}`);
  const buy = detail.getByTestId("sd-buy");
  await expect(buy).toBeDisabled();
  let navigations = 0;
  for (const p of [page, detail])
    p.on("framenavigated", (f) => {
      if (f === p.mainFrame()) navigations++;
    });
  await expect(buy).toBeEnabled({ timeout: 15_000 });
  await expect(go).toHaveText(tr("zh", "flashSale.view"));
  await expect(go).not.toHaveClass(/\bbtn-ghost\b/);
  expect(navigations).toBe(0);
});
