/** Collections: /p/user/collection/* and /p/shop/collection/* (CONTRACT §7.2, §3.7). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, ne } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import { prodCollections, products, shopCollections, shops } from "../../../src/server/db/schema/index.ts";
import type { CollectedProduct, CollectedShop } from "../../../src/lib/collection/collection-types.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

describe.skipIf(!dbReady)("collection API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let onSale: number[];
  let offShelf: number;
  let openShops: number[];
  let closedShop: number;
  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
    const db = app.ctx.db;
    onSale = (
      await db
        .select({ id: products.prodId })
        .from(products)
        .innerJoin(shops, eq(shops.shopId, products.shopId))
        .where(and(eq(products.status, 1), eq(shops.shopStatus, 1)))
        .orderBy(products.prodId)
        .limit(5)
    ).map((r) => r.id);
    offShelf = (await db.select({ id: products.prodId }).from(products).where(eq(products.status, 0)).limit(1))[0]!.id;
    openShops = (
      await db.select({ id: shops.shopId }).from(shops).where(eq(shops.shopStatus, 1)).orderBy(shops.shopId).limit(3)
    ).map((r) => r.id);
    closedShop = (await db.select({ id: shops.shopId }).from(shops).where(ne(shops.shopStatus, 1)).limit(1))[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const prodRows = async (u?: TestUser) =>
    Number(
      (
        await app.ctx.db
          .select({ n: count() })
          .from(prodCollections)
          .where(u ? eq(prodCollections.userId, u.userId) : undefined)
      )[0]!.n,
    );
  const shopRows = async (u?: TestUser) =>
    Number(
      (
        await app.ctx.db
          .select({ n: count() })
          .from(shopCollections)
          .where(u ? eq(shopCollections.userId, u.userId) : undefined)
      )[0]!.n,
    );
  const fans = async (shopId: number) =>
    (await app.ctx.db.select({ n: shops.fansCount }).from(shops).where(eq(shops.shopId, shopId)))[0]!.n;
  const toggleProd = (u: TestUser, body: unknown, contentType?: string) =>
    call<boolean>("/p/user/collection/addOrCancel", { user: u, body, ...(contentType ? { contentType } : {}) });
  const isProd = async (u: TestUser, prodId: number) =>
    okData(await call<boolean>(`/p/user/collection/isCollection?prodId=${prodId}`, { user: u }));
  const toggleShop = (u: TestUser, body: unknown) => call<boolean>("/p/shop/collection/addOrCancel", { user: u, body });
  const isShop = async (u: TestUser, shopId: number) =>
    okData(await call<boolean>(`/p/shop/collection/isCollection?shopId=${shopId}`, { user: u }));

  it("needs a token", async () => {
    for (const p of [
      "/p/user/collection/isCollection?prodId=1",
      "/p/user/collection/prods",
      "/p/user/collection/count",
      "/p/shop/collection/page",
      "/p/shop/collection/isCollection?shopId=1",
    ]) {
      expect((await call(p, { user: null })).body.code).toBe("A00004");
    }
    expect((await call("/p/user/collection/addOrCancel", { user: null, body: onSale[0] })).body.code).toBe("A00004");
  });

  describe("products", () => {
    it("addOrCancel toggles; body raw number, digit string, {prodId} or plain text", async () => {
      const [p1, p2, p3] = onSale as [number, number, number];
      expect(okData(await toggleProd(alice, p1))).toBe(true);
      expect(await isProd(alice, p1)).toBe(true);
      expect(okData(await toggleProd(alice, p1))).toBe(false);
      expect(await isProd(alice, p1)).toBe(false);
      expect(okData(await toggleProd(alice, String(p1)))).toBe(true);
      expect(okData(await toggleProd(alice, JSON.stringify(String(p2))))).toBe(true);
      expect(okData(await toggleProd(alice, { prodId: p3 }))).toBe(true);
      expect(okData(await toggleProd(alice, String(p3), "text/plain"))).toBe(false);
      expect(okData(await call<number>("/p/user/collection/count", { user: alice }))).toBe(2);
      expect(okData(await call<number>("/p/user/collection/collectionCount", { user: alice }))).toBe(2);
      expect(await prodRows(alice)).toBe(2);
    });

    it("unknown product: isCollection false, addOrCancel refused and nothing stored; bad ids refused", async () => {
      const before = await prodRows();
      expect(await isProd(alice, 999999)).toBe(false);
      expect((await toggleProd(alice, 999999)).body).toEqual({
        code: "A00001",
        msg: "The product does not exist or was deleted",
        data: null,
        success: false,
      });
      for (const bad of [
        "abc",
        JSON.stringify({ prodId: -1 }),
        JSON.stringify({ prodId: 1.5 }),
        "{",
        JSON.stringify([1]),
      ]) {
        expect((await toggleProd(alice, bad)).body.code).toBe("A00001");
      }
      // other spellings of a real product's id are not ids (found by the fuzz test: they used to add it)
      for (const spelling of [`${onSale[0]}.0`, ` ${onSale[0]} `, `0${onSale[0]}`, `+${onSale[0]}`]) {
        for (const body of [JSON.stringify(spelling), JSON.stringify({ prodId: spelling })]) {
          expect((await toggleProd(alice, body)).body, body).toMatchObject({
            code: "A00001",
            msg: "Product is not valid",
          });
        }
      }
      for (const body of ["true", JSON.stringify([onSale[0]])])
        expect((await toggleProd(alice, body)).body, body).toMatchObject({
          code: "A00001",
          msg: "Product is not valid",
        });
      expect((await toggleProd(alice, "")).body).toMatchObject({ code: "A00001", msg: "Product cannot be empty" });
      expect((await call("/p/user/collection/isCollection?prodId=abc", { user: alice })).body).toMatchObject({
        code: "A00001",
        msg: "Product is not valid",
      });
      expect((await call("/p/user/collection/isCollection", { user: alice })).body).toMatchObject({
        code: "A00001",
        msg: "Product cannot be empty",
      });
      expect(await prodRows()).toBe(before);
    });

    it("prods pages product cards, newest first; an off-shelf product shows its status", async () => {
      await new Promise((r) => setTimeout(r, 5));
      expect(okData(await toggleProd(alice, offShelf))).toBe(true);
      const page = okData(
        await call<Page<CollectedProduct>>("/p/user/collection/prods?current=1&size=2", { user: alice, lang: "zh" }),
      );
      expect(page).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
      expect(page.records).toHaveLength(2);
      const first = page.records[0]!;
      expect(first).toEqual({
        prodId: offShelf,
        prodName: expect.any(String),
        pic: expect.any(String),
        price: expect.stringMatching(/^\d+\.\d{2}$/),
        oriPrice: expect.stringMatching(/^\d+\.\d{2}$/),
        status: 0,
        totalStocks: expect.any(Number),
        collectTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const [row] = await app.ctx.db
        .select({ totalStocks: products.totalStocks })
        .from(products)
        .where(eq(products.prodId, offShelf));
      expect(first.totalStocks).toBe(row!.totalStocks);
      expect(first.prodName).not.toBe("");
      const p2 = okData(
        await call<Page<CollectedProduct>>("/p/user/collection/prods?current=2&size=2", { user: alice }),
      );
      expect(p2.records).toHaveLength(1);
      expect(p2.records[0]!.status).toBe(1);
      expect((await call("/p/user/collection/prods?size=101", { user: alice })).body).toMatchObject({
        code: "A00001",
        msg: "Page size is out of the allowed range",
      });
    });

    it("batachCancel removes the listed products (array or {prodIds}); refuses a bad body", async () => {
      const [p1, p2] = onSale as [number, number];
      expect(
        okData(await call<number>("/p/user/collection/batachCancel", { user: alice, body: [p1, offShelf, 999999] })),
      ).toBe(2);
      expect(okData(await call<number>("/p/user/collection/count", { user: alice }))).toBe(1);
      expect(
        okData(await call<number>("/p/user/collection/batachCancel", { user: alice, body: { prodIds: [p2] } })),
      ).toBe(1);
      expect(await prodRows(alice)).toBe(0);
      okData(await toggleProd(alice, p1));
      for (const bad of [[], ["x"], [0], "nope", { prodIds: "1" }]) {
        const r = await call("/p/user/collection/batachCancel", { user: alice, body: bad });
        expect(r.body.code).toBe("A00001");
      }
      expect(await prodRows(alice)).toBe(1);
    });

    describe("another user", () => {
      it("isCollection: alice's collection is not bob's", async () => {
        expect(await isProd(alice, onSale[0]!)).toBe(true);
        expect(await isProd(bob, onSale[0]!)).toBe(false);
      });
      it("count and prods: bob sees none of alice's", async () => {
        expect(okData(await call<number>("/p/user/collection/count", { user: bob }))).toBe(0);
        expect(okData(await call<Page<CollectedProduct>>("/p/user/collection/prods", { user: bob })).records).toEqual(
          [],
        );
      });
      it("batachCancel by bob leaves alice's collection", async () => {
        expect(okData(await call<number>("/p/user/collection/batachCancel", { user: bob, body: [onSale[0]!] }))).toBe(
          0,
        );
        expect(await prodRows(alice)).toBe(1);
      });
      it("addOrCancel by bob toggles only bob's row", async () => {
        expect(okData(await toggleProd(bob, onSale[0]!))).toBe(true);
        expect(okData(await toggleProd(bob, onSale[0]!))).toBe(false);
        expect(await isProd(alice, onSale[0]!)).toBe(true);
        expect(await prodRows(bob)).toBe(0);
      });
    });
  });

  describe("shops", () => {
    it("addOrCancel toggles and keeps fansCount in step", async () => {
      const [s1, s2] = openShops as [number, number];
      const f1 = await fans(s1);
      expect(okData(await toggleShop(alice, s1))).toBe(true);
      expect(await fans(s1)).toBe(f1 + 1);
      expect(await isShop(alice, s1)).toBe(true);
      expect(okData(await toggleShop(bob, { shopId: s1 }))).toBe(true);
      expect(await fans(s1)).toBe(f1 + 2);
      expect(okData(await toggleShop(alice, String(s1)))).toBe(false);
      expect(await fans(s1)).toBe(f1 + 1);
      expect(await isShop(alice, s1)).toBe(false);
      expect(await isShop(bob, s1)).toBe(true);
      expect(okData(await toggleShop(bob, s1))).toBe(false);
      expect(await fans(s1)).toBe(f1);
      // a follow of s2 for the page test
      const f2 = await fans(s2);
      expect(okData(await toggleShop(alice, s2))).toBe(true);
      expect(await fans(s2)).toBe(f2 + 1);
    });

    it("fansCount never goes below 0", async () => {
      const s3 = openShops[2]!;
      await app.ctx.db.update(shops).set({ fansCount: 0 }).where(eq(shops.shopId, s3));
      await app.ctx.db.insert(shopCollections).values({ userId: alice.userId, shopId: s3 });
      expect(okData(await toggleShop(alice, s3))).toBe(false);
      expect(await fans(s3)).toBe(0);
    });

    it("unknown or not-open shops cannot be followed; bad ids refused; nothing stored", async () => {
      const before = await shopRows();
      const fc = await fans(closedShop);
      expect((await toggleShop(alice, 999999)).body).toEqual({
        code: "A00001",
        msg: "The shop does not exist or is not open",
        data: null,
        success: false,
      });
      expect((await toggleShop(alice, closedShop)).body.msg).toBe("The shop does not exist or is not open");
      expect(await fans(closedShop)).toBe(fc);
      expect(await isShop(alice, 999999)).toBe(false);
      for (const bad of ["abc", JSON.stringify({ shopId: 0 }), ""])
        expect((await toggleShop(alice, bad)).body.code).toBe("A00001");
      expect((await call("/p/shop/collection/isCollection?shopId=x", { user: alice })).body).toMatchObject({
        code: "A00001",
        msg: "Shop is not valid",
      });
      expect(await shopRows()).toBe(before);
    });

    it("page lists followed shops with their data, newest first", async () => {
      const s2 = openShops[1]!;
      const page = okData(
        await call<Page<CollectedShop>>("/p/shop/collection/page?current=1&size=10", { user: alice, lang: "en" }),
      );
      expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
      expect(page.records[0]).toEqual({
        shopId: s2,
        shopName: expect.any(String),
        shopLogo: expect.anything(),
        type: expect.any(Number),
        shopStatus: 1,
        fansCount: await fans(s2),
        collectTime: expect.stringMatching(/^\d{4}-/),
      });
      expect((await call("/p/shop/collection/page?current=0", { user: alice })).body.code).toBe("A00001");
    });

    describe("another user", () => {
      it("isCollection: alice's follow is not bob's", async () => {
        expect(await isShop(bob, openShops[1]!)).toBe(false);
      });
      it("page: bob sees none of alice's", async () => {
        expect(okData(await call<Page<CollectedShop>>("/p/shop/collection/page", { user: bob })).records).toEqual([]);
      });
      it("addOrCancel by bob does not cancel alice's follow", async () => {
        const s2 = openShops[1]!;
        const f = await fans(s2);
        expect(okData(await toggleShop(bob, s2))).toBe(true);
        expect(await isShop(alice, s2)).toBe(true);
        expect(await fans(s2)).toBe(f + 1);
        expect(okData(await toggleShop(bob, s2))).toBe(false);
        expect(await fans(s2)).toBe(f);
      });
    });
  });
});
