/**
 * One language per page: an island's data reads in the language of the page's URL, whatever the
 * lang cookie says (it only remembers the last switch), and area names are shown in the viewer's
 * language. A fresh buyer (address in 上海市 徐汇区, typed in ASCII) with a cart line and an unpaid
 * order; the lang cookie is set to another locale before each page:
 * - on /en/… the islands of the cart, checkout, payment, my orders, order detail and the address
 *   book (with the picker's province / city / district lists) show no Han character;
 * - on /zh-tw/… the same address reads 上海市徐匯區 (traditional), on /… 上海市徐汇区.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { freshBuyer, HAN, islandsReady, prefix, tr, type Locale } from "./helpers.ts";

const P50 = { prodId: 50, shopId: 2, skuId: 209 };
const STREET = "Nanjing Road 100, room 8";

/** The visible text of every island of the page. */
async function islandText(page: Page): Promise<string> {
  return page.locator("astro-island").evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText).join("\n"));
}

/** Lines of the islands' text with a Han character, prefixed by the page (empty when none). */
async function hanLines(page: Page): Promise<string[]> {
  const path = new URL(page.url()).pathname;
  return (await islandText(page))
    .split("\n")
    .filter((line) => HAN.test(line))
    .map((line) => `${path}: ${line.trim()}`);
}

async function setLangCookie(context: BrowserContext, baseURL: string, lang: Locale): Promise<void> {
  await context.addCookies([{ name: "lang", value: lang, url: baseURL }]);
}

/** The option labels of a select of the address dialog, once it has more than its placeholder. */
async function optionLabels(page: Page, locale: Locale, field: "province" | "city" | "area"): Promise<string[]> {
  const select = page.getByTestId("uc-address-dialog").getByLabel(tr(locale, `userCenter.address.${field}`));
  await expect(select.locator("option").nth(1)).toBeAttached();
  return select.locator("option").allTextContents();
}

test("pages follow their URL's locale, not the lang cookie; areas in the viewer's language", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const api = await freshBuyer(request, context, baseURL!, "pl");
  const added = await api("POST", "/p/shopCart/changeItem", { ...P50, count: 1 });
  expect(added.code, JSON.stringify(added)).toBe("00000");
  const cart = await api<{ shopCartItemDiscounts: { shopCartItems: { basketId: number }[] }[] }[]>(
    "POST",
    "/p/shopCart/info",
    {},
  );
  const basketId = cart.data[0]!.shopCartItemDiscounts[0]!.shopCartItems[0]!.basketId;
  const conf = await api<{ uuid: string }>("POST", "/p/order/confirm", {
    orderItem: { prodId: P50.prodId, skuId: P50.skuId, prodCount: 1, shopId: P50.shopId },
  });
  expect(conf.code, JSON.stringify(conf)).toBe("00000");
  const sub = await api<{ orderNumbers: string }>("POST", "/p/order/submit", { uuid: conf.data.uuid });
  expect(sub.code, JSON.stringify(sub)).toBe("00000");
  const orderNumber = sub.data.orderNumbers;

  // English pages after a switch to 繁體中文 (and to 简体中文): nothing Chinese in the islands.
  const found: string[] = [];
  for (const cookie of ["zh-tw", "zh"] as Locale[]) {
    await setLangCookie(context, baseURL!, cookie);

    await page.goto("/en/cart");
    await islandsReady(page);
    await expect(page.getByTestId("cart-line-name").first()).toBeVisible();
    found.push(...(await hanLines(page)));

    await page.goto(`/en/submit-order?basketIds=${basketId}`);
    await islandsReady(page);
    await expect(page.getByTestId("so-ship-to")).toContainText(`${STREET}, Xuhui District, Shanghai`);
    found.push(...(await hanLines(page)));

    await page.goto(`/en/payment?orderNumbers=${orderNumber}`);
    await islandsReady(page);
    await expect(page.getByTestId("payment-counter")).toContainText(`${STREET}, Xuhui District, Shanghai`);
    found.push(...(await hanLines(page)));

    await page.goto("/en/user-center/uc-order");
    await islandsReady(page);
    await expect(page.getByTestId("mo-card").first()).toBeVisible();
    found.push(...(await hanLines(page)));

    await page.goto(`/en/order-detail?orderNumber=${orderNumber}`);
    await islandsReady(page);
    await expect(page.getByTestId("mo-address")).toContainText(`${STREET}, Xuhui District, Shanghai`);
    found.push(...(await hanLines(page)));
  }

  // The address book and its picker on an English page, with the cookie on zh-tw.
  await setLangCookie(context, baseURL!, "zh-tw");
  await page.goto("/en/user-center/uc-address");
  await islandsReady(page);
  await expect(page.getByTestId("uc-address-item")).toContainText(`${STREET}, Xuhui District, Shanghai`);
  await page.getByTestId("uc-address-edit").click();
  const provinces = await optionLabels(page, "en", "province");
  expect(provinces).toEqual(expect.arrayContaining(["Shanghai", "Guangdong", "Inner Mongolia", "Hong Kong"]));
  const cities = await optionLabels(page, "en", "city");
  expect(cities).toContain("City Districts");
  const districts = await optionLabels(page, "en", "area");
  expect(districts).toContain("Xuhui District");
  for (const label of [...provinces, ...cities, ...districts]) if (HAN.test(label)) found.push(`picker: ${label}`);
  // Another province's lists come in English too.
  await page.getByTestId("uc-address-dialog").getByLabel(tr("en", "userCenter.address.province")).selectOption("44");
  await expect
    .poll(async () => (await optionLabels(page, "en", "city")).includes("Shenzhen"), { timeout: 10_000 })
    .toBe(true);
  await page.getByTestId("uc-address-dialog").getByLabel(tr("en", "userCenter.address.city")).selectOption("4403");
  await expect
    .poll(async () => (await optionLabels(page, "en", "area")).includes("Nanshan District"), { timeout: 10_000 })
    .toBe(true);
  found.push(...(await hanLines(page)));
  expect(found, "Han characters on English pages").toEqual([]);

  // Chinese pages with the cookie on English: traditional names on /zh-tw/, simplified on /.
  await setLangCookie(context, baseURL!, "en");
  for (const [locale, region, wrong] of [
    ["zh-tw", "上海市徐匯區", "徐汇"],
    ["zh", "上海市徐汇区", "徐匯"],
  ] as const) {
    await page.goto(`${prefix(locale)}/order-detail?orderNumber=${orderNumber}`);
    await islandsReady(page);
    await expect(page.getByTestId("mo-address")).toContainText(`${region}${STREET}`);
    await page.goto(`${prefix(locale)}/user-center/uc-address`);
    await islandsReady(page);
    await expect(page.getByTestId("uc-address-item")).toContainText(`${region}${STREET}`);
    await page.getByTestId("uc-address-edit").click();
    expect(await optionLabels(page, locale, "area")).toContain(region.slice(3));
    expect(await islandText(page)).not.toContain(wrong);
  }
});
