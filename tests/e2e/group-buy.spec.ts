/**
 * Group buy in the browser (docs/group-buy.md): journey in three locales — a buyer
 * opens a 2-person team from the product page and pays (order "grouping", team page reachable
 * from the order); a second buyer in another browser context joins that team from the product
 * page and pays; both orders are then pending delivery.
 */
import { expect, test } from "@playwright/test";
import { maskNickname } from "../../src/lib/group-buy/group-buy.ts";
import {
  freshBuyer,
  giveBalance,
  islandsReady,
  LOCALES,
  prefix,
  submitAndPayByBalance,
  watchErrors,
} from "./helpers.ts";

/** A countdown with its units in any of the three languages ("23 h 59 min 58 s", "23小时59分58秒"). */
const COUNTDOWN = /(\d+ ?(h|小时|小時) ?)?\d{2} ?(min|分) ?\d{2} ?(s|秒)$/;

test.describe.configure({ mode: "serial" });

for (const locale of LOCALES) {
  test(`${locale}: open a team, a second buyer joins it, both orders to pending delivery`, async ({
    page,
    context,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const p = prefix(locale);
    const acts = (await (await request.get("/api/group/activities")).json()).data.records as {
      prodId: number;
      groupNumber: number;
    }[];
    const prodId = acts.find((a) => a.groupNumber === 2)!.prodId;

    const leader = await freshBuyer(request, context, baseURL!, `gl${locale.replace("-", "")}`);
    await giveBalance(request, leader.username, "2000");
    await page.goto(`${p}/detail/${prodId}`);
    await page.getByTestId("gb-open").click();
    await page.waitForURL(/\/submit-order\?/);
    const n1 = await submitAndPayByBalance(page, p);
    expect((await leader<number>("GET", `/p/myOrder/getOrderStatus?orderNumber=${n1}`)).data).toBe(7);
    await islandsReady(page);
    await page.getByTestId("mo-group-team").click();
    await expect(page.getByTestId("gt-status")).toHaveAttribute("data-status", "1");
    // The team's time left is a countdown with its units, never a clock-like "22:52:12".
    await expect(page.locator(".gt-timer")).toHaveText(COUNTDOWN);

    const other = await browser.newContext();
    const page2 = await other.newPage();
    const member = await freshBuyer(request, other, baseURL!, `gm${locale.replace("-", "")}`);
    await giveBalance(request, member.username, "2000");
    await page2.goto(`${p}/detail/${prodId}`);
    const row = page2.getByTestId("gb-team").filter({ hasText: maskNickname(leader.username) });
    await expect(row.locator(".gb-team-left")).toHaveText(COUNTDOWN);
    await row.getByTestId("gb-join").click();
    await page2.waitForURL(/\/submit-order\?/);
    const n2 = await submitAndPayByBalance(page2, p);

    expect((await member<number>("GET", `/p/myOrder/getOrderStatus?orderNumber=${n2}`)).data).toBe(2);
    expect((await leader<number>("GET", `/p/myOrder/getOrderStatus?orderNumber=${n1}`)).data).toBe(2);
    await page.reload();
    await expect(page.getByTestId("gt-status")).toHaveAttribute("data-status", "2");
    await other.close();
    expect(errors).toEqual([]);
  });
}
