import { describe, expect, it } from "vitest";
import {
  buildActivityGoods,
  buildAuxiliaryInterval,
  buildBlock,
  buildFloorTitle,
  buildGoodsList,
  buildGoodsModule1,
  buildGoodsModule2,
  buildGoodsModule3,
  buildGoodsModuleBg,
  buildPage,
  buildPictureBy,
  buildSharedPage,
  buildShopSigns,
  buildStoreList,
  buildUniversalHotspot,
  hotspotArea,
} from "./blocks.ts";
import { BLOCK_TYPES, isBlockType } from "./block-types.ts";
import {
  contrastRatio,
  goodsItem,
  parseRgb,
  readable,
  readableBackground,
  safeColor,
  safeImageUrl,
  showContent,
} from "./values.ts";
import { floorTitle, goods, homeContent, lt, shopSigns } from "./fixtures.ts";

const df = (type: string) => homeContent.find((b) => b.type === type)!.dataField as Record<string, unknown>;

describe("shop_signs", () => {
  it("0 means shown; nav links resolved, at most 7", () => {
    const vm = buildShopSigns(shopSigns.dataField, "en", { shopId: 4 });
    expect(vm).toMatchObject({
      bgUrl: "/uploads/renovation/sign-s04.svg",
      showLogo: true,
      showCategory: true,
      showNavs: true,
      showSearch: false,
    });
    expect(vm.navs.map((n) => [n.name, n.href])).toEqual([
      ["Home", "/en/shopIndex?sid=4"],
      ["Women", "/en/shopIndex?sid=4&cid=60"],
      ["New", "/en/list?st=1"],
      ["Notices", "/en/notice-list"],
    ]);
    const many = { navList: Array.from({ length: 10 }, (_, i) => ({ name: `n${i}`, path: { link: "/", type: "4" } })) };
    expect(buildShopSigns(many, "zh").navs).toHaveLength(7);
  });
  it("drops navs without a followable link and rejects unsafe backgrounds", () => {
    const vm = buildShopSigns(
      { bgUrl: "javascript:x", showLogo: 1, navList: [{ name: "x", path: { link: "", type: "" } }] },
      "zh",
    );
    expect(vm.bgUrl).toBeNull();
    expect(vm.showLogo).toBe(false);
    expect(vm.navs).toEqual([]);
  });
});

describe("picture_by", () => {
  it("builds slides with links, dots for pageation 0, content width for size 1200", () => {
    const vm = buildPictureBy(df("picture_by"), "zh")!;
    expect(vm).toMatchObject({ fullWidth: false, width: 1200, height: 400, showDots: true });
    expect(vm.slides.map((s) => s.link?.href)).toEqual([
      "/list?cpid=1&cid=11&thCid=111&st=0",
      "/list?st=1",
      "/select-decorate?renovationId=2&sid=0",
    ]);
    expect(vm.slides[0]!.alt).toBe("手机");
  });
  it("full width for size 1920, no dots with pageation 1 or a single slide", () => {
    const vm = buildPictureBy(
      { size: 1920, height: 500, pageation: 1, picList: [{ img: "/a.svg", path: {} }, { img: "/b.svg" }] },
      "zh",
    )!;
    expect(vm).toMatchObject({ fullWidth: true, width: 1920, height: 500, showDots: false });
    expect(vm.slides[0]!.link).toBeNull();
    expect(buildPictureBy({ pageation: 0, picList: [{ img: "/a.svg" }] }, "zh")!.showDots).toBe(false);
  });
  it("hides when there is no usable picture", () => {
    expect(buildPictureBy({ picList: [] }, "zh")).toBeNull();
    expect(buildPictureBy({ picList: [{ img: "javascript:alert(1)" }] }, "zh")).toBeNull();
  });
});

describe("auxiliary_interval", () => {
  it("keeps height and a valid colour", () => {
    expect(buildAuxiliaryInterval({ height: 20, bgColor: "#f5f5f5" })).toEqual({ height: 20, bgColor: "#f5f5f5" });
    expect(buildAuxiliaryInterval({ height: "30", bgColor: "red;background:url(x)" })).toEqual({
      height: 30,
      bgColor: null,
    });
    expect(buildAuxiliaryInterval({})).toEqual({ height: 20, bgColor: null });
  });
  it("hides with height 0", () => {
    expect(buildAuxiliaryInterval({ height: 0 })).toBeNull();
  });
});

