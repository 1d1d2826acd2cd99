import { describe, expect, it } from "vitest";
import type { RenovationBlock } from "../../../lib/renovation/renovation-types.ts";
import {
  collectBlockRefs,
  itemProdId,
  PRODUCT_LIST_PATHS,
  refreshBlocks,
  toRenovationAnswer,
  type BlockProduct,
  type BlockShop,
} from "./renovation.ts";

const lt = (zh: string, en: string) => ({ zh, "zh-tw": zh, en });
const item = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: lt(`旧${id}`, `old ${id}`),
  prodType: 0,
  status: 1,
  price: "1.00",
  orignPrice: "2.00",
  imgs: "old.png",
  description: lt("旧", "old"),
  ...extra,
});
const product = (prodId: number): BlockProduct => ({
  prodId,
  names: { zh: `新${prodId}`, "zh-tw": `新${prodId}`, en: `new ${prodId}` },
  briefs: { zh: "简介", en: "brief" },
  price: `${prodId}.50`,
  oriPrice: `${prodId + 1}.00`,
  pic: `p${prodId}.png`,
  prodType: 0,
  totalStocks: 10,
});
const shop = (shopId: number): BlockShop => ({
  shopId,
  shopName: lt(`店${shopId}`, `Shop ${shopId}`),
  shopLogo: `s${shopId}.png`,
  type: 1,
  shopStatus: 1,
  fansCount: 100 + shopId,
});

// 1..9 on sale; 99 off shelf (not in the map).
const productsById = new Map([1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => [id, product(id)]));
const shopsById = new Map([1, 4].map((id) => [id, shop(id)]));
const names = (list: unknown) => (list as { name: string }[]).map((x) => x.name);

const blocks: RenovationBlock[] = [
  {
    type: "shop_signs",
    dataField: {
      showLogo: 0,
      navList: [{ name: lt("首页", "Home"), path: { link: "1", type: "3" } }],
      bgUrl: "bg.png",
    },
  },
  { type: "picture_by", dataField: { size: 1200, picList: [{ img: "a.png", path: { link: "99", type: "1" } }] } },
  { type: "auxiliary_interval", dataField: { height: 20 } },
  { type: "floor_title", dataField: { mainTitle: lt("新品", "New") } },
  { type: "goods_list", dataField: { listType: 4, goodsList: [item(1), item(99), item(2)] } },
  { type: "universal_hotspot", dataField: { imgList: [{ url: "h.png", activeBoxs: [{ link: "99", type: "1" }] }] } },
  {
    type: "store_list",
    dataField: {
      storeList: [
        { shopId: 1, shopName: lt("旧", "old"), imgs: ["x.png"] },
        { shopId: 10, shopName: lt("关", "closed") },
      ],
    },
  },
  {
    type: "limited_skill",
    dataField: {
      goodsList: [
        { ...item(3), id: undefined, prodId: 3, activityPrice: "0.80" },
        { prodId: 99, activityPrice: "1" },
      ],
    },
  },
  { type: "discount_coupon", dataField: { goodsList: [item(99), item(4)] } },
  {
    type: "goods_module1",
    dataField: {
      leftConfig: { mainTitle: lt("左", "L"), goodsList: [item(5)] },
      centerConfig: { goodsList: [item(99)] },
      rightConfig: { goodsList: [] },
    },
  },
  {
    type: "goods_module2",
    dataField: { title: lt("家电", "Appliances"), maingoodsList: [item(99)], othergoodsList: [item(6), item(7)] },
  },
  {
    type: "goods_module3",
    dataField: {
      leftConfig: { title: lt("左", "L"), goodsList: [item(8)] },
      rightConfig: { goodsList: [item(99), item(9)] },
    },
  },
  { type: "goods_module4", dataField: { bgImg: "b.png", goodsList: [item(99), item(1)] } },
  { type: "goods_module5", dataField: { bgImg: "c.png", goodsList: [item(2), "junk", null, { id: "x" }] } },
  { type: "page_background", dataField: { background: "#fff" } },
  { type: "some_future_block", dataField: { goodsList: [item(99)] } },
];

describe("collectBlockRefs", () => {
  it("finds every product of every goods block and the shops of store_list", () => {
    const refs = collectBlockRefs(blocks);
    expect(refs.prodIds.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 99]);
    expect(refs.shopIds.sort((a, b) => a - b)).toEqual([1, 10]);
  });
  it("reads prodId or id", () => {
    expect(itemProdId({ prodId: 3, id: 7 })).toBe(3);
    expect(itemProdId({ id: "7" })).toBe(7);
    expect(itemProdId({ id: 0 })).toBeNull();
    expect(itemProdId("x")).toBeNull();
  });
  it("covers the goods blocks of CONTRACT §10", () => {
    expect(Object.keys(PRODUCT_LIST_PATHS).sort()).toEqual([
      "discount_coupon",
      "goods_list",
      "goods_module1",
      "goods_module2",
      "goods_module3",
      "goods_module4",
      "goods_module5",
      "limited_skill",
    ]);
  });
});

