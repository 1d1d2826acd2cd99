/**
 * The block rules (src/lib/renovation/block-schema.ts) per block type and link type, with the
 * located message each refusal answers (problemMessage), in English and Chinese.
 */
import { describe, expect, it } from "vitest";
import { getT } from "../../../i18n/index.ts";
import { checkContent, type RenovationProblem } from "../../../lib/renovation/block-schema.ts";
import type { Locale } from "../../../lib/locale.ts";
import { collectRefs, problemMessage } from "./renovation-refs.ts";

const L = (s: string) => ({ zh: s, "zh-tw": s, en: s });
const IMG = "/uploads/decoration/0b5b8a52-4a3e-4d58-8f0e-3c8f3c1e4a10.png";
const goods = [{ id: 11 }, { prodId: 12 }];

/** One valid block of every type. */
const valid: Record<string, Record<string, unknown>> = {
  shop_signs: { showLogo: 0, navList: [{ name: L("Home"), path: { type: "3", link: 4 } }], bgUrl: IMG },
  picture_by: {
    size: 1920,
    height: 400,
    picList: [{ img: IMG, path: { type: "1", link: "11" }, overlay: { headline: L("Hi"), caption: L("<b>x</b>") } }],
  },
  auxiliary_interval: { height: 20, bgColor: "#fff" },
  floor_title: { mainTitle: L("New"), more: 1, path: { type: "4", link: "/list?st=1" } },
  goods_list: { listType: 4, showContent: ["0", "2"], goodsList: goods },
  universal_hotspot: {
    size: 1200,
    imgList: [
      {
        url: IMG,
        activeBoxs: [{ type: "6", link: { url: "https://example.com/a" }, left: 0, top: 0, width: 10, height: 10 }],
      },
    ],
  },
  store_list: { title: L("Shops"), storeList: [{ shopId: 3 }] },
  limited_skill: { title: L("Flash"), activityId: 2, goodsList: goods },
  discount_coupon: { title: L("Deals"), couponIds: [5], goodsList: [] },
  goods_module1: {
    leftConfig: { goodsList: goods },
    centerConfig: { titleLink: { type: "2", link: [1, 2, 3] }, goodsList: [] },
    rightConfig: { goodsList: [] },
  },
  goods_module2: { title: L("T"), path: { type: "5", link: [2, 0] }, maingoodsList: [{ id: 1 }], othergoodsList: [] },
  goods_module3: { leftConfig: { goodsList: [] }, rightConfig: { goodsList: goods } },
  goods_module4: { bgImg: IMG, goodsList: goods },
  goods_module5: { bgImg: IMG, path: { type: "6", link: { url: "/coupons" } }, goodsList: goods },
  page_background: { background: "#f5f5f5" },
};

const content = (type: string, dataField: unknown) => [
  { type: "page_background", dataField: { background: "" } },
  { type, dataField },
];

function refusal(blocks: unknown, locale: Locale = "en"): string {
  const r = checkContent(blocks);
  if (r.ok) throw new Error("expected a refusal");
  const t = getT(locale);
  const types = Array.isArray(blocks) ? blocks.map((b: { type?: unknown }) => String(b?.type)) : [];
  return problemMessage((k, p) => t(k, p ?? {}), r.problem, types);
}

const with_ = (type: string, patch: Record<string, unknown>) => content(type, { ...valid[type], ...patch });

