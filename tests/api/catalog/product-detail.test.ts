/** Product detail, SKUs, status and reviews: /prod/prodInfo, /prod/skuList, /prod/isStatus, /prod/prodCommData, /prod/prodCommPageByProd. */
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import { pickText } from "../../../src/lib/locale.ts";
import {
  prodComments,
  products,
  productTranslations,
  shops,
  skus,
  users,
} from "../../../src/server/db/schema/index.ts";
import type { CommentItem, CommentSummary } from "../../../src/lib/review/review-types.ts";
import type { ProductDetail, SkuItem } from "../../../src/lib/catalog/product-types.ts";
import {
  buildSkuMatrix,
  getCommentSummary,
  getProductDetail,
  getProductPage,
} from "../../../src/server/domain/catalog/product-detail.ts";
import { dbChangeFeed } from "../../../src/server/db/content-changes.ts";
import { PublicReadModels } from "../../../src/server/domain/content/read-models.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const DETAIL_KEYS = [
  "brand",
  "brief",
  "categoryId",
  "categoryPath",
  "commentNum",
  "content",
  "imgs",
  "isRefund",
  "mold",
  "oriPrice",
  "parameters",
  "pic",
  "price",
  "prodId",
  "prodName",
  "prodType",
  "sevenDayReturn",
  "shop",
  "skuList",
  "soldNum",
  "specs",
  "status",
  "totalStocks",
  "writeOffTime",
];

