/** Sitemap data from the seeded database: what is listed, and the read models' parts dropped by what changed. */
import { and, eq, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, notices, products, shops } from "../../../src/server/db/schema/index.ts";
import { loadSitemapData, sitemapFileXml, sitemapIndexXml } from "../../../src/server/domain/content/sitemap.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("sitemap data", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lists every on-sale product of an open shop, every open shop, active categories, published notices", async () => {
    const db = app.ctx.db;
    const data = await loadSitemapData(db);
    const onSale = await db
      .select({ id: products.prodId })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .where(and(eq(products.status, 1), eq(shops.shopStatus, 1)));
    const listed = [...data.products.values()].flat();
    expect(listed.map((u) => u.path).sort()).toEqual(onSale.map((r) => `/detail/${r.id}`).sort());
    expect(listed.every((u) => u.lastmod instanceof Date)).toBe(true);
    const open = await db.select({ id: shops.shopId }).from(shops).where(eq(shops.shopStatus, 1));
    expect(data.shops.map((u) => u.path).sort()).toEqual(open.map((r) => `/shopIndex?sid=${r.id}`).sort());
    const published = await db
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.status, 1), lte(notices.publishTime, new Date())));
    expect(data.notices).toHaveLength(published.length);
    const activePlatform = await db
      .select({ id: categories.categoryId })
      .from(categories)
      .where(and(eq(categories.shopId, 0), eq(categories.status, 1)));
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.categories.length).toBeLessThanOrEqual(activePlatform.length);
    for (const u of data.categories) expect(u.path).toMatch(/^\/list\?cpid=\d+(&cid=\d+(&thCid=\d+)?)?&st=0$/);
    expect(data.pages.map((u) => u.path)).toEqual(expect.arrayContaining(["/", "/list?st=1", "/notice-list"]));
  });

  it("lists the activity and member landing pages and every points-mall item on sale, not one taken off", async () => {
    const db = app.ctx.db;
    const paths = (await loadSitemapData(db)).pages.map((u) => u.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/coupons",
        "/special-discount",
        "/group-buy",
        "/flash-sale",
        "/member-center/member-equity",
        "/member-center/integral-mall",
      ]),
    );
    const items = await db
      .select({ id: products.prodId })
      .from(products)
      .where(and(eq(products.prodType, 3), eq(products.status, 3)));
    expect(items.length).toBeGreaterThan(0);
    const listed = paths.filter((p) => p.startsWith("/member-center/integral-det/"));
    expect(listed.sort()).toEqual(items.map((r) => `/member-center/integral-det/${r.id}`).sort());
    // Taken off the points mall → no longer listed; ordinary products are never listed there.
    await db.update(products).set({ status: 0 }).where(eq(products.prodId, items[0]!.id));
    const after = (await loadSitemapData(db)).pages.map((u) => u.path);
    expect(after).not.toContain(`/member-center/integral-det/${items[0]!.id}`);
    expect(after.filter((p) => p.startsWith("/member-center/integral-det/"))).toHaveLength(items.length - 1);
  });

  it("drops a product once it goes off sale (its part is read again)", async () => {
    const db = app.ctx.db;
    const { content } = app.ctx;
    const first = await content.sitemapData();
    const part1 = await content.sitemapProductPart(1);
    expect(await content.sitemapProductPart(1)).toBe(part1);
    const [p] = await db
      .select({ id: products.prodId })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .where(and(eq(products.status, 1), eq(shops.shopStatus, 1)))
      .limit(1);
    await db.update(products).set({ status: 0 }).where(eq(products.prodId, p!.id));
    const second = await content.sitemapData();
    expect(second.products).not.toBe(first.products);
    expect([...second.products.values()].flat().some((u) => u.path === `/detail/${p!.id}`)).toBe(false);
    const xml = sitemapIndexXml("https://m.example", second);
    expect(xml).toContain("https://m.example/sitemap-en-products-1.xml");
    expect(sitemapFileXml("https://m.example", second, "zh-tw-shops-1")).toContain(
      "<loc>https://m.example/zh-tw/shopIndex?sid=",
    );
  });
});
