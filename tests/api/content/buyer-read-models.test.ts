/**
 * Sessions and carts in memory (docs/performance.md "Sessions and carts in memory"): the token
 * check, cart info and totalPay answer from BuyerReadModels; the triggers of migration 0015 tag
 * cart lines and sessions, so a change made anywhere (here: straight in the database, as another
 * process would) shows once the feed is read, and a write through this API shows at once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, discounts, products, sessions, skus } from "../../../src/server/db/schema/index.ts";
import type { CartTotal, ShopCartDto } from "../../../src/lib/cart/cart-types.ts";
import { hashToken } from "../../../src/server/domain/account/tokens.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbDriver, dbReady, okData, type TestApp } from "../helpers.ts";
import { pickSku } from "../order-fixtures.ts";
import { createApi } from "../../../src/server/api/app.ts";
import { openDatabase, type Database } from "../../../src/server/db/client.ts";
import { dbChangeFeed, wakeOnNotify } from "../../../src/server/db/content-changes.ts";
import { BuyerReadModels } from "../../../src/server/domain/content/buyer-read-models.ts";
import { PublicReadModels } from "../../../src/server/domain/content/read-models.ts";

type Line = ShopCartDto["shopCartItemDiscounts"][number]["shopCartItems"][number];

/** `n` on-sale SKUs of open shops, each with 50 in stock. */
async function buyable(app: TestApp, n: number): Promise<{ prodId: number; shopId: number; skuId: number }[]> {
  return Promise.all(Array.from({ length: n }, (_, skip) => pickSku(app, { stock: 50, skip })));
}

