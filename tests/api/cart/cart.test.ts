/** Cart: /p/shopCart/* (CONTRACT §4.1; SPEC §5, §8, §9). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { cartItems, products, shops, skus, discounts } from "../../../src/server/db/schema/index.ts";
import type { CartTotal, ShopCartDto } from "../../../src/lib/cart/cart-types.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

describe.skipIf(!dbReady)("cart API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  // p1 has two SKUs (a: 0.10 × stock 10, b: 0.20 × stock 100); p2 in another shop (19.99 × stock 100).
  let p1: { prodId: number; shopId: number; a: number; b: number };
  let p2: { prodId: number; shopId: number; sku: number };
  let off: { prodId: number; shopId: number; sku: number };

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    // The demo seed's limited-time discounts would change the amounts these tests check.
    await app.ctx.db.update(discounts).set({ status: 0 });
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
    carol = await createTestUser(app, "carol");
    const db = app.ctx.db;
    const multi = await db
      .select({ prodId: products.prodId, shopId: products.shopId, n: count() })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .innerJoin(skus, eq(skus.prodId, products.prodId))
      .where(and(eq(products.status, 1), eq(shops.shopStatus, 1), eq(skus.status, 1)))
      .groupBy(products.prodId, products.shopId)
      .having(sql`count(*) >= 2`)
      .orderBy(products.prodId)
      .limit(1);
    const m = multi[0]!;
    const [a, b] = (
      await db
        .select({ id: skus.skuId })
        .from(skus)
        .where(and(eq(skus.prodId, m.prodId), eq(skus.status, 1)))
        .orderBy(skus.skuId)
        .limit(2)
    ).map((r) => r.id) as [number, number];
    p1 = { prodId: m.prodId, shopId: m.shopId, a, b };
    await db.update(skus).set({ price: "0.10", oriPrice: "0.50", stocks: 10 }).where(eq(skus.skuId, a));
    await db.update(skus).set({ price: "0.20", oriPrice: "0.50", stocks: 100 }).where(eq(skus.skuId, b));
    const [o] = await db
      .select({ prodId: products.prodId, shopId: products.shopId, sku: skus.skuId })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .innerJoin(skus, eq(skus.prodId, products.prodId))
      .where(and(eq(products.status, 1), eq(shops.shopStatus, 1), eq(skus.status, 1), ne(products.shopId, m.shopId)))
      .orderBy(products.prodId)
      .limit(1);
    p2 = o!;
    await db.update(skus).set({ price: "19.99", stocks: 100 }).where(eq(skus.skuId, p2.sku));
    const [f] = await db
      .select({ prodId: products.prodId, shopId: products.shopId, sku: skus.skuId })
      .from(products)
      .innerJoin(skus, eq(skus.prodId, products.prodId))
      .where(ne(products.status, 1))
      .limit(1);
    off = f!;
  });
  afterAll(async () => {
    await app?.close();
  });

  const change = (u: TestUser, body: unknown, lang?: string) =>
    call<number>("/p/shopCart/changeItem", { user: u, body, ...(lang ? { lang } : {}) });
  const info = async (u: TestUser, lang?: string) =>
    okData(await call<ShopCartDto[]>("/p/shopCart/info", { user: u, body: [], ...(lang ? { lang } : {}) }));
  const lines = async (u: TestUser) =>
    (await info(u)).flatMap((s) => s.shopCartItemDiscounts.flatMap((d) => d.shopCartItems));
  const basketOf = async (u: TestUser, skuId: number) => (await lines(u)).find((l) => l.skuId === skuId)!.basketId;
  const prodCount = async (u: TestUser) => okData(await call<number>("/p/shopCart/prodCount", { user: u }));
  const rowCount = async () => Number((await app.ctx.db.select({ n: count() }).from(cartItems))[0]!.n);

  it("needs a token", async () => {
    expect((await call("/p/shopCart/prodCount", { user: null })).body.code).toBe("A00004");
    expect((await call("/p/shopCart/info", { user: null, body: [] })).body.code).toBe("A00004");
    expect(
      (
        await call("/p/shopCart/changeItem", {
          user: null,
          body: { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: 1 },
        })
      ).body.code,
    ).toBe("A00004");
  });

  it("an empty cart: prodCount 0, info []", async () => {
    expect(await prodCount(alice)).toBe(0);
    expect(await info(alice)).toEqual([]);
    expect(okData(await call("/p/shopCart/info", { user: alice, body: {} }))).toEqual([]);
  });

  it("add, add again (delta merges), decrease", async () => {
    expect(okData(await change(alice, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: 2 }))).toBe(2);
    expect(okData(await change(alice, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: 3 }))).toBe(5);
    expect(
      okData(await change(alice, { prodId: String(p1.prodId), skuId: p1.a, shopId: p1.shopId, count: "-1" })),
    ).toBe(4);
    expect(await prodCount(alice)).toBe(4);
    expect(await lines(alice)).toHaveLength(1);
  });

  it("bad counts: zero, fraction, missing, below 1 → enter correct quantity; nothing changes", async () => {
    for (const c of [0, 1.5, "x", null, undefined, -4, -100, 100_000]) {
      const r = await change(alice, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: c });
      expect(r.body, String(c)).toMatchObject({ code: "A00001", msg: "Please enter a correct quantity" });
    }
    expect((await change(alice, { prodId: p1.prodId, skuId: p1.b, shopId: p1.shopId, count: -1 })).body.msg).toBe(
      "Please enter a correct quantity",
    );
    expect((await change(alice, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: 0 }, "zh")).body.msg).toBe(
      "请输入正确的数量",
    );
    expect(await prodCount(alice)).toBe(4);
  });

  it("over stock → insufficient inventory", async () => {
    const r = await change(alice, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: 7 });
    expect(r.body).toMatchObject({ code: "A00001", msg: "Insufficient inventory" });
    expect((await change(bob, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: 11 })).body.msg).toBe(
      "Insufficient inventory",
    );
    expect(okData(await change(alice, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: 6 }))).toBe(10);
    expect(okData(await change(alice, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: -6 }))).toBe(4);
    expect(await prodCount(bob)).toBe(0);
  });

  it("offline product, wrong shop, SKU of another product, unknown ids refused", async () => {
    expect(
      (await change(alice, { prodId: off.prodId, skuId: off.sku, shopId: off.shopId, count: 1 })).body,
    ).toMatchObject({ code: "A00001", msg: "The product is off the shelf or does not exist" });
    expect((await change(alice, { prodId: p1.prodId, skuId: p1.a, shopId: p2.shopId, count: 1 })).body.msg).toBe(
      "The product is off the shelf or does not exist",
    );
    expect((await change(alice, { prodId: 999999, skuId: p1.a, shopId: p1.shopId, count: 1 })).body.msg).toBe(
      "The product is off the shelf or does not exist",
    );
    expect((await change(alice, { prodId: p1.prodId, skuId: p2.sku, shopId: p1.shopId, count: 1 })).body.msg).toBe(
      "This specification is off the shelf or does not exist",
    );
    expect((await change(alice, { prodId: p1.prodId, shopId: p1.shopId, count: 1 })).body.code).toBe("A00001");
    expect((await call("/p/shopCart/changeItem", { user: alice, body: "{" })).body.code).toBe("A00001");
    expect(await prodCount(alice)).toBe(4);
  });

  it("oldSkuId switches the SKU of a line (merging with an existing line)", async () => {
    okData(await change(carol, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: 2 }));
    expect(
      okData(await change(carol, { prodId: p1.prodId, skuId: p1.b, shopId: p1.shopId, count: 2, oldSkuId: p1.a })),
    ).toBe(2);
    expect((await lines(carol)).map((l) => [l.skuId, l.prodCount])).toEqual([[p1.b, 2]]);
    okData(await change(carol, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: 3 }));
    expect(
      okData(await change(carol, { prodId: p1.prodId, skuId: p1.b, shopId: p1.shopId, count: 3, oldSkuId: p1.a })),
    ).toBe(5);
    expect((await lines(carol)).map((l) => [l.skuId, l.prodCount])).toEqual([[p1.b, 5]]);
    expect(
      (await change(carol, { prodId: p1.prodId, skuId: p1.b, shopId: p1.shopId, count: 1, oldSkuId: p1.a })).body.msg,
    ).toBe("The cart item does not exist");
    expect(await prodCount(carol)).toBe(5);
  });

  it("info groups by shop (latest added first), localized, money strings with 2 decimals", async () => {
    await new Promise((r) => setTimeout(r, 5));
    okData(await change(alice, { prodId: p1.prodId, skuId: p1.b, shopId: p1.shopId, count: 3 }));
    await new Promise((r) => setTimeout(r, 5));
    okData(await change(alice, { prodId: p2.prodId, skuId: p2.sku, shopId: p2.shopId, count: 2 }));
    const data = await info(alice);
    expect(data.map((s) => s.shopId)).toEqual([p2.shopId, p1.shopId]);
    const [s2, s1] = data as [ShopCartDto, ShopCartDto];
    expect(s2.shopCartItemDiscounts).toHaveLength(1);
    expect(s2.shopCartItemDiscounts[0]).toMatchObject({ chooseDiscountItemDto: null, activityType: 0 });
    expect(s2.total).toBe("39.98");
    expect(s1.total).toBe("1.00");
    expect(s1.totalCount).toBe(7);
    const items = s1.shopCartItemDiscounts[0]!.shopCartItems;
    expect(items.map((i) => i.skuId)).toEqual([p1.b, p1.a]);
    expect(items[0]).toMatchObject({
      prodId: p1.prodId,
      shopId: p1.shopId,
      price: "0.20",
      oriPrice: "0.50",
      prodCount: 3,
      productTotalAmount: "0.60",
      isChecked: 1,
      actualStock: 100,
      status: "valid",
    });
    expect(items[0]!.prodName).not.toBe("");
    expect(typeof items[0]!.basketDate).toBe("string");
    expect(s1.shopName).not.toBe("");
    const zh = await info(alice, "zh");
    const en = await info(alice, "en");
    expect(zh.map((s) => s.shopId)).toEqual(en.map((s) => s.shopId));
  });

  it("totalPay sums exactly (0.10 × 4 + 0.20 × 3 = 1.00)", async () => {
    const ids = [await basketOf(alice, p1.a), await basketOf(alice, p1.b)];
    expect(okData(await call<CartTotal>("/p/shopCart/totalPay", { user: alice, body: ids }))).toEqual({
      totalMoney: "1.00",
      finalMoney: "1.00",
      subtractMoney: "0.00",
      count: 7,
    });
    const all = [...ids, await basketOf(alice, p2.sku)];
    expect(okData(await call<CartTotal>("/p/shopCart/totalPay", { user: alice, body: all }))).toEqual({
      totalMoney: "40.98",
      finalMoney: "40.98",
      subtractMoney: "0.00",
      count: 9,
    });
    expect((await call("/p/shopCart/totalPay", { user: alice, body: [] })).body).toMatchObject({
      code: "A00001",
      msg: "Please select at least one item",
    });
    expect((await call("/p/shopCart/totalPay", { user: alice, body: ["x"] })).body.code).toBe("A00001");
  });

  it("settling more than 50 items is refused", async () => {
    okData(await change(bob, { prodId: p1.prodId, skuId: p1.b, shopId: p1.shopId, count: 50 }));
    const id = await basketOf(bob, p1.b);
    expect(okData(await call<CartTotal>("/p/shopCart/totalPay", { user: bob, body: [id] })).count).toBe(50);
    okData(await change(bob, { prodId: p1.prodId, skuId: p1.b, shopId: p1.shopId, count: 1 }));
    expect((await call("/p/shopCart/totalPay", { user: bob, body: [id] })).body).toMatchObject({
      code: "A00001",
      msg: "At most 50 items can be settled at once",
    });
    expect((await call("/p/shopCart/totalPay", { user: bob, body: [id], lang: "zh" })).body.msg).toBe(
      "一次最多结算50件商品",
    );
  });

  it("another user's basketIds are refused on totalPay, checkItems, deleteItem; nothing changes", async () => {
    const mine = await basketOf(alice, p1.a);
    const bobs = await basketOf(bob, p1.b);
    expect((await call("/p/shopCart/totalPay", { user: alice, body: [mine, bobs] })).body).toMatchObject({
      code: "A00001",
      msg: "The cart item does not exist",
    });
    expect((await call("/p/shopCart/totalPay", { user: alice, body: [999999] })).body.msg).toBe(
      "The cart item does not exist",
    );
    expect(
      (await call("/p/shopCart/checkItems", { user: alice, body: [{ basketId: bobs, isChecked: 0 }] })).body.msg,
    ).toBe("The cart item does not exist");
    const before = await rowCount();
    expect((await call("/p/shopCart/deleteItem", { method: "DELETE", user: alice, body: [mine, bobs] })).body.msg).toBe(
      "The cart item does not exist",
    );
    expect(await rowCount()).toBe(before);
    expect((await lines(bob))[0]!.isChecked).toBe(1);
  });

  it("checkItems persists; invalid lines show their status, are unchecked, uncounted and cannot be checked", async () => {
    const a = await basketOf(alice, p1.a);
    expect(
      okData(await call("/p/shopCart/checkItems", { user: alice, body: [{ basketId: a, isChecked: 0 }] })),
    ).toBeNull();
    expect((await lines(alice)).find((l) => l.basketId === a)!.isChecked).toBe(0);
    expect(
      (await call("/p/shopCart/checkItems", { user: alice, body: [{ basketId: a, isChecked: 2 }] })).body.code,
    ).toBe("A00001");
    expect((await info(alice)).find((s) => s.shopId === p1.shopId)!.total).toBe("0.60");
    okData(await call("/p/shopCart/checkItems", { user: alice, body: [{ basketId: a, isChecked: 1 }] }));

    await app.ctx.db.update(skus).set({ stocks: 0 }).where(eq(skus.skuId, p1.a));
    await app.ctx.db.update(products).set({ status: 0 }).where(eq(products.prodId, p2.prodId));
    const ls = await lines(alice);
    expect(ls.find((l) => l.basketId === a)).toMatchObject({ status: "noStock", isChecked: 0, actualStock: 0 });
    expect(ls.find((l) => l.skuId === p2.sku)).toMatchObject({ status: "offline", isChecked: 0 });
    expect(
      (await call("/p/shopCart/checkItems", { user: alice, body: [{ basketId: a, isChecked: 1 }] })).body.msg,
    ).toBe("This item is no longer available and cannot be selected");
    const all = ls.map((l) => l.basketId);
    expect(okData(await call<CartTotal>("/p/shopCart/totalPay", { user: alice, body: all }))).toEqual({
      totalMoney: "0.60",
      finalMoney: "0.60",
      subtractMoney: "0.00",
      count: 3,
    });
    // decreasing is still allowed, adding is not
    expect((await change(alice, { prodId: p1.prodId, skuId: p1.a, shopId: p1.shopId, count: 1 })).body.msg).toBe(
      "Insufficient inventory",
    );
    expect(await prodCount(alice)).toBe(9);
    await app.ctx.db.update(skus).set({ stocks: 10 }).where(eq(skus.skuId, p1.a));
    await app.ctx.db.update(products).set({ status: 1 }).where(eq(products.prodId, p2.prodId));
  });

  it("deleteItem removes own lines; empty → check the items to delete", async () => {
    expect((await call("/p/shopCart/deleteItem", { method: "DELETE", user: alice, body: [] })).body).toMatchObject({
      code: "A00001",
      msg: "Please check the items to delete",
    });
    const a = await basketOf(alice, p1.a);
    expect(okData(await call("/p/shopCart/deleteItem", { method: "DELETE", user: alice, body: [a, a] }))).toBeNull();
    expect(await prodCount(alice)).toBe(5);
    expect((await lines(alice)).some((l) => l.basketId === a)).toBe(false);
    expect(await prodCount(bob)).toBe(51);
  });
});