describe("floor_title", () => {
  it("picks the texts, styles and the more link", () => {
    const vm = buildFloorTitle(floorTitle.dataField, "en")!;
    expect(vm).toMatchObject({
      mainTitle: "New Arrivals",
      subTitle: "Fresh in every day",
      mainTextColor: "#222222",
      bgColor: null,
      mainFontSize: 24,
      subFontSize: 12,
      marginTop: 18,
      marginBottom: 18,
    });
    expect(vm.more).toMatchObject({ href: "/en/list?st=1", name: "More new arrivals" });
  });
  it("keeps merchant colours readable on the page background", () => {
    const vm = buildFloorTitle(floorTitle.dataField, "zh")!;
    expect(vm.subTextColor).not.toBe("#999999");
    expect(contrastRatio(vm.subTextColor!, "#f5f5f5")).toBeGreaterThanOrEqual(4.5);
    const dark = buildFloorTitle({ mainTitle: "x", subTitle: "y" }, "zh", { background: "#111111" })!;
    expect(contrastRatio(dark.mainTextColor!, "#111111")).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(dark.subTextColor!, "#111111")).toBeGreaterThanOrEqual(4.5);
  });
  it("no more link when more = 0 or the path is empty; hidden without titles", () => {
    expect(buildFloorTitle({ ...floorTitle.dataField, more: 0 }, "zh")!.more).toBeNull();
    expect(
      buildFloorTitle({ ...floorTitle.dataField, path: { name: lt("", ""), link: "", type: "" } }, "zh")!.more,
    ).toBeNull();
    expect(buildFloorTitle({ mainTitle: lt("", ""), subTitle: "" }, "zh")).toBeNull();
  });
});

describe("goods_list", () => {
  it("per-row count, showContent flags and formatted prices", () => {
    const vm = buildGoodsList(df("goods_list"), "en")!;
    expect(vm.perRow).toBe(4);
    expect(vm.show).toEqual({ name: true, description: true, price: true });
    expect(vm.items[0]).toEqual({
      prodId: 1,
      name: "Product 1",
      description: "Brief 1",
      pic: "/uploads/p/1.svg",
      price: "199.00",
      oriPrice: "299.00",
      href: "/en/detail/1",
      soldOut: false,
    });
    // A product without stock stays on the block and reads sold out.
    expect(
      buildGoodsList({ goodsList: [goods(1, { totalStocks: 0 }), goods(2, { totalStocks: 3 })] }, "en")!.items,
    ).toEqual([
      expect.objectContaining({ prodId: 1, soldOut: true }),
      expect.objectContaining({ prodId: 2, soldOut: false }),
    ]);
    expect(buildGoodsList({ listType: 3, goodsList: [goods(1)] }, "zh")!.perRow).toBe(3);
    expect(buildGoodsList({ listType: 5, goodsList: [goods(1)] }, "zh")!.perRow).toBe(5);
    expect(buildGoodsList({ listType: 9, goodsList: [goods(1)] }, "zh")!.perRow).toBe(4);
  });
  it("drops off-sale, nameless and duplicate products; hides when empty", () => {
    const vm = buildGoodsList(
      { goodsList: [goods(1), goods(1), goods(2, { status: 0 }), goods(3, { name: "" }), { id: "x" }] },
      "zh",
    )!;
    expect(vm.items.map((g) => g.prodId)).toEqual([1]);
    expect(buildGoodsList({ goodsList: [] }, "zh")).toBeNull();
    expect(buildGoodsList({ goodsList: [goods(2, { status: 2 })] }, "zh")).toBeNull();
  });
});

