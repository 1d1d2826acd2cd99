/**
 * Search on a generated catalogue (npm run catalog's generator, a few thousand products):
 * Chinese and English matching through the search index, relevance ranking with sales and
 * freshness as tie-breakers, facets, filters, paging stability and the suggestions endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { rowsOf } from "../../../src/server/db/client.ts";
import { categories, products, productTranslations, shops } from "../../../src/server/db/schema/index.ts";
import {
  SEARCH_TOTAL_CAP,
  type ProductCard,
  type ProductCardPage,
  type ProductSearchPage,
  type SearchSuggestion,
} from "../../../src/lib/catalog/product-types.ts";
import { keywordMatch, searchConditions } from "../../../src/server/domain/catalog/search-plan.ts";
import { relevanceIds } from "../../../src/server/domain/catalog/product-list.ts";
import { relevance } from "../../../src/server/domain/catalog/search-query.ts";
import { generateCatalog } from "../../../src/server/seed/scale.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("search on a generated catalogue", () => {
  let app: TestApp;
  let firstGenerated = 0;
  const list = async (qs: string, lang = "zh") =>
    okData(await app.get<ProductCardPage>(`/api/search/searchProdPage?${qs}`, lang));
  const allPages = async (qs: string, lang = "zh") => {
    const out: ProductCard[] = [];
    for (let current = 1; ; current++) {
      const p = await list(`${qs}&size=100&current=${current}`, lang);
      out.push(...p.records);
      if (current >= p.pages) return { records: out, total: p.total };
    }
  };
  const ids = (cards: ProductCard[]) => cards.map((c) => c.prodId).sort((a, b) => a - b);

  beforeAll(async () => {
    app = await createTestApp();
    const summary = await generateCatalog(app.ctx.db, { products: 2500, shops: 60, seed: 7 });
    expect(summary.productsAdded).toBeGreaterThan(2000);
    firstGenerated = summary.firstProdId;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("the generator makes shops closed, products off shelf, long-tail sales and searchable names", async () => {
    const [counts] = rowsOf<{ closed: number; off: number; zero: number; top: number; novec: number }>(
      await app.ctx.db.execute(sql`select
        (select count(*) from shops where shop_status <> 1)::int as closed,
        (select count(*) from products where status <> 1)::int as off,
        (select count(*) from products where sold_num < 100 and prod_id >= ${firstGenerated})::int as zero,
        (select count(*) from products where sold_num > 1000 and prod_id >= ${firstGenerated})::int as top,
        (select count(*) from products where search_vec is null or search_vec = ''::tsvector)::int as novec`),
    );
    expect(counts!.closed).toBeGreaterThan(0);
    expect(counts!.off).toBeGreaterThan(0);
    expect(counts!.zero).toBeGreaterThan(counts!.top * 10);
    expect(counts!.top).toBeGreaterThan(0);
    expect(counts!.novec).toBe(0);
  });

  /**
   * Visible products with text matching the regular expression `re` in a name, a parameter, the
   * brand, the category path or the shop name (where a query word must match, docs/search.md).
   */
  const matchingIds = async (re: string | string[]) => {
    // Latin: a case-insensitive regular expression; Chinese: any of the strings (strpos; PGlite's
    // regular expressions read CJK characters oddly).
    const m = (col: SQL) =>
      typeof re === "string"
        ? sql`${col} ~* ${re}`
        : sql`(${sql.join(
            re.map((r) => sql`strpos(${col}, ${r}) > 0`),
            sql` or `,
          )})`;
    return rowsOf<{ id: number }>(
      await app.ctx.db.execute(sql`select p.prod_id as id from products p join shops s on s.shop_id = p.shop_id
        where p.status = 1 and s.shop_status = 1 and (
          exists (select 1 from product_translations t where t.prod_id = p.prod_id and (${m(sql`t.prod_name`)} or ${m(sql`coalesce((select string_agg(e->>'value', ' ') from jsonb_array_elements(t.parameters) e), '')`)}))
          or exists (select 1 from brands b where b.brand_id = p.brand_id and ${m(sql`b.name::text`)})
          or exists (select 1 from categories c3 left join categories c2 on c2.category_id = c3.parent_id
                     left join categories c1 on c1.category_id = c2.parent_id
                     where c3.category_id = p.category_id and (${m(sql`c3.name::text`)} or ${m(sql`c2.name::text`)} or ${m(sql`c1.name::text`)}))
          or ${m(sql`s.shop_name::text`)})`),
    )
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
  };

  it("a Chinese word finds every product that has it in a name, parameter, brand, category or shop, simplified or traditional", async () => {
    // 电脑 is in no synonym set: exactly the products whose texts hold it.
    const zh = await allPages(`keyword=${encodeURIComponent("电脑")}`);
    const expected = await matchingIds(["电脑", "電腦"]);
    expect(expected.length).toBeGreaterThan(10);
    expect(ids(zh.records), "电脑").toEqual(expected);
    expect(zh.total).toBe(expected.length);
    // Traditional characters are folded: the same products.
    const tw = await allPages(`keyword=${encodeURIComponent("電腦")}`, "zh-tw");
    expect(ids(tw.records), "電腦").toEqual(expected);
    // One character: every product with it somewhere.
    const one = await allPages(`keyword=${encodeURIComponent("款")}`);
    expect(ids(one.records), "款").toEqual(await matchingIds(["款"]));
  });

  it("English matches whole words case-insensitively, by prefix and by stem", async () => {
    const lower = await allPages("keyword=classic", "en");
    const upper = await allPages("keyword=CLASSIC", "en");
    expect(lower.total).toBeGreaterThan(50);
    expect(ids(upper.records)).toEqual(ids(lower.records));
    expect(ids(lower.records)).toEqual(await matchingIds("\\mclassic"));
    // A prefix while typing, and a plural: the same products.
    expect(ids((await allPages("keyword=classi", "en")).records)).toEqual(await matchingIds("\\mclassi"));
    expect(ids((await allPages("keyword=classics", "en")).records)).toEqual(ids(lower.records));
    // Two words: both must match.
    const both = await allPages("keyword=classic%20set", "en");
    expect(both.total).toBeGreaterThan(0);
    const sets = new Set(await matchingIds("\\mset"));
    expect(ids(both.records)).toEqual(ids(lower.records).filter((id) => sets.has(id)));
  });

  it("ranks by relevance, then sales, rating and freshness; near-identical names of one shop after the first", async () => {
    // Neither word names a category (no category intent); 华为 is in some names, in other
    // products' brand or shop name only (different relevance).
    const keyword = "经典款 华为";
    const page = await list(`keyword=${encodeURIComponent(keyword)}&size=50`);
    const order = page.records.map((r) => r.prodId);
    const { matches, match } = await keywordMatch(app.ctx.db, keyword);
    const rank = relevance(matches);
    const rows = rowsOf<{
      id: number;
      rank: number;
      sold: number;
      rating: number | null;
      commentNum: number;
      put: string;
      dup: number;
    }>(
      await app.ctx.db.execute(
        sql`select * from (select products.prod_id as id, ${rank} as rank, products.sold_num as sold, w.rating, products.comment_num as "commentNum", products.putaway_time::text as put,
              row_number() over (partition by products.shop_id, coalesce(nullif(w.dup_key, ''), products.prod_id::text)
                order by ${rank} desc, products.sold_num desc, products.prod_id) as dup
            from products join shops s on s.shop_id = products.shop_id left join product_search_words w on w.prod_id = products.prod_id
            where products.status = 1 and s.shop_status = 1 and ${match!}) m
            where id in ${order.length ? sql`(${sql.join(order, sql`, `)})` : sql`(0)`}`,
      ),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ranks = new Set(rows.map((r) => Number(r.rank)));
    expect(ranks.size).toBeGreaterThan(1);
    for (let i = 1; i < order.length; i++) {
      const a = byId.get(order[i - 1]!)!;
      const b = byId.get(order[i]!)!;
      const da = Number(a.dup) > 1 ? 1 : 0;
      const db = Number(b.dup) > 1 ? 1 : 0;
      expect(da, `duplicates last at ${i}`).toBeLessThanOrEqual(db);
      if (da !== db) continue;
      const dr = Number(a.rank) - Number(b.rank);
      expect(dr, `rank at ${i}`).toBeGreaterThanOrEqual(-1e-6);
      if (Math.abs(dr) < 1e-6) {
        expect(a.sold, `sales at ${i}: ${JSON.stringify([a, b])}`).toBeGreaterThanOrEqual(b.sold);
        if (a.sold !== b.sold) continue;
        const ra = a.rating ?? -1;
        const rb = b.rating ?? -1;
        expect(ra, `rating at ${i}`).toBeGreaterThanOrEqual(rb);
        if (ra === rb && a.commentNum === b.commentNum)
          expect(Date.parse(a.put), `freshness at ${i}`).toBeGreaterThanOrEqual(Date.parse(b.put));
      }
    }
    // An explicit sort wins over relevance.
    const cheap = await allPages(`keyword=${encodeURIComponent(keyword)}&sort=5`);
    for (let i = 1; i < cheap.records.length; i++)
      expect(Number(cheap.records[i]!.price)).toBeGreaterThanOrEqual(Number(cheap.records[i - 1]!.price));
  });

  it("the ranking reads ratings and duplicate keys from their own index; no session plans parallel workers", async () => {
    const [idx] = rowsOf<{ def: string }>(
      await app.ctx.db.execute(
        sql`select indexdef as def from pg_indexes where indexname = 'product_search_words_rank_idx'`,
      ),
    );
    expect(idx?.def).toMatch(/\(prod_id\) INCLUDE \(rating, dup_key\)/);
    const settings = await Promise.all(
      Array.from({ length: 4 }, async () =>
        rowsOf<{ v: string }>(
          await app.ctx.db.execute(sql`select current_setting('max_parallel_workers_per_gather') as v`),
        ),
      ),
    );
    // PostgreSQL: every pooled session (client.ts SESSION_SETTINGS); PGlite has no workers to start.
    if (app.ctx.database.driver === "postgres") for (const [s] of settings) expect(s?.v).toBe("0");
  });

  it("bounded candidates rank the first pages as ranking every match does", async () => {
    let bounded = 0;
    for (const [keyword, lang] of [
      ["经典款", "zh"],
      ["classic", "en"],
      ["手机", "zh"],
      ["phone", "en"],
      ["款 华为", "zh"],
    ] as const) {
      for (const current of [1, 2, 3]) {
        const params = { keyword, current, size: 10 };
        const plan = (await searchConditions(app.ctx.db, params, new Date()))!;
        // fullRankMax 0: candidates first (the path of a large catalogue); Infinity: every match ranked.
        const fast = await relevanceIds(app.ctx.db, plan, params, { count: SEARCH_TOTAL_CAP, ids: null }, 0);
        const all = await relevanceIds(app.ctx.db, plan, params, { count: SEARCH_TOTAL_CAP, ids: null }, Infinity);
        expect(all.bounded).toBe(false);
        expect(all.ids.length, `${keyword} page ${current}`).toBeGreaterThan(0);
        expect(fast.ids, `${lang} ${keyword} page ${current}`).toEqual(all.ids);
        if (fast.bounded) bounded++;
      }
    }
    // Most of these pages were answered from the candidates alone.
    expect(bounded).toBeGreaterThanOrEqual(9);
  });

  it("ranking the matches' ids read with their count gives the pages of matching the keyword again", async () => {
    for (const keyword of ["手机", "phone", "经典款", "智能手机", "款 华为"]) {
      for (const current of [1, 2]) {
        const params = { keyword, current, size: 10 };
        const plan = (await searchConditions(app.ctx.db, params, new Date()))!;
        const ids = (
          await app.ctx.db
            .select({ id: products.prodId })
            .from(products)
            .innerJoin(shops, eq(shops.shopId, products.shopId))
            .where(and(...plan.conds))
        ).map((r) => r.id);
        const byIds = await relevanceIds(app.ctx.db, plan, params, { count: ids.length, ids }, Infinity);
        const again = await relevanceIds(app.ctx.db, plan, params, { count: ids.length, ids: null }, Infinity);
        expect(again.ids.length, `${keyword} page ${current}`).toBeGreaterThan(0);
        expect(byIds.ids, `${keyword} page ${current}`).toEqual(again.ids);
      }
    }
  });

  it("a word's bigrams come from one name: 智能手机 finds no smart watch by 手机数码 › 智能设备 › 智能手表", async () => {
    const found = await allPages(`keyword=${encodeURIComponent("智能手机")}`);
    expect(found.total).toBeGreaterThan(10);
    const cats = await app.ctx.db
      .selectDistinct({ name: sql<string>`${categories.name}->>'en'` })
      .from(products)
      .innerJoin(categories, eq(categories.categoryId, products.categoryId))
      .where(
        inArray(
          products.prodId,
          found.records.map((r) => r.prodId),
        ),
      );
    const names = cats.map((c) => c.name);
    expect(names).toContain("Smartphones");
    expect(names).not.toContain("Smart Watches");
    expect(names).not.toContain("Fitness Bands");
    // Within one name a partial word still matches: 能手 and 智能 are both in 智能手表.
    const watches = await allPages(`keyword=${encodeURIComponent("智能手表")}`);
    expect(watches.total).toBeGreaterThan(0);
  });

  it("a renamed shop is searched by its new name at once (its products keep their vectors)", async () => {
    const [p] = await app.ctx.db
      .select({ id: products.prodId, shopId: products.shopId })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .where(and(eq(products.status, 1), eq(shops.shopStatus, 1)))
      .orderBy(products.prodId)
      .limit(1);
    await app.ctx.db
      .update(shops)
      .set({ shopName: { zh: "奇异果小铺", "zh-tw": "奇異果小鋪", en: "Qwertzy Store" } })
      .where(eq(shops.shopId, p!.shopId));
    const onSale = rowsOf<{ id: number }>(
      await app.ctx.db.execute(sql`select prod_id as id from products where shop_id = ${p!.shopId} and status = 1`),
    ).map((r) => Number(r.id));
    expect(ids((await allPages("keyword=qwertzy", "en")).records)).toEqual(onSale.sort((a, b) => a - b));
    expect(ids((await allPages(`keyword=${encodeURIComponent("奇异果小铺")}`)).records)).toEqual(onSale);
  });

  it("facets count every match once: brands, categories and price ranges", async () => {
    const res = okData(await app.get<ProductSearchPage>("/api/search/page?keyword=classic&size=10", "en"));
    const all = await allPages("keyword=classic", "en");
    expect(res.total).toBe(all.total);
    expect(res.totalCapped).toBe(false);
    const rec = res.records[0];
    expect(rec.products.map((p) => p.prodId)).toEqual(all.records.slice(0, 10).map((p) => p.prodId));
    const matched = await app.ctx.db
      .select({ brandId: products.brandId, categoryId: products.categoryId })
      .from(products)
      .where(
        inArray(
          products.prodId,
          all.records.map((r) => r.prodId),
        ),
      );
    const brandCount = new Map<number, number>();
    const catCount = new Map<number, number>();
    for (const m of matched) {
      brandCount.set(m.brandId!, (brandCount.get(m.brandId!) ?? 0) + 1);
      catCount.set(m.categoryId, (catCount.get(m.categoryId) ?? 0) + 1);
    }
    expect(rec.brands.length).toBe(Math.min(30, brandCount.size));
    for (const b of rec.brands) expect(brandCount.has(b.brandId)).toBe(true);
    // Most matches first.
    const bc = rec.brands.map((b) => brandCount.get(b.brandId)!);
    expect([...bc].sort((a, b) => b - a)).toEqual(bc);
    expect(rec.categories.length).toBe(Math.min(30, catCount.size));
    for (const c of rec.categories) expect(catCount.has(c.categoryId)).toBe(true);
    // Price ranges: together they count every match, each count is right.
    expect(rec.priceRanges.reduce((n, r) => n + r.count, 0)).toBe(all.total);
    for (const r of rec.priceRanges) {
      const inRange = all.records.filter(
        (p) => Number(p.price) >= Number(r.minPrice) && (r.maxPrice === null || Number(p.price) <= Number(r.maxPrice)),
      );
      expect(inRange.length, `${r.minPrice}-${r.maxPrice}`).toBe(r.count);
      const filtered = await list(
        `keyword=classic&minPrice=${r.minPrice}${r.maxPrice ? `&maxPrice=${r.maxPrice}` : ""}&size=1`,
        "en",
      );
      expect(filtered.total).toBe(r.count);
    }
  });

  it("filters by price range, stock, self-operated shops, brand and category", async () => {
    const base = await allPages("keyword=classic", "en");
    const priced = await allPages("keyword=classic&minPrice=100&maxPrice=500", "en");
    expect(priced.total).toBe(base.records.filter((p) => Number(p.price) >= 100 && Number(p.price) <= 500).length);
    const stocked = await allPages("keyword=classic&hasStock=1", "en");
    expect(stocked.total).toBe(base.records.filter((p) => p.totalStocks > 0).length);
    expect(stocked.total).toBeLessThan(base.total);
    const self = await allPages("selfShop=1");
    expect(self.total).toBeGreaterThan(0);
    expect(self.records.every((p) => p.shopType === 1)).toBe(true);
    const [first] = base.records;
    const [meta] = await app.ctx.db
      .select({ brandId: products.brandId, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.prodId, first!.prodId));
    const narrowed = await allPages(
      `keyword=classic&brandIds=${meta!.brandId}&categoryId=${meta!.categoryId}&minPrice=0.01`,
      "en",
    );
    expect(ids(narrowed.records)).toContain(first!.prodId);
    const metas = await app.ctx.db
      .select({ brandId: products.brandId, categoryId: products.categoryId })
      .from(products)
      .where(
        inArray(
          products.prodId,
          narrowed.records.map((r) => r.prodId),
        ),
      );
    expect(metas.every((m) => m.brandId === meta!.brandId && m.categoryId === meta!.categoryId)).toBe(true);
    // Bad bounds are refused in the request language.
    const bad = await app.get("/api/search/searchProdPage?minPrice=abc", "en");
    expect(bad.body.code).toBe("A00001");
  });

  it("pages every sort order without gaps or repeats; past the last page is empty", async () => {
    for (const sort of [0, 1, 2, 4, 5]) {
      const { records, total } = await allPages(`categoryId=1&sort=${sort}`);
      expect(total).toBeGreaterThan(100);
      expect(records).toHaveLength(total);
      expect(new Set(records.map((r) => r.prodId)).size).toBe(total);
    }
    const kw = await allPages(`keyword=${encodeURIComponent("手机")}`);
    expect(new Set(kw.records.map((r) => r.prodId)).size).toBe(kw.total);
    const beyond = await list("categoryId=1&current=500&size=50");
    expect(beyond.records).toEqual([]);
    expect(beyond.total).toBeGreaterThan(100);
  });

  it("suggests product names in the request language and open shops' names", async () => {
    const zh = okData(
      await app.get<SearchSuggestion[]>(`/api/search/suggest?keyword=${encodeURIComponent("手机")}`, "zh"),
    );
    expect(zh.length).toBeGreaterThan(0);
    expect(zh.length).toBeLessThanOrEqual(8);
    for (const s of zh) expect(s.text).toContain("手机");
    expect(new Set(zh.map((s) => s.text)).size).toBe(zh.length);
    const en = okData(await app.get<SearchSuggestion[]>("/api/search/suggest?keyword=Classi", "en"));
    expect(en.length).toBeGreaterThan(0);
    for (const s of en) expect(s.text.toLowerCase()).toContain("classi");
    const res = await app.get<SearchSuggestion[]>("/api/search/suggest?keyword=Classi", "en");
    expect(res.headers.get("cache-control")).toContain("public");
    const shopList = okData(
      await app.get<SearchSuggestion[]>(`/api/search/suggest?type=shop&keyword=${encodeURIComponent("旗舰")}`, "zh"),
    );
    expect(shopList.length).toBeGreaterThan(0);
    const open = await app.ctx.db
      .select({ id: shops.shopId, status: shops.shopStatus })
      .from(shops)
      .where(
        inArray(
          shops.shopId,
          shopList.map((s) => s.id),
        ),
      );
    expect(open.every((s) => s.status === 1)).toBe(true);
    for (const s of shopList) expect(s.text).toContain("旗舰");
    const empty = await app.get("/api/search/suggest?keyword=%20", "en");
    expect(empty.body.code).toBe("A00001");
  });

  it("renaming a product updates what the search finds", async () => {
    const [p] = await app.ctx.db
      .select({ id: products.prodId })
      .from(products)
      .where(eq(products.status, 1))
      .orderBy(products.prodId)
      .limit(1);
    await app.ctx.db
      .update(productTranslations)
      .set({ prodName: "Zyxwv 测试蓝莓机" })
      .where(and(eq(productTranslations.prodId, p!.id), eq(productTranslations.locale, "en")));
    expect(ids((await allPages("keyword=zyxwv", "en")).records)).toEqual([p!.id]);
    expect(ids((await allPages(`keyword=${encodeURIComponent("蓝莓")}`)).records)).toEqual([p!.id]);
  });
});
