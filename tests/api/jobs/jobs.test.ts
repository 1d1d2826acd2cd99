/** Due-time jobs (src/server/domain/jobs/jobs.ts): pay timeout, auto-confirm, exactly-once, no-ops. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { ORDER_AUTO_CONFIRM_DAYS, ORDER_PAY_MINUTES } from "../../../src/lib/order/order-types.ts";
import { compare, sub } from "../../../src/lib/money.ts";
import { jobs, orders, payments, products, skus, userLedger, users } from "../../../src/server/db/schema/index.ts";
import { runDueJobs } from "../../../src/server/all-jobs.ts";
import {
  CloseType,
  closeOrder,
  confirmReceipt,
  markPaymentPaid,
} from "../../../src/server/domain/order/order-lifecycle.ts";
import { pointsEarned } from "../../../src/server/domain/points/points.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";
import { createTestUser, type TestUser } from "../account-helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

const MIN = 60_000;
const DAY = 24 * 3600_000;

describe.skipIf(!dbReady)("due-time jobs", () => {
  let app: TestApp;
  let buyer: TestUser;
  let sku: { skuId: number; prodId: number; shopId: number };

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createTestUser(app, "jobsbuyer");
    sku = await pickSku(app, { stock: 1000 });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.ctx.db;
  const statusOf = async (n: string) => (await db().select().from(orders).where(eq(orders.orderNumber, n)))[0]!;
  const jobOf = async (kind: string, n: string) =>
    (
      await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.refKey, n)))
    )[0]!;
  const stock = async () => ({
    sku: (await db().select({ s: skus.stocks }).from(skus).where(eq(skus.skuId, sku.skuId)))[0]!.s,
    prod: (await db().select({ s: products.totalStocks }).from(products).where(eq(products.prodId, sku.prodId)))[0]!.s,
  });
  /** Marks every job not in `keep` done, so a run only sees the jobs of one test. */
  const onlyJobs = async (keep: string[]) => {
    const all = await db().select({ id: jobs.id, refKey: jobs.refKey }).from(jobs);
    const others = all.filter((j) => !keep.includes(j.refKey)).map((j) => j.id);
    if (others.length) await db().update(jobs).set({ doneAt: new Date() }).where(inArray(jobs.id, others));
  };

  it("an unpaid order past its payment deadline is closed and its stock restored; not before", async () => {
    const t0 = new Date();
    const before = await stock();
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 3 }], now: t0 });
    expect(await stock()).toEqual({ sku: before.sku - 3, prod: before.prod - 3 });
    await onlyJobs([o.orderNumber]);

    expect(await runDueJobs(db(), new Date(t0.getTime() + ORDER_PAY_MINUTES * MIN - 1000))).toEqual({
      done: 0,
      skipped: 0,
      failed: 0,
    });
    expect((await statusOf(o.orderNumber)).status).toBe(1);

    const at = new Date(t0.getTime() + ORDER_PAY_MINUTES * MIN + 1000);
    expect(await runDueJobs(db(), at)).toEqual({ done: 1, skipped: 0, failed: 0 });
    const row = await statusOf(o.orderNumber);
    expect(row).toMatchObject({ status: 6, closeType: CloseType.PAY_TIMEOUT });
    expect(row.cancelTime?.toISOString()).toBe(at.toISOString());
    expect(await stock()).toEqual(before);
    expect(await jobOf("orderPayTimeout", o.orderNumber)).toMatchObject({ attempts: 1, lastError: null });
    expect((await jobOf("orderPayTimeout", o.orderNumber)).doneAt).not.toBeNull();

    // A second run finds nothing: the job never runs twice.
    expect(await runDueJobs(db(), new Date(at.getTime() + DAY))).toEqual({ done: 0, skipped: 0, failed: 0 });
    expect(await stock()).toEqual(before);
  });

  it("a shipped order past its receipt deadline completes and earns points", async () => {
    const t0 = new Date();
    const o = await createOrder(app, {
      userId: buyer.userId,
      items: [{ skuId: sku.skuId, prodCount: 1 }],
      status: 3,
      now: t0,
    });
    await onlyJobs([o.orderNumber]);
    const score0 = (await db().select({ s: users.score }).from(users).where(eq(users.userId, buyer.userId)))[0]!.s;
    const row = await statusOf(o.orderNumber);
    expect(row.status).toBe(3);
    const deadline = row.receiptDeadline!;
    expect(deadline.getTime()).toBe(t0.getTime() + ORDER_AUTO_CONFIRM_DAYS * DAY);

    // Before the deadline nothing runs: the pay-timeout job was marked done by the payment.
    expect(await runDueJobs(db(), new Date(deadline.getTime() - 1000))).toEqual({ done: 0, skipped: 0, failed: 0 });
    expect((await statusOf(o.orderNumber)).status).toBe(3);
    const at = new Date(deadline.getTime() + 1000);
    expect(await runDueJobs(db(), at)).toEqual({ done: 1, skipped: 0, failed: 0 });
    const done = await statusOf(o.orderNumber);
    expect(done.status).toBe(5);
    expect(done.finallyTime?.toISOString()).toBe(at.toISOString());
    const score1 = (await db().select({ s: users.score }).from(users).where(eq(users.userId, buyer.userId)))[0]!.s;
    expect(score1 - score0).toBe(pointsEarned(o.actualTotal));
    const ledger = await db()
      .select()
      .from(userLedger)
      .where(and(eq(userLedger.orderNumber, o.orderNumber), eq(userLedger.reason, "orderEarnScore")));
    expect(ledger).toHaveLength(pointsEarned(o.actualTotal) > 0 ? 1 : 0);
  });

  it("a job whose order moved on (paid, cancelled, confirmed) is a no-op marked done", async () => {
    const t0 = new Date();
    const paid = await createOrder(app, {
      userId: buyer.userId,
      items: [{ skuId: sku.skuId, prodCount: 1 }],
      status: 2,
      now: t0,
    });
    const cancelled = await createOrder(app, {
      userId: buyer.userId,
      items: [{ skuId: sku.skuId, prodCount: 1 }],
      status: 6,
      now: t0,
    });
    const confirmed = await createOrder(app, {
      userId: buyer.userId,
      items: [{ skuId: sku.skuId, prodCount: 1 }],
      status: 5,
      now: t0,
    });
    await onlyJobs([paid.orderNumber, cancelled.orderNumber, confirmed.orderNumber]);
    const before = await stock();
    const r = await runDueJobs(db(), new Date(t0.getTime() + (ORDER_AUTO_CONFIRM_DAYS + 1) * DAY));
    // paid / confirmed: their pay timeouts were marked done by the payment; cancelled: pay timeout
    // skipped; confirmed: auto-confirm skipped.
    expect(r).toEqual({ done: 0, skipped: 2, failed: 0 });
    expect((await statusOf(paid.orderNumber)).status).toBe(2);
    expect(await statusOf(cancelled.orderNumber)).toMatchObject({ status: 6, closeType: CloseType.BUYER_CANCEL });
    expect((await statusOf(confirmed.orderNumber)).status).toBe(5);
    expect(await stock()).toEqual(before);
    for (const n of [paid.orderNumber, cancelled.orderNumber, confirmed.orderNumber]) {
      const j = await jobOf("orderPayTimeout", n);
      expect(j.doneAt).not.toBeNull();
      expect(j.lastError).toBeNull();
    }
    expect((await jobOf("orderAutoConfirm", confirmed.orderNumber)).doneAt).not.toBeNull();
  });

  it("concurrent runners never run one job twice (each order closed once, stock restored once)", async () => {
    const t0 = new Date();
    const before = await stock();
    const made = [];
    for (let i = 0; i < 6; i++)
      made.push(await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 2 }], now: t0 }));
    await onlyJobs(made.map((o) => o.orderNumber));
    expect(await stock()).toEqual({ sku: before.sku - 12, prod: before.prod - 12 });
    const at = new Date(t0.getTime() + ORDER_PAY_MINUTES * MIN + 1000);
    const runs = await Promise.all([runDueJobs(db(), at), runDueJobs(db(), at), runDueJobs(db(), at)]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBe(6);
    expect(runs.reduce((n, r) => n + r.skipped + r.failed, 0)).toBe(0);
    expect(await stock()).toEqual(before);
    for (const o of made) {
      expect((await statusOf(o.orderNumber)).status).toBe(6);
      expect((await jobOf("orderPayTimeout", o.orderNumber)).attempts).toBe(1);
    }
  });

  it("a job running while the buyer pays: whichever commits first wins, the other is a no-op", async () => {
    const t0 = new Date();
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], now: t0 });
    await onlyJobs([o.orderNumber]);
    // The buyer cancels first; the due job then finds a closed order.
    await db().transaction((tx) => closeOrder(tx, o.orderNumber, CloseType.BUYER_CANCEL, t0, { userId: buyer.userId }));
    expect(await runDueJobs(db(), new Date(t0.getTime() + ORDER_PAY_MINUTES * MIN + 1000))).toEqual({
      done: 0,
      skipped: 1,
      failed: 0,
    });
    expect(await statusOf(o.orderNumber)).toMatchObject({ status: 6, closeType: CloseType.BUYER_CANCEL });
    // A late payment of a timed-out order is credited back to the balance (markPaymentPaid), not lost.
    const late = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], now: t0 });
    await onlyJobs([late.orderNumber]);
    expect((await runDueJobs(db(), new Date(t0.getTime() + ORDER_PAY_MINUTES * MIN + 1000))).done).toBe(1);
    const payNo = `J${Date.now()}`;
    await db()
      .insert(payments)
      .values({
        payNo,
        userId: buyer.userId,
        orderNumbers: late.orderNumber,
        payType: 3,
        amount: late.actualTotal,
        expiresAt: new Date(t0.getTime() + 3600_000),
      });
    const bal0 = (await db().select({ b: users.balance }).from(users).where(eq(users.userId, buyer.userId)))[0]!.b;
    await db().transaction((tx) =>
      markPaymentPaid(tx, payNo, { amount: late.actualTotal, providerTradeNo: "t" }, new Date()),
    );
    const bal1 = (await db().select({ b: users.balance }).from(users).where(eq(users.userId, buyer.userId)))[0]!.b;
    expect(compare(sub(bal1, bal0), late.actualTotal)).toBe(0);
    expect((await statusOf(late.orderNumber)).status).toBe(6);
    // confirmReceipt on a closed order is refused.
    await expect(
      db().transaction((tx) => confirmReceipt(tx, late.orderNumber, new Date(), { auto: true })),
    ).rejects.toThrow("order.cannotConfirmReceipt");
  });
});