describe("universal_hotspot", () => {
  it("computes areas in % of the picture width and resolves every link type", () => {
    const vm = buildUniversalHotspot(df("universal_hotspot"), "zh")!;
    expect(vm.fullWidth).toBe(false);
    const img = vm.images[0]!;
    expect(img.url).toBe("/uploads/renovation/hotspot-home.svg");
    expect(img.link).toBeNull();
    expect(img.areas).toHaveLength(5);
    expect(img.areas[0]).toEqual({
      link: { href: "/detail/42", newTab: true, external: false },
      title: "爆款手机",
      left: 1,
      top: 1,
      width: 18,
      height: 31.333,
    });
    expect(img.areas.map((a) => a.link.href)).toEqual([
      "/detail/42",
      "/list?cpid=2&cid=21&thCid=211&st=0",
      "/shopIndex?sid=1",
      "/coupons",
      "https://example.com/help",
    ]);
    expect(img.areas[4]!.link.external).toBe(true);
  });
  it("adds the drag offsets, clips to the canvas and drops empty or linkless boxes", () => {
    expect(
      hotspotArea(
        { link: "1", type: "3", left: 100, top: 0, width: 120, height: 60, translateX: 20, translateY: 12 },
        "zh",
      ),
    ).toMatchObject({ left: 10, top: 1, width: 10, height: 5 });
    expect(hotspotArea({ link: "1", type: "3", left: 1100, top: 0, width: 300, height: 60 }, "zh")!.width).toBeCloseTo(
      8.333,
      3,
    );
    expect(hotspotArea({ link: "1", type: "3", left: 0, top: 0, width: 0, height: 60 }, "zh")).toBeNull();
    expect(hotspotArea({ link: "", type: "", left: 0, top: 0, width: 100, height: 60 }, "zh")).toBeNull();
  });
  it("hides without a picture", () => {
    expect(buildUniversalHotspot({ imgList: [{ url: "" }] }, "zh")).toBeNull();
  });
});

describe("store_list", () => {
  it("shows open shops only, with type, fans and the shop index link", () => {
    const vm = buildStoreList(df("store_list"), "en")!;
    expect(vm.title).toBe("Featured Shops");
    expect(vm.subTitle).toBe("Hand-picked quality shops");
    expect(vm.titleColor).toBe("#222222");
    expect(vm.stores.map((s) => s.shopId)).toEqual([1, 3]);
    expect(vm.stores[0]).toEqual({
      shopId: 1,
      name: "Bluebay Flagship",
      logo: "/uploads/shops/1.svg",
      type: 1,
      fans: 1200,
      imgs: ["/uploads/p/1.svg", "/uploads/p/2.svg"],
      href: "/en/shopIndex?sid=1",
    });
  });
  it("hides the subtitle when showSubTitle is 0 and the block when no shop is open", () => {
    expect(buildStoreList({ ...df("store_list"), showSubTitle: 0 }, "zh")!.subTitle).toBe("");
    expect(buildStoreList({ storeList: [{ shopId: 9, shopName: "x", shopStatus: 0 }] }, "zh")).toBeNull();
  });
});

describe("limited_skill", () => {
  it("shows the activity price with the normal price struck", () => {
    const vm = buildActivityGoods(df("limited_skill"), "zh")!;
    expect(vm).toMatchObject({
      title: "限时秒杀",
      subTitle: "每日10点开抢",
      titleColor: "#ffffff",
      subTitleColor: "#ffe8e8",
      marginTop: 30,
      marginBottom: 20,
    });
    // The merchant's red band is darkened just enough for the light subtitle to stay readable.
    expect(vm.bgColor).not.toBe("#e4393c");
    expect(contrastRatio(vm.subTitleColor!, vm.bgColor!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vm.bgColor!, "#e4393c")).toBeLessThan(1.5);
    expect(vm.show).toEqual({ name: true, description: false, price: true });
    expect(vm.items.map((g) => [g.price, g.oriPrice])).toEqual([
      ["159.00", "199.00"],
      ["99.00", "199.00"],
    ]);
    expect(buildBlock("limited_skill", df("limited_skill"), "zh")?.type).toBe("limited_skill");
  });
  it("hides when no product is still on sale", () => {
    expect(
      buildActivityGoods({ title: "x", goodsList: [goods(5, { status: 0, activityPrice: "1.00" })] }, "zh"),
    ).toBeNull();
    expect(buildBlock("limited_skill", { goodsList: [] }, "zh")).toBeNull();
  });
  it("ignores an activity price that is not lower", () => {
    expect(buildActivityGoods({ goodsList: [goods(5, { activityPrice: "500.00" })] }, "zh")!.items[0]!.price).toBe(
      "199.00",
    );
  });
});

describe("discount_coupon", () => {
  it("items keyed by id, shown at the activity price", () => {
    const vm = buildBlock("discount_coupon", df("discount_coupon"), "en")!;
    expect(vm.type).toBe("discount_coupon");
    if (vm.type !== "discount_coupon") throw new Error("type");
    expect(vm.data.title).toBe("Group Deals");
    expect(vm.data.items).toEqual([expect.objectContaining({ prodId: 7, price: "150.00", oriPrice: "199.00" })]);
    expect(buildBlock("discount_coupon", { goodsList: [{ id: 0 }] }, "zh")).toBeNull();
  });
  it("on a shop page it is kept without products: it shows the shop's live coupons", () => {
    const vm = buildBlock("discount_coupon", { title: "Coupons", goodsList: [] }, "en", { shopId: 3 })!;
    expect(vm).toMatchObject({ type: "discount_coupon", data: { title: "Coupons", items: [] } });
    expect(buildBlock("limited_skill", { goodsList: [] }, "en", { shopId: 3 })).toBeNull();
  });
});

