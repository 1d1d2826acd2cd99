/** Refunds and returns: buyer API, shop API, payout, timeouts, ops CLI (docs/refund.md "Refunds and returns"). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../../../src/lib/api-types.ts";
import { orderRefunds, orders, products, userLedger, users } from "../../../src/server/db/schema/index.ts";
import type { MyOrderDto, OrderDetailDto } from "../../../src/lib/order/order-types.ts";
import { AUTO_CONFIRM_REFUND_WAIT_DAYS } from "../../../src/lib/order/order-state.ts";
import { PayType } from "../../../src/lib/order/order-types.ts";
import { runDueJobs } from "../../../src/server/all-jobs.ts";
import { REFUND_PROVIDER_CHECK_MS } from "../../../src/server/domain/refund/refund-payout.ts";
import { signRefundNotification } from "../../../src/server/providers/payment.ts";
import type { RefundDto, RefundPreviewDto } from "../../../src/lib/refund/refund-types.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { opsCli } from "../ops-helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

const PNG_1X1 = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const DAY = 24 * 3600 * 1000;

describe.skipIf(!dbReady)("refunds API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let buyer: TestUser;
  let other: TestUser;
  let shop1: TestUser;
  let shop2: TestUser;
  let sku: { skuId: number; prodId: number; shopId: number; price: string };

  const photo = async () => {
    const form = new FormData();
    form.append("file", new File([PNG_1X1], "v.png", { type: "image/png" }));
    return okData(
      await app.request<{ filePath: string }>("/api/p/file/upload?folder=refund", {
        method: "POST",
        headers: { Authorization: buyer.token },
        body: form,
      }),
    ).filePath;
  };
  const merchant = async (username: string): Promise<TestUser> => ({
    userId: "",
    token: okData(await call<{ accessToken: string }>("/merchant/login", { body: { username, password: "Shop1234" } }))
      .accessToken,
  });
  const apply = (
    o: { orderNumber: string; orderItemIds: number[] },
    extra: Record<string, unknown> = {},
    user = buyer,
    lang = "en",
  ) =>
    call<{ refundSn: string }>("/p/orderRefund/apply", {
      user,
      lang,
      body: {
        orderNumber: o.orderNumber,
        refundType: 2,
        orderItemId: o.orderItemIds[0],
        applyType: 1,
        buyerReason: 5,
        buyerMobile: "13800138000",
        ...extra,
      },
    });
  const info = async (refundSn: string) =>
    okData(await call<RefundDto>(`/p/orderRefund/info?refundSn=${refundSn}`, { user: buyer }));
  const balance = async () =>
    (await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.userId, buyer.userId)))[0]!.b;
  const ledger = async (orderNumber: string) =>
    app.ctx.db
      .select()
      .from(userLedger)
      .where(and(eq(userLedger.orderNumber, orderNumber), eq(userLedger.reason, "orderRefund")));

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    buyer = await createTestUser(app, "refunder");
    other = await createTestUser(app, "intruder");
    shop1 = await merchant("shop01");
    shop2 = await merchant("shop02");
    sku = await pickSku(app, { shopId: 1, stock: 500 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("refund only: the preview pre-fills what was paid; accepted → refunded to the balance exactly once; the order closes", async () => {
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 2 }], status: 2 });
    const preview = okData(
      await call<RefundPreviewDto>(`/p/orderRefund/preview?orderNumber=${o.orderNumber}`, { user: buyer }),
    );
    expect(preview.items[0]).toMatchObject({
      orderItemId: o.orderItemIds[0],
      refundableNum: 2,
      refundable: o.actualTotal,
      inProgress: false,
    });
    expect(preview.canReturn).toBe(false);
    // A return of goods that were never shipped is refused.
    expect((await apply(o, { applyType: 2, refundAmount: "1.00" })).body.msg).toBe(
      "The goods have not been shipped yet: choose refund only",
    );
    const before = await balance();
    const { refundSn } = okData(await apply(o, { refundAmount: o.actualTotal, goodsNum: 2 }));
    expect(await info(refundSn)).toMatchObject({
      returnMoneySts: 1,
      refundAmount: o.actualTotal,
      maxRefundAmount: o.actualTotal,
    });
    expect(
      (
        await app.ctx.db.select({ s: orders.refundStatus }).from(orders).where(eq(orders.orderNumber, o.orderNumber))
      )[0]!.s,
    ).toBe(1);
    // The order's line shows it (detail and list) and links to it.
    const lineState = async () => {
      const detail = okData(
        await call<OrderDetailDto>(`/p/myOrder/orderDetail?orderNumber=${o.orderNumber}`, { user: buyer }),
      );
      const list = okData(await call<Page<MyOrderDto>>("/p/myOrder/myOrder?size=50", { user: buyer }));
      const row = list.records.find((r) => r.orderNumber === o.orderNumber);
      expect(row?.orderItemDtos[0]?.afterSales).toEqual(detail.orderItemDtos[0]!.afterSales);
      // The list row carries why the order closed, as the detail does (a refunded order reads "refunded").
      expect(row).toMatchObject({ status: detail.status, closeType: detail.closeType });
      return { ...detail.orderItemDtos[0]!.afterSales, closeType: detail.closeType, status: detail.status };
    };
    expect(await lineState()).toMatchObject({ refundSn, returnMoneySts: 1, label: "line.inProgress" });
    // Another shop cannot see or accept it; another buyer cannot read or withdraw it.
    expect((await call(`/merchant/refunds/${refundSn}/accept`, { user: shop2, body: {} })).body).toMatchObject({
      code: "A00001",
      msg: "Refund not found",
    });
    expect((await call(`/p/orderRefund/info?refundSn=${refundSn}`, { user: other })).body.msg).toBe("Refund not found");
    expect((await call(`/p/orderRefund/cancel`, { method: "PUT", user: other, body: { refundSn } })).body.msg).toBe(
      "Refund not found",
    );
    const list2 = okData(await call<Page<RefundDto>>("/merchant/refunds?size=100", { user: shop2 }));
    expect(list2.records.some((r) => r.refundSn === refundSn)).toBe(false);
    okData(await call(`/merchant/refunds/${refundSn}/accept`, { user: shop1, body: { message: "ok" } }));
    const done = await info(refundSn);
    expect(done).toMatchObject({ returnMoneySts: 5, refundWay: "balance" });
    expect(Number(await balance()) - Number(before)).toBeCloseTo(Number(o.actualTotal), 2);
    expect(await ledger(o.orderNumber)).toHaveLength(1);
    // Accepting again changes nothing.
    expect((await call(`/merchant/refunds/${refundSn}/accept`, { user: shop1, body: {} })).body.code).toBe("A00001");
    expect(await ledger(o.orderNumber)).toHaveLength(1);
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.orderNumber, o.orderNumber));
    expect(order).toMatchObject({ status: 6, closeType: 2, refundStatus: 2 });
    expect(await lineState()).toEqual({ refundSn, returnMoneySts: 5, label: "line.refunded", closeType: 2, status: 6 });
  });

  it("refuses a second application for the same line, more than was paid, bad input; nothing is stored", async () => {
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 3 }], status: 3 });
    const count = async () =>
      (await app.ctx.db.select().from(orderRefunds).where(eq(orderRefunds.orderNumber, o.orderNumber))).length;
    const tooMuch = (Number(o.actualTotal) + 0.01).toFixed(2);
    expect((await apply(o, { refundAmount: tooMuch, goodsNum: 3 })).body.msg).toBe(
      `The amount must be between 0.01 and ${o.actualTotal}`,
    );
    expect((await apply(o, { refundAmount: "1.00", goodsNum: 4 })).body.msg).toBe(
      "You can return at most 3 of this item",
    );
    expect((await apply(o, { refundAmount: "1.00", buyerMobile: "12345" })).body.msg).toBe(
      "Please enter an 11-digit mobile number",
    );
    expect((await apply(o, { refundAmount: "1.00", buyerDesc: "x".repeat(201) })).body.code).toBe("A00001");
    expect(
      (await apply(o, { refundAmount: "1.00", photoFiles: Array(6).fill("/uploads/refund/x.png") })).body.msg,
    ).toBe("At most 5 images");
    expect((await apply(o, { refundAmount: "1.00", photoFiles: ["https://evil.example/a.png"] })).body.msg).toBe(
      "An image is not a picture uploaded here; upload it again",
    );
    expect((await apply(o, { refundAmount: "1.00", buyerReason: 9 })).body.msg).toBe("Please choose a reason");
    expect((await apply(o, { refundAmount: "1.00" }, other)).body.msg).toBe("Order not found");
    expect(await count()).toBe(0);
    const first = okData(await apply(o, { refundAmount: "1.00", goodsNum: 1 }));
    expect((await apply(o, { refundAmount: "1.00", goodsNum: 1 }, buyer, "zh")).body.msg).toBe(
      "该商品已有进行中的售后申请",
    );
    expect((await apply(o, { refundType: 1, orderItemId: undefined, refundAmount: "1.00" })).body.msg).toBe(
      "An after-sales application for this item is already in progress",
    );
    expect(await count()).toBe(1);
    // Once refunded, only the rest of the line can be refunded.
    okData(await call(`/merchant/refunds/${first.refundSn}/accept`, { user: shop1, body: {} }));
    const preview = okData(
      await call<RefundPreviewDto>(`/p/orderRefund/preview?orderNumber=${o.orderNumber}`, { user: buyer }),
    );
    expect(preview.items[0]!.refundableNum).toBe(2);
    expect(preview.items[0]!.refundable).toBe((Number(o.actualTotal) - 1).toFixed(2));
    expect((await apply(o, { refundAmount: preview.items[0]!.refundable, goodsNum: 3 })).body.msg).toBe(
      "You can return at most 2 of this item",
    );
    okData(await apply(o, { refundAmount: preview.items[0]!.refundable, goodsNum: 2 }));
  });

  it("return and refund with images: accepted → the buyer ships → the shop receives → refunded", async () => {
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 5 });
    const pics = [await photo(), await photo()];
    const { refundSn } = okData(
      await apply(o, {
        applyType: 2,
        refundAmount: o.actualTotal,
        photoFiles: pics,
        buyerDesc: "Screen <b>cracked</b>",
      }),
    );
    expect(await info(refundSn)).toMatchObject({
      photoFiles: pics,
      buyerDesc: "Screen <b>cracked</b>",
      applyType: 2,
      isReceiver: 1,
    });
    expect(
      (
        await call(`/p/orderRefund/submitExpress`, {
          user: buyer,
          body: { refundSn, expressId: 1, expressNo: "SF1234567890" },
        })
      ).body.msg,
    ).toBe("The return parcel cannot be sent now");
    okData(
      await call(`/merchant/refunds/${refundSn}/accept`, { user: shop1, body: { message: "Send to: 1 Return Rd" } }),
    );
    expect(await info(refundSn)).toMatchObject({ returnMoneySts: 2, sellerMsg: "Send to: 1 Return Rd" });
    expect((await call(`/merchant/refunds/${refundSn}/receive`, { user: shop1, method: "POST" })).body.msg).toBe(
      "The returned goods cannot be confirmed now",
    );
    expect(
      (
        await call(`/p/orderRefund/submitExpress`, {
          user: buyer,
          body: { refundSn, expressId: 99, expressNo: "SF1234567890" },
        })
      ).body.msg,
    ).toBe("Please choose the courier company");
    expect(
      (await call(`/p/orderRefund/submitExpress`, { user: buyer, body: { refundSn, expressId: 1, expressNo: "x" } }))
        .body.msg,
    ).toBe("The tracking number is 6-30 letters, digits or dashes");
    okData(
      await call(`/p/orderRefund/submitExpress`, {
        user: buyer,
        body: { refundSn, expressId: 1, expressNo: "SF1234567890" },
      }),
    );
    expect((await info(refundSn)).refundDelivery).toMatchObject({ dvyId: 1, expressNo: "SF1234567890" });
    const before = await balance();
    okData(await call(`/merchant/refunds/${refundSn}/receive`, { user: shop1, method: "POST" }));
    const done = await info(refundSn);
    expect(done.returnMoneySts).toBe(5);
    expect(done.steps.map((s) => s.done)).toEqual([true, true, true, true, true]);
    expect(Number(await balance()) - Number(before)).toBeCloseTo(Number(o.actualTotal), 2);
    expect(await ledger(o.orderNumber)).toHaveLength(1);
    const mine = okData(await call<Page<RefundDto>>("/p/orderRefund/list?size=100", { user: buyer }));
    expect(mine.records.some((r) => r.refundSn === refundSn && r.returnMoneySts === 5)).toBe(true);
    // The completed order's shopping reward is taken back with the full refund (docs/points.md).
    const points = await app.ctx.db
      .select()
      .from(userLedger)
      .where(and(eq(userLedger.orderNumber, o.orderNumber), eq(userLedger.kind, "score")));
    expect(points.map((r) => r.reason).sort()).toEqual(["orderEarnScore", "refundClawBack"]);
    expect(points.reduce((n, r) => n + Number(r.amount), 0)).toBe(0);
  });

  it("refused with a reason → the buyer changes it and applies again; withdraw", async () => {
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 2 }], status: 2 });
    const { refundSn } = okData(await apply(o, { refundAmount: "5.00", goodsNum: 1 }));
    expect((await call(`/merchant/refunds/${refundSn}/refuse`, { user: shop1, body: { reason: "  " } })).body.msg).toBe(
      "Please give the reason for refusing",
    );
    okData(await call(`/merchant/refunds/${refundSn}/refuse`, { user: shop1, body: { reason: "Used already" } }));
    expect(await info(refundSn)).toMatchObject({ returnMoneySts: 7, rejectMessage: "Used already" });
    okData(
      await call(`/p/orderRefund/update`, {
        method: "PUT",
        user: buyer,
        body: {
          refundSn,
          orderNumber: o.orderNumber,
          refundType: 2,
          orderItemId: o.orderItemIds[0],
          applyType: 1,
          buyerReason: 6,
          goodsNum: 1,
          refundAmount: "3.00",
          buyerMobile: "13800138000",
          buyerDesc: "Please check again",
        },
      }),
    );
    expect(await info(refundSn)).toMatchObject({
      returnMoneySts: 1,
      refundAmount: "3.00",
      buyerDesc: "Please check again",
    });
    okData(await call(`/p/orderRefund/cancel`, { method: "PUT", user: buyer, body: refundSn }));
    expect((await info(refundSn)).returnMoneySts).toBe(6);
    expect((await call(`/merchant/refunds/${refundSn}/accept`, { user: shop1, body: {} })).body.msg).toBe(
      "This application can no longer be accepted",
    );
    expect(
      (
        await app.ctx.db.select({ s: orders.refundStatus }).from(orders).where(eq(orders.orderNumber, o.orderNumber))
      )[0]!.s,
    ).toBeNull();
  });

  it("concurrent accept and withdraw: exactly one wins", async () => {
    for (let i = 0; i < 3; i++) {
      const o = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: sku.skuId, prodCount: 1 }],
        status: 2,
      });
      const { refundSn } = okData(await apply(o, { refundAmount: "1.00" }));
      const [a, w] = await Promise.all([
        call(`/merchant/refunds/${refundSn}/accept`, { user: shop1, body: {} }),
        call(`/p/orderRefund/cancel`, { method: "PUT", user: buyer, body: { refundSn } }),
      ]);
      expect([a.body.success, w.body.success].filter(Boolean)).toHaveLength(1);
      const sts = (await info(refundSn)).returnMoneySts;
      expect(sts).toBe(a.body.success ? 5 : 6);
      expect(await ledger(o.orderNumber)).toHaveLength(a.body.success ? 1 : 0);
    }
  });

  it("timeouts: a silent shop counts as accepting; a return not sent in time closes", async () => {
    const o1 = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 2 });
    const r1 = okData(await apply(o1, { refundAmount: "2.00" }));
    const o2 = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 3 });
    const r2 = okData(await apply(o2, { applyType: 2, refundAmount: "2.00" }));
    okData(await call(`/merchant/refunds/${r2.refundSn}/accept`, { user: shop1, body: {} }));
    await runDueJobs(app.ctx.db, new Date(Date.now() + 2 * DAY));
    expect((await info(r1.refundSn)).returnMoneySts).toBe(1);
    await runDueJobs(app.ctx.db, new Date(Date.now() + 3 * DAY + 60_000));
    expect(await info(r1.refundSn)).toMatchObject({ returnMoneySts: 5, refundWay: "balance" });
    expect((await info(r2.refundSn)).returnMoneySts).toBe(2);
    await runDueJobs(app.ctx.db, new Date(Date.now() + 7 * DAY + 60_000));
    expect((await info(r2.refundSn)).returnMoneySts).toBe(-1);
  });

  it("a provider payment is refunded through the provider: 'refunding' until its signed notification; a replay changes nothing", async () => {
    const providerOrder = async () => {
      const o = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: sku.skuId, prodCount: 1 }],
        status: 2,
      });
      await app.ctx.db
        .update(orders)
        .set({ payType: PayType.WECHAT_SCAN, useScore: 100 })
        .where(eq(orders.orderNumber, o.orderNumber));
      const { refundSn } = okData(await apply(o, { refundAmount: o.actualTotal }));
      return { ...o, refundSn };
    };
    const score = async () =>
      (await app.ctx.db.select({ s: users.score }).from(users).where(eq(users.userId, buyer.userId)))[0]!.s;
    const pointsBack = async (orderNumber: string) =>
      app.ctx.db
        .select()
        .from(userLedger)
        .where(and(eq(userLedger.orderNumber, orderNumber), eq(userLedger.reason, "orderRefundScore")));
    const o = await providerOrder();
    const balance0 = await balance();
    const score0 = await score();
    okData(await call(`/merchant/refunds/${o.refundSn}/accept`, { user: shop1, body: {} }));
    expect(await info(o.refundSn)).toMatchObject({ returnMoneySts: 8, refundWay: "provider", refundTime: null });
    const [row] = await app.ctx.db.select().from(orderRefunds).where(eq(orderRefunds.refundSn, o.refundSn));
    expect(row!.providerRefundNo).toMatch(/^SBXR/);
    expect(await balance()).toBe(balance0);
    expect(await score()).toBe(score0);
    // Still open: the line says "refund in progress", withdrawing is refused.
    expect(
      (await call(`/p/orderRefund/cancel`, { method: "PUT", user: buyer, body: { refundSn: o.refundSn } })).body.msg,
    ).toBe("This application can no longer be withdrawn");
    const secret = app.ctx.config.paymentSecret;
    const body = { refundSn: o.refundSn, refundNo: row!.providerRefundNo!, amount: o.actualTotal, status: "SUCCESS" };
    const notify = (b: object) =>
      call<{ refunded: boolean; alreadyRefunded: boolean }>("/pay/refund-notify/sandbox", { body: b });
    // Bad signature, another amount or another refund number (signed) → refused, nothing changes.
    expect((await notify({ ...body, sign: "0".repeat(64) })).body.msg).toBe("The refund notification is not valid");
    const wrongAmount = { ...body, amount: "0.01" };
    expect((await notify({ ...wrongAmount, sign: signRefundNotification(secret, wrongAmount) })).body.msg).toBe(
      "The refund notification is not valid",
    );
    const wrongNo = { ...body, refundNo: "SBXR0" };
    expect((await notify({ ...wrongNo, sign: signRefundNotification(secret, wrongNo) })).body.msg).toBe(
      "The refund notification is not valid",
    );
    expect((await info(o.refundSn)).returnMoneySts).toBe(8);
    const signed = { ...body, sign: signRefundNotification(secret, body) };
    expect(okData(await notify(signed))).toEqual({ refundSn: o.refundSn, refunded: true, alreadyRefunded: false });
    expect(await info(o.refundSn)).toMatchObject({ returnMoneySts: 5, refundWay: "provider" });
    expect(await score()).toBe(score0 + 100);
    expect(await pointsBack(o.orderNumber)).toHaveLength(1);
    // The replay (and the late check job) credit nothing again.
    expect(okData(await notify(signed))).toEqual({ refundSn: o.refundSn, refunded: true, alreadyRefunded: true });
    await runDueJobs(app.ctx.db, new Date(Date.now() + 60_000));
    expect(await score()).toBe(score0 + 100);
    expect(await pointsBack(o.orderNumber)).toHaveLength(1);
    expect(await ledger(o.orderNumber)).toHaveLength(0);
    expect((await app.ctx.db.select().from(orders).where(eq(orders.orderNumber, o.orderNumber)))[0]).toMatchObject({
      status: 6,
      closeType: 2,
      refundStatus: 2,
    });

    // No notification: the check job asks the sandbox, which answers a signed SUCCESS.
    const late = await providerOrder();
    okData(await call(`/merchant/refunds/${late.refundSn}/accept`, { user: shop1, body: {} }));
    expect((await info(late.refundSn)).returnMoneySts).toBe(8);
    await runDueJobs(app.ctx.db, new Date(Date.now() + REFUND_PROVIDER_CHECK_MS + 1000));
    expect((await info(late.refundSn)).returnMoneySts).toBe(5);
    expect(await pointsBack(late.orderNumber)).toHaveLength(1);
  });

  it("automatic receipt confirmation waits while a refund is open, then completes the order", async () => {
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 2 }], status: 3 });
    const { refundSn } = okData(await apply(o, { applyType: 2, goodsNum: 1, refundAmount: "1.00" }));
    okData(await call(`/merchant/refunds/${refundSn}/accept`, { user: shop1, body: {} }));
    okData(
      await call(`/p/orderRefund/submitExpress`, {
        user: buyer,
        body: { refundSn, expressId: 1, expressNo: "SF7654321098" },
      }),
    );
    const order = async () => (await app.ctx.db.select().from(orders).where(eq(orders.orderNumber, o.orderNumber)))[0]!;
    const due = (await order()).receiptDeadline!;
    const later = new Date(due.getTime() + 60_000);
    await runDueJobs(app.ctx.db, later);
    // Still shipped; the receipt deadline (and its job) moved on by AUTO_CONFIRM_REFUND_WAIT_DAYS.
    expect(await order()).toMatchObject({
      status: 3,
      receiptDeadline: new Date(later.getTime() + AUTO_CONFIRM_REFUND_WAIT_DAYS * DAY),
    });
    const detail = okData(
      await call<OrderDetailDto>(`/p/myOrder/orderDetail?orderNumber=${o.orderNumber}`, { user: buyer }),
    );
    expect(detail).toMatchObject({
      status: 3,
      refundStatus: 1,
      receiptDeadline: new Date(later.getTime() + AUTO_CONFIRM_REFUND_WAIT_DAYS * DAY).toISOString(),
    });
    okData(await call(`/merchant/refunds/${refundSn}/receive`, { user: shop1, method: "POST" }));
    await runDueJobs(app.ctx.db, new Date(later.getTime() + AUTO_CONFIRM_REFUND_WAIT_DAYS * DAY + 60_000));
    expect(await order()).toMatchObject({ status: 5, refundStatus: 2 });
  });

  it("the seven-day no-reason return only for goods that allow it", async () => {
    let fresh = await pickSku(app, { shopId: 1, stock: 500, skip: 1 });
    for (let skip = 2; fresh.prodId === sku.prodId; skip++) fresh = await pickSku(app, { shopId: 1, stock: 500, skip });
    await app.ctx.db.update(products).set({ sevenDayReturn: 0 }).where(eq(products.prodId, fresh.prodId));
    try {
      const o = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: fresh.skuId, prodCount: 1 }],
        status: 5,
      });
      const preview = okData(
        await call<RefundPreviewDto>(`/p/orderRefund/preview?orderNumber=${o.orderNumber}`, { user: buyer }),
      );
      expect(preview.items[0]!.sevenDayReturn).toBe(false);
      expect((await apply(o, { applyType: 2, buyerReason: 0, refundAmount: "1.00" })).body.msg).toBe(
        "This item has no seven-day no-reason return; please choose another reason",
      );
      okData(await apply(o, { applyType: 2, buyerReason: 5, refundAmount: "1.00" }));
      const ok = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: sku.skuId, prodCount: 1 }],
        status: 5,
      });
      okData(await apply(ok, { applyType: 2, buyerReason: 0, refundAmount: "1.00" }));
      // Older than the window: closed for applications.
      const old = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: sku.skuId, prodCount: 1 }],
        status: 5,
        now: new Date(Date.now() - 8 * DAY),
      });
      expect((await apply(old, { refundAmount: "1.00" })).body.msg).toBe(
        "After-sales applications close 7 days after the order is completed",
      );
    } finally {
      await app.ctx.db.update(products).set({ sevenDayReturn: 1 }).where(eq(products.prodId, fresh.prodId));
    }
  });

  it("ops CLI: refunds, refund, accept, refuse, receive", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-ops-rf-"));
    const ops = opsCli(app, dir);
    try {
      const o = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: sku.skuId, prodCount: 1 }],
        status: 3,
      });
      const { refundSn } = okData(await apply(o, { applyType: 2, refundAmount: "1.50" }));
      const o2 = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: sku.skuId, prodCount: 1 }],
        status: 2,
      });
      const second = okData(await apply(o2, { refundAmount: "1.00" }));
      expect((await ops("login", "--user", "shop01", "--password", "Shop1234")).code).toBe(0);
      expect((await ops("refunds", "--sts", "1", "--size", "100")).out).toContain(refundSn);
      expect((await ops("refund", refundSn)).out).toContain("return and refund");
      expect((await ops("refund-refuse", second.refundSn)).code).toBe(2);
      expect(await ops("refund-refuse", second.refundSn, "--reason", "No")).toMatchObject({ code: 0 });
      expect(await ops("refund-accept", refundSn, "--text", "Send it back")).toMatchObject({ code: 0 });
      expect(await ops("refund-receive", refundSn)).toMatchObject({
        code: 1,
        err: expect.stringContaining("cannot be confirmed"),
      });
      okData(
        await call(`/p/orderRefund/submitExpress`, {
          user: buyer,
          body: { refundSn, expressId: 2, expressNo: "ZT12345678" },
        }),
      );
      expect(await ops("refund-receive", refundSn)).toMatchObject({ code: 0 });
      expect((await info(refundSn)).returnMoneySts).toBe(5);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
