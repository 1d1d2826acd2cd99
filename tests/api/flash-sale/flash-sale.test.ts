/**
 * Flash sale API (docs/flash-sale.md): sessions, the order path, confirm → submit → pay,
 * the SPEC §8 refusals, and the rush rules: flash stock never below 0 and exactly as many orders
 * as units under concurrent submits, the per-user limit under 50 parallel submits by one buyer,
 * units back when an unpaid order closes.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseCode } from "../../../src/lib/api-types.ts";
import { flashBuys, flashSkus, orders } from "../../../src/server/db/schema/index.ts";
import type { FlashActivityDto, FlashSessionDto } from "../../../src/lib/flash-sale/flash-sale.ts";
import type { OrderConfirmDto, OrderNumbersDto } from "../../../src/lib/order/order-types.ts";
import { createFlashActivity, createFlashSession } from "../../../src/server/domain/flash-sale/flash-sale.ts";
import { runDueJobs } from "../../../src/server/all-jobs.ts";
import { buyerWithAddress, productOf, type Buyer } from "../activity-helpers.ts";
import { caller } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const MIN = 60_000;

describe.skipIf(!dbReady)("flash sale", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  const db = () => app.ctx.db;

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
  });
  afterAll(async () => app?.close());

  /** A live activity of a shop-7 product with `stock` units of its first SKU at half price. */
  async function liveActivity(
    stock: number,
    maxNum = -1,
    nth = 0,
    window: { from: number; to: number } = { from: -MIN, to: 60 * MIN },
  ) {
    const now = new Date();
    const p = await productOf(app, 7, nth);
    const sessionId = await createFlashSession(
      db(),
      { startTime: new Date(now.getTime() + window.from), endTime: new Date(now.getTime() + window.to) },
      now,
    );
    const half = (Number(p.price) / 2).toFixed(2);
    const seckillId = await createFlashActivity(
      db(),
      7,
      { sessionId, prodId: p.prodId, maxNum, payMinutes: 5, skus: [{ skuId: p.skuId, price: half, stocks: stock }] },
      now,
    );
    const [fs] = await db().select().from(flashSkus).where(eq(flashSkus.seckillId, seckillId));
    return { seckillId, seckillSkuId: fs!.seckillSkuId, price: half, prod: p };
  }

  async function pathFor(u: Buyer, seckillId: number) {
    return okData(await call<string>(`/p/seckill/orderPath?seckillId=${seckillId}`, { user: u }));
  }
  async function confirm(u: Buyer, a: { seckillId: number; seckillSkuId: number }, path: string, prodCount = 1) {
    return call<OrderConfirmDto>(`/p/seckill/${path}/confirm`, {
      user: u,
      body: { seckillId: a.seckillId, seckillSkuId: a.seckillSkuId, prodCount, addrId: u.addrId },
    });
  }
  async function submit(
    u: Buyer,
    a: { seckillId: number; seckillSkuId: number },
    path: string,
    uuid: string,
    prodCount = 1,
  ) {
    return call<OrderNumbersDto>(`/p/seckill/${path}/submit`, {
      user: u,
      body: { seckillId: a.seckillId, seckillSkuId: a.seckillSkuId, prodCount, uuid },
    });
  }
  const stockOf = async (id: number) =>
    (await db().select({ s: flashSkus.stocks }).from(flashSkus).where(eq(flashSkus.seckillSkuId, id)))[0]!.s;

  it("lists the seeded sessions of today and tomorrow, one on now", async () => {
    const list = okData(await call<FlashSessionDto[]>("/seckill/sessions"));
    expect(list.length).toBeGreaterThanOrEqual(3);
    const live = list.find((s) => s.activityStatus === 2)!;
    expect(live.activities.length).toBeGreaterThan(0);
    expect(live.activities[0]!.seckillSkuList[0]!.seckillPrice).toMatch(/^\d+\.\d{2}$/);
    expect(list.some((s) => s.activityStatus === 1)).toBe(true);
  });

  it("buys at the flash price through the order path and pays with the balance", async () => {
    const a = await liveActivity(5, 2);
    const u = await buyerWithAddress(app, "flash");
    const path = await pathFor(u, a.seckillId);
    const c = okData(await confirm(u, a, path));
    expect(c.actualTotal).not.toBe("");
    const line = c.shopCartOrders[0]!.shopCartItemDiscounts[0]!.shopCartItems[0]!;
    expect(line.offers!.activityPrice).toBe(a.price);
    const { orderNumbers } = okData(await submit(u, a, path, c.uuid));
    const [o] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumbers));
    expect(o).toMatchObject({ orderType: 2, status: 1 });
    expect(o!.payDeadline.getTime() - o!.createdAt.getTime()).toBe(5 * MIN);
    expect(await stockOf(a.seckillSkuId)).toBe(4);
    const paid = await call<{ type: number }>("/p/order/pay", { user: u, body: { payType: 9, orderNumbers } });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(ResponseCode.OK);
    expect((await db().select().from(orders).where(eq(orders.orderNumber, orderNumbers)))[0]!.status).toBe(2);
  });

  it("shows the flash price as the checkout's unit price, not the SKU price less a shop promotion", async () => {
    const a = await liveActivity(5, 3);
    const u = await buyerWithAddress(app, "unit");
    const path = await pathFor(u, a.seckillId);
    const c = okData(await confirm(u, a, path, 2));
    const shop = c.shopCartOrders[0]!;
    const line = shop.shopCartItemDiscounts[0]!.shopCartItems[0]!;
    const twice = (Number(a.price) * 2).toFixed(2);
    expect(a.price).not.toBe(a.prod.price);
    expect([line.price, line.productTotalAmount]).toEqual([a.price, twice]);
    expect([shop.total, shop.discountReduce, c.total, c.discountReduce]).toEqual([twice, "0.00", twice, "0.00"]);
    expect(line.offers.skuPrice).toBe(a.prod.price);
    // What is paid is what is shown: goods at the flash price + freight − coupons − points.
    const reduce = Number(c.shopCouponReduce) + Number(c.platformCouponReduce) + Number(c.totalScoreAmount);
    expect(c.actualTotal).toBe((Number(twice) + Number(c.totalTransFee) - reduce).toFixed(2));
    expect(c.totalReduce).toBe((Number(c.shopCouponReduce) + Number(c.platformCouponReduce)).toFixed(2));
  });

  it("refuses a missing or foreign order path, an ordinary submit of a flash token, and a token of another SKU", async () => {
    const a = await liveActivity(5);
    const u = await buyerWithAddress(app, "path");
    const other = await buyerWithAddress(app, "other");
    const bad = await confirm(u, a, "not-a-path");
    expect(bad.body.msg).toBe("Please start again from the flash sale page");
    const foreign = await confirm(u, a, await pathFor(other, a.seckillId));
    expect(foreign.body.code).toBe(ResponseCode.SHOW_FAIL);
    const path = await pathFor(u, a.seckillId);
    const c = okData(await confirm(u, a, path));
    const plain = await call("/p/order/submit", { user: u, body: { uuid: c.uuid } });
    expect(plain.body.code).toBe(ResponseCode.REPEAT_ORDER);
    const wrong = await submit(u, { ...a, seckillSkuId: a.seckillSkuId + 100000 }, path, c.uuid);
    expect(wrong.body.code).not.toBe(ResponseCode.OK);
    expect(await stockOf(a.seckillSkuId)).toBe(5);
  });

  it("says 'event not started' before the start and 'event ended' after the end", async () => {
    const u = await buyerWithAddress(app, "early");
    const later = await liveActivity(5, -1, 1, { from: 30 * MIN, to: 60 * MIN });
    const r = await call(`/p/seckill/orderPath?seckillId=${later.seckillId}`, { user: u, lang: "zh" });
    expect(r.body.msg).toBe("活动未开始");
    const dto = okData(await call<FlashActivityDto>(`/seckill/prod?seckillId=${later.seckillId}`));
    expect(dto.activityStatus).toBe(1);
    // Confirmed while live, submitted after the end: refused, nothing taken.
    const a = await liveActivity(5, -1, 2);
    const path = await pathFor(u, a.seckillId);
    const c = okData(await confirm(u, a, path));
    await db().execute(
      sql`update flash_sessions set end_time = now() - interval '1 second' where session_id = (select session_id from flash_activities where seckill_id = ${a.seckillId})`,
    );
    const late = await submit(u, a, path, c.uuid);
    expect(late.body.msg).toBe("The event has ended");
    expect(await stockOf(a.seckillSkuId)).toBe(5);
  });

  it("counts the confirmed quantity at the gate: a submit naming 3 for a token of 1 starves no other buyer", async () => {
    const a = await liveActivity(3, 1, 5);
    const [greedy, b, c] = await Promise.all(["gate0", "gate1", "gate2"].map((n) => buyerWithAddress(app, n)));
    const ready = [];
    for (const u of [greedy!, b!, c!]) {
      const path = await pathFor(u, a.seckillId);
      ready.push({ u, path, uuid: okData(await confirm(u, a, path)).uuid });
    }
    const [g, rb, rc] = ready as [(typeof ready)[0], (typeof ready)[0], (typeof ready)[0]];
    // The body names 3 where the token confirmed 1: refused, nothing taken, nothing held at the gate.
    const odd = await submit(g.u, a, g.path, g.uuid, 3);
    expect(odd.body.msg).toBe("Please enter a correct quantity");
    expect(await stockOf(a.seckillSkuId)).toBe(3);
    // Right after it, and while it runs, the other buyers still get their units.
    const [again, first] = await Promise.all([submit(g.u, a, g.path, g.uuid, 3), submit(rb.u, a, rb.path, rb.uuid)]);
    expect(again.body.msg).toBe("Please enter a correct quantity");
    expect(first.body.code, JSON.stringify(first.body)).toBe(ResponseCode.OK);
    const second = await submit(rc.u, a, rc.path, rc.uuid);
    expect(second.body.code, JSON.stringify(second.body)).toBe(ResponseCode.OK);
    // The confirmed quantity goes through as confirmed; the gate and the order took one unit each.
    const mine = await submit(g.u, a, g.path, g.uuid, 1);
    expect(mine.body.code, JSON.stringify(mine.body)).toBe(ResponseCode.OK);
    expect(await stockOf(a.seckillSkuId)).toBe(0);
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`order_number in (select order_number from flash_orders where seckill_id = ${a.seckillId})`);
    expect(row!.n).toBe(3);
  });

  it("rush: 40 buyers at once on 10 units → exactly 10 orders, stock 0, no 5xx", async () => {
    const a = await liveActivity(10, 1, 3);
    const buyers = await Promise.all(Array.from({ length: 40 }, (_, i) => buyerWithAddress(app, `rush${i}`)));
    const ready = [];
    for (const u of buyers) {
      const path = await pathFor(u, a.seckillId);
      ready.push({ u, path, uuid: okData(await confirm(u, a, path)).uuid });
    }
    const answers = await Promise.all(ready.map((r) => submit(r.u, a, r.path, r.uuid)));
    for (const x of answers) expect(x.status).toBeLessThan(500);
    const wins = answers.filter((x) => x.body.code === ResponseCode.OK);
    expect(wins).toHaveLength(10);
    for (const x of answers.filter((y) => y.body.code !== ResponseCode.OK)) {
      expect(["Insufficient inventory", "The flash sale is too busy, please retry later"]).toContain(x.body.msg);
    }
    expect(await stockOf(a.seckillSkuId)).toBe(0);
    const made = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.orderType, 2),
          sql`order_number in (select order_number from flash_orders where seckill_id = ${a.seckillId})`,
        ),
      );
    expect(made[0]!.n).toBe(10);
  });

  it("per-user limit holds under 50 parallel submits by one buyer; a closed unpaid order gives units and allowance back", async () => {
    const a = await liveActivity(100, 2, 4);
    const u = await buyerWithAddress(app, "greedy");
    const path = await pathFor(u, a.seckillId);
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) tokens.push(okData(await confirm(u, a, path)).uuid);
    const answers = await Promise.all(tokens.map((t) => submit(u, a, path, t)));
    for (const x of answers) expect(x.status).toBeLessThan(500);
    const wins = answers.filter((x) => x.body.code === ResponseCode.OK);
    expect(wins).toHaveLength(2);
    expect(answers.some((x) => x.body.msg === "You can buy at most 2 in this flash sale")).toBe(true);
    expect(await stockOf(a.seckillSkuId)).toBe(98);
    const [held] = await db()
      .select()
      .from(flashBuys)
      .where(and(eq(flashBuys.seckillId, a.seckillId), eq(flashBuys.userId, u.userId)));
    expect(held!.count).toBe(2);
    // The pay time limit passes: the job closes both, units and allowance come back, once.
    const later = new Date(Date.now() + 6 * MIN);
    await runDueJobs(db(), later);
    await runDueJobs(db(), later);
    expect(await stockOf(a.seckillSkuId)).toBe(100);
    const [after] = await db()
      .select()
      .from(flashBuys)
      .where(and(eq(flashBuys.seckillId, a.seckillId), eq(flashBuys.userId, u.userId)));
    expect(after!.count).toBe(0);
  });
});
