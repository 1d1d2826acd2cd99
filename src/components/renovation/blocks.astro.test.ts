/**
 * Block → HTML: every decoration block component (and the renderer, and the shop header)
 * rendered with Astro's container API from the view models of src/lib/renovation, checking the
 * data-testid hooks, texts, styles and the hrefs of every link type.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import type { AstroComponentFactory } from "astro/runtime/server/index.js";
import { beforeAll, describe, expect, it } from "vitest";
import { getT } from "../../i18n/index.ts";
import type { Locale } from "../../lib/locale.ts";
import { buildBlock, buildPage, buildShopSigns, type BlockVM } from "../../lib/renovation/index.ts";
import { homeContent, shopSigns } from "../../lib/renovation/fixtures.ts";
import type { ShopCategory, ShopIndexInfo } from "../../lib/shop/shop-types.ts";
import type { CouponDto } from "../../lib/coupon/coupon-types.ts";
import BlockRenderer from "./BlockRenderer.astro";
import PictureBy from "./PictureBy.astro";
import AuxiliaryInterval from "./AuxiliaryInterval.astro";
import FloorTitle from "./FloorTitle.astro";
import GoodsList from "./GoodsList.astro";
import UniversalHotspot from "./UniversalHotspot.astro";
import StoreList from "./StoreList.astro";
import LimitedSkill from "./LimitedSkill.astro";
import DiscountCoupon from "./DiscountCoupon.astro";
import GoodsModule1 from "./GoodsModule1.astro";
import GoodsModule2 from "./GoodsModule2.astro";
import GoodsModule3 from "./GoodsModule3.astro";
import GoodsModule4 from "./GoodsModule4.astro";
import GoodsModule5 from "./GoodsModule5.astro";
import ShopSigns from "./ShopSigns.astro";

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const locals = (locale: Locale) => ({ locale, t: getT(locale), pathNoLocale: "/" });
const render = (Component: AstroComponentFactory, props: Record<string, unknown>, locale: Locale = "zh") =>
  container.renderToString(Component, { props, locals: locals(locale) });

function vm(type: string, locale: Locale = "zh"): BlockVM["data"] {
  const raw = homeContent.find((b) => b.type === type)!;
  const block = buildBlock(type, raw.dataField, locale);
  if (!block) throw new Error(`${type} built to null`);
  return block.data;
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe("block components", () => {
  it("picture_by: carousel with slides, dots, first picture eager + high priority", async () => {
    const html = await render(PictureBy, { vm: vm("picture_by") });
    expect(html).toContain('data-testid="block-picture_by"');
    expect(html).toContain('data-testid="carousel"');
    expect(html.match(/data-testid="carousel-dot"/g)).toHaveLength(3);
    expect(html).toMatch(/<img[^>]*loading="eager"[^>]*fetchpriority="high"/);
    expect(html.match(/loading="lazy"/g)).toHaveLength(2);
    expect(html).toContain('width="1200"');
    expect(html).toContain('height="400"');
    expect(html).toContain("height:400px");
    expect(hrefs(html)).toEqual([
      "/list?cpid=1&cid=11&thCid=111&st=0",
      "/list?st=1",
      "/select-decorate?renovationId=2&sid=0",
    ]);
  });

  it("auxiliary_interval: a spacer with height and colour", async () => {
    const html = await render(AuxiliaryInterval, { vm: vm("auxiliary_interval") });
    expect(html).toContain('data-testid="block-auxiliary_interval"');
    expect(html).toContain("height:20px;background:#f5f5f5");
  });

  it("floor_title: titles with styles and the more link", async () => {
    const html = await render(FloorTitle, { vm: vm("floor_title", "en") }, "en");
    expect(html).toContain('data-testid="block-floor_title"');
    expect(html).toContain("New Arrivals");
    expect(html).toContain("Fresh in every day");
    expect(html).toContain("font-size:24px;color:#222222");
    expect(html).toContain("margin-top:18px;margin-bottom:18px");
    expect(hrefs(html)).toEqual(["/en/list?st=1"]);
  });

  it("goods_list: products per row, name/description/price, product links in a new tab", async () => {
    const html = await render(GoodsList, { vm: vm("goods_list") });
    expect(html).toContain('data-testid="block-goods_list"');
    expect(html).toContain("--gl-cols:4");
    expect(html).toContain("商品1");
    expect(html).toContain("简介1");
    expect(html).toContain("199.00");
    expect(html).toContain("299.00");
    expect(hrefs(html)).toEqual(["/detail/1", "/detail/2", "/detail/3", "/detail/4"]);
    expect(html.match(/target="_blank"/g)).toHaveLength(4);
    expect(html).not.toContain('data-testid="block-sold-out"');
  });

  it("goods_list: a product without stock reads sold out, in the page's language", async () => {
    const raw = homeContent.find((b) => b.type === "goods_list")!.dataField as { goodsList: Record<string, unknown>[] };
    const dataField = { ...raw, goodsList: raw.goodsList.map((g, i) => (i === 0 ? { ...g, totalStocks: 0 } : g)) };
    for (const [locale, text] of [
      ["zh", "已售罄"],
      ["zh-tw", "已售罄"],
      ["en", "Sold out"],
    ] as const) {
      const html = await render(GoodsList, { vm: buildBlock("goods_list", dataField, locale)!.data }, locale);
      expect(html.match(/data-testid="block-sold-out"/g)).toHaveLength(1);
      expect(html).toMatch(new RegExp(`data-testid="block-sold-out"[^>]*>\\s*${text}\\s*<`));
    }
  });

  it("universal_hotspot: positioned areas for every link type", async () => {
    const html = await render(UniversalHotspot, { vm: vm("universal_hotspot") });
    expect(html).toContain('data-testid="block-universal_hotspot"');
    expect(html.match(/data-testid="hotspot-area"/g)).toHaveLength(5);
    expect(html).toContain("left:1%;top:1%;width:18%;height:31.333%");
    expect(hrefs(html)).toEqual([
      "/detail/42",
      "/list?cpid=2&cid=21&thCid=211&st=0",
      "/shopIndex?sid=1",
      "/coupons",
      "https://example.com/help",
    ]);
    expect(html).toMatch(
      /href="https:\/\/example.com\/help"[^>]*target="_blank"[^>]*rel="noopener noreferrer"|rel="noopener noreferrer"[^>]*href="https:\/\/example.com\/help"/,
    );
  });

  it("store_list: open shops with badge, followers and shop links", async () => {
    const html = await render(StoreList, { vm: vm("store_list") });
    expect(html).toContain('data-testid="block-store_list"');
    expect(html).toContain("蓝湾自营旗舰店");
    expect(html).not.toContain("老王数码");
    expect(html).toContain("自营");
    expect(html).toContain("1200 人关注");
    expect(hrefs(html)).toEqual(["/shopIndex?sid=1", "/shopIndex?sid=3"]);
  });

  it("limited_skill and discount_coupon: activity price with the normal price struck", async () => {
    const ls = await render(LimitedSkill, { vm: vm("limited_skill") });
    expect(ls).toContain('data-testid="block-limited_skill"');
    expect(ls).toContain("限时秒杀");
    expect(ls).toMatch(/style="background:#[0-9a-f]{6}"/);
    expect(ls).toMatch(/159\.00[\s\S]*<del[\s\S]*199\.00/);
    const dc = await render(DiscountCoupon, { vm: vm("discount_coupon", "en") }, "en");
    expect(dc).toContain('data-testid="block-discount_coupon"');
    expect(dc).toContain("Group Deals");
    expect(hrefs(dc)).toEqual(["/en/detail/7"]);
    expect(dc).not.toContain("data-coupon-block");
  });

  it("discount_coupon on a shop page: the shop's live coupons with claim buttons, loaded on interaction", async () => {
    const coupon: CouponDto = {
      couponId: 41,
      shopId: 3,
      shopName: "Tea House",
      couponName: "¥10 off ¥99",
      couponType: 1,
      cashCondition: "99.00",
      reduceAmount: "10.00",
      couponDiscount: null,
      suitableProdType: 0,
      validTimeType: 2,
      startTime: null,
      endTime: null,
      afterReceiveDays: 0,
      validDays: 7,
      launchTime: "2026-11-01T00:00:00.000Z",
      overTime: "2026-12-31T00:00:00.000Z",
      limitNum: 1,
      stocks: 5,
      sourceStock: 10,
      curUserReceiveCount: 0,
      canReceive: true,
      status: 1,
      prods: [],
    };
    const empty = buildBlock("discount_coupon", { title: "Coupons", goodsList: [] }, "en", { shopId: 3 })!.data;
    const html = await render(DiscountCoupon, { vm: empty, coupons: [coupon] }, "en");
    expect(html).toContain('data-testid="block-discount_coupon"');
    expect(html).toContain("data-coupon-block");
    expect(html).toContain('data-coupon-claim="41"');
    expect(html).toContain("¥10 off ¥99");
    expect(html).toContain("data-coupon-texts");
    expect(html).not.toContain("act-grid");
    // No coupons and no products: nothing at all.
    expect((await render(DiscountCoupon, { vm: empty, coupons: [] }, "en")).trim()).toBe("");
  });

  it("goods_module1..5: layouts with their links", async () => {
    const m1 = await render(GoodsModule1, { vm: vm("goods_module1") });
    expect(m1).toContain('data-testid="block-goods_module1"');
    expect(hrefs(m1)).toEqual(
      expect.arrayContaining(["/list?cpid=1&cid=12&thCid=121&st=0", "/shopIndex?sid=1", "/notice-list"]),
    );
    const m2 = await render(GoodsModule2, { vm: vm("goods_module2") });
    expect(m2).toContain('data-testid="block-goods_module2"');
    expect(m2).toContain("家电焕新季");
    expect(hrefs(m2).filter((h) => h.startsWith("/detail/"))).toHaveLength(7);
    const m3 = await render(GoodsModule3, { vm: vm("goods_module3") });
    expect(m3).toContain('data-testid="block-goods_module3"');
    expect(hrefs(m3)).toEqual(expect.arrayContaining(["/shopIndex?sid=4", "/select-decorate?renovationId=2&sid=0"]));
    const m4 = await render(GoodsModule4, { vm: vm("goods_module4") });
    expect(m4).toContain('data-testid="block-goods_module4"');
    expect(m4).toContain('src="/uploads/renovation/module4-bg.svg"');
    expect(hrefs(m4)[0]).toBe("/coupons");
    const m5 = await render(GoodsModule5, { vm: vm("goods_module5") });
    expect(m5).toContain('data-testid="block-goods_module5"');
    expect(hrefs(m5)[0]).toBe("https://example.com/brand-week");
  });
});

describe("BlockRenderer", () => {
  it("renders every body block type of a page in order and skips unknown ones", async () => {
    const page = buildPage([...homeContent, { type: "mystery", dataField: {} }], "zh");
    const html = await render(BlockRenderer, { blocks: page.blocks });
    const order = [...html.matchAll(/data-testid="block-([a-z_0-9]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(page.blocks.map((b) => b.type));
    expect(order).toHaveLength(13);
  });
});

describe("ShopSigns (shop header)", () => {
  const shop: ShopIndexInfo = {
    shopId: 4,
    shopName: "潮流服饰优选店",
    shopLogo: "/uploads/shops/4.svg",
    intro: "",
    shopStatus: 1,
    fansCount: 10,
    type: 2,
    rating: 4.7,
    productCount: 55,
    renovationId: 4,
    homeStatus: 1,
  };
  const categories: ShopCategory[] = [
    {
      categoryId: 60,
      parentId: 0,
      categoryName: "女装",
      pic: "",
      icon: "",
      seq: 1,
      grade: 0,
      status: 1,
      categories: [],
    },
  ];

  it("decorated: band, logo, category menu, nav links; search hidden when showSearch = 1", async () => {
    const html = await render(ShopSigns, {
      shop,
      categories,
      signs: buildShopSigns(shopSigns.dataField, "zh", { shopId: 4 }),
    });
    expect(html).toContain('data-testid="shop-header"');
    expect(html).toContain('data-testid="shop-logo"');
    expect(html).toContain('data-testid="shop-nav"');
    expect(html).toContain('data-testid="shop-category-menu"');
    expect(html).not.toContain('data-testid="shop-search"');
    expect(html).toContain("background-image:url(&quot;/uploads/renovation/sign-s04.svg&quot;)");
    expect(hrefs(html)).toEqual(
      expect.arrayContaining(["/shop-prod-list?sid=4&cid=60", "/shopIndex?sid=4&cid=60", "/list?st=1", "/notice-list"]),
    );
  });

  it("default header: everything shown, in-shop search form to /shop-prod-list", async () => {
    const html = await render(
      ShopSigns,
      { shop: { ...shop, homeStatus: 0, renovationId: null }, categories, signs: null },
      "en",
    );
    expect(html).toContain('data-testid="shop-search"');
    expect(html).toMatch(/action="\/en\/shop-prod-list"/);
    expect(html).toContain('name="sid" value="4"');
    expect(html).toContain('name="pn"');
    expect(html).toContain("Shop home");
  });
});