describe("block rules: every block type", () => {
  it.each(Object.keys(valid))("%s: a valid block passes", (type) => {
    expect(checkContent(content(type, valid[type])).ok).toBe(true);
  });

  it("refuses an unknown block type, an empty or non-list content, too many blocks", () => {
    expect(refusal([{ type: "marquee", dataField: {} }])).toBe("block 1 (marquee): type: unknown block type");
    expect(refusal([])).toBe("needs at least one item");
    expect(refusal({})).toBe("the content must be a list of blocks");
    expect(
      refusal(
        Array.from({ length: 61 }, () => valid.page_background && content("auxiliary_interval", { height: 1 })[1]),
      ),
    ).toBe("at most 60 blocks");
  });

  it("shop_signs: at most 7 navigation entries, switches 0/1, pictures under /uploads", () => {
    const nav = { name: L("a"), path: { type: "4", link: "/" } };
    expect(refusal(with_("shop_signs", { navList: Array(8).fill(nav) }))).toBe(
      "block 2 (shop_signs): navList: at most 7 items",
    );
    expect(refusal(with_("shop_signs", { showLogo: 2 }))).toBe("block 2 (shop_signs): showLogo: must be 0 or 1");
    expect(refusal(with_("shop_signs", { bgUrl: "https://evil.example/x.png" }))).toBe(
      "block 2 (shop_signs): bgUrl: must be a picture uploaded for your shop (/uploads/…)",
    );
    expect(refusal(with_("shop_signs", { bgUrl: "/uploads/../etc/passwd.png" }))).toContain("must be a picture");
  });

  it("picture_by: size, height range, at least one slide, localized overlay with limits", () => {
    expect(refusal(with_("picture_by", { size: 800 }))).toBe(
      "block 2 (picture_by): size: is not one of the allowed values",
    );
    expect(refusal(with_("picture_by", { height: 5000 }))).toBe("block 2 (picture_by): height: must be at most 1000");
    expect(refusal(with_("picture_by", { height: 50 }))).toBe("block 2 (picture_by): height: must be at least 100");
    expect(refusal(with_("picture_by", { picList: [] }))).toBe(
      "block 2 (picture_by): picList: needs at least one item",
    );
    expect(refusal(with_("picture_by", { picList: [{ img: IMG, overlay: { headline: { zh: "a", en: "b" } } }] }))).toBe(
      "block 2 (picture_by): picList item 1: overlay: headline: zh-tw: must be text",
    );
    expect(refusal(with_("picture_by", { picList: [{ img: IMG, overlay: { headline: L("x".repeat(41)) } }] }))).toBe(
      "block 2 (picture_by): picList item 1: overlay: headline: zh: at most 40 characters",
    );
    expect(refusal(with_("picture_by", { picList: [{ img: IMG, title: "plain" }] }))).toBe(
      "block 2 (picture_by): picList item 1: title: must be a text in the three languages {zh, zh-tw, en}",
    );
    expect(refusal(with_("picture_by", { picList: [{ img: IMG, title: L("a\u0007b") }] }))).toMatch(
      /^block 2 \(picture_by\): picList item 1: title: zh: /,
    );
  });

  it("auxiliary_interval: height 0-400, a colour", () => {
    expect(refusal(with_("auxiliary_interval", { height: 401 }))).toBe(
      "block 2 (auxiliary_interval): height: must be at most 400",
    );
    expect(refusal(with_("auxiliary_interval", { height: 1.5 }))).toBe(
      "block 2 (auxiliary_interval): height: must be a whole number",
    );
    expect(refusal(with_("auxiliary_interval", { bgColor: "red;background:url(x)" }))).toBe(
      "block 2 (auxiliary_interval): bgColor: is not a colour",
    );
  });

  it("floor_title: a localized main title, font sizes", () => {
    expect(refusal(content("floor_title", { more: 0 }))).toBe(
      "block 2 (floor_title): mainTitle: must be a text in the three languages {zh, zh-tw, en}",
    );
    expect(refusal(with_("floor_title", { mainFontSize: 100 }))).toBe(
      "block 2 (floor_title): mainFontSize: must be at most 48",
    );
  });

  it("goods_list: 3/4/5 per row, product items need an id, at most 50", () => {
    expect(refusal(with_("goods_list", { listType: 6 }))).toBe(
      "block 2 (goods_list): listType: is not one of the allowed values",
    );
    expect(refusal(with_("goods_list", { goodsList: [{ id: 1 }, { name: "x" }] }))).toBe(
      "block 2 (goods_list): goodsList item 2: needs a product id (id)",
    );
    expect(refusal(with_("goods_list", { goodsList: [{ id: -3 }] }))).toBe(
      "block 2 (goods_list): goodsList item 1: id: must be an id (a positive whole number)",
    );
    expect(refusal(with_("goods_list", { goodsList: Array(51).fill({ id: 1 }) }))).toBe(
      "block 2 (goods_list): goodsList: at most 50 items",
    );
  });

  it("universal_hotspot: boxes need a link and a size", () => {
    const box = (b: Record<string, unknown>) =>
      with_("universal_hotspot", {
        imgList: [{ url: IMG, activeBoxs: [{ left: 0, top: 0, width: 10, height: 10, ...b }] }],
      });
    expect(refusal(box({ type: "9", link: 1 }))).toBe(
      'block 2 (universal_hotspot): imgList item 1: activeBoxs item 1: type: the link type must be "1" to "6"',
    );
    expect(refusal(box({ type: "1", link: 1, width: 0 }))).toBe(
      "block 2 (universal_hotspot): imgList item 1: activeBoxs item 1: width: must be at least 1",
    );
  });

  it("store_list, limited_skill, discount_coupon: titles, ids, limits", () => {
    expect(refusal(with_("store_list", { storeList: [{ shopName: "x" }] }))).toBe(
      "block 2 (store_list): storeList item 1: shopId: must be an id (a positive whole number)",
    );
    expect(refusal(with_("limited_skill", { activityId: "x" }))).toBe(
      "block 2 (limited_skill): activityId: must be an id (a positive whole number)",
    );
    expect(refusal(with_("discount_coupon", { goodsList: Array(11).fill({ id: 1 }) }))).toBe(
      "block 2 (discount_coupon): goodsList: at most 10 items",
    );
    expect(refusal(with_("discount_coupon", { couponIds: [0] }))).toBe(
      "block 2 (discount_coupon): couponIds item 1: must be an id (a positive whole number)",
    );
  });

  it("goods_module1-5: columns and item limits", () => {
    expect(refusal(with_("goods_module1", { centerConfig: undefined }))).toMatch(
      /^block 2 \(goods_module1\): centerConfig: /,
    );
    expect(refusal(with_("goods_module1", { leftConfig: { goodsList: Array(4).fill({ id: 1 }) } }))).toBe(
      "block 2 (goods_module1): leftConfig: goodsList: at most 3 items",
    );
    expect(refusal(with_("goods_module2", { maingoodsList: [{ id: 1 }, { id: 2 }] }))).toBe(
      "block 2 (goods_module2): maingoodsList: at most 1 items",
    );
    expect(refusal(with_("goods_module3", { rightConfig: { goodsList: Array(4).fill({ id: 1 }) } }))).toBe(
      "block 2 (goods_module3): rightConfig: goodsList: at most 3 items",
    );
    expect(refusal(with_("goods_module4", { goodsList: Array(5).fill({ id: 1 }) }))).toBe(
      "block 2 (goods_module4): goodsList: at most 4 items",
    );
    expect(refusal(with_("goods_module5", { bgImg: "javascript:alert(1)" }))).toBe(
      "block 2 (goods_module5): bgImg: must be a picture uploaded for your shop (/uploads/…)",
    );
  });

  it("page_background: a colour", () => {
    expect(refusal([{ type: "page_background", dataField: { background: "url(x)" } }])).toBe(
      "block 1 (page_background): background: is not a colour",
    );
  });

  it("answers in the caller's language", () => {
    expect(refusal(with_("goods_list", { listType: 6 }), "zh")).toBe(
      "第 2 个模块（goods_list）：listType：不是允许的值",
    );
    expect(refusal(with_("goods_list", { listType: 6 }), "zh-tw")).toBe(
      "第 2 個模組（goods_list）：listType：不是允許的值",
    );
  });
});

