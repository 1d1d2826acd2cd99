/** Order lifecycle on the database (src/server/domain/order/order-lifecycle.ts) and the due-time jobs (jobs.ts). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  deliveries,
  deliveryTraces,
  jobs,
  orders,
  payments,
  products,
  skus,
  userLedger,
  users,
} from "../../../src/server/db/schema/index.ts";
import { runDueJobs } from "../../../src/server/all-jobs.ts";
import {
  addDeliveryTrace,
  CloseType,
  closeOrder,
  confirmReceipt,
  markPaymentPaid,
  OrderError,
  shipOrder,
} from "../../../src/server/domain/order/order-lifecycle.ts";
import { PayType } from "../../../src/lib/order/order-types.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";
import { createTestUser, type TestUser } from "../account-helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

describe.skipIf(!dbReady)("order lifecycle", () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
    await app.ctx.db.update(users).set({ score: 1000, balance: "100.00" }).where(eq(users.userId, alice.userId));
  });
  afterAll(async () => app?.close());

  const stockOf = async (skuId: number) =>
    (await app.ctx.db.select({ s: skus.stocks }).from(skus).where(eq(skus.skuId, skuId)))[0]!.s;
  const orderOf = async (n: string) => (await app.ctx.db.select().from(orders).where(eq(orders.orderNumber, n)))[0]!;
  const userOf = async (u: TestUser) => (await app.ctx.db.select().from(users).where(eq(users.userId, u.userId)))[0]!;
  const rejects = async (p: Promise<unknown>, key: string) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OrderError);
    expect((err as OrderError).key).toBe(key);
  };

  it("order numbers are 19-digit strings and unique", async () => {
    const sku = await pickSku(app, { stock: 100 });
    const a = await createOrder(app, { userId: alice.userId, items: [{ skuId: sku.skuId, prodCount: 1 }] });
    const b = await createOrder(app, { userId: alice.userId, items: [{ skuId: sku.skuId, prodCount: 1 }] });
    expect(a.orderNumber).toMatch(/^\d{19}$/);
    expect(b.orderNumber).not.toBe(a.orderNumber);
  });

  it("closing an unpaid order restores stock exactly and returns the points; only the owner may cancel", async () => {
    const sku = await pickSku(app, { stock: 20, skip: 1 });
    const [prod0] = await app.ctx.db
      .select({ t: products.totalStocks })
      .from(products)
      .where(eq(products.prodId, sku.prodId));
    const o = await createOrder(app, {
      userId: alice.userId,
      items: [{ skuId: sku.skuId, prodCount: 3 }],
      useScore: 100,
    });
    expect(await stockOf(sku.skuId)).toBe(17);
    await rejects(
      app.ctx.db.transaction((tx) =>
        closeOrder(tx, o.orderNumber, CloseType.BUYER_CANCEL, new Date(), { userId: bob.userId }),
      ),
      "order.notFound",
    );
    expect(await stockOf(sku.skuId)).toBe(17);
    await app.ctx.db.transaction((tx) =>
      closeOrder(tx, o.orderNumber, CloseType.BUYER_CANCEL, new Date(), { userId: alice.userId }),
    );
    expect(await stockOf(sku.skuId)).toBe(20);
    const [prod1] = await app.ctx.db
      .select({ t: products.totalStocks })
      .from(products)
      .where(eq(products.prodId, sku.prodId));
    expect(prod1!.t).toBe(prod0!.t);
    const row = await orderOf(o.orderNumber);
    expect(row.status).toBe(6);
    expect(row.closeType).toBe(4);
    expect((await userOf(alice)).score).toBe(1000);
    await rejects(
      app.ctx.db.transaction((tx) =>
        closeOrder(tx, o.orderNumber, CloseType.BUYER_CANCEL, new Date(), { userId: alice.userId }),
      ),
      "order.cannotCancel",
    );
    expect(await stockOf(sku.skuId)).toBe(20);
  });

  it("a payment is marked paid once, with the exact amount", async () => {
    const sku = await pickSku(app, { stock: 50, skip: 2 });
    const o = await createOrder(app, {
      userId: alice.userId,
      items: [{ skuId: sku.skuId, prodCount: 2 }],
      freight: "8.00",
    });
    const payNo = "Plifecycle1";
    await app.ctx.db.insert(payments).values({
      payNo,
      userId: alice.userId,
      orderNumbers: o.orderNumber,
      payType: PayType.WECHAT_SCAN,
      amount: o.actualTotal,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await rejects(
      app.ctx.db.transaction((tx) => markPaymentPaid(tx, payNo, { amount: "0.01", providerTradeNo: "x" }, new Date())),
      "order.amountMismatch",
    );
    expect((await orderOf(o.orderNumber)).status).toBe(1);
    const [sold0] = await app.ctx.db
      .select({ s: products.soldNum })
      .from(products)
      .where(eq(products.prodId, sku.prodId));
    const first = await app.ctx.db.transaction((tx) =>
      markPaymentPaid(tx, payNo, { amount: o.actualTotal, providerTradeNo: "t1" }, new Date()),
    );
    const again = await app.ctx.db.transaction((tx) =>
      markPaymentPaid(tx, payNo, { amount: o.actualTotal, providerTradeNo: "t1" }, new Date()),
    );
    expect(first.alreadyPaid).toBe(false);
    expect(again.alreadyPaid).toBe(true);
    const [sold1] = await app.ctx.db
      .select({ s: products.soldNum })
      .from(products)
      .where(eq(products.prodId, sku.prodId));
    expect(sold1!.s).toBe(sold0!.s + 2);
    const row = await orderOf(o.orderNumber);
    expect(row.status).toBe(2);
    expect(row.payNo).toBe(payNo);
    expect(row.payType).toBe(PayType.WECHAT_SCAN);
  });

  it("a late payment of a closed order goes to the buyer's balance", async () => {
    const sku = await pickSku(app, { stock: 50, skip: 3 });
    const o = await createOrder(app, { userId: bob.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 6 });
    const before = (await userOf(bob)).balance;
    await app.ctx.db.insert(payments).values({
      payNo: "Plate1",
      userId: bob.userId,
      orderNumbers: o.orderNumber,
      payType: PayType.ALIPAY,
      amount: o.actualTotal,
      expiresAt: new Date(),
    });
    await app.ctx.db.transaction((tx) =>
      markPaymentPaid(tx, "Plate1", { amount: o.actualTotal, providerTradeNo: "late" }, new Date()),
    );
    expect((await orderOf(o.orderNumber)).status).toBe(6);
    expect(Number((await userOf(bob)).balance)).toBeCloseTo(Number(before) + Number(o.actualTotal), 2);
    const ledger = await app.ctx.db
      .select()
      .from(userLedger)
      .where(and(eq(userLedger.userId, bob.userId), eq(userLedger.reason, "payRefund")));
    expect(ledger).toHaveLength(1);
  });

  it("ships in several packages that carry exactly the ordered items, by the order's shop only", async () => {
    const a = await pickSku(app, { stock: 50, skip: 4 });
    const b = await pickSku(app, { shopId: a.shopId, stock: 50, skip: 0 });
    const items =
      a.skuId === b.skuId
        ? [{ skuId: a.skuId, prodCount: 3 }]
        : [
            { skuId: a.skuId, prodCount: 3 },
            { skuId: b.skuId, prodCount: 1 },
          ];
    const o = await createOrder(app, { userId: alice.userId, items, status: 2 });
    const ship = (shopId: number, packages: Parameters<typeof shipOrder>[3]) =>
      app.ctx.db.transaction((tx) => shipOrder(tx, o.orderNumber, shopId, packages, new Date()));
    await rejects(ship(o.shopId + 1, [{ dvyId: 1, dvyFlowId: "SF1234567" }]), "order.notFound");
    await rejects(ship(o.shopId, [{ dvyId: 99, dvyFlowId: "SF1234567" }]), "order.badCarrier");
    await rejects(ship(o.shopId, [{ dvyId: 1, dvyFlowId: "12" }]), "order.badTrackingNumber");
    await rejects(
      ship(o.shopId, [
        { dvyId: 1, dvyFlowId: "SF1234567", items: [{ orderItemId: o.orderItemIds[0]!, prodCount: 4 }] },
      ]),
      "order.shipItemsMismatch",
    );
    await rejects(
      ship(o.shopId, [
        { dvyId: 1, dvyFlowId: "SF1234567", items: [{ orderItemId: 999999, prodCount: 1 }] },
        { dvyId: 2, dvyFlowId: "ZT1234567" },
      ]),
      "order.shipItemsMismatch",
    );
    expect((await orderOf(o.orderNumber)).status).toBe(2);
    const ids = await ship(o.shopId, [
      { dvyId: 1, dvyFlowId: "SF1234567", items: [{ orderItemId: o.orderItemIds[0]!, prodCount: 1 }] },
      { dvyId: 2, dvyFlowId: "ZT1234567" },
    ]);
    expect(ids).toHaveLength(2);
    const pk = await app.ctx.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.orderNumber, o.orderNumber))
      .orderBy(deliveries.orderDeliveryId);
    expect(pk[0]!.items).toEqual([{ orderItemId: o.orderItemIds[0], prodCount: 1 }]);
    expect(pk[1]!.items[0]).toEqual({ orderItemId: o.orderItemIds[0], prodCount: 2 });
    const row = await orderOf(o.orderNumber);
    expect(row.status).toBe(3);
    expect(row.receiptDeadline).not.toBeNull();
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "orderAutoConfirm"), eq(jobs.refKey, o.orderNumber)));
    expect(job!.dueAt.getTime()).toBe(row.receiptDeadline!.getTime());

    await rejects(
      app.ctx.db.transaction((tx) =>
        addDeliveryTrace(tx, ids[0]!, o.shopId + 1, { state: 2, acceptStation: "x" }, new Date()),
      ),
      "order.deliveryNotFound",
    );
    await rejects(
      app.ctx.db.transaction((tx) =>
        addDeliveryTrace(tx, ids[0]!, o.shopId, { state: 7, acceptStation: "x" }, new Date()),
      ),
      "order.badDeliveryState",
    );
    await app.ctx.db.transaction((tx) =>
      addDeliveryTrace(tx, ids[0]!, o.shopId, { state: 2, acceptStation: "Shanghai hub" }, new Date()),
    );
    const traces = await app.ctx.db.select().from(deliveryTraces).where(eq(deliveryTraces.orderDeliveryId, ids[0]!));
    expect(traces.map((t) => t.state).sort()).toEqual([1, 2]);
  });

  it("confirming receipt completes the order and earns 1 point per whole yuan", async () => {
    const sku = await pickSku(app, { stock: 50, skip: 5 });
    const o = await createOrder(app, {
      userId: bob.userId,
      items: [{ skuId: sku.skuId, prodCount: 1 }],
      status: 3,
      freight: "0.99",
    });
    const before = (await userOf(bob)).score;
    await rejects(
      app.ctx.db.transaction((tx) => confirmReceipt(tx, o.orderNumber, new Date(), { userId: alice.userId })),
      "order.notFound",
    );
    await app.ctx.db.transaction((tx) => confirmReceipt(tx, o.orderNumber, new Date(), { userId: bob.userId }));
    expect((await orderOf(o.orderNumber)).status).toBe(5);
    expect((await userOf(bob)).score).toBe(before + Math.floor(Number(o.actualTotal)));
    await rejects(
      app.ctx.db.transaction((tx) => confirmReceipt(tx, o.orderNumber, new Date(), { userId: bob.userId })),
      "order.cannotConfirmReceipt",
    );
  });

  it("jobs close unpaid orders after the deadline and complete shipped ones, each exactly once", async () => {
    const sku = await pickSku(app, { stock: 30, skip: 6 });
    const t0 = new Date(Date.now() - 3 * 3600_000);
    const unpaid = await createOrder(app, {
      userId: alice.userId,
      items: [{ skuId: sku.skuId, prodCount: 2 }],
      now: t0,
    });
    const paid = await createOrder(app, {
      userId: alice.userId,
      items: [{ skuId: sku.skuId, prodCount: 1 }],
      now: t0,
      status: 2,
    });
    const shipped = await createOrder(app, {
      userId: alice.userId,
      items: [{ skuId: sku.skuId, prodCount: 1 }],
      now: t0,
      status: 3,
    });
    expect(await stockOf(sku.skuId)).toBe(26);
    // Nothing is due yet for the shipped order; the two pay timeouts are.
    const first = await runDueJobs(app.ctx.db, new Date());
    expect((await orderOf(unpaid.orderNumber)).status).toBe(6);
    expect((await orderOf(unpaid.orderNumber)).closeType).toBe(1);
    expect((await orderOf(paid.orderNumber)).status).toBe(2);
    expect((await orderOf(shipped.orderNumber)).status).toBe(3);
    expect(await stockOf(sku.skuId)).toBe(28);
    expect(first.failed).toBe(0);
    const again = await runDueJobs(app.ctx.db, new Date());
    expect(again.done + again.failed).toBe(0);
    expect(await stockOf(sku.skuId)).toBe(28);
    // Eleven days later the shipped order completes.
    const later = new Date(Date.now() + 11 * 24 * 3600_000);
    const [a, b] = await Promise.all([runDueJobs(app.ctx.db, later), runDueJobs(app.ctx.db, later)]);
    expect((await orderOf(shipped.orderNumber)).status).toBe(5);
    expect(a.failed + b.failed).toBe(0);
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "orderAutoConfirm"), eq(jobs.refKey, shipped.orderNumber)));
    expect(job!.doneAt).not.toBeNull();
    expect(job!.attempts).toBe(1);
  });
});
