/**
 * The cart count at SPEC §7's path GET /mall4cloud_product/shop_cart/ma/prod_count: maybe-auth
 * (CONTRACT §1.4), the caller's total quantity in the envelope; visitors (no token, or one no
 * longer valid) get 0.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { products, shops, skus } from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

const PATH = "/mall4cloud_product/shop_cart/ma/prod_count";

describe.skipIf(!dbReady)("cart count at the mall4cloud path", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let line: { prodId: number; shopId: number; skuId: number };

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
    const [row] = await app.ctx.db
      .select({ prodId: products.prodId, shopId: products.shopId, skuId: skus.skuId })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .innerJoin(skus, eq(skus.prodId, products.prodId))
      .where(and(eq(products.status, 1), eq(shops.shopStatus, 1), eq(skus.status, 1)))
      .orderBy(products.prodId, skus.skuId)
      .limit(1);
    line = row!;
    await app.ctx.db.update(skus).set({ stocks: 100 }).where(eq(skus.skuId, line.skuId));
  });
  afterAll(async () => {
    await app?.close();
  });

  const count = (user: TestUser | null, lang?: string) => call<number>(PATH, { user, ...(lang ? { lang } : {}) });
  const add = async (user: TestUser, n: number) =>
    okData(await call<number>("/p/shopCart/changeItem", { user, body: { ...line, count: n } }));

  it("a visitor (no token) gets 0 in the envelope, in every language", async () => {
    for (const lang of ["zh-CN", "zh-TW", "en"]) {
      const res = await count(null, lang);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: "00000", data: 0, success: true });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("an unknown token is a visitor: 0, not the login popup's A00004", async () => {
    const res = await count({ userId: "nobody", token: "not-a-token" });
    expect(res.body).toMatchObject({ code: "00000", data: 0 });
  });

  it("a buyer gets the total quantity of the cart, the same number as /p/shopCart/prodCount", async () => {
    expect(okData(await count(alice))).toBe(0);
    await add(alice, 3);
    await add(alice, 2);
    expect(okData(await count(alice))).toBe(5);
    expect(okData(await call<number>("/p/shopCart/prodCount", { user: alice }))).toBe(5);
    // Another buyer's cart is not counted.
    expect(okData(await count(bob))).toBe(0);
    await add(bob, 1);
    expect(okData(await count(bob))).toBe(1);
    expect(okData(await count(alice))).toBe(5);
  });

  it('the token may come with a "Bearer " prefix', async () => {
    const res = await app.get<number>(`/api${PATH}`, "en", { Authorization: `Bearer ${alice.token}` });
    expect(res.body).toMatchObject({ code: "00000", data: 5 });
  });

  it("a token logged out counts as a visitor", async () => {
    const carol = await createTestUser(app, "carol");
    await add(carol, 4);
    expect(okData(await count(carol))).toBe(4);
    okData(await call("/logOut", { user: carol, method: "POST" }));
    expect((await count(carol)).body).toMatchObject({ code: "00000", data: 0 });
  });

  it("other methods on the path stay unknown (A00013)", async () => {
    const res = await call(PATH, { user: alice, method: "POST" });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("A00013");
  });
});