describe.skipIf(!dbReady)("buyer read models: changes from anywhere show", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let goods: { prodId: number; shopId: number; skuId: number }[];

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    await app.ctx.db.update(discounts).set({ status: 0 });
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
    goods = await buyable(app, 2);
    for (const g of goods) await app.ctx.db.update(skus).set({ price: "10.00" }).where(eq(skus.skuId, g.skuId));
    for (const u of [alice, bob]) {
      okData(
        await call("/p/shopCart/changeItem", {
          user: u,
          body: { prodId: goods[0]!.prodId, skuId: goods[0]!.skuId, shopId: goods[0]!.shopId, count: 2 },
        }),
      );
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const lines = async (u: TestUser): Promise<Line[]> =>
    okData(await call<ShopCartDto[]>("/p/shopCart/info", { user: u, body: {} })).flatMap((s) =>
      s.shopCartItemDiscounts.flatMap((d) => d.shopCartItems),
    );

  it("a small body of declared length reaches the handler (read once by the NUL check)", async () => {
    const body = JSON.stringify({
      prodId: goods[1]!.prodId,
      skuId: goods[1]!.skuId,
      shopId: goods[1]!.shopId,
      count: 1,
    });
    const res = await app.request<number>("/api/p/shopCart/changeItem", {
      method: "POST",
      headers: {
        Authorization: bob.token,
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(body)),
      },
      body,
    });
    expect(res.body.code).toBe("00000");
    expect((await lines(bob)).find((l) => l.skuId === goods[1]!.skuId)?.prodCount).toBe(1);
    okData(
      await call("/p/shopCart/deleteItem", {
        method: "DELETE",
        user: bob,
        body: (await lines(bob)).filter((l) => l.skuId === goods[1]!.skuId).map((l) => l.basketId),
      }),
    );
  });

  it("a cart line changed or removed in the database shows in cart info and totalPay", async () => {
    const [line] = await lines(alice);
    expect(line!.prodCount).toBe(2);
    await app.ctx.db.update(cartItems).set({ prodCount: 5 }).where(eq(cartItems.basketId, line!.basketId));
    expect((await lines(alice))[0]!.prodCount).toBe(5);
    const total = okData(await call<CartTotal>("/p/shopCart/totalPay", { user: alice, body: [line!.basketId] }));
    expect(total.totalMoney).toBe("50.00");
    await app.ctx.db.delete(cartItems).where(eq(cartItems.basketId, line!.basketId));
    expect(await lines(alice)).toEqual([]);
    expect((await call("/p/shopCart/totalPay", { user: alice, body: [line!.basketId] })).body.code).toBe("A00001");
  });

  it("a price, stock or product change shows in the cart", async () => {
    const [line] = await lines(bob);
    expect(line!.price).toBe("10.00");
    await app.ctx.db.update(skus).set({ price: "12.50" }).where(eq(skus.skuId, line!.skuId));
    expect((await lines(bob))[0]!.price).toBe("12.50");
    await app.ctx.db.update(skus).set({ stocks: 0 }).where(eq(skus.skuId, line!.skuId));
    expect((await lines(bob))[0]!.status).toBe("noStock");
    await app.ctx.db.update(skus).set({ stocks: 50 }).where(eq(skus.skuId, line!.skuId));
    await app.ctx.db.update(products).set({ status: 0 }).where(eq(products.prodId, line!.prodId));
    expect((await lines(bob))[0]!.status).toBe("offline");
    await app.ctx.db.update(products).set({ status: 1 }).where(eq(products.prodId, line!.prodId));
    expect((await lines(bob))[0]!.status).toBe("valid");
  });

  it("one buyer's cart change leaves the others' kept lines alone", async () => {
    const first = await app.ctx.buyers.lines(bob.userId, "en");
    expect(await app.ctx.buyers.lines(bob.userId, "en")).toBe(first);
    okData(
      await call("/p/shopCart/changeItem", {
        user: alice,
        body: { prodId: goods[1]!.prodId, skuId: goods[1]!.skuId, shopId: goods[1]!.shopId, count: 1 },
      }),
    );
    expect(await app.ctx.buyers.lines(bob.userId, "en")).toBe(first);
    okData(
      await call("/p/shopCart/changeItem", {
        user: bob,
        body: { prodId: goods[1]!.prodId, skuId: goods[1]!.skuId, shopId: goods[1]!.shopId, count: 1 },
      }),
    );
    expect(await app.ctx.buyers.lines(bob.userId, "en")).not.toBe(first);
  });

  it("a session revoked or expired in the database is refused at once", async () => {
    const carol = await createTestUser(app, "carol");
    expect((await call("/p/shopCart/prodCount", { user: carol })).body.code).toBe("00000");
    await app.ctx.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(carol.token)));
    expect((await call("/p/shopCart/prodCount", { user: carol })).body.code).toBe("A00004");
    const dave = await createTestUser(app, "dave");
    expect((await call("/p/shopCart/prodCount", { user: dave })).body.code).toBe("00000");
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(dave.token)));
    expect((await call("/p/shopCart/prodCount", { user: dave })).body.code).toBe("A00004");
  });

  it("an unknown token is refused and not kept", async () => {
    const before = app.ctx.buyers.memo.size;
    for (let i = 0; i < 5; i++)
      expect((await call("/p/shopCart/prodCount", { user: { userId: "x", token: `nope${i}` } })).body.code).toBe(
        "A00004",
      );
    expect(app.ctx.buyers.memo.size).toBe(before);
  });
});

