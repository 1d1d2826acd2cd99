/** Product search and lists: /search/page, /search/searchProdPage, /search/renovationPage. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import { brands, categories, products, productTranslations, shops } from "../../../src/server/db/schema/index.ts";
import type { ProductCard, ProductSearchPage } from "../../../src/lib/catalog/product-types.ts";
import { listProducts } from "../../../src/server/domain/catalog/product-list.ts";
import { newProductsSince } from "../../../src/server/domain/catalog/search-plan.ts";
import { categoryPath } from "../../../src/server/domain/catalog/category-path.ts";
import { rowsOf } from "../../../src/server/db/client.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const CARD_KEYS = [
  "brief",
  "commentNum",
  "oriPrice",
  "pic",
  "price",
  "prodId",
  "prodName",
  "putawayTime",
  "shopId",
  "shopName",
  "shopType",
  "soldNum",
  "totalStocks",
];

describe.skipIf(!dbReady)("product list API", () => {
  let app: TestApp;
  const list = async (qs: string, lang = "zh") =>
    okData(await app.get<Page<ProductCard>>(`/api/search/searchProdPage?${qs}`, lang));
  /** prodIds of products on sale in open shops matching an extra condition. */
  const visibleIds = async (extra?: ReturnType<typeof and>) =>
    (
      await app.ctx.db
        .select({ id: products.prodId })
        .from(products)
        .innerJoin(shops, eq(shops.shopId, products.shopId))
        .where(and(eq(products.status, 1), eq(shops.shopStatus, 1), extra))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const allPages = async (qs: string) => {
    const out: ProductCard[] = [];
    for (let current = 1; ; current++) {
      const p = await list(`${qs}&size=100&current=${current}`);
      out.push(...p.records);
      if (current >= p.pages) return { records: out, total: p.total };
    }
  };

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lists only products on sale in open shops, with ProductCard fields", async () => {
    const p = await list("size=100");
    const visible = await visibleIds();
    expect(p.total).toBe(visible.length);
    expect(p.total).toBeGreaterThan(300);
    expect(p.size).toBe(100);
    expect(p.pages).toBe(Math.ceil(visible.length / 100));
    expect(Object.keys(p.records[0]!).sort()).toEqual(CARD_KEYS);
    for (const r of p.records) {
      expect(r.price).toMatch(/^\d+\.\d{2}$/);
      expect(r.oriPrice).toMatch(/^\d+\.\d{2}$/);
      expect(visible).toContain(r.prodId);
    }
  });

  it("pages without gaps or repeats", async () => {
    const { records, total } = await allPages("sort=4");
    expect(records).toHaveLength(total);
    expect(new Set(records.map((r) => r.prodId)).size).toBe(total);
    const beyond = await list("current=999&size=10");
    expect(beyond.records).toEqual([]);
    expect(beyond.total).toBe(total);
  });

  it("keyword in Chinese and English finds the same product, case-insensitively", async () => {
    const [zh] = await app.ctx.db
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.prodId, 1), eq(productTranslations.locale, "zh")));
    const [en] = await app.ctx.db
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.prodId, 1), eq(productTranslations.locale, "en")));
    const byZh = await list(`keyword=${encodeURIComponent(` ${zh!.prodName} `)}&size=100`);
    const byEn = await list(`keyword=${encodeURIComponent(en!.prodName.toUpperCase())}&size=100`, "en");
    expect(byZh.records.map((r) => r.prodId)).toContain(1);
    expect(byEn.records.map((r) => r.prodId)).toContain(1);
    expect(byEn.records.find((r) => r.prodId === 1)!.prodName).toBe(en!.prodName);
    expect(byZh.records.find((r) => r.prodId === 1)!.prodName).toBe(zh!.prodName);
    // Every hit really contains the keyword in some language.
    const word = en!.prodName.split(" ")[0]!;
    const hits = await allPages(`keyword=${encodeURIComponent(word.toLowerCase())}`);
    const expected = await visibleIds(
      inArray(
        products.prodId,
        app.ctx.db
          .select({ id: productTranslations.prodId })
          .from(productTranslations)
          .where(sql`${productTranslations.prodName} ilike ${`%${word}%`}`),
      ),
    );
    expect(hits.records.map((r) => r.prodId).sort((a, b) => a - b)).toEqual(expected);
  });

  it("LIKE wildcards in the keyword are literal", async () => {
    expect((await list("keyword=%25%25")).total).toBe(0);
    expect((await list("keyword=_")).total).toBe(0);
  });

  it("filters by category at any level (cpid / cid / thCid)", async () => {
    const [p] = await app.ctx.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.prodId, 1));
    const path = await categoryPath(app.ctx.db, "en", { thCid: p!.categoryId });
    expect(path.map((c) => c.level)).toEqual([1, 2, 3]);
    const [l1, l2, l3] = path.map((c) => c.categoryId) as [number, number, number];

    const cats = await app.ctx.db
      .select({ id: categories.categoryId, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.shopId, 0));
    const level3Of = (parent: number) => cats.filter((c) => c.parentId === parent).map((c) => c.id);
    const l3under1 = cats
      .filter((c) => level3Of(l1).length && cats.some((m) => m.id === c.parentId && m.parentId === l1))
      .map((c) => c.id);

    const third = await allPages(`primaryCategoryId=${l1}&secondaryCategoryId=${l2}&categoryId=${l3}`);
    expect(third.records.map((r) => r.prodId).sort((a, b) => a - b)).toEqual(
      await visibleIds(eq(products.categoryId, l3)),
    );
    const second = await allPages(`primaryCategoryId=${l1}&secondaryCategoryId=${l2}`);
    expect(second.total).toBe((await visibleIds(inArray(products.categoryId, level3Of(l2)))).length);
    const first = await allPages(`primaryCategoryId=${l1}`);
    expect(first.total).toBe((await visibleIds(inArray(products.categoryId, l3under1))).length);
    expect(first.total).toBeGreaterThan(second.total);
    expect(second.total).toBeGreaterThanOrEqual(third.total);
    // categoryId alone may be a level-1 id.
    expect((await list(`categoryId=${l1}`)).total).toBe(first.total);

    // A cid that is not a child of cpid is ignored (with everything below it).
    const otherTop = cats.find((c) => c.parentId === 0 && c.id !== l1)!;
    const foreignCid = cats.find((c) => c.parentId === otherTop.id)!;
    expect((await list(`primaryCategoryId=${l1}&secondaryCategoryId=${foreignCid.id}&categoryId=${l3}`)).total).toBe(
      first.total,
    );
    expect(await categoryPath(app.ctx.db, "zh", { cpid: l1, cid: foreignCid.id })).toHaveLength(1);
    // Unknown category → nothing.
    expect((await list("categoryId=99999")).total).toBe(0);
  });

  it("filters by brands", async () => {
    const top = await app.ctx.db
      .select({ brandId: products.brandId, n: sql<number>`count(*)::int` })
      .from(products)
      .groupBy(products.brandId)
      .orderBy(sql`count(*) desc`)
      .limit(2);
    const ids = top.map((b) => b.brandId!);
    const got = await allPages(`brandIds=${ids.join(",")}`);
    expect(got.records.map((r) => r.prodId).sort((a, b) => a - b)).toEqual(
      await visibleIds(inArray(products.brandId, ids)),
    );
    expect(got.total).toBeGreaterThan(0);
  });

  it("a list offers only the brands of its goods on sale, whichever brand is chosen (/list)", async () => {
    // A third-level category whose linked brands include one without goods on sale there.
    const [cat] = rowsOf<{ categoryId: number; idle: number }>(
      await app.ctx.db.execute(sql`select cb.category_id as "categoryId", min(cb.brand_id)::int as idle
        from category_brands cb where not exists (select 1 from products p join shops s on s.shop_id = p.shop_id
          where p.category_id = cb.category_id and p.brand_id = cb.brand_id and p.status = 1 and s.shop_status = 1)
        and exists (select 1 from products p where p.category_id = cb.category_id and p.status = 1)
        group by cb.category_id order by cb.category_id limit 1`),
    );
    expect(cat, "a category with a linked brand that has no goods there").toBeDefined();
    const params = { categoryId: cat!.categoryId, current: 1, size: 20 };
    const page = await listProducts(app.ctx.db, "en", params);
    const withGoods = new Set(
      (
        await app.ctx.db
          .selectDistinct({ id: products.brandId })
          .from(products)
          .innerJoin(shops, eq(shops.shopId, products.shopId))
          .where(and(eq(products.categoryId, cat!.categoryId), eq(products.status, 1), eq(shops.shopStatus, 1)))
      ).map((r) => r.id),
    );
    expect(page.brands.length).toBeGreaterThan(0);
    expect(page.brands.map((b) => b.brandId)).not.toContain(cat!.idle);
    for (const b of page.brands) expect(withGoods.has(b.brandId), b.brandName).toBe(true);
    // Choosing a brand narrows the goods but still offers the others.
    const chosen = page.brands[0]!.brandId;
    const narrowed = await listProducts(app.ctx.db, "en", { ...params, brandIds: [chosen] });
    expect(narrowed.total).toBeLessThanOrEqual(page.total);
    expect(narrowed.brands.map((b) => b.brandId)).toEqual(page.brands.map((b) => b.brandId));
    // Search results offer the brands of what they found.
    const [name] = await app.ctx.db
      .select({ n: productTranslations.prodName })
      .from(productTranslations)
      .innerJoin(products, eq(products.prodId, productTranslations.prodId))
      .where(and(eq(productTranslations.locale, "en"), eq(products.status, 1), eq(products.shopId, 1)))
      .limit(1);
    const found = await listProducts(app.ctx.db, "en", { keyword: name!.n.split(" ")[0]!, current: 1, size: 20 });
    expect(found.total).toBeGreaterThan(0);
    expect(found.brands.length).toBeGreaterThan(0);
  });

  it("a price range keeps both ends and narrows the brands to those in range", async () => {
    const all = await listProducts(app.ctx.db, "zh", { current: 1, size: 100 });
    const prices = (await allPages("minPrice=100&maxPrice=300")).records.map((r) => Number(r.price));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p >= 100 && p <= 300)).toBe(true);
    const inRange = await listProducts(app.ctx.db, "zh", { minPrice: "100", maxPrice: "300", current: 1, size: 100 });
    expect(inRange.total).toBe(prices.length);
    expect(inRange.brands.length).toBeLessThanOrEqual(all.brands.length);
    const none = await listProducts(app.ctx.db, "zh", { minPrice: "99999999", current: 1, size: 20 });
    expect(none.total).toBe(0);
    expect(none.brands).toEqual([]);
  });

  it("filters by shop and shop category", async () => {
    const got = await allPages("shopId=2");
    expect(got.total).toBeGreaterThan(0);
    expect(got.records.every((r) => r.shopId === 2)).toBe(true);
    expect(got.total).toBe((await visibleIds(eq(products.shopId, 2))).length);
    const [cat] = await app.ctx.db
      .select({ id: categories.categoryId })
      .from(categories)
      .where(eq(categories.shopId, 2))
      .limit(1);
    const inCat = await allPages(`shopId=2&shopCategoryId=${cat!.id}`);
    expect(inCat.records.map((r) => r.prodId).sort((a, b) => a - b)).toEqual(
      await visibleIds(eq(products.shopCategoryId, cat!.id)),
    );
    // A category of another shop matches nothing.
    expect((await list(`shopId=1&shopCategoryId=${cat!.id}`)).total).toBe(0);
  });

  it("st=1 lists products of the last 30 days, newest first", async () => {
    const got = await allPages("st=1");
    const since = newProductsSince();
    expect(got.total).toBeGreaterThan(0);
    expect(got.total).toBe((await visibleIds(gte(products.putawayTime, since))).length);
    expect(got.total).toBeLessThan((await list("st=0")).total);
    const times = got.records.map((r) => Date.parse(r.putawayTime));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]!);
    expect(times.every((t) => t >= since.getTime() - 60_000)).toBe(true);
  });

  it("every sort order is really sorted, with a stable tie-breaker", async () => {
    const check = async (sort: number, key: (r: ProductCard) => number, dir: 1 | -1, tieDir: 1 | -1 = 1) => {
      const { records } = await allPages(`sort=${sort}`);
      for (let i = 1; i < records.length; i++) {
        const a = records[i - 1]!;
        const b = records[i]!;
        const d = (key(b) - key(a)) * dir;
        expect(d, `sort ${sort} at ${i}`).toBeGreaterThanOrEqual(0);
        if (d === 0) expect((b.prodId - a.prodId) * tieDir, `tie sort ${sort} at ${i}`).toBeGreaterThan(0);
      }
      return records;
    };
    await check(1, (r) => Date.parse(r.putawayTime), -1, -1);
    await check(2, (r) => r.soldNum, -1);
    await check(3, (r) => r.soldNum, 1);
    await check(4, (r) => Number(r.price), -1);
    await check(5, (r) => Number(r.price), 1);
    const def = await allPages("sort=0");
    for (let i = 1; i < def.records.length; i++) {
      const a = def.records[i - 1]!;
      const b = def.records[i]!;
      expect(b.soldNum <= a.soldNum).toBe(true);
      if (b.soldNum === a.soldNum)
        expect(b.commentNum < a.commentNum || (b.commentNum === a.commentNum && b.prodId > a.prodId)).toBe(true);
    }
    // No sort given: comprehensive.
    expect((await list("size=20")).records.map((r) => r.prodId)).toEqual(def.records.slice(0, 20).map((r) => r.prodId));
  });

  it("never lists an off-shelf product or a product of a closed shop", async () => {
    const [p] = await app.ctx.db
      .select({ id: products.prodId, shopId: products.shopId })
      .from(products)
      .where(and(eq(products.status, 1), eq(products.shopId, 3)))
      .limit(1);
    const [name] = await app.ctx.db
      .select({ n: productTranslations.prodName })
      .from(productTranslations)
      .where(and(eq(productTranslations.prodId, p!.id), eq(productTranslations.locale, "en")));
    const find = async () =>
      (await list(`keyword=${encodeURIComponent(name!.n)}&size=100`)).records.map((r) => r.prodId);
    expect(await find()).toContain(p!.id);
    await app.ctx.db.update(products).set({ status: 0 }).where(eq(products.prodId, p!.id));
    try {
      expect(await find()).not.toContain(p!.id);
    } finally {
      await app.ctx.db.update(products).set({ status: 1 }).where(eq(products.prodId, p!.id));
    }
    await app.ctx.db.update(shops).set({ shopStatus: 2 }).where(eq(shops.shopId, 3));
    try {
      expect(await find()).not.toContain(p!.id);
      expect((await list("shopId=3")).total).toBe(0);
      const all = await allPages("sort=2");
      expect(all.records.some((r) => r.shopId === 3)).toBe(false);
    } finally {
      await app.ctx.db.update(shops).set({ shopStatus: 1 }).where(eq(shops.shopId, 3));
    }
    // Seeded off-shelf products are never there.
    const off = (await app.ctx.db.select({ id: products.prodId }).from(products).where(eq(products.status, 0))).map(
      (r) => r.id,
    );
    expect(off.length).toBeGreaterThan(0);
    const { records } = await allPages("sort=5");
    expect(records.some((r) => off.includes(r.prodId))).toBe(false);
  });

  it("bad params → A00001 in the request language", async () => {
    const cases: [string, string, string][] = [
      ["sort=9", "en", "Sort is out of the allowed range"],
      ["size=500", "en", "Page size is out of the allowed range"],
      ["current=0", "en", "Page is out of the allowed range"],
      ["shopId=abc", "en", "Shop is not valid"],
      ["brandIds=1,x", "en", "Brands is not valid"],
      [`keyword=${"x".repeat(51)}`, "en", "Keyword cannot be longer than 50 characters"],
      ["sort=9", "zh", "排序超出允许范围"],
      ["minPrice=abc", "en", "Lowest price must be an amount in yuan, such as 99 or 99.5"],
      ["minPrice=200&maxPrice=100", "en", "The lowest price cannot be above the highest price"],
      ["minPrice=200&maxPrice=100", "zh", "最低价不能高于最高价"],
      ["maxPrice=1.234", "zh-tw", "最高價須為以元計的金額，如 99 或 99.5"],
    ];
    for (const [qs, lang, msg] of cases) {
      for (const path of ["/api/search/searchProdPage", "/api/search/page"]) {
        const res = await app.get(`${path}?${qs}`, lang);
        expect(res.body, `${path}?${qs}`).toEqual({ code: "A00001", msg, data: null, success: false });
      }
    }
  });

  it("GET /search/page answers {pages, total, records: [{shopInfo, brands, categories, products}]}", async () => {
    const [shop] = await app.ctx.db.select({ name: shops.shopName }).from(shops).where(eq(shops.shopId, 1));
    const kw = shop!.name.en.split(" ")[0]!;
    const res = okData(
      await app.get<ProductSearchPage>(`/api/search/page?keyword=${encodeURIComponent(kw)}&size=5`, "en"),
    );
    expect(Object.keys(res).sort()).toEqual(["pages", "records", "searchHelp", "searchNote", "total", "totalCapped"]);
    expect(res.records).toHaveLength(1);
    const rec = res.records[0];
    expect(Object.keys(rec).sort()).toEqual(["brands", "categories", "priceRanges", "products", "shopInfo"]);
    expect(rec.shopInfo).not.toBeNull();
    expect(Object.keys(rec.shopInfo!).sort()).toEqual(["shopId", "shopLogo", "shopName", "type"]);

    const phone = okData(await app.get<ProductSearchPage>("/api/search/page?keyword=phone&size=5", "en"));
    const r0 = phone.records[0];
    expect(r0.products.length).toBeLessThanOrEqual(5);
    expect(phone.total).toBe((await list("keyword=phone")).total);
    if (phone.total > 0) {
      expect(r0.brands.length).toBeGreaterThan(0);
      expect(r0.categories.length).toBeGreaterThan(0);
      expect(Object.keys(r0.brands[0]!).sort()).toEqual(["brandId", "brandImg", "brandName"]);
      expect(Object.keys(r0.categories[0]!).sort()).toEqual(["categoryId", "name"]);
      const brandNames = (
        await app.ctx.db
          .select({ name: brands.name })
          .from(brands)
          .where(
            inArray(
              brands.brandId,
              r0.brands.map((b) => b.brandId),
            ),
          )
      ).map((b) => b.name.en);
      expect(brandNames.sort()).toEqual(r0.brands.map((b) => b.brandName).sort());
    }
    const none = okData(await app.get<ProductSearchPage>("/api/search/page?keyword=zzzzqqqq", "en"));
    expect(none).toEqual({
      pages: 1,
      total: 0,
      totalCapped: false,
      searchNote: null,
      searchHelp: { corrections: [], categories: [], withoutFilters: false },
      records: [{ shopInfo: null, brands: [], categories: [], priceRanges: [], products: [] }],
    });
  });

  it("GET /search/renovationPage answers the given products in order, without unavailable ones", async () => {
    const [off] = await app.ctx.db
      .select({ id: products.prodId })
      .from(products)
      .where(eq(products.status, 0))
      .limit(1);
    const res = okData(
      await app.get<Page<ProductCard>>(`/api/search/renovationPage?prodIds=5,${off!.id},2,999999,3`, "en"),
    );
    const visible = await visibleIds();
    expect(res.records.map((r) => r.prodId)).toEqual([5, 2, 3].filter((id) => visible.includes(id)));
    expect(res.records.length).toBeGreaterThan(0);
    expect(res.total).toBe(res.records.length);
    expect((await app.get("/api/search/renovationPage?prodIds=a", "en")).body.code).toBe("A00001");
    expect(okData(await app.get<Page<ProductCard>>("/api/search/renovationPage", "en")).records).toEqual([]);
  });
});
