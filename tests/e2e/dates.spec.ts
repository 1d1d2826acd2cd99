/**
 * One date style per kind in every locale (docs/design.md "Dates and countdowns"): the times of
 * server pages (the home notices, the notice list) and of islands (the demo buyer's orders and
 * points history) are a date-time "2026-11-27 09:05", a date "2026-11-27" or a short "11-27" — never
 * a month name, AM/PM, a slash date or seconds.
 */
import { expect, test, type Page } from "@playwright/test";
import { demoToken } from "./routes.ts";
import { islandsReady, LOCALES, prefix } from "./helpers.ts";

const STYLES = [/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, /^\d{4}-\d{2}-\d{2}$/, /^\d{2}-\d{2}$/];

async function texts(page: Page, selector: string): Promise<string[]> {
  await expect(page.locator(selector).first()).toBeVisible();
  return (await page.locator(selector).allTextContents()).map((s) => s.trim());
}

for (const locale of LOCALES) {
  test(`${locale}: every time shown on the home page, the notices, my orders and my points has one of the three styles`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await context.addCookies([{ name: "token", value: await demoToken(request), url: baseURL! }]);
    const p = prefix(locale);
    const shown: string[] = [];
    await page.goto(`${p}/`);
    shown.push(...(await texts(page, '[data-testid="home-notices"] time')));
    await page.goto(`${p}/notice-list`);
    shown.push(...(await texts(page, "main time")));
    await page.goto(`${p}/user-center/uc-order`);
    await islandsReady(page);
    shown.push(...(await texts(page, ".mo-time")));
    await page.goto(`${p}/user-center/uc-integral`);
    await islandsReady(page);
    shown.push(...(await texts(page, '[data-testid="points-log-row"] td:first-child')));
    expect(shown.length).toBeGreaterThan(8);
    const odd = shown.filter((s) => !STYLES.some((re) => re.test(s)));
    expect(odd, `times of ${locale}`).toEqual([]);
  });
}