describe.skipIf(!dbReady)("product detail API", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The product with the most shown reviews. */
  async function mostReviewedProduct(): Promise<number> {
    const [top] = await app.ctx.db
      .select({ prodId: prodComments.prodId })
      .from(prodComments)
      .where(eq(prodComments.status, 1))
      .groupBy(prodComments.prodId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    return top!.prodId;
  }

  it("answers the product in the request language with all fields", async () => {
    const en = okData(await app.get<ProductDetail>("/api/prod/prodInfo?prodId=1", "en"));
    const zh = okData(await app.get<ProductDetail>("/api/prod/prodInfo?prodId=1", "zh"));
    expect(Object.keys(en).sort()).toEqual(DETAIL_KEYS);
    const [t] = await app.ctx.db
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.prodId, 1), eq(productTranslations.locale, "en")));
    expect(en.prodName).toBe(t!.prodName);
    expect(zh.prodName).not.toBe(en.prodName);
    expect(en.price).toMatch(/^\d+\.\d{2}$/);
    expect(en.imgs.length).toBeGreaterThan(0);
    expect(en.parameters.length).toBeGreaterThan(0);
    expect(Object.keys(en.parameters[0]!).sort()).toEqual(["key", "value"]);
    expect(en.categoryPath.map((c) => c.level)).toEqual([1, 2, 3]);
    expect(en.categoryPath[2]!.categoryId).toBe(en.categoryId);
    expect(en.brand).not.toBeNull();
    expect(Object.keys(en.shop).sort()).toEqual([
      "fansCount",
      "productCount",
      "rating",
      "shopId",
      "shopLogo",
      "shopName",
      "shopStatus",
      "type",
    ]);
    const [{ n }] = (await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.shopId, en.shop.shopId), eq(products.status, 1)))) as [{ n: number }];
    expect(en.shop.productCount).toBe(n);
    expect(en.shop.shopStatus).toBe(1);
  });

  it("says whether the seven-day no-reason return applies (the seed has shop 3 goods without it)", async () => {
    expect(okData(await app.get<ProductDetail>("/api/prod/prodInfo?prodId=1", "en")).sevenDayReturn).toBe(true);
    const [off] = await app.ctx.db
      .select({ id: products.prodId })
      .from(products)
      .where(and(eq(products.sevenDayReturn, 0), eq(products.status, 1)))
      .limit(1);
    expect(off).toBeDefined();
    expect(okData(await app.get<ProductDetail>(`/api/prod/prodInfo?prodId=${off!.id}`, "en")).sevenDayReturn).toBe(
      false,
    );
  });

  it("product 19's description is sanitised (no <script>, no event handlers)", async () => {
    for (const lang of ["zh", "zh-TW", "en"]) {
      const d = okData(await app.get<ProductDetail>("/api/prod/prodInfo?prodId=19", lang));
      expect(d.content.length).toBeGreaterThan(0);
      expect(d.content).not.toMatch(/<script|onclick|alert\(/i);
    }
    const [raw] = await app.ctx.db
      .select({ c: productTranslations.content })
      .from(productTranslations)
      .where(and(eq(productTranslations.prodId, 19), eq(productTranslations.locale, "en")));
    expect(raw!.c).toContain("<script>");
  });

  it("SKU list and the derived property matrix agree", async () => {
    // A product with several SKUs.
    const [multi] = await app.ctx.db
      .select({ prodId: skus.prodId })
      .from(skus)
      .innerJoin(products, eq(products.prodId, skus.prodId))
      .where(eq(products.status, 1))
      .groupBy(skus.prodId)
      .having(sql`count(*) > 2`)
      .orderBy(skus.prodId)
      .limit(1);
    const d = okData(await app.get<ProductDetail>(`/api/prod/prodInfo?prodId=${multi!.prodId}`, "en"));
    const list = okData(await app.get<SkuItem[]>(`/api/prod/skuList?prodId=${multi!.prodId}`, "en"));
    expect(list).toEqual(d.skuList);
    expect(list.length).toBeGreaterThan(2);
    expect(Object.keys(list[0]!).sort()).toEqual([
      "oriPrice",
      "pic",
      "price",
      "properties",
      "skuId",
      "skuName",
      "status",
      "stocks",
    ]);
    expect(d.specs).toEqual(buildSkuMatrix(list));
    expect(d.specs.length).toBeGreaterThan(0);
    // Every SKU appears exactly once per property row, and each combination identifies one SKU.
    for (const spec of d.specs) {
      const ids = spec.values.flatMap((v) => v.skuIds).sort((a, b) => a - b);
      expect(ids).toEqual(list.map((s) => s.skuId).sort((a, b) => a - b));
    }
    const [raw] = await app.ctx.db.select({ p: skus.properties }).from(skus).where(eq(skus.skuId, list[0]!.skuId));
    expect(list[0]!.properties).toBe(pickText(raw!.p, "en"));
  });

  it("sold-out products are still shown with zero stock", async () => {
    for (const id of [85, 304]) {
      const d = okData(await app.get<ProductDetail>(`/api/prod/prodInfo?prodId=${id}`, "en"));
      expect(d.totalStocks).toBe(0);
      expect(d.skuList.every((s) => s.stocks === 0)).toBe(true);
    }
  });

  it("missing, off-shelf and closed-shop products → A00001 productNotFound (translated); isStatus false", async () => {
    const notFound = {
      code: "A00001",
      msg: "The product does not exist or is no longer on sale",
      data: null,
      success: false,
    };
    expect((await app.get("/api/prod/prodInfo?prodId=999999", "en")).body).toEqual(notFound);
    expect((await app.get("/api/prod/prodInfo?prodId=999999", "zh")).body.msg).toBe("商品不存在或已下架");
    expect(okData(await app.get<boolean>("/api/prod/isStatus?prodId=1", "en"))).toBe(true);
    expect(okData(await app.get<boolean>("/api/prod/isStatus?prodId=999999", "en"))).toBe(false);

    const [off] = await app.ctx.db
      .select({ id: products.prodId })
      .from(products)
      .where(eq(products.status, 0))
      .limit(1);
    expect((await app.get(`/api/prod/prodInfo?prodId=${off!.id}`, "en")).body).toEqual(notFound);
    expect((await app.get(`/api/prod/skuList?prodId=${off!.id}`, "en")).body).toEqual(notFound);
    expect(okData(await app.get<boolean>(`/api/prod/isStatus?prodId=${off!.id}`, "en"))).toBe(false);
    expect(await getProductDetail(app.ctx.db, "en", off!.id)).toBeNull();

    const [p] = await app.ctx.db
      .select({ id: products.prodId, shopId: products.shopId })
      .from(products)
      .where(eq(products.prodId, 2));
    await app.ctx.db.update(shops).set({ shopStatus: 0 }).where(eq(shops.shopId, p!.shopId));
    try {
      expect((await app.get("/api/prod/prodInfo?prodId=2", "en")).body).toEqual(notFound);
      expect(okData(await app.get<boolean>("/api/prod/isStatus?prodId=2", "en"))).toBe(false);
    } finally {
      await app.ctx.db.update(shops).set({ shopStatus: 1 }).where(eq(shops.shopId, p!.shopId));
    }
    expect(okData(await app.get<boolean>("/api/prod/isStatus?prodId=2", "en"))).toBe(true);
  });

  it("bad prodId → A00001", async () => {
    expect((await app.get("/api/prod/prodInfo", "en")).body).toMatchObject({
      code: "A00001",
      msg: "Product cannot be empty",
    });
    expect((await app.get("/api/prod/prodInfo?prodId=abc", "en")).body).toMatchObject({
      code: "A00001",
      msg: "Product is not valid",
    });
    expect((await app.get("/api/prod/prodInfo?prodId=0", "en")).body.code).toBe("A00001");
    expect((await app.get("/api/prod/prodCommPageByProd?prodId=1&evaluate=7", "en")).body).toMatchObject({
      code: "A00001",
      msg: "Review type is out of the allowed range",
    });
  });

  it("review summary numbers are consistent with the review pages", async () => {
    const id = await mostReviewedProduct();
    const s = okData(await app.get<CommentSummary>(`/api/prod/prodCommData?prodId=${id}`, "en"));
    expect(Object.keys(s).sort()).toEqual([
      "negativeNumber",
      "number",
      "picNumber",
      "positiveRating",
      "praiseNumber",
      "secondaryNumber",
    ]);
    expect(s.number).toBeGreaterThan(0);
    expect(s.praiseNumber + s.secondaryNumber + s.negativeNumber).toBe(s.number);
    expect(s.positiveRating).toBe(Math.round((s.praiseNumber * 100) / s.number));
    const total = async (evaluate: number) =>
      okData(
        await app.get<Page<CommentItem>>(
          `/api/prod/prodCommPageByProd?prodId=${id}&evaluate=${evaluate}&size=100`,
          "en",
        ),
      ).total;
    expect(await total(-1)).toBe(s.number);
    expect(await total(0)).toBe(s.praiseNumber);
    expect(await total(1)).toBe(s.secondaryNumber);
    expect(await total(2)).toBe(s.negativeNumber);
    expect(await total(3)).toBe(s.picNumber);
    const shown = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(prodComments)
      .where(and(eq(prodComments.prodId, id), eq(prodComments.status, 1)));
    expect(s.number).toBe(shown[0]!.n);
    const none = okData(await app.get<CommentSummary>("/api/prod/prodCommData?prodId=999999", "en"));
    expect(none).toEqual({
      positiveRating: 0,
      number: 0,
      praiseNumber: 0,
      secondaryNumber: 0,
      negativeNumber: 0,
      picNumber: 0,
    });
  });

  it("a product page's one statement reads the review counts too, kept as the review summary", async () => {
    const id = await mostReviewedProduct();
    const page = await getProductPage(app.ctx.db, "en", id);
    const summary = await getCommentSummary(app.ctx.db, id);
    expect(summary.number).toBeGreaterThan(0);
    expect(page!.reviews).toEqual(summary);
    expect(page!.detail).toEqual(await getProductDetail(app.ctx.db, "en", id));
    // The read models keep them both from that one read: the summary is there before anyone asks.
    // (A feed read once a minute, so that peek may answer from memory.)
    const content = new PublicReadModels(app.ctx.db, dbChangeFeed(app.ctx.db, { intervalMs: 60_000 }));
    await content.feed.sync();
    expect(content.memo.peek(`commentSummary ${id}`)).toBeUndefined();
    await content.productDetail("en", id);
    expect(content.memo.peek(`commentSummary ${id}`)).toEqual(summary);
    expect(await content.commentSummary(id)).toEqual(summary);
  });

  it("review page: newest first, pictures as arrays, anonymous reviewers masked", async () => {
    const [anon] = await app.ctx.db
      .select({ prodId: prodComments.prodId, id: prodComments.prodCommId, userId: prodComments.userId })
      .from(prodComments)
      .where(and(eq(prodComments.isAnonymous, 1), eq(prodComments.status, 1)))
      .limit(1);
    expect(anon).toBeDefined();
    const pageAll = okData(
      await app.get<Page<CommentItem>>(`/api/prod/prodCommPageByProd?prodId=${anon!.prodId}&size=100`, "en"),
    );
    expect(Object.keys(pageAll).sort()).toEqual(["current", "pages", "records", "size", "total"]);
    const row = pageAll.records.find((r) => r.prodCommId === anon!.id)!;
    const [u] = await app.ctx.db.select({ nick: users.nickName }).from(users).where(eq(users.userId, anon!.userId));
    const chars = Array.from(u!.nick);
    expect(row.nickName).toBe(chars.length > 1 ? `${chars[0]}***${chars[chars.length - 1]}` : `${chars[0]}***`);
    expect(row.nickName).not.toBe(u!.nick);
    expect(row.pic).toBe("");
    expect(Object.keys(row).sort()).toEqual([
      "content",
      "evaluate",
      "isAnonymous",
      "nickName",
      "pic",
      "pics",
      "prodCommId",
      "recTime",
      "replyContent",
      "replyTime",
      "score",
      "skuName",
    ]);
    const times = pageAll.records.map((r) => Date.parse(r.recTime));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]!);
    const withPics = okData(
      await app.get<Page<CommentItem>>(`/api/prod/prodCommPageByProd?prodId=${anon!.prodId}&evaluate=3&size=100`, "en"),
    );
    expect(withPics.records.every((r) => Array.isArray(r.pics) && r.pics.length > 0)).toBe(true);
  });

  it("prodInfo is kept ready: compressed when asked (same JSON), and a change to the product shows at once", async () => {
    const ask = (enc?: string) =>
      app.api.request("/api/prod/prodInfo?prodId=3", {
        headers: { "accept-language": "en", ...(enc ? { "accept-encoding": enc } : {}) },
      });
    const plain = await (await ask()).text();
    for (const [enc, unzip] of [
      ["gzip", zlib.gunzipSync],
      ["br", zlib.brotliDecompressSync],
    ] as const) {
      const r = await ask(enc);
      expect(r.headers.get("content-encoding")).toBe(enc);
      expect(r.headers.get("vary")).toContain("Accept-Encoding");
      expect(unzip(Buffer.from(await r.arrayBuffer())).toString()).toBe(plain);
    }
    const before = (JSON.parse(plain) as { data: ProductDetail }).data;
    await app.ctx.db
      .update(products)
      .set({ price: sql`${products.price} + 1` })
      .where(eq(products.prodId, 3));
    const after = okData(await app.get<ProductDetail>("/api/prod/prodInfo?prodId=3", "en"));
    expect(Number(after.price)).toBeCloseTo(Number(before.price) + 1, 2);
  });
});
