/** Page decorations: /shopRenovation/homepage, /shopRenovation/info (domain renovation.ts). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { products, productTranslations, renovations, shops } from "../../../src/server/db/schema/index.ts";
import type { RenovationAnswer, RenovationBlock } from "../../../src/lib/renovation/renovation-types.ts";
import { getRenovation, getShopHomeRenovation } from "../../../src/server/domain/renovation/renovation.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

type Item = { id: number; prodId?: number; name: unknown; price: string; imgs: string };
const goodsOf = (blocks: RenovationBlock[]): Item[] =>
  blocks.flatMap((b) => {
    const d = b.dataField as Record<string, unknown>;
    const lists: unknown[] = [d.goodsList, d.maingoodsList, d.othergoodsList];
    for (const k of ["leftConfig", "centerConfig", "rightConfig"])
      lists.push((d[k] as Record<string, unknown> | undefined)?.goodsList);
    return lists.filter(Array.isArray).flat() as Item[];
  });

describe.skipIf(!dbReady)("renovation API", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  const home = async (lang = "en") =>
    okData(await app.get<RenovationAnswer>("/api/shopRenovation/homepage?renovationType=1", lang));

  it("answers the published platform PC home with content as a JSON string", async () => {
    const h = await home();
    expect(Object.keys(h).sort()).toEqual([
      "content",
      "homeStatus",
      "name",
      "renovationId",
      "renovationType",
      "shopId",
    ]);
    expect(h).toMatchObject({ renovationId: 1, shopId: 0, renovationType: 1, homeStatus: 1 });
    expect(typeof h.content).toBe("string");
    const blocks = JSON.parse(h.content) as RenovationBlock[];
    expect(blocks.map((b) => b.type)).toContain("goods_list");
    expect(blocks.at(-1)!.type).toBe("page_background");
    // Texts of blocks stay LocalizedText; product names come back in the request language.
    const floor = blocks.find((b) => b.type === "floor_title")!;
    expect(floor.dataField.mainTitle).toHaveProperty("en");
    const items = goodsOf(blocks);
    expect(items.length).toBeGreaterThan(20);
    const names = await app.ctx.db
      .select({
        prodId: productTranslations.prodId,
        locale: productTranslations.locale,
        name: productTranslations.prodName,
      })
      .from(productTranslations);
    for (const it of items.slice(0, 10)) {
      expect(it.name).toBe(names.find((n) => n.prodId === it.id && n.locale === "en")!.name);
      expect(it.price).toMatch(/^\d+\.\d{2}$/);
    }
    const zhItems = goodsOf(JSON.parse((await home("zh")).content) as RenovationBlock[]);
    expect(zhItems[0]!.name).toBe(names.find((n) => n.prodId === zhItems[0]!.id && n.locale === "zh")!.name);
    expect((await app.get("/api/shopRenovation/homepage", "en")).body.data).toMatchObject({ renovationId: 1 });
  });

  it("drops a product that went off shelf and refreshes prices", async () => {
    const [row] = await app.ctx.db.select().from(renovations).where(eq(renovations.renovationId, 1));
    const [off] = await app.ctx.db
      .select({ id: products.prodId })
      .from(products)
      .where(eq(products.status, 0))
      .limit(1);
    const first = goodsOf(row!.content)[0]!;
    const injected = row!.content.map((b) =>
      b.type === "goods_list"
        ? {
            ...b,
            dataField: {
              ...b.dataField,
              goodsList: [
                { id: off!.id, name: { zh: "下架", "zh-tw": "下架", en: "Off shelf" }, price: "1.00", imgs: "x" },
                ...(b.dataField.goodsList as unknown[]),
              ],
            },
          }
        : b,
    );
    await app.ctx.db.update(renovations).set({ content: injected }).where(eq(renovations.renovationId, 1));
    await app.ctx.db.update(products).set({ price: "4321.00" }).where(eq(products.prodId, first.id));
    try {
      const items = goodsOf(JSON.parse((await home()).content) as RenovationBlock[]);
      expect(items.map((i) => i.id)).not.toContain(off!.id);
      expect(items.find((i) => i.id === first.id)!.price).toBe("4321.00");
      // Taking one more product off shelf removes it too; a closed shop removes all its products.
      await app.ctx.db.update(products).set({ status: 2 }).where(eq(products.prodId, first.id));
      const after = goodsOf(JSON.parse((await home()).content) as RenovationBlock[]);
      expect(after.map((i) => i.id)).not.toContain(first.id);
      const [p] = await app.ctx.db
        .select({ shopId: products.shopId })
        .from(products)
        .where(eq(products.prodId, after[0]!.id));
      await app.ctx.db.update(shops).set({ shopStatus: 0 }).where(eq(shops.shopId, p!.shopId));
      const blocks = JSON.parse((await home()).content) as RenovationBlock[];
      const shopProds = (
        await app.ctx.db.select({ id: products.prodId }).from(products).where(eq(products.shopId, p!.shopId))
      ).map((r) => r.id);
      expect(goodsOf(blocks).some((i) => shopProds.includes(i.id))).toBe(false);
      const stores = blocks.find((b) => b.type === "store_list")!.dataField.storeList as {
        shopId: number;
        shopStatus: number;
      }[];
      expect(stores.map((s) => s.shopId)).not.toContain(p!.shopId);
      expect(stores.every((s) => s.shopStatus === 1)).toBe(true);
      await app.ctx.db.update(shops).set({ shopStatus: 1 }).where(eq(shops.shopId, p!.shopId));
    } finally {
      await app.ctx.db.update(renovations).set({ content: row!.content }).where(eq(renovations.renovationId, 1));
      await app.ctx.db.update(products).set({ status: 1, price: first.price }).where(eq(products.prodId, first.id));
    }
  });

  it("store_list in the seed leaves out the offline shop", async () => {
    const blocks = JSON.parse((await home()).content) as RenovationBlock[];
    const [raw] = await app.ctx.db.select().from(renovations).where(eq(renovations.renovationId, 1));
    const rawStores = raw!.content.find((b) => b.type === "store_list")!.dataField.storeList as {
      shopId: number;
      shopStatus: number;
    }[];
    const stores = blocks.find((b) => b.type === "store_list")!.dataField.storeList as { shopId: number }[];
    expect(rawStores.some((s) => s.shopStatus !== 1)).toBe(true);
    expect(stores.length).toBe(rawStores.filter((s) => s.shopStatus === 1).length);
  });

  it("/shopRenovation/info answers published pages only", async () => {
    const micro = okData(await app.get<RenovationAnswer>("/api/shopRenovation/info?renovationId=2&shopId=0", "en"));
    expect(micro).toMatchObject({ renovationId: 2, shopId: 0, homeStatus: 0 });
    expect(Array.isArray(JSON.parse(micro.content))).toBe(true);
    expect(
      okData(await app.get<RenovationAnswer>("/api/shopRenovation/info?renovationId=3&shopId=1", "en")).shopId,
    ).toBe(1);
    expect(okData(await app.get<RenovationAnswer>("/api/shopRenovation/info?renovationId=4", "en")).shopId).toBe(4);
    const notFound = {
      code: "A00001",
      msg: "The page does not exist or has not been published",
      data: null,
      success: false,
    };
    // Draft 5 of shop 1 is never served publicly.
    expect((await app.get("/api/shopRenovation/info?renovationId=5&shopId=1", "en")).body).toEqual(notFound);
    expect((await app.get("/api/shopRenovation/info?renovationId=5&shopId=1", "zh")).body.msg).toBe(
      "页面不存在或未发布",
    );
    // Wrong owner, unknown id.
    expect((await app.get("/api/shopRenovation/info?renovationId=3&shopId=4", "en")).body).toEqual(notFound);
    expect((await app.get("/api/shopRenovation/info?renovationId=999", "en")).body).toEqual(notFound);
    expect((await app.get("/api/shopRenovation/info?renovationId=x", "en")).body).toMatchObject({
      code: "A00001",
      msg: "Page is not valid",
    });
    // The draft is available to the signed preview (domain function with includeDraft).
    const draft = await getRenovation(app.ctx.db, "en", { renovationId: 5, shopId: 1, includeDraft: true });
    expect(draft).toMatchObject({ renovationId: 5, status: 0 });
    expect(await getRenovation(app.ctx.db, "en", { renovationId: 5, shopId: 1 })).toBeNull();
  });

  it("a closed shop's pages are not served", async () => {
    expect((await getShopHomeRenovation(app.ctx.db, "en", 1))?.renovationId).toBe(3);
    expect(await getShopHomeRenovation(app.ctx.db, "en", 2)).toBeNull();
    await app.ctx.db.update(shops).set({ shopStatus: 0 }).where(eq(shops.shopId, 4));
    try {
      expect((await app.get("/api/shopRenovation/info?renovationId=4", "en")).body.code).toBe("A00001");
      expect(await getShopHomeRenovation(app.ctx.db, "en", 4)).toBeNull();
    } finally {
      await app.ctx.db.update(shops).set({ shopStatus: 1 }).where(eq(shops.shopId, 4));
    }
  });

  it("no published home → data null", async () => {
    await app.ctx.db.update(renovations).set({ status: 0 }).where(eq(renovations.renovationId, 1));
    try {
      expect(okData(await app.get("/api/shopRenovation/homepage?renovationType=1", "en"))).toBeNull();
    } finally {
      await app.ctx.db.update(renovations).set({ status: 1 }).where(eq(renovations.renovationId, 1));
    }
    expect(okData(await app.get("/api/shopRenovation/homepage?renovationType=2", "en"))).toBeNull();
    expect((await app.get("/api/shopRenovation/homepage?renovationType=3", "en")).body.code).toBe("A00001");
  });
});
