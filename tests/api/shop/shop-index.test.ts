/** Shop index head info: GET /shop/headInfo (domain shop-index.ts) for every shop status. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { categories, products, shops } from "../../../src/server/db/schema/index.ts";
import type { ShopIndexAnswer, ShopIndexInfo } from "../../../src/lib/shop/shop-types.ts";
import { getShopCategories, getShopHeadInfo } from "../../../src/server/domain/shop/shop-index.ts";
import { searchProducts } from "../../../src/server/domain/catalog/product-list.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const KEYS = [
  "fansCount",
  "homeStatus",
  "intro",
  "productCount",
  "rating",
  "renovationId",
  "shopId",
  "shopLogo",
  "shopName",
  "shopStatus",
  "type",
];

describe.skipIf(!dbReady)("shop index API", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a decorated open shop answers its published home decoration", async () => {
    for (const [shopId, renovationId] of [
      [1, 3],
      [4, 4],
    ] as const) {
      const info = okData(await app.get<ShopIndexInfo>(`/api/shop/headInfo?shopId=${shopId}`, "en"));
      expect(Object.keys(info).sort()).toEqual(KEYS);
      expect(info).toMatchObject({ shopId, shopStatus: 1, renovationId, homeStatus: 1 });
      const [{ n }] = (await app.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(eq(products.shopId, shopId), eq(products.status, 1)))) as [{ n: number }];
      expect(info.productCount).toBe(n);
    }
  });

  it("an open shop without decoration: renovationId null, homeStatus 0; names localized", async () => {
    const en = okData(await app.get<ShopIndexInfo>("/api/shop/headInfo?shopId=2", "en"));
    const zh = okData(await app.get<ShopIndexInfo>("/api/shop/headInfo?shopId=2", "zh"));
    expect(en).toMatchObject({ shopId: 2, shopStatus: 1, renovationId: null, homeStatus: 0 });
    const [raw] = await app.ctx.db.select({ name: shops.shopName }).from(shops).where(eq(shops.shopId, 2));
    expect(en.shopName).toBe(raw!.name.en);
    expect(zh.shopName).toBe(raw!.name.zh);
  });

  it("a shop that is not open reveals only {shopId, shopStatus}, for every status", async () => {
    const rows = await app.ctx.db
      .select({ id: shops.shopId, s: shops.shopStatus })
      .from(shops)
      .where(sql`${shops.shopStatus} <> 1`);
    expect(new Set(rows.map((r) => r.s))).toEqual(new Set([0, -1, 2, 3]));
    for (const r of rows) {
      expect(okData(await app.get<ShopIndexAnswer>(`/api/shop/headInfo?shopId=${r.id}`, "en"))).toEqual({
        shopId: r.id,
        shopStatus: r.s,
      });
    }
    // Closing a decorated shop hides everything but its status.
    await app.ctx.db.update(shops).set({ shopStatus: 2 }).where(eq(shops.shopId, 1));
    try {
      expect(await getShopHeadInfo(app.ctx.db, "zh", 1)).toEqual({ shopId: 1, shopStatus: 2 });
    } finally {
      await app.ctx.db.update(shops).set({ shopStatus: 1 }).where(eq(shops.shopId, 1));
    }
  });

  it("unknown and bad shopId → A00001", async () => {
    expect((await app.get("/api/shop/headInfo?shopId=99999", "en")).body).toEqual({
      code: "A00001",
      msg: "The shop does not exist",
      data: null,
      success: false,
    });
    expect((await app.get("/api/shop/headInfo?shopId=99999", "zh-TW")).body.msg).toBe("店鋪不存在");
    expect((await app.get("/api/shop/headInfo?shopId=x", "en")).body).toMatchObject({
      code: "A00001",
      msg: "Shop is not valid",
    });
    expect((await app.get("/api/shop/headInfo", "en")).body).toMatchObject({
      code: "A00001",
      msg: "Shop cannot be empty",
    });
    expect(await getShopHeadInfo(app.ctx.db, "zh", 99999)).toBeNull();
  });

  it("shop categories and the products of a category", async () => {
    const cats = await getShopCategories(app.ctx.db, "en", 1);
    const own = await app.ctx.db
      .select({ id: categories.categoryId })
      .from(categories)
      .where(and(eq(categories.shopId, 1), eq(categories.status, 1)));
    expect(cats.map((c) => c.categoryId).sort()).toEqual(own.map((c) => c.id).sort());
    expect(cats.length).toBeGreaterThan(0);
    expect(await getShopCategories(app.ctx.db, "en", 99999)).toEqual([]);
    const page = await searchProducts(app.ctx.db, "en", {
      shopId: 1,
      shopCategoryId: cats[0]!.categoryId,
      current: 1,
      size: 100,
    });
    const [{ n }] = (await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.shopCategoryId, cats[0]!.categoryId), eq(products.status, 1)))) as [{ n: number }];
    expect(page.total).toBe(n);
  });
});
