/**
 * Search that understands shoppers (docs/search.md): the demo catalogue found by the words
 * shoppers type — segmented Chinese, traditional characters, synonyms and brand aliases, English
 * plurals — every query word matching somewhere; a keyword that matches nothing relaxed or
 * corrected with a note; pinyin; bad input never an error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../../src/server/db/client.ts";
import type { ProductCardPage, ProductSearchPage, SearchSuggestion } from "../../../src/lib/catalog/product-types.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("search by shoppers' words", () => {
  let app: TestApp;
  const search = async (keyword: string, lang = "zh", extra = "") =>
    okData(
      await app.get<ProductCardPage>(
        `/api/search/searchProdPage?keyword=${encodeURIComponent(keyword)}&size=100${extra}`,
        lang,
      ),
    );
  /** Product ids whose zh name or level-3 category's zh name contains `part`. */
  const named = async (part: string) =>
    rowsOf<{ id: number }>(
      await app.ctx.db.execute(sql`select p.prod_id as id from products p
        join product_translations t on t.prod_id = p.prod_id and t.locale = 'zh'
        join categories c on c.category_id = p.category_id
        join shops s on s.shop_id = p.shop_id
        where p.status = 1 and s.shop_status = 1 and (strpos(t.prod_name, ${part}) > 0 or strpos(c.name->>'zh', ${part}) > 0)`),
    ).map((r) => Number(r.id));

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ["蓝牙耳机", "zh", "无线耳机"],
    ["藍牙耳機", "zh-tw", "无线耳机"],
    ["跑鞋", "zh", "跑步鞋"],
    ["裙子", "zh", "连衣裙"],
    ["婴儿奶粉", "zh", "婴儿配方奶粉"],
    ["earphones", "en", "无线耳机"],
    ["running shoes", "en", "跑步鞋"],
  ])("%s (%s) finds the goods named %s, first", async (keyword, lang, part) => {
    const wanted = new Set(await named(part));
    expect(wanted.size).toBeGreaterThan(0);
    const page = await search(keyword, lang);
    expect(page.searchNote ?? null).toBeNull();
    const found = page.records.map((r) => r.prodId);
    for (const id of wanted) expect(found, `${keyword}: product ${id}`).toContain(id);
    // The first results are the goods asked for.
    expect(wanted.has(found[0]!)).toBe(true);
  });

  it("brand aliases: 苹果 / 蘋果 / apple find Apple's goods; 苹果耳机 its earbuds first", async () => {
    const apple = rowsOf<{ id: number }>(
      await app.ctx.db.execute(sql`select p.prod_id as id from products p join brands b on b.brand_id = p.brand_id
        join shops s on s.shop_id = p.shop_id
        where p.status = 1 and s.shop_status = 1 and b.name->>'en' = 'Apple'`),
    ).map((r) => Number(r.id));
    expect(apple.length).toBeGreaterThan(0);
    for (const [kw, lang] of [
      ["苹果", "zh"],
      ["蘋果", "zh-tw"],
      ["apple", "en"],
    ] as const) {
      const found = (await search(kw, lang)).records.map((r) => r.prodId);
      for (const id of apple) expect(found, kw).toContain(id);
    }
    const earbuds = new Set(await named("无线耳机"));
    const first = (await search("苹果耳机")).records[0]!;
    expect(apple).toContain(first.prodId);
    expect(earbuds.has(first.prodId)).toBe(true);
  });

  it("every word must match somewhere: brand and name together narrow the results", async () => {
    const all = await search("手机");
    const huawei = await search("华为 手机");
    expect(huawei.total).toBeGreaterThan(0);
    expect(huawei.total).toBeLessThan(all.total);
    const brandOf = rowsOf<{ id: number; en: string }>(
      await app.ctx.db.execute(sql`select p.prod_id as id, coalesce(b.name->>'en', '') as en, s.shop_name->>'en' as shop
        from products p left join brands b on b.brand_id = p.brand_id join shops s on s.shop_id = p.shop_id
        where p.prod_id in (${sql.join(
          huawei.records.map((r) => r.prodId),
          sql`, `,
        )})`),
    );
    for (const r of brandOf) expect(`${r.en} ${JSON.stringify(r)}`).toMatch(/huawei/i);
  });

  it("relaxes a keyword that matches nothing and says so", async () => {
    const page = okData(
      await app.get<ProductSearchPage>(`/api/search/page?keyword=${encodeURIComponent("蓝牙耳机 火星")}&size=20`),
    );
    expect(page.total).toBeGreaterThan(0);
    expect(page.searchNote).toMatchObject({ asked: "蓝牙耳机 火星", shown: "蓝牙耳机", dropped: ["火星"] });
    const list = await search("耳机 zzqqxx");
    expect(list.total).toBeGreaterThan(0);
    expect(list.searchNote?.dropped).toEqual(["zzqqxx"]);
  });

  it("corrects a latin typo (lipstik → lipstick)", async () => {
    const page = await search("lipstik", "en");
    expect(page.total).toBeGreaterThan(0);
    expect(page.searchNote?.corrected).toEqual([["lipstik", "lipstick"]]);
    expect(page.searchNote?.shown).toBe("lipstick");
  });

  it("finds Chinese names by their pinyin", async () => {
    const page = await search("shouji", "en");
    expect(page.total).toBeGreaterThan(0);
    expect(page.searchNote ?? null).toBeNull();
  });

  it("a category's name puts that category first", async () => {
    const page = await search("手机");
    const phones = new Set(await named("手机"));
    const cats = rowsOf<{ id: number; cat: string }>(
      await app.ctx.db
        .execute(sql`select p.prod_id as id, c.name->>'zh' as cat from products p join categories c on c.category_id = p.category_id
        where p.prod_id in (${sql.join(
          page.records.slice(0, 5).map((r) => r.prodId),
          sql`, `,
        )})`),
    );
    expect(phones.size).toBeGreaterThan(0);
    for (const c of cats) expect(c.cat).toMatch(/手机/);
  });

  it("ranks name matches above brand, category-only matches last; ties by sales", async () => {
    for (const [keyword, lang] of [
      ["手机", "zh"],
      ["手機", "zh-tw"],
      ["phone", "en"],
    ] as const) {
      const page = await search(keyword, lang);
      const ids = page.records.map((r) => r.prodId);
      const rows = rowsOf<{ id: number; inName: boolean; sold: number }>(
        await app.ctx.db.execute(sql`select p.prod_id as id, p.sold_num as sold,
            bool_or(strpos(t.prod_name, '手机') > 0 or t.prod_name ~* '\mphone') as "inName"
          from products p join product_translations t on t.prod_id = p.prod_id
          where p.prod_id in (${sql.join(ids, sql`, `)}) group by p.prod_id, p.sold_num`),
      );
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const inName = ids.map((id) => byId.get(id)!.inName);
      // Every product named with the word comes before every product that matched elsewhere only.
      const firstOther = inName.indexOf(false);
      expect(firstOther, keyword).toBeGreaterThan(7);
      expect(
        inName.slice(firstOther).every((x) => !x),
        `${keyword}: ${ids.join(",")}`,
      ).toBe(true);
      // A phone keyword's first results are phones, not power banks or cables.
      const cats = rowsOf<{ id: number; cat: string }>(
        await app.ctx.db.execute(sql`select p.prod_id as id, c.name->>'en' as cat from products p
          join categories c on c.category_id = p.category_id where p.prod_id in (${sql.join(ids.slice(0, 8), sql`, `)})`),
      );
      for (const c of cats) expect(c.cat, keyword).toMatch(/phones$/i);
    }
    // Equally relevant goods: best selling first (the smartphones of one relevance, intent and field).
    const phones = await search("智能手机");
    const sold = phones.records.slice(0, 4).map((r) => r.soldNum);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
  });

  it("no dead ends: a keyword that finds nothing offers corrections, related categories, the keyword without filters", async () => {
    const found = await search("口红");
    expect(found.total).toBeGreaterThan(0);
    expect(found.searchHelp ?? null).toBeNull();
    // A typo beyond the search's own correction: offered, with the category of the word it meant.
    const typo = await search("lapstek", "en");
    expect(typo.total).toBe(0);
    expect(typo.searchHelp?.corrections).toEqual(["lipstick"]);
    expect(typo.searchHelp?.categories.map((p) => p.at(-1)!.categoryName)).toContain("Lipsticks");
    // A keyword that finds nothing in the chosen category finds goods in all of them.
    const [phones] = rowsOf<{ id: number }>(
      await app.ctx.db.execute(
        sql`select category_id as id from categories where shop_id = 0 and name->>'en' = 'Phones & Digital'`,
      ),
    );
    const page = okData(
      await app.get<ProductSearchPage>(
        `/api/search/page?keyword=${encodeURIComponent("口红")}&primaryCategoryId=${phones!.id}&size=10`,
      ),
    );
    expect(page.total).toBe(0);
    expect(page.searchHelp?.withoutFilters).toBe(true);
    const lipstick = page.searchHelp!.categories[0]!;
    expect(lipstick.map((c) => c.level)).toEqual([1, 2, 3]);
    expect(lipstick.at(-1)!.categoryName).toBe("口红");
    // Nothing found and nothing related: the page still offers the hot words (API: no categories).
    const none = await search("zzqqxx");
    expect(none.total).toBe(0);
    expect(none.searchHelp).toEqual({ corrections: [], categories: [], withoutFilters: false });
  });

  it("suggests words of the platform's lexicon while typing (蓝牙 → 蓝牙耳机)", async () => {
    const s = okData(
      await app.get<SearchSuggestion[]>(`/api/search/suggest?type=goods&keyword=${encodeURIComponent("蓝牙")}`),
    );
    expect(s.map((x) => x.text)).toContain("蓝牙耳机");
  });

  it.each([
    " ",
    "%",
    "_",
    "\\",
    "%_\\",
    ".*(",
    "[a-z]+",
    "🎧🎧",
    "耳机😀",
    "a".repeat(60),
    "手机".repeat(30),
    "\u0007耳机",
    "'; drop table products; --",
  ])("bad input %j is answered, never an error", async (keyword) => {
    const started = Date.now();
    const res = await app.get<ProductSearchPage>(`/api/search/page?keyword=${encodeURIComponent(keyword)}&size=10`);
    expect(res.status).toBeLessThan(500);
    const sug = await app.get(`/api/search/suggest?type=goods&keyword=${encodeURIComponent(keyword.slice(0, 50))}`);
    expect(sug.status).toBeLessThan(500);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("a deep page is empty, not an error", async () => {
    const page = await search("手机", "zh", "&current=9999");
    expect(page.records).toEqual([]);
  });
});