describe("goods_module1", () => {
  it("three columns with titles, links and up to 3 products", () => {
    const vm = buildGoodsModule1(df("goods_module1"), "en")!;
    expect(vm.columns.map((c) => [c.title, c.link?.href, c.items.length])).toEqual([
      ["Digital Picks", "/en/list?cpid=1&cid=12&thCid=121&st=0", 3],
      ["Bluebay Picks", "/en/shopIndex?sid=1", 1],
      ["Notices", "/en/notice-list", 2],
    ]);
    expect(buildGoodsModule1({ leftConfig: { mainTitle: "x", goodsList: [] } }, "zh")).toBeNull();
  });
});

describe("goods_module2", () => {
  it("one main product and up to 6 others", () => {
    const vm = buildGoodsModule2(df("goods_module2"), "zh")!;
    expect(vm.title).toBe("家电焕新季");
    expect(vm.link?.href).toBe("/list?cpid=3&cid=31&thCid=311&st=0");
    expect(vm.main?.prodId).toBe(21);
    expect(vm.others.map((g) => g.prodId)).toEqual([22, 23, 24, 25, 26, 27]);
    expect(buildGoodsModule2({ title: "x", maingoodsList: [], othergoodsList: [] }, "zh")).toBeNull();
  });
});

describe("goods_module3", () => {
  it("left and right columns", () => {
    const vm = buildGoodsModule3(df("goods_module3"), "zh-tw")!;
    expect(vm.columns.map((c) => [c.title, c.link?.href])).toEqual([
      ["潮流穿搭", "/zh-tw/shopIndex?sid=4"],
      ["品牌周", "/zh-tw/select-decorate?renovationId=2&sid=0"],
    ]);
    expect(vm.columns[0]!.items).toHaveLength(3);
  });
});

describe("goods_module4 / goods_module5", () => {
  it("background picture, link and up to 4 products", () => {
    const m4 = buildGoodsModuleBg(df("goods_module4"), "zh")!;
    expect(m4).toMatchObject({ bgImg: "/uploads/renovation/module4-bg.svg", link: { href: "/coupons" } });
    expect(m4.items).toHaveLength(4);
    const m5 = buildBlock("goods_module5", df("goods_module5"), "zh")!;
    expect(m5.type).toBe("goods_module5");
    if (m5.type !== "goods_module5") throw new Error("type");
    expect(m5.data.link).toMatchObject({ href: "https://example.com/brand-week", external: true, newTab: true });
    expect(
      buildGoodsModuleBg({ bgImg: "/x.svg", goodsList: [goods(1), goods(2), goods(3), goods(4), goods(5)] }, "zh")!
        .items,
    ).toHaveLength(4);
    expect(buildGoodsModuleBg({ bgImg: "/x.svg", goodsList: [] }, "zh")).toBeNull();
  });
});

