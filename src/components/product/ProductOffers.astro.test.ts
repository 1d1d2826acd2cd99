/**
 * The product page's offer lines in the price panel: a discount coupon's tag reads its rate in the
 * page's language (the English text once showed its raw "{{off}}% off" placeholder); a flash sale
 * on now shows its flash price, when it ends and a link to its flash-sale page.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { beforeAll, describe, expect, it } from "vitest";
import { getT } from "../../i18n/index.ts";
import type { CouponDto } from "../../lib/coupon/coupon-types.ts";
import type { FlashActivityDto } from "../../lib/flash-sale/flash-sale.ts";
import type { Locale } from "../../lib/locale.ts";
import ProductOffers from "./ProductOffers.astro";

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const coupon = (id: number, type: 1 | 2, over: Partial<CouponDto> = {}): CouponDto => ({
  couponId: id,
  shopId: 3,
  shopName: "Shop",
  couponName: `C${id}`,
  couponType: type,
  cashCondition: "0.00",
  reduceAmount: type === 1 ? "3.00" : null,
  couponDiscount: type === 2 ? "8.8" : null,
  suitableProdType: 0,
  validTimeType: 1,
  startTime: "2026-11-20T00:00:00.000Z",
  endTime: "2026-12-20T00:00:00.000Z",
  afterReceiveDays: 0,
  validDays: 0,
  launchTime: "2026-11-20T00:00:00.000Z",
  overTime: "2026-12-20T00:00:00.000Z",
  limitNum: 1,
  stocks: 10,
  sourceStock: 10,
  curUserReceiveCount: 0,
  canReceive: true,
  status: 1,
  prods: [],
  ...over,
});

const NOW = new Date("2026-11-29T13:00:00.000Z");
const flash = {
  seckillId: 5,
  prodId: 7,
  activityStatus: 2,
  startTime: "2026-11-29T12:00:00.000Z",
  endTime: "2026-11-29T14:00:00.000Z",
  seckillPrice: "36.95",
  seckillTotalStocks: 4,
} as FlashActivityDto;

const render = (locale: Locale, props: Record<string, unknown>) =>
  container.renderToString(ProductOffers, {
    props: { promotions: [], coupons: [], ...props },
    locals: { locale, t: getT(locale), pathNoLocale: "/detail/7" },
  });
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("ProductOffers", () => {
  it("a discount coupon's tag reads its rate, no raw placeholder", async () => {
    for (const [locale, tag] of [
      ["en", "12% off"],
      ["zh", "8.8折"],
      ["zh-tw", "8.8折"],
    ] as const) {
      const html = await render(locale, { coupons: [coupon(1, 2), coupon(2, 1)] });
      expect(text(html)).toContain(tag);
      expect(text(html)).not.toContain("{{");
    }
  });

  it("a flash sale on now: its price, its end and a link to its flash-sale page", async () => {
    const html = await render("en", { flash: { activity: flash, now: NOW } });
    expect(html).toContain('data-testid="dp-flash"');
    expect(text(html)).toContain("¥36.95");
    expect(text(html)).toContain("On now · ends at 22:00");
    expect(html).toContain('href="/en/secdetail/5"');
    expect(await render("en", {})).not.toContain("dp-flash");
  });
});
