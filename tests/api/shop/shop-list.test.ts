/** Shop list with product counts: GET /shop/searchShops (domain shop-list.ts searchShops). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import { products, shops } from "../../../src/server/db/schema/index.ts";
import type { ShopCard } from "../../../src/lib/shop/shop-types.ts";
import { searchShops } from "../../../src/server/domain/shop/shop-list.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("shop list API", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lists all open shops (self-operated first) with product counts", async () => {
    const page = okData(await app.get<Page<ShopCard>>("/api/shop/searchShops?size=100", "en"));
    const open = await app.ctx.db
      .select({ id: shops.shopId, type: shops.type })
      .from(shops)
      .where(eq(shops.shopStatus, 1));
    expect(page.total).toBe(open.length);
    expect(page.total).toBe(7);
    expect(page.records.map((s) => s.shopId).sort()).toEqual(open.map((s) => s.id).sort());
    expect(Object.keys(page.records[0]!).sort()).toEqual([
      "fansCount",
      "intro",
      "productCount",
      "rating",
      "shopId",
      "shopLogo",
      "shopName",
      "shopStatus",
      "soldNum",
      "type",
    ]);
    const firstOther = page.records.findIndex((s) => s.type !== 1);
    expect(page.records.slice(firstOther).some((s) => s.type === 1)).toBe(false);
    for (const s of page.records) {
      const [{ n }] = (await app.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(eq(products.shopId, s.shopId), eq(products.status, 1)))) as [{ n: number }];
      expect(s.productCount).toBe(n);
      expect(s.shopStatus).toBe(1);
    }
  });

  it("matches the trimmed name in any language, case-insensitively", async () => {
    const [raw] = await app.ctx.db.select({ name: shops.shopName }).from(shops).where(eq(shops.shopId, 4));
    const byEn = okData(
      await app.get<Page<ShopCard>>(
        `/api/shop/searchShops?shopName=${encodeURIComponent(`  ${raw!.name.en.toLowerCase()} `)}`,
        "zh",
      ),
    );
    expect(byEn.records.map((s) => s.shopId)).toContain(4);
    expect(byEn.records.find((s) => s.shopId === 4)!.shopName).toBe(raw!.name.zh);
    const byZh = okData(
      await app.get<Page<ShopCard>>(`/api/shop/searchShops?shopName=${encodeURIComponent(raw!.name.zh)}`, "en"),
    );
    expect(byZh.records.map((s) => s.shopId)).toEqual([4]);
    expect(byZh.records[0]!.shopName).toBe(raw!.name.en);
    expect(okData(await app.get<Page<ShopCard>>("/api/shop/searchShops?shopName=%25", "en")).total).toBe(0);
    // Shops that are not open are never found, even by their exact name.
    const [closed] = await app.ctx.db
      .select({ name: shops.shopName })
      .from(shops)
      .where(eq(shops.shopStatus, 0))
      .limit(1);
    expect(
      okData(
        await app.get<Page<ShopCard>>(`/api/shop/searchShops?shopName=${encodeURIComponent(closed!.name.en)}`, "en"),
      ).total,
    ).toBe(0);
  });

  it("pages", async () => {
    const p1 = await searchShops(app.ctx.db, "zh", { current: 1, size: 3 });
    const p3 = await searchShops(app.ctx.db, "zh", { current: 3, size: 3 });
    expect(p1.pages).toBe(3);
    expect(p1.records).toHaveLength(3);
    expect(p3.records).toHaveLength(1);
    expect((await searchShops(app.ctx.db, "zh", { current: 9, size: 3 })).records).toEqual([]);
  });

  it("bad params → A00001", async () => {
    expect((await app.get("/api/shop/searchShops?size=500", "en")).body).toMatchObject({
      code: "A00001",
      msg: "Page size is out of the allowed range",
    });
    expect((await app.get(`/api/shop/searchShops?shopName=${"x".repeat(51)}`, "en")).body).toMatchObject({
      code: "A00001",
      msg: "Shop name cannot be longer than 50 characters",
    });
  });
});