describe("refreshBlocks", () => {
  const before = JSON.stringify(blocks);
  const out = refreshBlocks(blocks, productsById, shopsById, "en");
  const by = (type: string) => out.find((b) => b.type === type)!.dataField;

  it("does not change its input and keeps the block order", () => {
    expect(JSON.stringify(blocks)).toBe(before);
    expect(out.map((b) => b.type)).toEqual(blocks.map((b) => b.type));
  });
  it("leaves blocks without items alone (texts stay LocalizedText)", () => {
    for (const t of [
      "shop_signs",
      "picture_by",
      "auxiliary_interval",
      "floor_title",
      "universal_hotspot",
      "page_background",
      "some_future_block",
    ]) {
      expect(by(t)).toEqual(blocks.find((b) => b.type === t)!.dataField);
    }
  });
  it("goods_list: drops products not on sale and refreshes the rest in the request language", () => {
    const list = by("goods_list").goodsList as Record<string, unknown>[];
    expect(list.map((x) => x.id)).toEqual([1, 2]);
    expect(list[0]).toMatchObject({
      id: 1,
      prodId: 1,
      name: "new 1",
      description: "brief",
      price: "1.50",
      orignPrice: "2.00",
      oriPrice: "2.00",
      imgs: "p1.png",
      pic: "p1.png",
      status: 1,
    });
    expect(by("goods_list").listType).toBe(4);
  });
  it("limited_skill keyed by prodId keeps its activity price", () => {
    const list = by("limited_skill").goodsList as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ prodId: 3, id: 3, name: "new 3", activityPrice: "0.80", price: "3.50" });
  });
  it("discount_coupon", () => {
    expect(names(by("discount_coupon").goodsList)).toEqual(["new 4"]);
  });
  it("goods_module1 columns", () => {
    const d = by("goods_module1") as Record<string, { goodsList: unknown; mainTitle?: unknown }>;
    expect(names(d.leftConfig!.goodsList)).toEqual(["new 5"]);
    expect(d.leftConfig!.mainTitle).toEqual(lt("左", "L"));
    expect(d.centerConfig!.goodsList).toEqual([]);
    expect(d.rightConfig!.goodsList).toEqual([]);
  });
  it("goods_module2 main and other lists", () => {
    expect(by("goods_module2").maingoodsList).toEqual([]);
    expect(names(by("goods_module2").othergoodsList)).toEqual(["new 6", "new 7"]);
    expect(by("goods_module2").title).toEqual(lt("家电", "Appliances"));
  });
  it("goods_module3 left and right", () => {
    const d = by("goods_module3") as Record<string, { goodsList: unknown }>;
    expect(names(d.leftConfig!.goodsList)).toEqual(["new 8"]);
    expect(names(d.rightConfig!.goodsList)).toEqual(["new 9"]);
  });
  it("goods_module4 and goods_module5 (junk items dropped)", () => {
    expect(names(by("goods_module4").goodsList)).toEqual(["new 1"]);
    expect(names(by("goods_module5").goodsList)).toEqual(["new 2"]);
    expect(by("goods_module5").bgImg).toBe("c.png");
  });
  it("store_list drops shops that are not open and refreshes the others", () => {
    const list = by("store_list").storeList as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual({
      shopId: 1,
      shopName: lt("店1", "Shop 1"),
      imgs: ["x.png"],
      shopLogo: "s1.png",
      type: 1,
      shopStatus: 1,
      fansCount: 101,
    });
  });
  it("names follow the locale, falling back to zh", () => {
    const zh = refreshBlocks(blocks, productsById, shopsById, "zh-tw");
    expect(names(zh.find((b) => b.type === "goods_list")!.dataField.goodsList)).toEqual(["新1", "新2"]);
    const d = zh.find((b) => b.type === "goods_list")!.dataField.goodsList as { description: string }[];
    expect(d[0]!.description).toBe("简介");
  });
  it("survives malformed blocks", () => {
    const odd = [
      null,
      { type: "goods_list" },
      { type: "goods_list", dataField: { goodsList: "nope" } },
      { type: "goods_module1", dataField: { leftConfig: null } },
    ] as unknown as RenovationBlock[];
    expect(refreshBlocks(odd, productsById, shopsById, "zh")).toEqual([
      { type: "goods_list", dataField: {} },
      { type: "goods_list", dataField: { goodsList: "nope" } },
      { type: "goods_module1", dataField: { leftConfig: null } },
    ]);
    expect(collectBlockRefs(odd)).toEqual({ prodIds: [], shopIds: [] });
  });
  it("the API answer carries the blocks as a JSON string", () => {
    const a = toRenovationAnswer({
      renovationId: 1,
      shopId: 0,
      name: "home",
      renovationType: 1,
      homeStatus: 1,
      status: 1,
      blocks: out,
    });
    expect(JSON.parse(a.content)).toEqual(out);
    expect(Object.keys(a).sort()).toEqual([
      "content",
      "homeStatus",
      "name",
      "renovationId",
      "renovationType",
      "shopId",
    ]);
  });
});
