/**
 * A shop's goods through the merchant API (docs/product.md), on PGlite and PostgreSQL: create a
 * draft and a product on sale, read, list and find, edit, the small price/stock call (version
 * and delta), shelves, delete, the platform's off-shelf; shop scope; located refusals in the
 * caller's language that change nothing; the storefront sees every write (public detail and
 * search, content_changes tags); a submit at an old price is refused with the fresh total; 50
 * stock deltas racing with 200 orders leave the exact stock.
 */
import { and, count, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDetail } from "../../../src/lib/catalog/product-types.ts";
import type { OrderDetailDto } from "../../../src/lib/order/order-types.ts";
import {
  brands,
  categories,
  contentChanges,
  products,
  productTranslations,
  skus,
} from "../../../src/server/db/schema/index.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { buyerWithAddress } from "../activity-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { createOrder } from "../order-fixtures.ts";
import { productCategories, uploadPicture } from "./product-fixtures.ts";

const PLATFORM = "dev-platform-token";

describe.skipIf(!dbReady)("merchant products API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let shop1: TestUser;
  let shop4: TestUser;
  let img1: string;
  let img4: string;
  let leaf: number;
  let upper: number;

  const upload = (token: string) => uploadPicture(app, token);
  const body = (over: Record<string, unknown> = {}) => ({
    categoryId: leaf,
    texts: {
      zh: {
        name: "测试水杯 Stocker",
        brief: "保温",
        content: "<p>好杯子</p>",
        parameters: [{ key: "容量", value: "500ml" }],
      },
      en: { name: "Test Cup Stocker", brief: "Keeps warm" },
    },
    pic: img1,
    skus: [
      {
        code: "CUP-R",
        properties: [{ name: { zh: "颜色", en: "Colour" }, value: { zh: "红", en: "Red" } }],
        price: "19.90",
        oriPrice: "29.90",
        stocks: 10,
      },
      {
        code: "CUP-B",
        properties: [{ name: { zh: "颜色", en: "Colour" }, value: { zh: "蓝", en: "Blue" } }],
        price: "21.00",
        stocks: 5,
      },
    ],
    onSale: true,
    ...over,
  });
  const as = (u: TestUser) => ({ user: u });
  const create = async (over: Record<string, unknown> = {}, u = shop1) =>
    okData(
      await call<{ prodId: number; skuIds: number[]; status: number; missingLocales: string[] }>("/merchant/products", {
        ...as(u),
        body: body(over),
      }),
    );
  const refusedMsg = async (path: string, b: unknown, lang = "en", method = "POST", u = shop1) => {
    const r = await call(path, { ...as(u), body: b, lang, method });
    expect(r.body.code, JSON.stringify(r.body)).not.toBe("00000");
    return r.body.msg;
  };
  const productCount = async () => (await app.ctx.db.select({ n: count() }).from(products))[0]!.n;

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    const login = async (username: string, shopId: number): Promise<TestUser> => ({
      userId: `shop${shopId}`,
      token: okData(
        await call<{ accessToken: string }>("/merchant/login", { body: { username, password: "Shop1234" } }),
      ).accessToken,
    });
    shop1 = await login("shop01", 1);
    shop4 = await login("shop04", 4);
    img1 = await upload(shop1.token);
    img4 = await upload(shop4.token);
    ({ leaf, upper } = await productCategories(app));
  });
  afterAll(async () => {
    await app?.close();
  });

  it("creates a product on sale that the storefront shows at once, reads it back, reports missing languages", async () => {
    const [{ max } = { max: 0 }] = await app.ctx.db
      .select({ max: contentChanges.id })
      .from(contentChanges)
      .orderBy(contentChanges.id)
      .limit(1);
    const made = await create();
    expect(made.status).toBe(1);
    expect(made.skuIds).toHaveLength(2);
    expect(made.missingLocales).toEqual(["zh-tw"]);
    const read = okData(
      await call<{
        price: string;
        totalStocks: number;
        skus: { skuId: number; version: number; price: string; oriPrice: string; properties: unknown[] }[];
        texts: Record<string, { content: string }>;
      }>(`/merchant/products/${made.prodId}`, as(shop1)),
    );
    expect(read).toMatchObject({ price: "19.90", oriPrice: "29.90", totalStocks: 15, missingLocales: ["zh-tw"] });
    expect(read.skus[1]).toMatchObject({ price: "21.00", oriPrice: "21.00", stocks: 5, code: "CUP-B" });
    expect(read.skus[0]!.properties).toEqual([{ name: { zh: "颜色", en: "Colour" }, value: { zh: "红", en: "Red" } }]);
    // The public API: detail in zh-tw falls back to zh; search finds it by its English name.
    const detail = await app.get<{ prodName: string; price: number | string }>(
      `/api/prod/prodInfo?prodId=${made.prodId}`,
      "zh-tw",
    );
    expect(detail.body.data.prodName).toBe("测试水杯 Stocker");
    const found = await app.get<{ records: { prodId: number }[] }>(
      `/api/search/searchProdPage?keyword=${encodeURIComponent("Stocker")}&current=1&size=20`,
      "en",
    );
    expect(found.body.data.records.map((r) => r.prodId)).toContain(made.prodId);
    const tags = (
      await app.ctx.db
        .select({ tag: contentChanges.tag })
        .from(contentChanges)
        .where(gt(contentChanges.id, max ?? 0))
    ).map((r) => r.tag);
    expect(tags).toEqual(expect.arrayContaining([`product:${made.prodId}`, "products", "shop-products:1"]));
  });

  it("lists and finds the shop's products: status, category, low stock, updated since, code", async () => {
    const draft = await create({ code: "DRAFT-1", onSale: false });
    expect(draft.status).toBe(0);
    const list = (q: string, u = shop1) =>
      call<{ records: { prodId: number; status: number; name: string }[]; total: number }>(`/merchant/products?${q}`, {
        ...as(u),
        lang: "zh",
      });
    const drafts = okData(await list("status=0&size=100"));
    expect(drafts.records.map((r) => r.prodId)).toContain(draft.prodId);
    expect(drafts.records.every((r) => r.status === 0)).toBe(true);
    expect(okData(await list("code=DRAFT-1")).records).toEqual([
      expect.objectContaining({ prodId: draft.prodId, name: "测试水杯 Stocker" }),
    ]);
    expect(okData(await list(`lowStock=5&categoryId=${leaf}&size=100`)).records.map((r) => r.prodId)).toContain(
      draft.prodId,
    );
    const since = new Date(Date.now() + 60_000).toISOString();
    expect(okData(await list(`updatedSince=${encodeURIComponent(since)}`)).total).toBe(0);
    expect(okData(await list("code=DRAFT-1", shop4)).total).toBe(0);
    expect(await refusedMsg("/merchant/products?size=500", undefined, "en", "GET")).toContain("1-100");
  });

  it("refuses bad bodies with the place of the problem, in the caller's language, and stores nothing", async () => {
    const before = await productCount();
    const sku = (over: Record<string, unknown>) => ({ skus: [{ ...body().skus[0], ...over }] });
    expect(
      await refusedMsg(
        "/merchant/products",
        body({ skus: [body().skus[0], { ...body().skus[1], oriPrice: "20.00" }] }),
      ),
    ).toBe("SKU › no. 2 › original price: must not be below the price");
    expect(
      await refusedMsg(
        "/merchant/products",
        body({ skus: [body().skus[0], { ...body().skus[1], oriPrice: "20.00" }] }),
        "zh",
      ),
    ).toBe("SKU › 第 2 个 › 原价: 不能低于价格");
    expect(
      await refusedMsg(
        "/merchant/products",
        body({ skus: [body().skus[0], { ...body().skus[1], oriPrice: "20.00" }] }),
        "zh-tw",
      ),
    ).toBe("SKU › 第 2 個 › 原價: 不能低於價格");
    expect(await refusedMsg("/merchant/products", body(sku({ price: "0" })))).toContain("price: must be above 0");
    expect(await refusedMsg("/merchant/products", body(sku({ price: "-1.00" })))).toContain("price: must be a number");
    expect(await refusedMsg("/merchant/products", body(sku({ price: "1.234" })))).toContain("price: must be a number");
    expect(await refusedMsg("/merchant/products", body(sku({ stocks: -1 })))).toContain(
      "stock: must be a whole number",
    );
    expect(
      await refusedMsg(
        "/merchant/products",
        body({ skus: [body().skus[0], { ...body().skus[1], properties: body().skus[0]!.properties }] }),
      ),
    ).toBe("SKU › no. 2 › properties: the same combination as another SKU");
    expect(
      await refusedMsg(
        "/merchant/products",
        body({ skus: Array.from({ length: 101 }, (_, i) => ({ price: "1", stocks: i })) }),
      ),
    ).toBe("SKU: at most 100");
    expect(await refusedMsg("/merchant/products", body({ imgs: Array(10).fill(img1) }))).toBe("gallery: at most 9");
    expect(await refusedMsg("/merchant/products", body({ texts: { zh: { name: "x".repeat(101) } } }))).toBe(
      "texts › Simplified Chinese › name: at most 100 characters",
    );
    expect(await refusedMsg("/merchant/products", body({ texts: { zh: { name: "bad\u0007name" } } }))).toContain(
      "name: The text contains characters",
    );
    expect(
      await refusedMsg(
        "/merchant/products",
        body({ texts: { zh: { name: "a", content: "<img src=x onerror=alert(1)>" } } }),
      ),
    ).toContain("description: contains scripts");
    expect(await refusedMsg("/merchant/products", body({ texts: { en: { name: "only en" } } }))).toContain(
      "Simplified Chinese",
    );
    expect(await refusedMsg("/merchant/products", body({ colour: "red" }))).toBe("colour: is not a field of a product");
    expect(await refusedMsg("/merchant/products", body({ categoryId: upper }))).toBe(
      `category: category ${upper} is not a third-level category`,
    );
    expect(await refusedMsg("/merchant/products", body({ categoryId: 999999 }))).toBe(
      "category: category 999999 does not exist",
    );
    expect(await refusedMsg("/merchant/products", body({ pic: img4 }))).toBe(`main picture: picture ${img4} not found`);
    expect(await refusedMsg("/merchant/products", body({ shopCategoryId: leaf }))).toBe(
      `shop category: category ${leaf} not found`,
    );
    expect(await refusedMsg("/merchant/products", "{not json")).toContain("JSON");
    expect(await productCount()).toBe(before);
  });

  it("keeps every shop to its own products: another shop's is not found and unchanged", async () => {
    const made = await create({ code: "MINE-1" });
    const msg = "Product not found";
    expect(await refusedMsg(`/merchant/products/${made.prodId}`, undefined, "en", "GET", shop4)).toBe(msg);
    expect(await refusedMsg(`/merchant/products/${made.prodId}`, body({ pic: img4 }), "en", "PUT", shop4)).toBe(msg);
    expect(await refusedMsg(`/merchant/products/${made.prodId}`, undefined, "en", "DELETE", shop4)).toBe(msg);
    expect(await refusedMsg(`/merchant/products/${made.prodId}/offShelf`, undefined, "en", "POST", shop4)).toBe(msg);
    expect(
      await refusedMsg(
        `/merchant/products/${made.prodId}/skus/${made.skuIds[0]}`,
        { stocksDelta: 5 },
        "en",
        "PUT",
        shop4,
      ),
    ).toContain("not found");
    const [p] = await app.ctx.db.select().from(products).where(eq(products.prodId, made.prodId));
    expect(p).toMatchObject({ status: 1, totalStocks: 15 });
  });

  it("answers another shop's category or picture as not found, like one that does not exist, in the caller's language (#40)", async () => {
    const [theirs] = await app.ctx.db
      .select({ id: categories.categoryId })
      .from(categories)
      .where(and(eq(categories.shopId, 4), eq(categories.status, 1)))
      .limit(1);
    expect(theirs, "shop 4 has a category of its own in the demo").toBeDefined();
    const missingPic = "/uploads/product/00000000-0000-4000-8000-000000000000.png";
    const [{ max: missingCat } = { max: 0 }] = await app.ctx.db
      .select({ max: sql<number>`max(${categories.categoryId}) + 1000` })
      .from(categories);
    const before = await productCount();
    const made = await create({ code: "MINE-REFS" });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { shopCategoryId: theirs!.id },
        {
          en: `shop category: category ${theirs!.id} not found`,
          zh: `店铺分类: 分类 ${theirs!.id} 不存在`,
          "zh-tw": `店鋪分類: 分類 ${theirs!.id} 不存在`,
        },
      ],
      [{ shopCategoryId: Number(missingCat) }, { en: `shop category: category ${Number(missingCat)} not found` }],
      [
        { pic: img4 },
        {
          en: `main picture: picture ${img4} not found`,
          zh: `主图: 图片 ${img4} 不存在`,
          "zh-tw": `主圖: 圖片 ${img4} 不存在`,
        },
      ],
      [{ pic: missingPic }, { en: `main picture: picture ${missingPic} not found` }],
      [{ imgs: [img4] }, { en: `gallery › no. 1: picture ${img4} not found` }],
    ];
    for (const [over, byLang] of cases)
      for (const [lang, msg] of Object.entries(byLang)) {
        expect(await refusedMsg("/merchant/products", body(over), lang)).toBe(msg);
        // An edit of the shop's own product says the same and changes nothing.
        expect(
          await refusedMsg(`/merchant/products/${made.prodId}`, body({ code: "MINE-REFS", ...over }), lang, "PUT"),
        ).toBe(msg);
      }
    expect(await productCount()).toBe(before + 1);
    const [p] = await app.ctx.db.select().from(products).where(eq(products.prodId, made.prodId));
    expect(p).toMatchObject({ pic: img1, shopCategoryId: null });
  });

  it("edits the whole product: SKUs matched by id or code keep their ids, left-out SKUs go off, texts follow", async () => {
    const made = await create({ code: "EDIT-1" });
    const next = body({
      code: "EDIT-1",
      texts: { zh: { name: "新名字" }, "zh-tw": { name: "新名字 tw" } },
      skus: [
        { ...body().skus[1], price: "25.00", stocks: 7 },
        { code: "CUP-G", properties: [{ name: { zh: "颜色" }, value: { zh: "绿" } }], price: "9.99", stocks: 1 },
      ],
    });
    const saved = okData(
      await call<{ skuIds: number[]; missingLocales: string[] }>(`/merchant/products/${made.prodId}`, {
        ...as(shop1),
        method: "PUT",
        body: next,
      }),
    );
    expect(saved.skuIds[0]).toBe(made.skuIds[1]);
    expect(saved.skuIds[1]).not.toBe(made.skuIds[0]);
    expect(saved.missingLocales).toEqual(["en"]);
    const [p] = await app.ctx.db.select().from(products).where(eq(products.prodId, made.prodId));
    expect(p).toMatchObject({ price: "9.99", totalStocks: 8 });
    const [old] = await app.ctx.db.select().from(skus).where(eq(skus.skuId, made.skuIds[0]!));
    expect(old!.status).toBe(0);
    const texts = await app.ctx.db
      .select()
      .from(productTranslations)
      .where(eq(productTranslations.prodId, made.prodId));
    expect(texts.map((t) => t.locale).sort()).toEqual(["zh", "zh-tw"]);
    const sku = await app.get<{ skuName: string; properties: string }[]>(
      `/api/prod/skuList?prodId=${made.prodId}`,
      "en",
    );
    expect(sku.body.data.map((s) => s.properties)).toEqual(expect.arrayContaining(["颜色:绿"]));
  });

  it("changes one SKU's price or stock: absolute with the version read (stale refused), or a delta (never below 0)", async () => {
    const made = await create({ code: "SMALL-1" });
    const skuId = made.skuIds[0]!;
    const url = `/merchant/products/${made.prodId}/skus/${skuId}`;
    const put = <T>(b: unknown, lang = "en") => call<T>(url, { ...as(shop1), method: "PUT", body: b, lang });
    const [v0] = await app.ctx.db.select({ version: skus.version }).from(skus).where(eq(skus.skuId, skuId));
    const a = okData(
      await put<{ price: string; stocks: number; version: number }>({
        version: v0!.version,
        price: "17.50",
        stocks: 30,
      }),
    );
    expect(a).toMatchObject({ price: "17.50", oriPrice: "29.90", stocks: 30, version: v0!.version + 1 });
    const stale = await put({ version: v0!.version, price: "1.00" });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(
      `This SKU was changed meanwhile (now version ${v0!.version + 1}); read it again and retry`,
    );
    expect((await put({ price: "1.00" })).body.msg).toContain("version: is required");
    const d = okData(await put<{ stocks: number }>({ stocksDelta: -12 }));
    expect(d.stocks).toBe(18);
    expect((await put({ stocksDelta: -19 }, "zh")).body.msg).toBe("库存增减: 会使库存低于 0（当前 18）");
    expect((await put({ version: a.version + 1, price: "40.00", oriPrice: "30.00" })).body.msg).toBe(
      "original price: must not be below the price",
    );
    const [p] = await app.ctx.db.select().from(products).where(eq(products.prodId, made.prodId));
    expect(p).toMatchObject({ price: "17.50", totalStocks: 23 });
  });

  it("refuses a submit at an old price with the fresh total after a price change", async () => {
    const made = await create({ code: "SUBMIT-1", skus: [{ price: "10.00", stocks: 5 }] });
    const buyer = await buyerWithAddress(app, "prodbuyer");
    const confirm = okData(
      await call<{ actualTotal: string; uuid: string }>("/p/order/confirm", {
        user: buyer,
        body: {
          addrId: buyer.addrId,
          orderItem: { prodId: made.prodId, skuId: made.skuIds[0], prodCount: 1, shopId: 1 },
        },
      }),
    );
    const seen = confirm.actualTotal;
    const [v] = await app.ctx.db.select({ version: skus.version }).from(skus).where(eq(skus.skuId, made.skuIds[0]!));
    okData(
      await call(`/merchant/products/${made.prodId}/skus/${made.skuIds[0]}`, {
        ...as(shop1),
        method: "PUT",
        body: { version: v!.version, price: "12.00" },
      }),
    );
    const submit = await call<unknown>("/p/order/submit", {
      user: buyer,
      body: { uuid: confirm.uuid, addrId: buyer.addrId, actualTotal: seen },
    });
    expect(submit.body.code).not.toBe("00000");
    expect(submit.body.msg).toMatch(/The order amount has changed; please check the new amount ¥\d+\.\d\d/);
    expect(submit.body.msg).not.toContain(`¥${seen}`);
  });

  it("keeps every field a shop sends (brand, its own category, SKU picture, no seven-day return, virtual goods) and the storefront shows them", async () => {
    const [brand] = await app.ctx.db.select({ id: brands.brandId }).from(brands).where(eq(brands.status, 1)).limit(1);
    const [own] = await app.ctx.db
      .select({ id: categories.categoryId })
      .from(categories)
      .where(and(eq(categories.shopId, 1), eq(categories.status, 1)))
      .limit(1);
    const more = await upload(shop1.token);
    const made = await create({
      code: "FIELDS-1",
      brandId: brand!.id,
      shopCategoryId: own!.id,
      sevenDayReturn: false,
      virtual: { writeOffTime: 30, isRefund: false },
      imgs: [more],
      skus: [{ code: "FIELDS-1-A", price: "88.00", stocks: 7, pic: img1 }],
    });
    const read = okData(
      await call<{
        brandId: number;
        shopCategoryId: number;
        sevenDayReturn: boolean;
        virtual: unknown;
        imgs: string[];
        skus: { pic: string | null }[];
      }>(`/merchant/products/${made.prodId}`, as(shop1)),
    );
    expect(read).toMatchObject({
      brandId: brand!.id,
      shopCategoryId: own!.id,
      sevenDayReturn: false,
      virtual: { writeOffTime: 30, isRefund: false },
      imgs: [more],
    });
    expect(read.skus[0]!.pic).toBe(img1);
    const detail = (await app.get<ProductDetail>(`/api/prod/prodInfo?prodId=${made.prodId}`, "en")).body.data;
    expect(detail).toMatchObject({ sevenDayReturn: false, mold: 1, writeOffTime: 30, isRefund: 0 });
    expect(detail.brand?.brandId).toBe(brand!.id);
    expect(detail.skuList[0]!.pic).toBe(img1);
    const inShopCategory = await app.get<{ records: { prodId: number }[] }>(
      `/api/search/searchProdPage?shopId=1&shopCategoryId=${own!.id}&sort=1&size=50`,
      "en",
    );
    expect(inShopCategory.body.data.records.map((r) => r.prodId)).toContain(made.prodId);
  });

  it("delete: the buyer's order keeps the name, picture and price it was placed with", async () => {
    const made = await create({ code: "SNAP-1", skus: [{ price: "15.50", stocks: 5, pic: img1 }] });
    const buyer = await buyerWithAddress(app, "prodsnap");
    const confirm = okData(
      await call<{ actualTotal: string; uuid: string }>("/p/order/confirm", {
        user: buyer,
        body: {
          addrId: buyer.addrId,
          orderItem: { prodId: made.prodId, skuId: made.skuIds[0], prodCount: 2, shopId: 1 },
        },
      }),
    );
    const { orderNumbers } = okData(
      await call<{ orderNumbers: string }>("/p/order/submit", {
        user: buyer,
        body: { uuid: confirm.uuid, addrId: buyer.addrId, actualTotal: confirm.actualTotal },
      }),
    );
    const item = async (lang: "zh" | "en") =>
      okData(await call<OrderDetailDto>(`/p/myOrder/orderDetail?orderNumber=${orderNumbers}`, { user: buyer, lang }))
        .orderItemDtos[0]!;
    const before = { zh: await item("zh"), en: await item("en") };
    expect(before.en).toMatchObject({ prodId: made.prodId, prodName: "Test Cup Stocker", price: "15.50", pic: img1 });
    expect(before.zh.prodName).toBe("测试水杯 Stocker");
    // The shop renames and reprices, then deletes: the order is as the buyer placed it.
    okData(
      await call(`/merchant/products/${made.prodId}`, {
        ...as(shop1),
        method: "PUT",
        body: body({
          code: "SNAP-1",
          texts: { zh: { name: "改名了" }, en: { name: "Renamed" } },
          skus: [{ price: "99.00", stocks: 5 }],
        }),
      }),
    );
    okData(await call(`/merchant/products/${made.prodId}`, { ...as(shop1), method: "DELETE" }));
    expect(await item("en")).toEqual(before.en);
    expect(await item("zh")).toEqual(before.zh);
  });

  it("shelves: off and on by the shop; the platform's off-shelf with a reason the shop cannot undo; delete", async () => {
    const made = await create({ code: "SHELF-1" });
    const post = (p: string, u = shop1) =>
      call<{ status: number }>(`/merchant/products/${made.prodId}/${p}`, { ...as(u), method: "POST" });
    expect(okData(await post("offShelf")).status).toBe(0);
    expect((await app.get(`/api/prod/prodInfo?prodId=${made.prodId}`, "en")).body.code).not.toBe("00000");
    expect(okData(await post("onShelf")).status).toBe(1);
    expect((await app.get(`/api/prod/prodInfo?prodId=${made.prodId}`, "en")).body.code).toBe("00000");
    const platform = (p: string, b?: unknown, token = PLATFORM) =>
      app.request<{ status: number }>(`/api/platform/products/${made.prodId}/${p}`, {
        method: "POST",
        headers: { Authorization: token, "Content-Type": "application/json", "Accept-Language": "en" },
        ...(b ? { body: JSON.stringify(b) } : {}),
      });
    expect((await platform("offShelf", { reason: "fake brand" }, "wrong")).body.code).toBe("A00004");
    expect((await platform("offShelf", { reason: "" })).body.msg).toBe("reason: cannot be empty");
    expect(okData(await platform("offShelf", { reason: "fake brand" })).status).toBe(2);
    expect((await post("onShelf")).body.msg).toBe(
      "The platform took this product off the shelf; it cannot be put on sale by the shop",
    );
    const read = okData(
      await call<{ status: number; offShelfReason: string }>(`/merchant/products/${made.prodId}`, as(shop1)),
    );
    expect(read).toMatchObject({ status: 2, offShelfReason: "fake brand" });
    // A save by the shop keeps it off.
    expect(
      okData(
        await call<{ status: number }>(`/merchant/products/${made.prodId}`, {
          ...as(shop1),
          method: "PUT",
          body: body({ code: "SHELF-1" }),
        }),
      ).status,
    ).toBe(2);
    expect(okData(await platform("release")).status).toBe(0);
    expect(okData(await post("onShelf")).status).toBe(1);
    okData(await call(`/merchant/products/${made.prodId}`, { ...as(shop1), method: "DELETE" }));
    expect(await refusedMsg(`/merchant/products/${made.prodId}`, undefined, "en", "GET")).toBe("Product not found");
    const [p] = await app.ctx.db.select().from(products).where(eq(products.prodId, made.prodId));
    expect(p!.status).toBe(-1);
  });

  it("50 stock deltas racing with 200 orders never oversell and never lose a unit", async () => {
    const made = await create({ code: "RACE-1", skus: [{ price: "5.00", stocks: 100 }] });
    const skuId = made.skuIds[0]!;
    const buyer = await createTestUser(app, "prodracer");
    const orders = Array.from({ length: 200 }, () =>
      createOrder(app, { userId: buyer.userId, items: [{ skuId, prodCount: 1 }] }).then(
        () => 1,
        () => 0,
      ),
    );
    const deltas = Array.from({ length: 50 }, () =>
      call(`/merchant/products/${made.prodId}/skus/${skuId}`, {
        ...as(shop1),
        method: "PUT",
        body: { stocksDelta: 1 },
      }).then((r) => (r.body.code === "00000" ? 1 : 0)),
    );
    const sold = (await Promise.all(orders)).reduce((a: number, b) => a + b, 0);
    const added = (await Promise.all(deltas)).reduce((a: number, b) => a + b, 0);
    expect(added).toBe(50);
    const [s] = await app.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.skuId, skuId));
    const [p] = await app.ctx.db
      .select({ total: products.totalStocks })
      .from(products)
      .where(eq(products.prodId, made.prodId));
    expect(s!.stocks).toBeGreaterThanOrEqual(0);
    expect(s!.stocks).toBe(100 + added - sold);
    expect(p!.total).toBe(s!.stocks);
    expect(sold).toBeGreaterThanOrEqual(100);
  }, 120_000);

  it("stock deltas sent together are written in groups, each answering for itself", async () => {
    const made = await create({ code: "GROUP-1" });
    const [red, blue] = made.skuIds as [number, number];
    const url = (skuId: number) => `/merchant/products/${made.prodId}/skus/${skuId}`;
    const send = (skuId: number, stocksDelta: number, u = shop1) =>
      call<{ skuId: number; stocks: number; version: number }>(url(skuId), {
        ...as(u),
        method: "PUT",
        body: { stocksDelta },
      });
    const [v0] = await app.ctx.db.select({ version: skus.version }).from(skus).where(eq(skus.skuId, red));
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => send(red, -1)),
      send(blue, 3),
      send(blue, -1),
      send(red, -1, shop4),
      send(blue + 100_000, 1),
    ]);
    const reds = answers.slice(0, 12);
    expect(reds.filter((r) => r.body.code === "00000")).toHaveLength(10);
    // Each taken unit answered the stock it left: 9 … 0, once each; the two too many were refused.
    expect(
      reds
        .filter((r) => r.body.code === "00000")
        .map((r) => r.body.data.stocks)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(reds.filter((r) => r.body.code !== "00000").map((r) => r.body.msg)).toEqual([
      "stock change: would take the stock below 0 (now 0)",
      "stock change: would take the stock below 0 (now 0)",
    ]);
    expect(answers[12]!.body.data.stocks + answers[13]!.body.data.stocks).toBe(8 + 7);
    expect(answers[14]!.body.msg).toBe(`SKU ${red} not found`);
    expect(answers[15]!.body.msg).toBe(`SKU ${blue + 100_000} not found`);
    const [r] = await app.ctx.db
      .select({ stocks: skus.stocks, version: skus.version })
      .from(skus)
      .where(eq(skus.skuId, red));
    expect(r).toEqual({ stocks: 0, version: v0!.version + 10 });
    const [p] = await app.ctx.db
      .select({ total: products.totalStocks })
      .from(products)
      .where(eq(products.prodId, made.prodId));
    expect(p!.total).toBe(0 + 7);
  });
});
