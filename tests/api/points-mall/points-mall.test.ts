/** Points mall (docs/points.md "Points mall"): catalogue, exchange paid with points (and money), stock and per-user limit under concurrency. */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, orders, products, skus, userLedger, users } from "../../../src/server/db/schema/index.ts";
import type {
  ExchangeResultDto,
  PointsMallDetailDto,
  PointsMallItemDto,
} from "../../../src/lib/points-mall/points-mall.ts";
import { PointsSource, type PointsLogDto } from "../../../src/lib/points/points.ts";
import { closeOrder, CloseType } from "../../../src/server/domain/order/order-lifecycle.ts";
import { ledgerMismatches } from "../../../src/server/domain/points/points-ledger.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("points mall API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let items: PointsMallItemDto[];

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    items = okData(await call<{ records: PointsMallItemDto[] }>("/integral/prodList?size=50", { user: null })).records;
  });
  afterAll(async () => app?.close());

  async function buyer(name: string, points: number): Promise<TestUser & { addrId: number }> {
    const u = await createTestUser(app, name);
    await app.ctx.db.update(users).set({ score: points }).where(eq(users.userId, u.userId));
    await app.ctx.db
      .insert(userLedger)
      .values({ userId: u.userId, kind: "score", amount: String(points), reason: "adjust" });
    const [a] = await app.ctx.db
      .insert(addresses)
      .values({
        userId: u.userId,
        receiver: name,
        mobile: "13800138000",
        provinceId: 44,
        province: "广东省",
        cityId: 4403,
        city: "深圳市",
        areaId: 440305,
        area: "南山区",
        addr: "Keyuan Road 1",
        commonAddr: 1,
      })
      .returning({ addrId: addresses.addrId });
    return { ...u, addrId: a!.addrId };
  }
  const exchange = (u: TestUser & { addrId: number }, prodId: number, prodCount: unknown = 1, lang = "en") =>
    call<ExchangeResultDto>("/p/score/submit", { user: u, body: { prodId, prodCount, addrId: u.addrId }, lang });
  const stockOf = async (prodId: number) =>
    (await app.ctx.db.select({ s: skus.stocks }).from(skus).where(eq(skus.prodId, prodId)))[0]!.s;

  it("lists a dozen items, points first; detail in each language; ordinary catalogue never shows them", async () => {
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(items.map((i) => i.scorePrice)).toEqual([...items.map((i) => i.scorePrice)].sort((a, b) => a - b));
    expect(items.some((i) => i.price !== "0.00")).toBe(true);
    const d = okData(
      await call<PointsMallDetailDto>(`/integral/prodInfo?prodId=${items[0]!.prodId}`, { user: null, lang: "zh-tw" }),
    );
    expect(d).toMatchObject({ prodId: items[0]!.prodId, scorePrice: items[0]!.scorePrice });
    expect((await call(`/integral/prodInfo?prodId=1`, { user: null })).body.msg).toBe(
      "This points item does not exist or is no longer offered",
    );
    expect((await call(`/prod/prodInfo?prodId=${items[0]!.prodId}`, { user: null })).body.code).not.toBe("00000");
  });

  it("points only: paid at once, its own order type; bad input refused, nothing changes", async () => {
    const item = items.find((i) => i.price === "0.00" && i.scoreLimit >= 2)!;
    const u = await buyer("pm_alice", item.scorePrice * 2 + 5);
    expect((await exchange(u, item.prodId, 0)).body.msg).toBe("The quantity is a whole number from 1 to 99");
    expect((await exchange(u, item.prodId, "abc", "zh")).body.msg).toBe("兑换数量须为 1-99 的整数");
    // ids in another spelling, out of range or of another type are "not found", never a 500 (found by the fuzz test)
    for (const prodId of [
      `0x${item.prodId.toString(16)}`,
      ` ${item.prodId}`,
      `${item.prodId}.0`,
      true,
      { toString: "x" },
      2147483648,
      [item.prodId],
    ]) {
      const res = await call("/p/score/submit", { user: u, body: { prodId, prodCount: 1, addrId: u.addrId } });
      expect(res.body, JSON.stringify(prodId)).toMatchObject({
        code: "A00001",
        msg: "This points item does not exist or is no longer offered",
      });
    }
    expect((await exchange(u, item.prodId, 3)).body.msg).toMatch(/exchange limit|Not enough points/);
    const r = okData(await exchange(u, item.prodId, 2));
    expect(r).toMatchObject({ paid: true, actualTotal: "0.00", useScore: item.scorePrice * 2 });
    const [o] = await app.ctx.db.select().from(orders).where(eq(orders.orderNumber, r.orderNumber));
    expect(o).toMatchObject({ orderType: 3, status: 2, useScore: item.scorePrice * 2, payType: 0 });
    const mine = okData(
      await call<{ records: { orderNumber: string; orderType: number }[] }>("/p/myOrder/myOrder?current=1&size=10", {
        user: u,
      }),
    );
    expect(mine.records.find((x) => x.orderNumber === r.orderNumber)?.orderType).toBe(3);
    // The points history names it a points-mall exchange (source 8), not an ordinary order's points.
    const history = okData(
      await call<{ records: PointsLogDto[] }>("/p/score/page?current=1&size=20", { user: u }),
    ).records;
    expect(history.filter((h) => h.orderNumber === r.orderNumber)).toEqual([
      expect.objectContaining({ score: item.scorePrice * 2, ioType: 0, source: PointsSource.EXCHANGE }),
    ]);
    expect((await exchange(u, item.prodId, 1)).body.msg).toMatch(/Not enough points|exchange limit/);
    expect(await ledgerMismatches(app.ctx.db, [u.userId])).toEqual([]);
  });

  it("points + money: waits at the counter; closing it gives stock and points back", async () => {
    const item = items.find((i) => i.price !== "0.00" && i.stocks > 5)!;
    const u = await buyer("pm_bob", item.scorePrice + 1);
    const before = await stockOf(item.prodId);
    const r = okData(await exchange(u, item.prodId, 1));
    expect(r).toMatchObject({ paid: false, actualTotal: item.price });
    const [o] = await app.ctx.db.select().from(orders).where(eq(orders.orderNumber, r.orderNumber));
    expect(o).toMatchObject({ status: 1, orderType: 3 });
    expect(await stockOf(item.prodId)).toBe(before - 1);
    await app.ctx.db.transaction((tx) =>
      closeOrder(tx, r.orderNumber, CloseType.BUYER_CANCEL, new Date(), { userId: u.userId }),
    );
    expect(await stockOf(item.prodId)).toBe(before);
    const [after] = await app.ctx.db.select({ score: users.score }).from(users).where(eq(users.userId, u.userId));
    expect(after!.score).toBe(item.scorePrice + 1);
    expect(await ledgerMismatches(app.ctx.db, [u.userId])).toEqual([]);
  });

  it("points + money: the money part is paid at the payment counter (balance)", async () => {
    const item = items.find((i) => i.price !== "0.00" && i.stocks > 5)!;
    const u = await buyer("pm_carol", item.scorePrice);
    await app.ctx.db.update(users).set({ balance: "100.00" }).where(eq(users.userId, u.userId));
    await app.ctx.db
      .insert(userLedger)
      .values({ userId: u.userId, kind: "balance", amount: "100.00", reason: "adjust" });
    const r = okData(await exchange(u, item.prodId, 1));
    expect(
      okData(
        await call<{ type: number }>("/p/order/pay", { user: u, body: { payType: 9, orderNumbers: r.orderNumber } }),
      ).type,
    ).toBe(1);
    const [o] = await app.ctx.db.select().from(orders).where(eq(orders.orderNumber, r.orderNumber));
    expect(o).toMatchObject({ status: 2, orderType: 3, payType: 9 });
    expect(await ledgerMismatches(app.ctx.db, [u.userId])).toEqual([]);
  });

  it("stock under concurrency: 12 buyers race for 4 pieces, exactly 4 win", async () => {
    const item = items.find((i) => i.price === "0.00")!;
    await app.ctx.db.update(skus).set({ stocks: 4 }).where(eq(skus.prodId, item.prodId));
    await app.ctx.db.update(products).set({ scoreLimit: 0 }).where(eq(products.prodId, item.prodId));
    const buyers = await Promise.all(Array.from({ length: 12 }, (_, i) => buyer(`pm_race${i}`, item.scorePrice)));
    const results = await Promise.all(buyers.map((u) => exchange(u, item.prodId, 1)));
    expect(results.filter((r) => r.body.code === "00000")).toHaveLength(4);
    for (const r of results.filter((x) => x.body.code !== "00000"))
      expect(r.body.msg).toBe("Not enough stock: have a look at other items");
    expect(await stockOf(item.prodId)).toBe(0);
    expect(
      await ledgerMismatches(
        app.ctx.db,
        buyers.map((b) => b.userId),
      ),
    ).toEqual([]);
  });

  it("per-user limit under concurrency: 10 parallel exchanges of one buyer, the limit holds", async () => {
    const item = items.find((i) => i.scoreLimit === 1 && i.price === "0.00" && i.stocks > 10)!;
    const u = await buyer("pm_greedy", item.scorePrice * 10);
    const results = await Promise.all(Array.from({ length: 10 }, () => exchange(u, item.prodId, 1)));
    expect(results.filter((r) => r.body.code === "00000")).toHaveLength(1);
    expect(results.filter((r) => r.body.msg === "You have reached the exchange limit of this item")).toHaveLength(9);
    const rows = await app.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, u.userId), eq(orders.orderType, 3)));
    expect(rows).toHaveLength(1);
    expect(await ledgerMismatches(app.ctx.db, [u.userId])).toEqual([]);
  });
});
