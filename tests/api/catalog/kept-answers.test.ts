/**
 * Search answers kept ready (src/server/api/prepared-answer.ts keptAnswer, docs/performance.md
 * "API"): the same URL asked again is answered from memory; a change drops only the answers that
 * show it — a category's list when a product of that category changes, never another category's;
 * a keyword search when a product it lists changes (new matches appear within
 * KEYWORD_LIST_MAX_AGE_MS); the shop search when a listed shop's products change.
 */
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductCard, ProductSearchPage } from "../../../src/lib/catalog/product-types.ts";
import type { Page } from "../../../src/lib/api-types.ts";
import type { ShopCard } from "../../../src/lib/shop/shop-types.ts";
import { products, productTranslations } from "../../../src/server/db/schema/index.ts";
import { answerKey } from "../../../src/server/api/prepared-answer.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("search answers kept ready", () => {
  let app: TestApp;
  /** Two products on sale in different level-3 categories. */
  let a: { prodId: number; categoryId: number; shopId: number };
  let b: { prodId: number; categoryId: number };

  beforeAll(async () => {
    // The feed reads only when told (settle), so peek can tell a kept answer from a dropped one.
    app = await createTestApp({ feedIntervalMs: 600_000 });
    const rows = await app.ctx.db
      .select({ prodId: products.prodId, categoryId: products.categoryId, shopId: products.shopId })
      .from(products)
      .where(eq(products.status, 1))
      .orderBy(products.prodId);
    a = rows[0]!;
    b = rows.find((r) => r.categoryId !== a.categoryId)!;
  });
  afterAll(() => app.close());

  const kept = (path: string) => app.ctx.content.memo.peek(answerKey("en", path)) !== undefined;
  const get = async <T>(path: string) => okData(await app.get<T>(path, "en"));
  /** Reads the change feed, as the next request after a write through this process does. */
  const settle = async () => {
    app.ctx.content.feed.expire();
    await app.ctx.content.feed.sync();
  };

  it("a category's list is kept; another category's change leaves it, its own product's change drops it", async () => {
    const path = `/api/search/searchProdPage?categoryId=${a.categoryId}&size=50`;
    const first = await get<Page<ProductCard>>(path);
    expect(first.records.map((r) => r.prodId)).toContain(a.prodId);
    expect(kept(path)).toBe(true);
    expect(await get<Page<ProductCard>>(path)).toEqual(first);

    await app.ctx.db.update(products).set({ oriPrice: "9999.00" }).where(eq(products.prodId, b.prodId));
    await settle();
    expect(kept(path)).toBe(true);

    await app.ctx.db.update(products).set({ price: "1.23" }).where(eq(products.prodId, a.prodId));
    await settle();
    expect(kept(path)).toBe(false);
    const after = await get<Page<ProductCard>>(path);
    expect(after.records.find((r) => r.prodId === a.prodId)?.price).toBe("1.23");
  });

  it("a keyword search drops its answer when a product it lists goes off shelf", async () => {
    const [name] = await app.ctx.db
      .select({ n: productTranslations.prodName })
      .from(productTranslations)
      .where(and(eq(productTranslations.prodId, a.prodId), eq(productTranslations.locale, "en")));
    const path = `/api/search/page?keyword=${encodeURIComponent(name!.n)}&size=40`;
    const listed = async () => (await get<ProductSearchPage>(path)).records[0]!.products.map((p) => p.prodId);
    expect(await listed()).toContain(a.prodId);
    expect(kept(path)).toBe(true);
    await app.ctx.db.update(products).set({ status: 0 }).where(eq(products.prodId, a.prodId));
    try {
      await settle();
      expect(kept(path)).toBe(false);
      expect(await listed()).not.toContain(a.prodId);
    } finally {
      await app.ctx.db.update(products).set({ status: 1 }).where(eq(products.prodId, a.prodId));
    }
  });

  it("the shop search is kept until a listed shop's products change", async () => {
    const path = "/api/shop/searchShops?current=1&size=50";
    const shopsBefore = await get<Page<ShopCard>>(path);
    const count = shopsBefore.records.find((s) => s.shopId === a.shopId)?.productCount;
    expect(count).toBeGreaterThan(0);
    expect(kept(path)).toBe(true);
    const [other] = await app.ctx.db
      .select({ prodId: products.prodId })
      .from(products)
      .where(and(eq(products.shopId, a.shopId), eq(products.status, 1), ne(products.prodId, a.prodId)))
      .limit(1);
    await app.ctx.db.update(products).set({ status: 0 }).where(eq(products.prodId, other!.prodId));
    try {
      await settle();
      expect(kept(path)).toBe(false);
      const after = await get<Page<ShopCard>>(path);
      expect(after.records.find((s) => s.shopId === a.shopId)?.productCount).toBe(count! - 1);
    } finally {
      await app.ctx.db.update(products).set({ status: 1 }).where(eq(products.prodId, other!.prodId));
    }
  });
});
