/** Hot shops (head info: shop-index.test.ts; search: shop-list.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, desc, eq, ne } from "drizzle-orm";
import type { ShopHeadInfo } from "../../../src/lib/api-types.ts";
import { pickText } from "../../../src/lib/locale.ts";
import { shops } from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const SHOP_KEYS = ["fansCount", "intro", "rating", "shopId", "shopLogo", "shopName", "shopStatus", "soldNum", "type"];

describe.skipIf(!dbReady)("shop API", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  describe("GET /shop/hotShops", () => {
    it("answers open shops, most popular first, with ShopHeadInfo fields", async () => {
      const list = okData(await app.get<ShopHeadInfo[]>("/api/shop/hotShops?number=4&sort=1", "zh"));
      expect(list).toHaveLength(4);
      for (const s of list) {
        expect(Object.keys(s).sort()).toEqual(SHOP_KEYS);
        expect(s.shopStatus).toBe(1);
        expect(typeof s.rating).toBe("number");
        expect(typeof s.shopName).toBe("string");
      }
      const expected = await app.ctx.db
        .select({ shopId: shops.shopId })
        .from(shops)
        .where(eq(shops.shopStatus, 1))
        .orderBy(desc(shops.soldNum), desc(shops.fansCount), asc(shops.shopId))
        .limit(4);
      expect(list.map((s) => s.shopId)).toEqual(expected.map((r) => r.shopId));
    });

    it("never answers more than 6", async () => {
      const open = await app.ctx.db.select({ id: shops.shopId }).from(shops).where(eq(shops.shopStatus, 1));
      const list = okData(await app.get<ShopHeadInfo[]>("/api/shop/hotShops?number=20&sort=1", "zh"));
      expect(list).toHaveLength(Math.min(6, open.length));
      expect(
        okData(await app.get<ShopHeadInfo[]>("/api/shop/hotShops?number=6&sort=0", "zh")).length,
      ).toBeLessThanOrEqual(6);
    });

    it("leaves out shops that are not open", async () => {
      const [closed] = await app.ctx.db
        .select({ id: shops.shopId })
        .from(shops)
        .where(ne(shops.shopStatus, 1))
        .limit(1);
      // The seed has shops that are not open (under review, not opened, offline).
      expect(closed, "the seed has a shop that is not open").toBeDefined();
      const all = okData(await app.get<ShopHeadInfo[]>("/api/shop/hotShops?number=20&sort=0", "zh"));
      expect(all.map((s) => s.shopId)).not.toContain(closed!.id);
      const [top] = okData(await app.get<ShopHeadInfo[]>("/api/shop/hotShops?number=1&sort=1", "zh"));
      await app.ctx.db.update(shops).set({ shopStatus: 0 }).where(eq(shops.shopId, top!.shopId));
      const after = okData(await app.get<ShopHeadInfo[]>("/api/shop/hotShops?number=6&sort=1", "zh"));
      expect(after.map((s) => s.shopId)).not.toContain(top!.shopId);
      await app.ctx.db.update(shops).set({ shopStatus: 1 }).where(eq(shops.shopId, top!.shopId));
    });

    it("localizes shop names", async () => {
      const zh = okData(await app.get<ShopHeadInfo[]>("/api/shop/hotShops?number=4&sort=1", "zh"));
      const tw = okData(await app.get<ShopHeadInfo[]>("/api/shop/hotShops?number=4&sort=1", "zh-TW"));
      const en = okData(await app.get<ShopHeadInfo[]>("/api/shop/hotShops?number=4&sort=1", "en"));
      const [raw] = await app.ctx.db
        .select({ shopName: shops.shopName })
        .from(shops)
        .where(eq(shops.shopId, zh[0]!.shopId));
      expect(zh[0]!.shopName).toBe(pickText(raw!.shopName, "zh"));
      expect(tw[0]!.shopName).toBe(pickText(raw!.shopName, "zh-tw"));
      expect(en[0]!.shopName).toBe(pickText(raw!.shopName, "en"));
      expect(en.map((s) => s.shopName)).not.toEqual(zh.map((s) => s.shopName));
    });

    it("bad number → A00001 in the request language", async () => {
      const en = await app.get("/api/shop/hotShops?number=many", "en");
      expect(en.body).toEqual({ code: "A00001", msg: "Number is not valid", data: null, success: false });
      const zh = await app.get("/api/shop/hotShops?number=-2", "zh");
      expect(zh.body).toMatchObject({ code: "A00001", msg: "数量超出允许范围" });
    });
  });
});
