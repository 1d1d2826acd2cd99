/** Categories, brands by category, hot search words. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { BrandItem, CategoryNode, HotSearchItem } from "../../../src/lib/api-types.ts";
import { pickText } from "../../../src/lib/locale.ts";
import { brands, categories, categoryBrands, hotSearches } from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const NODE_KEYS = ["categories", "categoryId", "categoryName", "grade", "icon", "parentId", "pic", "seq", "status"];
const BRAND_KEYS = ["brandId", "brandName", "firstLetter", "imgUrl", "name", "seq"];

function walk(nodes: CategoryNode[], fn: (n: CategoryNode, depth: number) => void, depth = 1): void {
  for (const n of nodes) {
    fn(n, depth);
    walk(n.categories, fn, depth + 1);
  }
}

describe.skipIf(!dbReady)("catalogue API", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  describe("GET /category/categoryInfo", () => {
    it("answers the active platform tree, three levels, ordered by seq", async () => {
      const tree = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo?parentId=", "zh"));
      expect(Array.isArray(tree)).toBe(true);
      expect(tree.length).toBeGreaterThan(0);
      let maxDepth = 0;
      walk(tree, (n, depth) => {
        expect(Object.keys(n).sort()).toEqual(NODE_KEYS);
        expect(n.status).toBe(1);
        expect(n.grade).toBe(depth - 1);
        for (const c of n.categories) expect(c.parentId).toBe(n.categoryId);
        const seqs = n.categories.map((c) => c.seq);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        maxDepth = Math.max(maxDepth, depth);
      });
      expect(maxDepth).toBe(3);
      for (const top of tree) expect(top.parentId).toBe(0);
      const top = tree.map((n) => n.seq);
      expect(top).toEqual([...top].sort((a, b) => a - b));

      const activeTop = await app.ctx.db
        .select({ id: categories.categoryId })
        .from(categories)
        .where(and(eq(categories.shopId, 0), eq(categories.parentId, 0), eq(categories.status, 1)));
      expect(tree.map((n) => n.categoryId).sort((a, b) => a - b)).toEqual(
        activeTop.map((r) => r.id).sort((a, b) => a - b),
      );
    });

    it("parentId absent, empty and 0 all mean the top level", async () => {
      const a = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo", "zh"));
      const b = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo?parentId=0", "zh"));
      const c = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo?parentId=", "zh"));
      expect(b).toEqual(a);
      expect(c).toEqual(a);
    });

    it("localizes names via Accept-Language", async () => {
      const zh = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo", "zh-CN"));
      const tw = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo", "zh-TW,zh;q=0.9"));
      const en = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo", "en"));
      const rows = await app.ctx.db
        .select({ id: categories.categoryId, name: categories.name })
        .from(categories)
        .where(eq(categories.shopId, 0));
      const byId = new Map(rows.map((r) => [r.id, r.name]));
      expect(zh[0]!.categoryName).toBe(pickText(byId.get(zh[0]!.categoryId), "zh"));
      expect(tw[0]!.categoryName).toBe(pickText(byId.get(tw[0]!.categoryId), "zh-tw"));
      expect(en[0]!.categoryName).toBe(pickText(byId.get(en[0]!.categoryId), "en"));
      expect(en.map((n) => n.categoryName)).not.toEqual(zh.map((n) => n.categoryName));
      expect(tw.map((n) => n.categoryName)).not.toEqual(zh.map((n) => n.categoryName));
    });

    it("a parentId answers that category's children with their children", async () => {
      const tree = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo", "zh"));
      const parent = tree.find((n) => n.categories.length > 0)!;
      const sub = okData(
        await app.get<CategoryNode[]>(`/api/category/categoryInfo?parentId=${parent.categoryId}`, "zh"),
      );
      expect(sub).toEqual(parent.categories);
      const level2 = sub.find((n) => n.categories.length > 0)!;
      const leaves = okData(
        await app.get<CategoryNode[]>(`/api/category/categoryInfo?parentId=${level2.categoryId}`, "zh"),
      );
      expect(leaves).toEqual(level2.categories);
      for (const leaf of leaves) expect(leaf.categories).toEqual([]);
    });

    it("inactive categories are left out", async () => {
      const tree = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo", "zh"));
      const victim = tree[tree.length - 1]!;
      await app.ctx.db.update(categories).set({ status: 0 }).where(eq(categories.categoryId, victim.categoryId));
      const after = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo", "zh"));
      expect(after.map((n) => n.categoryId)).not.toContain(victim.categoryId);
      expect(
        okData(await app.get<CategoryNode[]>(`/api/category/categoryInfo?parentId=${victim.categoryId}`, "zh")),
      ).toEqual([]);
      await app.ctx.db.update(categories).set({ status: 1 }).where(eq(categories.categoryId, victim.categoryId));
    });

    it("unknown parentId → empty array", async () => {
      const res = await app.get<CategoryNode[]>("/api/category/categoryInfo?parentId=99999999", "zh");
      expect(res.body).toEqual({ code: "00000", msg: null, data: [], success: true });
    });

    it("shopId answers that shop's own categories (not the platform's)", async () => {
      const platform = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo?shopId=0", "zh"));
      expect(platform).toEqual(okData(await app.get<CategoryNode[]>("/api/category/categoryInfo", "zh")));
      expect(okData(await app.get<CategoryNode[]>("/api/category/categoryInfo?shopId=99999", "zh"))).toEqual([]);
      const [someShop] = await app.ctx.db
        .select({ shopId: categories.shopId, id: categories.categoryId })
        .from(categories)
        .where(and(eq(categories.parentId, 0), eq(categories.status, 1), ne(categories.shopId, 0)))
        .limit(1);
      if (someShop) {
        const own = okData(await app.get<CategoryNode[]>(`/api/category/categoryInfo?shopId=${someShop.shopId}`, "zh"));
        expect(own.map((n) => n.categoryId)).toContain(someShop.id);
        const platformIds = new Set(platform.map((n) => n.categoryId));
        for (const n of own) expect(platformIds.has(n.categoryId)).toBe(false);
      }
    });

    it("non-numeric parentId → A00001 naming the field, in the request language", async () => {
      const en = await app.get("/api/category/categoryInfo?parentId=abc", "en");
      expect(en.status).toBe(200);
      expect(en.body).toEqual({ code: "A00001", msg: "Parent category is not valid", data: null, success: false });
      const zh = await app.get("/api/category/categoryInfo?parentId=abc", "zh");
      expect(zh.body.msg).toBe("上级分类格式不正确");
      const tw = await app.get("/api/category/categoryInfo?parentId=abc", "zh-TW");
      expect(tw.body.msg).toBe("上級分類格式不正確");
      const neg = await app.get("/api/category/categoryInfo?parentId=-1", "en");
      expect(neg.body).toMatchObject({ code: "A00001", msg: "Parent category is out of the allowed range" });
      const frac = await app.get("/api/category/categoryInfo?parentId=1.5", "en");
      expect(frac.body).toMatchObject({ code: "A00001", msg: "Parent category must be a whole number" });
    });
  });

  describe("GET /mall4cloud_product/ua/brand/list_by_category", () => {
    async function linkedBrandIds(categoryIds: number[]): Promise<number[]> {
      const rows = await app.ctx.db
        .selectDistinct({ brandId: categoryBrands.brandId })
        .from(categoryBrands)
        .innerJoin(brands, eq(brands.brandId, categoryBrands.brandId))
        .where(and(inArray(categoryBrands.categoryId, categoryIds), eq(brands.status, 1)));
      return rows.map((r) => r.brandId).sort((a, b) => a - b);
    }

    it("answers the brands of a level-3 category, by seq, localized", async () => {
      const [link] = await app.ctx.db
        .select({ categoryId: categoryBrands.categoryId })
        .from(categoryBrands)
        .innerJoin(categories, eq(categories.categoryId, categoryBrands.categoryId))
        .where(and(eq(categories.grade, 2), eq(categories.status, 1)))
        .limit(1);
      expect(link).toBeDefined();
      const zh = okData(
        await app.get<BrandItem[]>(
          `/api/mall4cloud_product/ua/brand/list_by_category?categoryId=${link!.categoryId}`,
          "zh",
        ),
      );
      expect(zh.length).toBeGreaterThan(0);
      for (const b of zh) {
        expect(Object.keys(b).sort()).toEqual(BRAND_KEYS);
        expect(b.brandName).toBe(b.name);
      }
      const seqs = zh.map((b) => b.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(zh.map((b) => b.brandId).sort((a, b) => a - b)).toEqual(await linkedBrandIds([link!.categoryId]));

      const en = okData(
        await app.get<BrandItem[]>(
          `/api/mall4cloud_product/ua/brand/list_by_category?categoryId=${link!.categoryId}`,
          "en",
        ),
      );
      const raw = await app.ctx.db
        .select({ brandId: brands.brandId, name: brands.name })
        .from(brands)
        .where(eq(brands.brandId, en[0]!.brandId));
      expect(en[0]!.name).toBe(pickText(raw[0]!.name, "en"));
    });

    it("a level-1 category includes the brands of its descendants, without duplicates", async () => {
      const tree = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo", "zh"));
      for (const top of tree.slice(0, 3)) {
        const ids: number[] = [];
        walk([top], (n) => ids.push(n.categoryId));
        const answer = okData(
          await app.get<BrandItem[]>(
            `/api/mall4cloud_product/ua/brand/list_by_category?categoryId=${top.categoryId}`,
            "zh",
          ),
        );
        const got = answer.map((b) => b.brandId);
        expect(new Set(got).size).toBe(got.length);
        expect([...got].sort((a, b) => a - b)).toEqual(await linkedBrandIds(ids));
      }
    });

    it("disabled brands are left out", async () => {
      const tree = okData(await app.get<CategoryNode[]>("/api/category/categoryInfo", "zh"));
      const id = tree[0]!.categoryId;
      const before = okData(
        await app.get<BrandItem[]>(`/api/mall4cloud_product/ua/brand/list_by_category?categoryId=${id}`, "zh"),
      );
      if (before.length === 0) return;
      await app.ctx.db.update(brands).set({ status: 0 }).where(eq(brands.brandId, before[0]!.brandId));
      const after = okData(
        await app.get<BrandItem[]>(`/api/mall4cloud_product/ua/brand/list_by_category?categoryId=${id}`, "zh"),
      );
      expect(after.map((b) => b.brandId)).not.toContain(before[0]!.brandId);
      await app.ctx.db.update(brands).set({ status: 1 }).where(eq(brands.brandId, before[0]!.brandId));
    });

    it("unknown category → empty array; missing or bad categoryId → A00001", async () => {
      expect(
        okData(
          await app.get<BrandItem[]>("/api/mall4cloud_product/ua/brand/list_by_category?categoryId=99999999", "zh"),
        ),
      ).toEqual([]);
      const missing = await app.get("/api/mall4cloud_product/ua/brand/list_by_category", "en");
      expect(missing.body).toMatchObject({ code: "A00001", success: false, msg: "Category cannot be empty" });
      const bad = await app.get("/api/mall4cloud_product/ua/brand/list_by_category?categoryId=x", "zh");
      expect(bad.body).toMatchObject({ code: "A00001", msg: "分类格式不正确" });
    });
  });

  describe("GET /search/hotSearch", () => {
    it("answers number items by seq, localized", async () => {
      const zh = okData(await app.get<HotSearchItem[]>("/api/search/hotSearch?number=4&sort=1", "zh"));
      expect(zh).toHaveLength(4);
      for (const h of zh) expect(Object.keys(h).sort()).toEqual(["content", "hotSearchId", "title"]);
      const rows = await app.ctx.db
        .select()
        .from(hotSearches)
        .where(and(eq(hotSearches.shopId, 0), eq(hotSearches.status, 1), eq(hotSearches.type, 1)));
      const expected = rows.sort((a, b) => a.seq - b.seq || a.hotSearchId - b.hotSearchId).slice(0, 4);
      expect(zh.map((h) => h.hotSearchId)).toEqual(expected.map((r) => r.hotSearchId));
      expect(zh.map((h) => h.title)).toEqual(expected.map((r) => pickText(r.title, "zh")));

      const en = okData(await app.get<HotSearchItem[]>("/api/search/hotSearch?number=4&sort=1", "en"));
      expect(en.map((h) => h.hotSearchId)).toEqual(zh.map((h) => h.hotSearchId));
      expect(en.map((h) => h.title)).toEqual(expected.map((r) => pickText(r.title, "en")));
      expect(en.map((h) => h.title)).not.toEqual(zh.map((h) => h.title));
      const tw = okData(await app.get<HotSearchItem[]>("/api/search/hotSearch?number=4&sort=1", "zh-TW"));
      expect(tw.map((h) => h.title)).toEqual(expected.map((r) => pickText(r.title, "zh-tw")));
    });

    it("defaults to 4 product keywords; type=2 answers shop keywords", async () => {
      const def = okData(await app.get<HotSearchItem[]>("/api/search/hotSearch", "zh"));
      expect(def.length).toBeLessThanOrEqual(4);
      expect(def).toEqual(okData(await app.get<HotSearchItem[]>("/api/search/hotSearch?number=4&sort=1&type=1", "zh")));
      const shopWords = okData(await app.get<HotSearchItem[]>("/api/search/hotSearch?number=20&type=2", "zh"));
      const rows = await app.ctx.db
        .select({ id: hotSearches.hotSearchId })
        .from(hotSearches)
        .where(and(eq(hotSearches.shopId, 0), eq(hotSearches.status, 1), eq(hotSearches.type, 2)));
      expect(shopWords.map((h) => h.hotSearchId).sort((a, b) => a - b)).toEqual(
        rows
          .map((r) => r.id)
          .sort((a, b) => a - b)
          .slice(0, 20),
      );
    });

    it("sort=0 answers newest first", async () => {
      const [inserted] = await app.ctx.db
        .insert(hotSearches)
        .values({
          title: { zh: "最新热词", "zh-tw": "最新熱詞", en: "Newest word" },
          content: { zh: "最新", "zh-tw": "最新", en: "newest" },
          type: 1,
          seq: 9999,
          status: 1,
          createdAt: new Date(Date.now() + 60_000),
        })
        .returning({ id: hotSearches.hotSearchId });
      const newest = okData(await app.get<HotSearchItem[]>("/api/search/hotSearch?number=1&sort=0", "en"));
      expect(newest).toEqual([{ hotSearchId: inserted!.id, title: "Newest word", content: "newest" }]);
      const bySeq = okData(await app.get<HotSearchItem[]>("/api/search/hotSearch?number=4&sort=1", "en"));
      expect(bySeq.map((h) => h.hotSearchId)).not.toContain(inserted!.id);
      await app.ctx.db.delete(hotSearches).where(eq(hotSearches.hotSearchId, inserted!.id));
    });

    it("bad number or sort → A00001 in the request language", async () => {
      const en = await app.get("/api/search/hotSearch?number=abc&sort=1", "en");
      expect(en.body).toEqual({ code: "A00001", msg: "Number is not valid", data: null, success: false });
      const zh = await app.get("/api/search/hotSearch?number=abc&sort=1", "zh");
      expect(zh.body.msg).toBe("数量格式不正确");
      const big = await app.get("/api/search/hotSearch?number=21", "en");
      expect(big.body).toMatchObject({ code: "A00001", msg: "Number is out of the allowed range" });
      const zero = await app.get("/api/search/hotSearch?number=0", "zh");
      expect(zero.body).toMatchObject({ code: "A00001", msg: "数量超出允许范围" });
      const sort = await app.get("/api/search/hotSearch?sort=5", "en");
      expect(sort.body).toMatchObject({ code: "A00001", msg: "Sort is out of the allowed range" });
    });
  });
});