describe.skipIf(!dbReady)("buyer read models: reads keep the feed, writes expire it", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let erin: TestUser;

  beforeAll(async () => {
    // The feed is read at most once a minute: only this API's writes make it read sooner.
    app = await createTestApp({ feedIntervalMs: 60_000 });
    call = caller(app);
    erin = await createTestUser(app, "erin");
  });
  afterAll(async () => {
    await app?.close();
  });

  it("cart info and totalPay do not make the next request read the changes; a write does", async () => {
    const [g, h] = await buyable(app, 2);
    okData(
      await call("/p/shopCart/changeItem", {
        user: erin,
        body: { prodId: g!.prodId, skuId: g!.skuId, shopId: g!.shopId, count: 1 },
      }),
    );
    const info = async () =>
      okData(await call<ShopCartDto[]>("/p/shopCart/info", { user: erin, body: {} })).flatMap((s) =>
        s.shopCartItemDiscounts.flatMap((d) => d.shopCartItems),
      );
    const [line] = await info();
    // Another process changes the line: not seen until the feed is read.
    await app.ctx.db.update(cartItems).set({ prodCount: 3 }).where(eq(cartItems.basketId, line!.basketId));
    expect((await info())[0]!.prodCount).toBe(1);
    okData(await call("/p/shopCart/totalPay", { user: erin, body: [line!.basketId] }));
    expect((await info())[0]!.prodCount).toBe(1);
    // A write through this API: the next request reads the changes, its own and the other one.
    okData(
      await call("/p/shopCart/changeItem", {
        user: erin,
        body: { prodId: h!.prodId, skuId: h!.skuId, shopId: h!.shopId, count: 1 },
      }),
    );
    const after = await info();
    expect(after.map((l) => [l.skuId, l.prodCount]).sort()).toEqual(
      [
        [g!.skuId, 3],
        [h!.skuId, 1],
      ].sort(),
    );
  });

  it("a logout through this API refuses the token at once", async () => {
    const login = await createTestUser(app, "frank");
    expect((await call("/p/shopCart/prodCount", { user: login })).body.code).toBe("00000");
    expect((await call("/logOut", { user: login, body: {} })).body.code).toBe("00000");
    expect((await call("/p/shopCart/prodCount", { user: login })).body.code).toBe("A00004");
  });
});

describe.skipIf(!dbReady || dbDriver !== "pg")("buyer read models across processes (PostgreSQL NOTIFY)", () => {
  let app: TestApp;
  let second: Database;
  let other: ReturnType<typeof createApi>;
  let unlisten: (() => Promise<void>) | undefined;
  let gina: TestUser;

  beforeAll(async () => {
    // Two processes on one database, each polling its feed only once a minute: only the
    // notification of a commit can make the second see the first's change sooner.
    app = await createTestApp({ feedIntervalMs: 60_000 });
    second = await openDatabase({ databaseUrl: app.ctx.config.databaseUrl! });
    const content = new PublicReadModels(second.db, dbChangeFeed(second.db, { intervalMs: 60_000 }));
    unlisten = await wakeOnNotify(content.feed, second.pubsub!);
    other = createApi({
      ...app.ctx,
      database: second,
      db: second.db,
      content,
      buyers: new BuyerReadModels(second.db, content.feed),
    });
    gina = await createTestUser(app, "gina");
  });
  afterAll(async () => {
    await unlisten?.();
    await second?.close();
    await app?.close();
  });

  const infoOn = async (api: ReturnType<typeof createApi>, u: TestUser) => {
    const res = await api.request("/api/p/shopCart/info", {
      method: "POST",
      headers: { Authorization: u.token, "Content-Type": "application/json" },
      body: "{}",
    });
    const body = (await res.json()) as { code: string; data: ShopCartDto[] | null };
    return body.data?.flatMap((s) => s.shopCartItemDiscounts.flatMap((d) => d.shopCartItems)) ?? body.code;
  };
  /** What the second process answers once it shows `want` (at most ~2 s of retries). */
  const eventually = async <T>(read: () => Promise<T>, want: (v: T) => boolean): Promise<T> => {
    let v = await read();
    for (let i = 0; i < 100 && !want(v); i++) {
      await new Promise((r) => setTimeout(r, 20));
      v = await read();
    }
    return v;
  };

  it("a cart change and a logout on one process show on the other at once", async () => {
    const [g] = await buyable(app, 1);
    expect(await infoOn(other, gina)).toEqual([]);
    okData(
      await caller(app)("/p/shopCart/changeItem", {
        user: gina,
        body: { prodId: g!.prodId, skuId: g!.skuId, shopId: g!.shopId, count: 2 },
      }),
    );
    const lines = await eventually(
      () => infoOn(other, gina),
      (v) => Array.isArray(v) && v.length === 1,
    );
    expect(Array.isArray(lines) && lines.map((l) => l.prodCount)).toEqual([2]);
    okData(await caller(app)("/logOut", { user: gina, body: {} }));
    expect(
      await eventually(
        () => infoOn(other, gina),
        (v) => v === "A00004",
      ),
    ).toBe("A00004");
  });
});
