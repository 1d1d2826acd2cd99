/**
 * /notice-detail?id=&shopId=: a notice shows under its own shop's id (0: the platform's) or with no
 * shopId; a shop's notice opened with another shop's id, or a platform notice with a shop's id, is
 * the not-found page (404). The seed has one notice of shop 1.
 */
import { expect, test } from "@playwright/test";
import { LOCALES, prefix, tr } from "./helpers.ts";

for (const locale of LOCALES) {
  const p = prefix(locale);

  test(`${locale}: a shop's notice shows under its shop only; a platform notice under no shop`, async ({
    page,
    request,
  }) => {
    // The shop's notice list links its notices with the shop's id.
    await page.goto(`${p}/notice-list?shopId=1`);
    const link = page.locator(".nl-items a").first();
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(new RegExp(`^${p}/notice-detail\\?id=\\d+&shopId=1$`));
    const id = /id=(\d+)/.exec(href)![1]!;
    const title = (await link.innerText()).trim();
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    const notFound = async (url: string) => {
      const res = await page.goto(url);
      expect(res!.status(), url).toBe(404);
      await expect(page.getByText(tr(locale, "notfound.message"))).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: title })).toHaveCount(0);
    };
    await notFound(`${p}/notice-detail?id=${id}&shopId=2`);
    await notFound(`${p}/notice-detail?id=${id}&shopId=0`);
    await notFound(`${p}/notice-detail?id=${id}&shopId=abc`);
    expect((await request.get(`${p}/notice-detail?id=${id}`)).status()).toBe(200);

    // A platform notice (the home page's list) shows without a shopId and with 0, never with a shop's.
    await page.goto(`${p}/notice-list`);
    const platform = page.locator(".nl-items a").first();
    const platformHref = (await platform.getAttribute("href"))!;
    expect(platformHref).not.toContain("shopId");
    const platformId = /id=(\d+)/.exec(platformHref)![1]!;
    expect((await request.get(`${p}/notice-detail?id=${platformId}`)).status()).toBe(200);
    expect((await request.get(`${p}/notice-detail?id=${platformId}&shopId=0`)).status()).toBe(200);
    const wrong = await page.goto(`${p}/notice-detail?id=${platformId}&shopId=1`);
    expect(wrong!.status()).toBe(404);
    await expect(page.getByTestId("notfound-back")).toBeVisible();
  });
}
