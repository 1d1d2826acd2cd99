/**
 * Virtual goods in a real browser (SPEC §9; docs/virtual-goods.md), once per locale, each with
 * another of the three seeded products of shop 1 (long-term, n days, same day): a fresh buyer
 * with balance opens the product page (kind, validity, refund rule), buys it now — the checkout
 * has the "no shipping address" note instead of the address section and no freight — pays by
 * balance and finds on the order detail each write-off code as text and QR with its validity,
 * and on the order list the line's validity rule, all in the page's language.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  freshBuyer,
  giveBalance,
  islandsReady,
  prefix,
  submitAndPayByBalance,
  tr,
  watchErrors,
  type Locale,
} from "./helpers.ts";

type Rule = "long" | "days" | "sameDay";
const CASES: { locale: Locale; keyword: string; rule: Rule; days: number; refundable: boolean }[] = [
  { locale: "zh", keyword: "服务券", rule: "days", days: 30, refundable: true },
  { locale: "zh-tw", keyword: "门票", rule: "sameDay", days: 0, refundable: false },
  { locale: "en", keyword: "礼品卡", rule: "long", days: 0, refundable: true },
];

/** The seeded virtual product of shop 1 whose Chinese name holds `keyword`. */
async function virtualProduct(request: APIRequestContext, keyword: string): Promise<number> {
  const list = await (
    await request.get("/api/search/searchProdPage", { params: { shopId: 1, keyword, current: 1, size: 10 } })
  ).json();
  const ids = (list.data.records as { prodId: number }[]).map((r) => r.prodId);
  for (const prodId of ids) {
    const info = (await (await request.get("/api/prod/prodInfo", { params: { prodId } })).json()).data;
    if (info.mold === 1) return prodId;
  }
  throw new Error(`no virtual product "${keyword}" in ${JSON.stringify(ids)}`);
}

/** The validity rule as the pages word it. */
function ruleText(locale: Locale, rule: Rule, days: number): string {
  if (rule === "long") return tr(locale, "order.virtual.ruleLongTerm");
  if (rule === "sameDay") return tr(locale, "order.virtual.ruleSameDay");
  return tr(locale, "order.virtual.ruleDays").replaceAll("{{days}}", String(days));
}

/** The Beijing calendar date `days` after today (Beijing), YYYY-MM-DD. */
function beijingDate(days: number): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

for (const c of CASES) {
  test(`${c.locale}: virtual product → buy now without address → pay → write-off codes`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const errors = watchErrors(page);
    const p = prefix(c.locale);
    const prodId = await virtualProduct(request, c.keyword);
    const api = await freshBuyer(request, context, baseURL!, `vg${c.locale.replace("-", "")}`);
    await giveBalance(request, api.username, "500");
    const rule = ruleText(c.locale, c.rule, c.days);
    const refundRule = tr(c.locale, c.refundable ? "order.virtual.refundable" : "order.virtual.nonRefundable");

    // Product page: kind, validity and refund rule.
    await page.goto(`${p}/detail/${prodId}`);
    const box = page.getByTestId("dp-virtual");
    await expect(box).toContainText(tr(c.locale, "order.virtual.kind"));
    await expect(page.getByTestId("dp-virtual-rule")).toHaveText(rule);
    await expect(box).toContainText(refundRule);
    const price = (await page.getByTestId("sku-price").textContent())!.trim();

    // Checkout: the note instead of the address section, the line's kind and validity, no freight.
    await page.getByTestId("buy-now").click();
    await page.waitForURL((u) => u.pathname === `${p}/submit-order` && u.searchParams.get("prodId") === String(prodId));
    await islandsReady(page);
    await expect(page.getByTestId("so-virtual-note")).toHaveText(tr(c.locale, "submitOrder.virtualNoAddress"));
    await expect(page.getByTestId("so-address")).toHaveCount(0);
    await expect(page.getByTestId("so-virtual")).toContainText(rule);
    await expect(page.getByTestId("so-total-freight")).toHaveText("¥0.00");
    await expect(page.getByTestId("so-total-pay")).toContainText(`¥${price}`);

    // Pay by balance → order detail: one code as text and QR, its validity, no address.
    const orderNumber = await submitAndPayByBalance(page, p);
    await islandsReady(page);
    await expect(page.getByTestId("mo-detail-status")).toHaveText(tr(c.locale, "order.virtual.statusToUse"));
    await expect(page.getByTestId("mo-detail-hint")).toHaveText(tr(c.locale, "order.virtual.hintToUse"));
    await expect(page.locator('[data-testid="mo-steps"] li')).toHaveCount(3);
    const codes = page.getByTestId("wo-code");
    await expect(codes).toHaveCount(1);
    await expect(codes.first()).toHaveAttribute("data-state", "unused");
    await expect(page.getByTestId("wo-text")).toHaveText(
      /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
    );
    const code = (await page.getByTestId("wo-text").textContent())!;
    const qr = page.getByTestId("wo-qr");
    await expect(qr).toBeVisible();
    // Drawn as an SVG: sharp at every screen density.
    await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml;charset=utf-8,/);
    await expect(qr).toHaveAttribute("alt", tr(c.locale, "order.virtual.qrAlt").replace("{{code}}", code));
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId("wo-valid")).toHaveText(
      c.rule === "long"
        ? tr(c.locale, "order.virtual.validLongTerm")
        : tr(c.locale, "order.virtual.validUntil").replace("{{date}}", beijingDate(c.days)),
    );
    await expect(page.getByTestId("wo-rule")).toContainText(rule);
    await expect(page.getByTestId("wo-rule")).toContainText(refundRule);
    await expect(page.getByTestId("mo-address")).toHaveText(tr(c.locale, "order.virtual.noAddress"));

    // Order list: the badge and the line's validity rule.
    await page.goto(`${p}/user-center/uc-order`);
    const card = page.locator(`[data-testid="mo-card"][data-order-number="${orderNumber}"]`);
    await expect(card.getByTestId("mo-type-virtual")).toHaveText(tr(c.locale, "order.virtual.kind"));
    await expect(card.getByTestId("mo-virtual-rule")).toHaveText(rule);
    await expect(card.getByTestId("mo-status")).toHaveText(tr(c.locale, "order.virtual.statusToUse"));
    // Listed under "To be used", not under "Pending delivery"; no logistics; after-sales only if refundable.
    await expect(page.getByTestId("mo-tab-8")).toContainText(tr(c.locale, "order.tab.toUse"));
    await expect(card.getByTestId("mo-logistics")).toHaveCount(0);
    await expect(card.getByTestId("mo-after-sales")).toHaveCount(c.refundable ? 1 : 0);
    await page.getByTestId("mo-tab-8").click();
    await expect(page).toHaveURL(/status=8/);
    await expect(card).toHaveCount(1);
    await page.getByTestId("mo-tab-2").click();
    await expect(page).toHaveURL(/status=2/);
    await expect(card).toHaveCount(0);
    if (!c.refundable) {
      // An old link to the application page: the refusal with a way back, not a dead end.
      await page.goto(`${p}/user-center/apply-return?orderNumber=${orderNumber}`);
      await expect(page.getByTestId("ar-none")).toContainText(tr(c.locale, "refund.virtualNonRefundable"));
      await page.getByTestId("ar-back-order").click();
      await expect(page).toHaveURL(new RegExp(`/order-detail\\?orderNumber=${orderNumber}`));
    }
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
  });
}