describe("buildPage", () => {
  it("renders every home block in order, takes the background, skips unknown types", () => {
    const page = buildPage(
      [...homeContent, { type: "mystery_block", dataField: {} }, "junk", { type: "goods_list" }],
      "zh",
    );
    expect(page.background).toBe("#f5f5f5");
    expect(page.shopSigns).toBeNull();
    expect(page.blocks.map((b) => b.type)).toEqual([
      "picture_by",
      "auxiliary_interval",
      "universal_hotspot",
      "floor_title",
      "goods_list",
      "limited_skill",
      "discount_coupon",
      "store_list",
      "goods_module1",
      "goods_module2",
      "goods_module3",
      "goods_module4",
      "goods_module5",
    ]);
  });
  it("uses shop_signs as the header on a shop page only", () => {
    expect(buildPage([shopSigns, floorTitle], "zh", { shopId: 4 }).shopSigns?.showSearch).toBe(false);
    expect(buildPage([shopSigns, floorTitle], "zh").shopSigns).toBeNull();
    expect(buildPage([shopSigns], "zh", { shopId: 4 }).blocks).toEqual([]);
  });
  it("buildSharedPage: one view model per content object, locale and shop, equal to buildPage's", () => {
    const content = [shopSigns, ...homeContent];
    const zh = buildSharedPage(content, "zh");
    expect(zh).toEqual(buildPage(content, "zh"));
    expect(buildSharedPage(content, "zh")).toBe(zh);
    expect(buildSharedPage(content, "en")).not.toBe(zh);
    expect(buildSharedPage(content, "zh", { shopId: 4 })).toEqual(buildPage(content, "zh", { shopId: 4 }));
    expect(buildSharedPage([...content], "zh")).not.toBe(zh);
    expect(buildSharedPage(null, "zh")).toEqual({ background: null, shopSigns: null, blocks: [] });
  });
  it("answers an empty page for content that is not a block array", () => {
    expect(buildPage(null, "zh")).toEqual({ background: null, shopSigns: null, blocks: [] });
    expect(buildPage({ type: "goods_list" }, "zh")).toEqual({ background: null, shopSigns: null, blocks: [] });
  });
  it("covers every PC block type", () => {
    expect(BLOCK_TYPES).toHaveLength(14);
    expect(isBlockType("goods_module5")).toBe(true);
    expect(isBlockType("page_background")).toBe(false);
    const built = new Set(buildPage([shopSigns, ...homeContent], "zh", { shopId: 4 }).blocks.map((b) => b.type));
    for (const t of BLOCK_TYPES) if (t !== "shop_signs") expect(built.has(t), t).toBe(true);
  });
});

describe("contrast", () => {
  it("parses colours and computes WCAG ratios", () => {
    expect(parseRgb("#fff")).toEqual([255, 255, 255]);
    expect(parseRgb("rgba(1, 2, 3, 0.5)")).toEqual([1, 2, 3]);
    expect(parseRgb("hsl(0, 0%, 0%)")).toBeNull();
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
  it("readable keeps passing colours and nudges failing ones", () => {
    expect(readable("#222222", "#f5f5f5", 4.5)).toBe("#222222");
    const fixed = readable("#999999", "#ffffff", 4.5);
    expect(contrastRatio(fixed, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(readable("hsl(1,2%,3%)", "#fff", 4.5)).toBe("hsl(1,2%,3%)");
  });
  it("readableBackground darkens a band under light text", () => {
    const bg = readableBackground("#f08c00", [
      { color: "#ffffff", min: 3 },
      { color: "#fff4e0", min: 4.5 },
    ]);
    expect(contrastRatio("#fff4e0", bg)).toBeGreaterThanOrEqual(4.5);
    expect(readableBackground("#222222", [{ color: "#ffffff", min: 4.5 }])).toBe("#222222");
  });
});

describe("values", () => {
  it("safeColor accepts colours only", () => {
    expect(safeColor("#fff")).toBe("#fff");
    expect(safeColor("rgba(0, 0, 0, 0.5)")).toBe("rgba(0, 0, 0, 0.5)");
    expect(safeColor("red")).toBe("red");
    expect(safeColor("red;position:fixed")).toBeNull();
    expect(safeColor("url(x)")).toBeNull();
    expect(safeColor("")).toBeNull();
  });
  it("safeImageUrl refuses quotes, parentheses and other schemes", () => {
    expect(safeImageUrl("/uploads/a.svg")).toBe("/uploads/a.svg");
    expect(safeImageUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(safeImageUrl('/a.svg");background:red')).toBeNull();
    expect(safeImageUrl("data:image/svg+xml,<svg>")).toBeNull();
  });
  it("showContent defaults to name and price", () => {
    expect(showContent(undefined)).toEqual({ name: true, description: false, price: true });
    expect(showContent(["1"])).toEqual({ name: false, description: true, price: false });
  });
  it("goodsItem accepts localized or plain names and refreshed fields", () => {
    expect(goodsItem({ prodId: 3, name: "Plain", price: 12.3, pic: "/p.svg", brief: "b" }, "zh")).toMatchObject({
      name: "Plain",
      price: "12.30",
      pic: "/p.svg",
      description: "b",
      oriPrice: null,
    });
    expect(goodsItem({ prodId: 3, name: lt("中", "En", "繁"), price: "1" }, "zh-tw")!.name).toBe("繁");
    expect(goodsItem({ prodId: 3, name: "x", price: "abc" }, "zh")!.price).toBeNull();
  });
});