describe("block rules: every link type", () => {
  const linked = (path: unknown) => with_("floor_title", { path });
  it("1 product: an id", () => {
    expect(checkContent(linked({ type: "1", link: "123" })).ok).toBe(true);
    expect(refusal(linked({ type: "1", link: "abc" }))).toBe(
      "block 2 (floor_title): path: link: must be an id (a positive whole number)",
    );
  });
  it("2 category: one id or 1-3 ids", () => {
    expect(checkContent(linked({ type: "2", link: 7 })).ok).toBe(true);
    expect(refusal(linked({ type: "2", link: [1, 2, 3, 4] }))).toMatch(/^block 2 \(floor_title\): path: link/);
    expect(refusal(linked({ type: "2", link: [] }))).toMatch(/^block 2 \(floor_title\): path: link/);
  });
  it("3 shop: an id", () => {
    expect(refusal(linked({ type: "3", link: 0 }))).toBe(
      "block 2 (floor_title): path: link: must be an id (a positive whole number)",
    );
  });
  it("4 internal: a path of this site", () => {
    for (const bad of ["//evil.example/x", "https://evil.example", "javascript:alert(1)", "/a b"])
      expect(refusal(linked({ type: "4", link: bad }))).toBe(
        "block 2 (floor_title): path: link: must be a path of this site starting with /",
      );
  });
  it("5 micro-page: [renovationId, shopId]", () => {
    expect(checkContent(linked({ type: "5", link: [2, "0"] })).ok).toBe(true);
    expect(refusal(linked({ type: "5", link: 2 }))).toBe(
      "block 2 (floor_title): path: link: must be [renovationId, shopId]",
    );
  });
  it("6 custom URL: only http(s) or a path of this site", () => {
    expect(checkContent(linked({ type: "6", link: { url: "https://example.com/x" } })).ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "ftp://example.com", "https://user:pw@example.com"])
      expect(refusal(linked({ type: "6", link: { url: bad } }))).toBe(
        "block 2 (floor_title): path: link: url: must be a web address (http or https) or a path of this site",
      );
  });
  it("an unknown type", () => {
    expect(refusal(linked({ type: "7", link: 1 }))).toBe(
      'block 2 (floor_title): path: type: the link type must be "1" to "6"',
    );
  });
});

describe("references", () => {
  it("collects products, shops, categories, pages, coupons, activities and pictures with their places", () => {
    const all = Object.entries(valid).map(([type, dataField]) => ({ type, dataField }));
    const r = checkContent(all);
    if (!r.ok) throw new Error(JSON.stringify(r.problem));
    const refs = collectRefs(r.blocks);
    const kinds = new Set(refs.map((x) => x.kind));
    expect([...kinds].sort()).toEqual(["category", "coupon", "flash", "image", "page", "product", "shop"]);
    const p = refs.find((x) => x.kind === "product" && "id" in x && x.id === 12)!;
    expect(p.path).toEqual([4, "dataField", "goodsList", 1]);
  });

  it("a located problem names the block, the list item and the product", () => {
    const problem: RenovationProblem = {
      path: [2, "dataField", "goodsList", 1],
      key: "renovation.errors.productNotYours",
      params: { id: 9123 },
    };
    const t = getT("en");
    expect(problemMessage((k, p) => t(k, p ?? {}), problem, ["shop_signs", "floor_title", "goods_list"])).toBe(
      "block 3 (goods_list): goodsList item 2: product 9123 is not in your shop",
    );
  });
});
