/** Payment: pay counter info, balance pay, the sandbox provider and its signed notification, order status (CONTRACT §4.4). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  orders,
  payments,
  products,
  siteConfig,
  skus,
  userLedger,
  users,
} from "../../../src/server/db/schema/index.ts";
import type { BalancePayDto, OrderPayInfoDto, ProviderPayDto } from "../../../src/lib/order/order-types.ts";
import { CloseType, closeOrder } from "../../../src/server/domain/order/order-lifecycle.ts";
import { signNotification } from "../../../src/server/providers/payment.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

describe.skipIf(!dbReady)("payment API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let sku: { skuId: number; prodId: number; shopId: number; price: string };
  let sku2: { skuId: number; prodId: number; shopId: number; price: string };

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
    sku = await pickSku(app, { stock: 500 });
    sku2 = await pickSku(app, { stock: 500, skip: 40 });
    await db().update(skus).set({ price: "12.30" }).where(eq(skus.skuId, sku.skuId));
    await db().update(skus).set({ price: "5.05" }).where(eq(skus.skuId, sku2.skuId));
    await setBalance(alice, "1000.00");
    await setBalance(bob, "1000.00");
  });
  afterAll(async () => app?.close());

  const db = () => app.ctx.db;
  async function setBalance(u: TestUser, balance: string) {
    await db().update(users).set({ balance }).where(eq(users.userId, u.userId));
  }
  const balanceOf = async (u: TestUser) =>
    (await db().select({ b: users.balance }).from(users).where(eq(users.userId, u.userId)))[0]!.b;
  const orderOf = async (n: string) => (await db().select().from(orders).where(eq(orders.orderNumber, n)))[0]!;
  const soldOf = async (prodId: number) =>
    (await db().select({ s: products.soldNum }).from(products).where(eq(products.prodId, prodId)))[0]!.s;
  const paymentOf = async (payNo: string) => (await db().select().from(payments).where(eq(payments.payNo, payNo)))[0]!;
  const ledgerOf = async (u: TestUser) =>
    db()
      .select()
      .from(userLedger)
      .where(and(eq(userLedger.userId, u.userId), eq(userLedger.kind, "balance")));
  const order = (u: TestUser, opts: { count?: number; status?: 1 | 2 | 3 | 5 | 6; now?: Date; other?: boolean } = {}) =>
    createOrder(app, {
      userId: u.userId,
      items: [{ skuId: (opts.other ? sku2 : sku).skuId, prodCount: opts.count ?? 1 }],
      ...(opts.status ? { status: opts.status } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    });
  const pay = <T>(u: TestUser, body: unknown, lang = "en") => call<T>("/p/order/pay", { user: u, body, lang });
  const payInfo = (u: TestUser, numbers: string, lang = "en") =>
    call<OrderPayInfoDto>(`/p/order/getOrderPayInfoByOrderNumber?orderNumbers=${encodeURIComponent(numbers)}`, {
      user: u,
      lang,
    });
  const status = (u: TestUser, n: string) => call<number>(`/p/myOrder/getOrderStatus?orderNumber=${n}`, { user: u });
  /** The sandbox page's "Pay now": the payment number and the page key its link carries. */
  const keyOf = (p: ProviderPayDto) => new URL(p.payUrl, "http://x").searchParams.get("key") ?? "";
  const complete = (p: ProviderPayDto | { payNo: string; key?: unknown }, lang = "en") =>
    call<{ paid: boolean; alreadyPaid: boolean }>("/pay/sandbox/complete", {
      user: null,
      body: { payNo: p.payNo, key: "payUrl" in p ? keyOf(p) : p.key },
      lang,
    });
  const notify = (body: Record<string, string>) =>
    call<{ paid: boolean; alreadyPaid: boolean }>("/pay/notify/sandbox", { user: null, body });
  const signed = (payNo: string, amount: string, tradeNo = `T${payNo}`) => {
    const b = { payNo, tradeNo, amount, status: "SUCCESS" };
    return { ...b, sign: signNotification(app.ctx.config.paymentSecret, b) };
  };
  const refused = (res: { body: { code: string; msg: string | null } }, msg: string) =>
    expect(res.body).toMatchObject({ code: "A00001", msg });

  it("needs a token on /p/ paths", async () => {
    expect((await call("/p/order/getOrderPayInfoByOrderNumber?orderNumbers=1", { user: null })).body.code).toBe(
      "A00004",
    );
    expect((await call("/p/order/pay", { user: null, body: { payType: 9, orderNumbers: "1" } })).body.code).toBe(
      "A00004",
    );
    expect((await call("/p/myOrder/getOrderStatus?orderNumber=1", { user: null })).body.code).toBe("A00004");
  });

  it("pay info: numbers, goods, address, deadline, amount, points, balance", async () => {
    const a = await order(alice, { count: 2 });
    const b = await order(alice, { other: true });
    const info = okData(await payInfo(alice, `${a.orderNumber},${b.orderNumber}`));
    const [ra, rb] = [await orderOf(a.orderNumber), await orderOf(b.orderNumber)];
    expect(info.orderNumbers).toBe(`${a.orderNumber},${b.orderNumber}`);
    expect(info.prodNameList).toHaveLength(2);
    expect(info.receiver).toBe("Test Buyer");
    expect(info.mobile).toBe("13900000000");
    expect(info.userAddr).toContain("世纪大道");
    expect(info.status).toBe(1);
    expect(info.expired).toBe(false);
    expect(info.totalFee).toBe((Number(ra.actualTotal) + Number(rb.actualTotal)).toFixed(2));
    expect(info.endTime).toBe(new Date(Math.min(ra.payDeadline.getTime(), rb.payDeadline.getTime())).toISOString());
    expect(info.balance).toBe("1000.00");
    expect(info.balanceShort).toBe(false);
    expect(typeof info.serverTime).toBe("string");
  });

  it("another buyer's, unknown, deleted or malformed order numbers are refused on every endpoint, revealing nothing", async () => {
    const a = await order(alice);
    const mine = await order(bob);
    for (const numbers of [
      a.orderNumber,
      `${mine.orderNumber},${a.orderNumber}`,
      "1234567890123456789",
      "abc",
      "1;drop",
    ]) {
      refused(await payInfo(bob, numbers), "Order not found");
      refused(await pay(bob, { payType: 9, orderNumbers: numbers }), "Order not found");
      refused(await pay(bob, { payType: 3, orderNumbers: numbers }), "Order not found");
    }
    refused(await status(bob, a.orderNumber), "Order not found");
    refused(await payInfo(bob, ""), "Please choose the orders to pay");
    expect((await orderOf(a.orderNumber)).status).toBe(1);
    expect(await balanceOf(bob)).toBe("1000.00");
    expect(await db().select().from(payments).where(eq(payments.userId, bob.userId))).toHaveLength(0);
    // deleted orders are gone for the buyer
    await db().update(orders).set({ deleteStatus: 2 }).where(eq(orders.orderNumber, mine.orderNumber));
    refused(await payInfo(bob, mine.orderNumber), "Order not found");
    refused(await status(bob, mine.orderNumber), "Order not found");
  });

  it("balance pay: balance taken, ledger written, orders paid (status 2, payTime, payType 9), sold count up", async () => {
    await setBalance(alice, "1000.00");
    const a = await order(alice, { count: 2 });
    const b = await order(alice, { other: true });
    const sold0 = await soldOf(sku.prodId);
    const amount = (Number(a.actualTotal) + Number(b.actualTotal)).toFixed(2);
    expect(okData(await status(alice, a.orderNumber))).toBe(1);
    const res = okData(
      await pay<BalancePayDto>(alice, { payType: 9, orderNumbers: `${a.orderNumber},${b.orderNumber}` }),
    );
    const left = (1000 - Number(amount)).toFixed(2);
    expect(res).toEqual({ type: 1, message: "Payment successful", balance: left });
    expect(await balanceOf(alice)).toBe(left);
    for (const n of [a.orderNumber, b.orderNumber]) {
      const row = await orderOf(n);
      expect(row.status).toBe(2);
      expect(row.payTime).toBeInstanceOf(Date);
      expect(row.payType).toBe(9);
      expect(okData(await status(alice, n))).toBe(2);
      const p = await paymentOf(row.payNo!);
      expect(p).toMatchObject({ status: 1, payType: 9, amount, providerTradeNo: `balance-${row.payNo}` });
    }
    const ledger = (await ledgerOf(alice)).filter((l) => l.reason === "orderPay");
    expect(ledger.map((l) => [l.orderNumber, l.amount]).sort()).toEqual(
      [
        [a.orderNumber, `-${a.actualTotal}`],
        [b.orderNumber, `-${b.actualTotal}`],
      ].sort(),
    );
    expect(await soldOf(sku.prodId)).toBe(sold0 + 2);
    // paying again is refused and changes nothing
    refused(await pay(alice, { payType: 9, orderNumbers: a.orderNumber }), "This order has already been paid");
    expect(await balanceOf(alice)).toBe(left);
  });

  it("insufficient balance: type 3 with the current balance, nothing changes", async () => {
    await setBalance(alice, "0.05");
    const a = await order(alice, { count: 3 });
    const ledger0 = (await ledgerOf(alice)).length;
    expect(okData(await payInfo(alice, a.orderNumber))).toMatchObject({ balance: "0.05", balanceShort: true });
    const res = okData(await pay<BalancePayDto>(alice, { payType: 9, orderNumbers: a.orderNumber }, "zh"));
    expect(res).toEqual({ type: 3, message: "余额不足，当前余额 ¥0.05", balance: "0.05" });
    expect(await balanceOf(alice)).toBe("0.05");
    expect((await orderOf(a.orderNumber)).status).toBe(1);
    expect((await ledgerOf(alice)).length).toBe(ledger0);
    expect(await db().select().from(payments).where(eq(payments.orderNumbers, a.orderNumber))).toHaveLength(0);
    await setBalance(alice, "1000.00");
  });

  it("paid, cancelled, expired and timed-out orders cannot be paid", async () => {
    const paid = await order(alice, { status: 2 });
    const cancelled = await order(alice, { status: 6 });
    const late = await order(alice, { now: new Date(Date.now() - 31 * 60_000) });
    const timedOut = await order(alice, { now: new Date(Date.now() - 31 * 60_000) });
    await db().transaction((tx) => closeOrder(tx, timedOut.orderNumber, CloseType.PAY_TIMEOUT, new Date()));
    for (const payType of [9, 3, 2]) {
      refused(await pay(alice, { payType, orderNumbers: paid.orderNumber }), "This order has already been paid");
      refused(await pay(alice, { payType, orderNumbers: cancelled.orderNumber }), "This order cannot be paid now");
      refused(
        await pay(alice, { payType, orderNumbers: late.orderNumber }),
        "The order has expired, please place a new order",
      );
      refused(await pay(alice, { payType, orderNumbers: timedOut.orderNumber }, "zh"), "订单已过期，请重新下单");
    }
    const info = okData(await payInfo(alice, late.orderNumber));
    expect(info.expired).toBe(true);
    expect(okData(await payInfo(alice, timedOut.orderNumber))).toMatchObject({ expired: true, status: 6 });
    expect((await orderOf(late.orderNumber)).status).toBe(1);
    expect(await balanceOf(alice)).toBe("1000.00");
  });

  it("a disabled or unknown pay method is refused", async () => {
    const a = await order(alice);
    const [row] = await db().select().from(siteConfig).where(eq(siteConfig.key, "PAY_SWITCH"));
    try {
      await db()
        .update(siteConfig)
        .set({ value: { aliPaySwitch: false, wxPaySwitch: false, balancePaySwitch: false, payPalSwitch: false } })
        .where(eq(siteConfig.key, "PAY_SWITCH"));
      for (const payType of [9, 3, 2])
        refused(await pay(alice, { payType, orderNumbers: a.orderNumber }), "This payment method is not available");
      refused(await pay(alice, { payType: 0, orderNumbers: a.orderNumber }), "This payment method is not available");
    } finally {
      await db().update(siteConfig).set({ value: row!.value }).where(eq(siteConfig.key, "PAY_SWITCH"));
    }
    refused(await pay(alice, { payType: 10, orderNumbers: a.orderNumber }), "Please choose a payment method");
    refused(await pay(alice, { orderNumbers: a.orderNumber }), "Please choose a payment method");
    expect((await orderOf(a.orderNumber)).status).toBe(1);
    expect(await balanceOf(alice)).toBe("1000.00");
  });

  it("sandbox (WeChat scan): create → complete → paid; replays pay once", async () => {
    const a = await order(alice, { count: 2 });
    const sold0 = await soldOf(sku.prodId);
    const p = okData(
      await pay<ProviderPayDto>(alice, {
        payType: 3,
        orderNumbers: a.orderNumber,
        returnUrl: `/order-detail?orderNumber=${a.orderNumber}`,
      }),
    );
    expect(p.amount).toBe(a.actualTotal);
    // The sandbox page opens in the buyer's language (the request's: en here).
    expect(p.codeUrl).toMatch(/^https?:\/\/[^/]+\/en\/sandbox-pay\?payNo=/);
    expect(p.payUrl.startsWith(`/en/sandbox-pay?payNo=${p.payNo}`)).toBe(true);
    expect(new URL(p.payUrl, "http://x").searchParams.get("returnUrl")).toBe(
      `/order-detail?orderNumber=${a.orderNumber}`,
    );
    const exp = new Date(p.expiresAt).getTime();
    expect(exp).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(exp).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    expect((await paymentOf(p.payNo)).status).toBe(0);

    expect(okData(await complete(p))).toMatchObject({ paid: true, alreadyPaid: false });
    const row = await orderOf(a.orderNumber);
    expect(row).toMatchObject({ status: 2, payType: 3, payNo: p.payNo });
    expect(okData(await status(alice, a.orderNumber))).toBe(2);
    expect(await soldOf(sku.prodId)).toBe(sold0 + 2);
    expect(await balanceOf(alice)).toBe("1000.00");

    // replays: the page key is used up (refused, nothing changes); the provider's notification again is acknowledged
    refused(await complete(p), "This order has already been paid");
    expect(okData(await notify(signed(p.payNo, p.amount)))).toMatchObject({ paid: true, alreadyPaid: true });
    expect(await soldOf(sku.prodId)).toBe(sold0 + 2);
    expect(await balanceOf(alice)).toBe("1000.00");
    expect((await paymentOf(p.payNo)).status).toBe(1);
  });

  it("provider notification: signed notification pays; wrong amount or bad signature pays nothing", async () => {
    const a = await order(alice);
    const p = okData(await pay<ProviderPayDto>(alice, { payType: 2, orderNumbers: a.orderNumber }));
    expect(p.payUrl).toBe(
      `/en/sandbox-pay?payNo=${p.payNo}&key=${keyOf(p)}&returnUrl=${encodeURIComponent(`/order-detail?orderNumber=${a.orderNumber}`)}`,
    );
    const wrong = signed(p.payNo, (Number(p.amount) + 0.01).toFixed(2));
    refused(await notify(wrong), "The amount paid does not match the order amount");
    refused(
      await notify({ ...signed(p.payNo, p.amount), sign: "0".repeat(64) }),
      "Payment notification signature is invalid",
    );
    refused(
      await notify({ ...signed(p.payNo, p.amount), tradeNo: "other" }),
      "Payment notification signature is invalid",
    );
    refused(await notify({ payNo: p.payNo, amount: p.amount }), "Payment notification signature is invalid");
    refused(await notify(signed("999", p.amount)), "Payment not found");
    expect((await orderOf(a.orderNumber)).status).toBe(1);
    expect((await paymentOf(p.payNo)).status).toBe(0);
    // a not-SUCCESS notification is acknowledged and changes nothing
    const closedBody = { payNo: p.payNo, tradeNo: "T1", amount: p.amount, status: "CLOSED" };
    expect(
      okData(await notify({ ...closedBody, sign: signNotification(app.ctx.config.paymentSecret, closedBody) })),
    ).toMatchObject({ paid: false });
    expect(okData(await notify(signed(p.payNo, p.amount, "WX123")))).toMatchObject({ paid: true, alreadyPaid: false });
    expect(await paymentOf(p.payNo)).toMatchObject({ status: 1, providerTradeNo: "WX123" });
    expect((await orderOf(a.orderNumber)).status).toBe(2);
  });

  it("an expired or superseded payment is refused and pays nothing; an unsafe returnUrl is replaced", async () => {
    const a = await order(alice);
    const first = okData(
      await pay<ProviderPayDto>(alice, {
        payType: 3,
        orderNumbers: a.orderNumber,
        returnUrl: "https://evil.example/x",
      }),
    );
    expect(new URL(first.payUrl, "http://x").searchParams.get("returnUrl")).toBe(
      `/order-detail?orderNumber=${a.orderNumber}`,
    );
    const second = okData(await pay<ProviderPayDto>(alice, { payType: 3, orderNumbers: a.orderNumber }));
    expect((await paymentOf(first.payNo)).status).toBe(2);
    refused(await complete(first), "The QR code has expired");
    await db()
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.payNo, second.payNo));
    refused(await complete(second, "zh"), "二维码已过期");
    refused(await notify(signed(second.payNo, second.amount)), "The QR code has expired");
    expect((await orderOf(a.orderNumber)).status).toBe(1);
    // a fresh QR code works
    const third = okData(await pay<ProviderPayDto>(alice, { payType: 3, orderNumbers: a.orderNumber }));
    expect(okData(await complete(third))).toMatchObject({ paid: true });
    expect((await orderOf(a.orderNumber)).status).toBe(2);
  });

  it("a waiting payment of an order cancelled meanwhile cannot be completed; balance pay closes waiting QR payments", async () => {
    const a = await order(alice);
    const p = okData(await pay<ProviderPayDto>(alice, { payType: 3, orderNumbers: a.orderNumber }));
    await db().transaction((tx) =>
      closeOrder(tx, a.orderNumber, CloseType.BUYER_CANCEL, new Date(), { userId: alice.userId }),
    );
    refused(await complete(p), "The QR code has expired");
    expect((await orderOf(a.orderNumber)).status).toBe(6);

    const b = await order(alice);
    const q = okData(await pay<ProviderPayDto>(alice, { payType: 3, orderNumbers: b.orderNumber }));
    expect(okData(await pay<BalancePayDto>(alice, { payType: 9, orderNumbers: b.orderNumber })).type).toBe(1);
    expect((await paymentOf(q.payNo)).status).toBe(2);
    const before = await balanceOf(alice);
    refused(await complete(q), "The QR code has expired");
    expect(await balanceOf(alice)).toBe(before);
  });

  it("the sandbox completes only with the payment's own page key (stored hashed, never the payment number alone)", async () => {
    const a = await order(alice);
    const p = okData(await pay<ProviderPayDto>(alice, { payType: 3, orderNumbers: a.orderNumber }));
    const key = keyOf(p);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(p.codeUrl).toContain(`key=${key}`);
    const row = await paymentOf(p.payNo);
    expect(row.pageKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.pageKeyHash).not.toContain(key);
    const other = okData(await pay<ProviderPayDto>(bob, { payType: 3, orderNumbers: (await order(bob)).orderNumber }));
    for (const bad of [
      undefined,
      null,
      "",
      key.slice(1),
      `${key}x`,
      key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase(),
      keyOf(other),
      12345,
      { key },
    ]) {
      refused(await complete({ payNo: p.payNo, key: bad }), "Payment not found");
    }
    expect((await paymentOf(p.payNo)).status).toBe(0);
    expect((await orderOf(a.orderNumber)).status).toBe(1);
    // the page without its key shows nothing; with it, the payment
    expect(okData(await complete(p))).toMatchObject({ paid: true, alreadyPaid: false });
  });

  it("the sandbox cannot complete balance payments or unknown numbers", async () => {
    refused(await complete({ payNo: "nope", key: "x".repeat(32) }), "Payment not found");
    refused(await call("/pay/sandbox/complete", { user: null, body: {} }), "Payment not found");
    const a = await order(alice);
    okData(await pay<BalancePayDto>(alice, { payType: 9, orderNumbers: a.orderNumber }));
    const row = await orderOf(a.orderNumber);
    refused(await complete({ payNo: row.payNo!, key: "x".repeat(32) }), "Payment not found");
  });
});
