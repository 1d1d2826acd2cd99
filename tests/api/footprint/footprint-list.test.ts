/** Footprint list: GET /p/prodBrowseLog/page, DELETE /p/prodBrowseLog, DELETE /p/prodBrowseLog/all (CONTRACT §7.2). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import type { FootprintDay } from "../../../src/lib/footprint/footprint-types.ts";
import { recordFootprint } from "../../../src/server/domain/footprint/footprint.ts";
import { footprints, products, shops } from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

describe.skipIf(!dbReady)("footprint list API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let prods: number[];
  let offShelf: number;
  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
    const db = app.ctx.db;
    prods = (
      await db
        .select({ id: products.prodId })
        .from(products)
        .innerJoin(shops, eq(shops.shopId, products.shopId))
        .where(and(eq(products.status, 1), eq(shops.shopStatus, 1)))
        .orderBy(products.prodId)
        .limit(5)
    ).map((r) => r.id);
    offShelf = (await db.select({ id: products.prodId }).from(products).where(eq(products.status, 0)).limit(1))[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const rows = async (u: TestUser) =>
    Number((await app.ctx.db.select({ n: count() }).from(footprints).where(eq(footprints.userId, u.userId)))[0]!.n);
  const idsOf = async (u: TestUser) =>
    (
      await app.ctx.db
        .select({ id: footprints.id })
        .from(footprints)
        .where(eq(footprints.userId, u.userId))
        .orderBy(footprints.id)
    ).map((r) => r.id);
  const page = async (u: TestUser, q = "") =>
    okData(await call<Page<FootprintDay>>(`/p/prodBrowseLog/page${q}`, { user: u, lang: "zh" }));
  const del = (u: TestUser, body: unknown) => call("/p/prodBrowseLog", { method: "DELETE", user: u, body });

  /** Alice: 2024-05-02 09:00 and 00:01 Shanghai (the latter 2024-05-01T16:01Z), 2024-05-01 23:59 Shanghai, 2024-04-30 12:00 Shanghai. */
  async function seedAlice() {
    const db = app.ctx.db;
    await db.delete(footprints).where(eq(footprints.userId, alice.userId));
    await recordFootprint(db, alice.userId, prods[0]!, new Date("2024-05-02T01:00:00Z"));
    await recordFootprint(db, alice.userId, offShelf, new Date("2024-05-01T16:01:00Z"));
    await recordFootprint(db, alice.userId, prods[1]!, new Date("2024-05-01T15:59:00Z"));
    await recordFootprint(db, alice.userId, prods[2]!, new Date("2024-04-30T04:00:00Z"));
  }

  it("needs a token", async () => {
    expect((await call("/p/prodBrowseLog/page", { user: null })).body.code).toBe("A00004");
    expect((await call("/p/prodBrowseLog/all", { method: "DELETE", user: null })).body.code).toBe("A00004");
    expect((await del(null as unknown as TestUser, [1])).body.code).toBe("A00004");
  });

  it("page: newest first, grouped by Asia/Shanghai day, with product data", async () => {
    await seedAlice();
    const p = await page(alice);
    expect(p).toMatchObject({ total: 4, size: 10, current: 1, pages: 1 });
    expect(p.records.map((g) => [g.time, g.list.map((i) => i.prodId)])).toEqual([
      ["2024-05-02", [prods[0], offShelf]],
      ["2024-05-01", [prods[1]]],
      ["2024-04-30", [prods[2]]],
    ]);
    const item = p.records[0]!.list[0]!;
    expect(item).toEqual({
      prodBrowseLogId: expect.any(Number),
      prodId: prods[0],
      prodName: expect.any(String),
      pic: expect.any(String),
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      status: 1,
      totalStocks: expect.any(Number),
      browseTime: "2024-05-02T01:00:00.000Z",
    });
    expect(item.prodName).not.toBe("");
    expect(p.records[0]!.list[1]!.status).toBe(0);
  });

  it("pages count rows; a day can continue on the next page", async () => {
    const p1 = await page(alice, "?current=1&size=1");
    expect(p1).toMatchObject({ total: 4, pages: 4 });
    expect(p1.records.map((g) => g.time)).toEqual(["2024-05-02"]);
    const p2 = await page(alice, "?current=2&size=1");
    expect(p2.records.map((g) => [g.time, g.list.length])).toEqual([["2024-05-02", 1]]);
    const p3 = await page(alice, "?current=2&size=3");
    expect(p3.records.map((g) => g.time)).toEqual(["2024-04-30"]);
    expect((await page(alice, "?current=9&size=3")).records).toEqual([]);
    expect((await call("/p/prodBrowseLog/page?size=0", { user: alice })).body).toMatchObject({
      code: "A00001",
      msg: "Page size is out of the allowed range",
    });
  });

  it("delete removes the given own footprints", async () => {
    const ids = await idsOf(alice);
    okData(await del(alice, [ids[0], ids[1]]));
    expect(await idsOf(alice)).toEqual(ids.slice(2));
    okData(await del(alice, { prodBrowseLogIds: [ids[2]] }));
    expect(await idsOf(alice)).toEqual(ids.slice(3));
  });

  it("delete refuses unknown ids and bad bodies, nothing deleted", async () => {
    await seedAlice();
    const ids = await idsOf(alice);
    expect((await del(alice, [ids[0], 999999999])).body).toEqual({
      code: "A00001",
      msg: "The footprint does not exist",
      data: null,
      success: false,
    });
    for (const bad of [[], ["x"], [0], [1.5], "nope", { ids: [1] }, "{"]) {
      expect((await del(alice, bad)).body.code).toBe("A00001");
    }
    expect(await rows(alice)).toBe(4);
  });

  describe("another user's footprints", () => {
    beforeAll(async () => {
      await seedAlice();
      await app.ctx.db.delete(footprints).where(eq(footprints.userId, bob.userId));
      await recordFootprint(app.ctx.db, bob.userId, prods[3]!, new Date("2024-05-03T01:00:00Z"));
    });

    it("page: bob sees only his own", async () => {
      const p = await page(bob);
      expect(p.total).toBe(1);
      expect(p.records.flatMap((g) => g.list.map((i) => i.prodId))).toEqual([prods[3]]);
    });

    it("delete: alice's ids are refused for bob, even mixed with his own; nothing deleted", async () => {
      const aliceIds = await idsOf(alice);
      const [bobId] = await idsOf(bob);
      expect((await del(bob, [aliceIds[0]])).body).toMatchObject({
        code: "A00001",
        msg: "The footprint does not exist",
      });
      expect((await del(bob, [bobId, aliceIds[1]])).body).toMatchObject({
        code: "A00001",
        msg: "The footprint does not exist",
      });
      expect(await rows(alice)).toBe(4);
      expect(await rows(bob)).toBe(1);
    });

    it("delete all: clears only the caller's footprints", async () => {
      expect(okData(await call<number>("/p/prodBrowseLog/all", { method: "DELETE", user: bob }))).toBe(1);
      expect(await rows(bob)).toBe(0);
      expect(await rows(alice)).toBe(4);
      expect(okData(await call<number>("/p/prodBrowseLog/all", { method: "DELETE", user: alice }))).toBe(4);
      expect((await page(alice)).records).toEqual([]);
      expect((await page(alice)).total).toBe(0);
    });
  });
});
