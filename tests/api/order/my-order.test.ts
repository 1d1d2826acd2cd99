/** My orders and logistics: /p/myOrder/*, /p/myDelivery/*, /p/delivery/list (CONTRACT §4.5, §4.6). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import { orders, productTranslations, products, skus, users } from "../../../src/server/db/schema/index.ts";
import type { DeliveryOrderDto, MyOrderDto, OrderDetailDto } from "../../../src/lib/order/order-types.ts";
import { addDeliveryTrace } from "../../../src/server/domain/order/order-lifecycle.ts";
import { multipliedPoints, pointsMultipleOf } from "../../../src/server/domain/member/member-equity.ts";
import type { OrderCountData } from "../../../src/lib/order/order-state.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createOrder, pickSku, type CreatedOrder } from "../order-fixtures.ts";

describe.skipIf(!dbReady)("my orders API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let sku: Awaited<ReturnType<typeof pickSku>>;
  let sku2: Awaited<ReturnType<typeof pickSku>>;
  let names: { zh: string; en: string };
  // alice: unpaid (with points), paid, shipped, completed, closed — submitted a minute apart, oldest first.
  let unpaid: CreatedOrder;
  let paid: CreatedOrder;
  let shipped: CreatedOrder;
  let completed: CreatedOrder;
  let closed: CreatedOrder;
  let bobs: CreatedOrder;
  const t0 = Date.now() - 20 * 60_000;
  const at = (min: number) => new Date(t0 + min * 60_000);

  const stockOf = async (skuId: number) =>
    (await app.ctx.db.select({ s: skus.stocks }).from(skus).where(eq(skus.skuId, skuId)))[0]!.s;
  const prodStockOf = async (prodId: number) =>
    (await app.ctx.db.select({ s: products.totalStocks }).from(products).where(eq(products.prodId, prodId)))[0]!.s;
  const pointsOf = async (u: TestUser) =>
    (await app.ctx.db.select({ s: users.score }).from(users).where(eq(users.userId, u.userId)))[0]!.s;
  const statusOf = async (n: string) =>
    (
      await app.ctx.db
        .select({ s: orders.status, d: orders.deleteStatus })
        .from(orders)
        .where(eq(orders.orderNumber, n))
    )[0]!;
  const list = async (u: TestUser, query = "", lang = "en") =>
    okData(await call<Page<MyOrderDto>>(`/p/myOrder/myOrder${query}`, { user: u, lang }));
  const numbers = async (u: TestUser, query = "") => (await list(u, query)).records.map((r) => r.orderNumber);
  const counts = async (u: TestUser) => okData(await call<OrderCountData>("/p/myOrder/orderCount", { user: u }));

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
    await app.ctx.db.update(users).set({ score: 1000 }).where(eq(users.userId, alice.userId));
    sku = await pickSku(app, { stock: 50 });
    sku2 = await pickSku(app, { shopId: sku.shopId, skip: 1, stock: 50 });
    const tr = await app.ctx.db.select().from(productTranslations).where(eq(productTranslations.prodId, sku.prodId));
    names = { zh: tr.find((r) => r.locale === "zh")!.prodName, en: tr.find((r) => r.locale === "en")!.prodName };
    unpaid = await createOrder(app, {
      userId: alice.userId,
      items: [{ skuId: sku.skuId, prodCount: 2 }],
      useScore: 100,
      now: at(1),
      remarks: "ring the bell",
    });
    paid = await createOrder(app, {
      userId: alice.userId,
      items: [{ skuId: sku.skuId, prodCount: 1 }],
      status: 2,
      now: at(2),
    });
    shipped = await createOrder(app, {
      userId: alice.userId,
      items: [
        { skuId: sku.skuId, prodCount: 1 },
        { skuId: sku2.skuId, prodCount: 1 },
      ],
      status: 3,
      now: at(3),
      freight: "8.00",
    });
    completed = await createOrder(app, {
      userId: alice.userId,
      items: [{ skuId: sku2.skuId, prodCount: 3 }],
      status: 5,
      now: at(4),
    });
    closed = await createOrder(app, {
      userId: alice.userId,
      items: [{ skuId: sku2.skuId, prodCount: 1 }],
      status: 6,
      now: at(5),
    });
    bobs = await createOrder(app, { userId: bob.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], now: at(6) });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("needs a token", async () => {
    for (const p of [
      "/p/myOrder/myOrder",
      "/p/myOrder/orderCount",
      `/p/myOrder/orderDetail?orderNumber=${unpaid.orderNumber}`,
      "/p/delivery/list",
    ]) {
      expect((await call(p, { user: null })).body.code, p).toBe("A00004");
    }
    expect((await call(`/p/myOrder/cancel/${unpaid.orderNumber}`, { user: null, method: "PUT" })).body.code).toBe(
      "A00004",
    );
  });

  it("lists the user's orders newest first with items, names in the request locale", async () => {
    const page = await list(alice);
    expect(page.records.map((r) => r.orderNumber)).toEqual(
      [closed, completed, shipped, paid, unpaid].map((o) => o.orderNumber),
    );
    expect(page).toMatchObject({ total: 5, current: 1, size: 10, pages: 1 });
    const row = page.records.find((r) => r.orderNumber === shipped.orderNumber)!;
    expect(row).toMatchObject({ status: 3, shopId: sku.shopId, freightAmount: "8.00", productNums: 2, isComm: 0 });
    expect(row.orderItemDtos).toHaveLength(2);
    expect(row.orderItemDtos[0]!.prodName).toBe(names.en);
    expect(row.actualTotal).toMatch(/^\d+\.\d{2}$/);
    const zh = await list(alice, "", "zh");
    expect(zh.records.find((r) => r.orderNumber === shipped.orderNumber)!.orderItemDtos[0]!.prodName).toBe(names.zh);
    expect(page.records.find((r) => r.orderNumber === unpaid.orderNumber)).toMatchObject({ userScore: 100, status: 1 });
  });

  it("tabs: 1 unpaid, 2 to ship, 3 to receive, 4 to review, 5 completed, 6 canceled, 7 grouping; unknown → all", async () => {
    expect(await numbers(alice, "?status=1")).toEqual([unpaid.orderNumber]);
    expect(await numbers(alice, "?status=2")).toEqual([paid.orderNumber]);
    expect(await numbers(alice, "?status=3")).toEqual([shipped.orderNumber]);
    expect(await numbers(alice, "?status=4")).toEqual([completed.orderNumber]);
    expect(await numbers(alice, "?status=5")).toEqual([completed.orderNumber]);
    expect(await numbers(alice, "?status=6")).toEqual([closed.orderNumber]);
    expect(await numbers(alice, "?status=7")).toEqual([]);
    expect(await numbers(alice, "?status=0")).toHaveLength(5);
    expect(await numbers(alice, "?status=abc")).toHaveLength(5);
    expect(await numbers(alice, "?status=99")).toHaveLength(5);
    // reviewed: leaves "to review", stays in "completed"
    await app.ctx.db.update(orders).set({ isComm: 1 }).where(eq(orders.orderNumber, completed.orderNumber));
    expect(await numbers(alice, "?status=4")).toEqual([]);
    expect(await numbers(alice, "?status=5")).toEqual([completed.orderNumber]);
    expect((await counts(alice)).confirm).toBe(0);
    await app.ctx.db.update(orders).set({ isComm: 0 }).where(eq(orders.orderNumber, completed.orderNumber));
  });

  it("search by order number (exact or prefix) and by product name", async () => {
    expect(await numbers(alice, `?orderName=${unpaid.orderNumber}`)).toEqual([unpaid.orderNumber]);
    const prefix = unpaid.orderNumber.slice(0, 6);
    const byPrefix = await numbers(alice, `?orderName=${prefix}`);
    expect(byPrefix).toContain(unpaid.orderNumber);
    expect(byPrefix.every((n) => n.startsWith(prefix))).toBe(true);
    // combined with a tab
    expect(await numbers(alice, `?status=2&orderName=${unpaid.orderNumber}`)).toEqual([]);
    // product name in the request locale (sku2 is in shipped, completed, closed)
    const word = names.en.slice(0, Math.min(6, names.en.length));
    const en = await numbers(alice, `?orderName=${encodeURIComponent(` ${word.toUpperCase()} `)}`);
    expect(en).toEqual(expect.arrayContaining([shipped.orderNumber, unpaid.orderNumber, paid.orderNumber]));
    const zh = (await list(alice, `?orderName=${encodeURIComponent(names.zh)}`, "zh")).records.map(
      (r) => r.orderNumber,
    );
    expect(zh).toEqual(expect.arrayContaining([unpaid.orderNumber, paid.orderNumber, shipped.orderNumber]));
    // wildcards match literally; nothing matches
    expect(await numbers(alice, "?orderName=%25")).toEqual([]);
    expect(await numbers(alice, "?orderName=_")).toEqual([]);
    expect(await numbers(alice, "?orderName=zzzz-no-such-goods")).toEqual([]);
    // empty search = no filter
    expect(await numbers(alice, "?orderName=%20%20")).toHaveLength(5);
    // bob's order is never found by alice
    expect(await numbers(alice, `?orderName=${bobs.orderNumber}`)).toEqual([]);
  });

  it("paging: size and current; size over 100 refused", async () => {
    const p1 = await list(alice, "?size=2&current=1");
    const p3 = await list(alice, "?size=2&current=3");
    expect(p1).toMatchObject({ total: 5, pages: 3, size: 2, current: 1 });
    expect(p1.records.map((r) => r.orderNumber)).toEqual([closed.orderNumber, completed.orderNumber]);
    expect(p3.records.map((r) => r.orderNumber)).toEqual([unpaid.orderNumber]);
    expect((await list(alice, "?size=2&current=9")).records).toEqual([]);
    expect((await list(alice, "?size=100")).records).toHaveLength(5);
    expect((await call("/p/myOrder/myOrder?size=101", { user: alice })).body.code).toBe("A00001");
    expect((await call("/p/myOrder/myOrder?current=0", { user: alice })).body.code).toBe("A00001");
  });

  it("detail: amounts, address, progress, remarks", async () => {
    const d = okData(
      await call<OrderDetailDto>(`/p/myOrder/orderDetail?orderNumber=${shipped.orderNumber}`, { user: alice }),
    );
    expect(d).toMatchObject({
      orderNumber: shipped.orderNumber,
      status: 3,
      freightAmount: "8.00",
      reduceAmount: "0.00",
      scoreAmount: "0.00",
      closeType: null,
    });
    expect(d.userAddrDto).toMatchObject({ receiver: "Test Buyer", mobile: "13900000000", city: "上海市" });
    expect(d.progress.map((s) => [s.key, s.done])).toEqual([
      ["order.progress.submit", true],
      ["order.progress.pay", true],
      ["order.progress.ship", true],
      ["order.progress.awaitReceipt", true],
      ["order.progress.complete", false],
    ]);
    expect(d.progress[0]!.time).toBe(at(3).toISOString());
    expect(d.dvyTime).not.toBeNull();
    expect(d.receiptDeadline).not.toBeNull();
    const u = okData(
      await call<OrderDetailDto>(`/p/myOrder/orderDetail?orderNumber=${unpaid.orderNumber}`, { user: alice }),
    );
    expect(u).toMatchObject({
      remarks: "ring the bell",
      userScore: 100,
      scoreAmount: "1.00",
      status: 1,
      payTime: null,
    });
    expect(u.progress.filter((s) => s.done)).toHaveLength(1);
    for (const bad of ["", "abc", "1".repeat(40), "0000000000000000000"]) {
      expect((await call(`/p/myOrder/orderDetail?orderNumber=${bad}`, { user: alice })).body, bad).toMatchObject({
        code: "A00001",
        msg: "Order not found",
      });
    }
  });

  it("another user's order is invisible and refused everywhere; nothing changes", async () => {
    expect(await numbers(bob)).toEqual([bobs.orderNumber]);
    const nf = { code: "A00001", msg: "Order not found" };
    expect((await call(`/p/myOrder/orderDetail?orderNumber=${unpaid.orderNumber}`, { user: bob })).body).toMatchObject(
      nf,
    );
    expect((await call(`/p/myOrder/cancel/${unpaid.orderNumber}`, { user: bob, method: "PUT" })).body).toMatchObject(
      nf,
    );
    expect((await call(`/p/myOrder/receipt/${shipped.orderNumber}`, { user: bob, method: "PUT" })).body).toMatchObject(
      nf,
    );
    expect((await call(`/p/myOrder/${closed.orderNumber}`, { user: bob, method: "DELETE" })).body).toMatchObject(nf);
    expect(
      (await call(`/p/myOrder/buyAgain/${completed.orderNumber}`, { user: bob, method: "POST" })).body,
    ).toMatchObject(nf);
    expect((await call(`/p/myDelivery/orderInfo/${shipped.orderNumber}`, { user: bob })).body).toMatchObject(nf);
    expect((await call(`/p/myDelivery/deliveryOrder/${shipped.deliveryIds[0]}`, { user: bob })).body).toMatchObject({
      code: "A00001",
      msg: "Package not found",
    });
    expect((await call(`/p/myOrder/orderDetail?orderNumber=${bobs.orderNumber}`, { user: alice })).body).toMatchObject(
      nf,
    );
    expect(await statusOf(unpaid.orderNumber)).toEqual({ s: 1, d: 0 });
    expect(await statusOf(shipped.orderNumber)).toEqual({ s: 3, d: 0 });
    expect(await statusOf(closed.orderNumber)).toEqual({ s: 6, d: 0 });
    expect((await counts(bob)).allCount).toBe(1);
  });

  it("counts, and centerInfo gives the same numbers", async () => {
    const c = await counts(alice);
    expect(c).toEqual({
      allCount: 5,
      unPay: 1,
      payed: 1,
      toUse: 0,
      consignment: 1,
      confirm: 1,
      success: 1,
      close: 1,
      refund: 0,
      grouping: 0,
    });
    const center = okData(await call<{ orderCountData: OrderCountData }>("/p/user/centerInfo", { user: alice }));
    expect(center.orderCountData).toEqual(c);
  });

  it("logistics: packages with items and traces newest first; one package; carriers", async () => {
    const id = shipped.deliveryIds[0]!;
    await app.ctx.db.transaction(async (tx) => {
      await addDeliveryTrace(
        tx,
        id,
        shipped.shopId,
        { state: 2, acceptStation: "Left Shanghai hub", acceptTime: at(10) },
        at(10),
      );
      await addDeliveryTrace(
        tx,
        id,
        shipped.shopId,
        { state: 201, acceptStation: "Arrived in Hangzhou", acceptTime: at(12) },
        at(12),
      );
    });
    const pkgs = okData(
      await call<DeliveryOrderDto[]>(`/p/myDelivery/orderInfo/${shipped.orderNumber}`, { user: alice }),
    );
    expect(pkgs).toHaveLength(1);
    expect(pkgs[0]).toMatchObject({
      orderDeliveryId: id,
      orderNumber: shipped.orderNumber,
      dvyId: 1,
      dvyName: "SF Express",
      state: 201,
      productNums: 2,
      deliveryType: 1,
    });
    expect(pkgs[0]!.orderItems.map((i) => i.prodCount)).toEqual([1, 1]);
    expect(pkgs[0]!.traces.map((t) => t.state)).toEqual([201, 2, 1]);
    expect(pkgs[0]!.traces[0]).toMatchObject({
      acceptStation: "Arrived in Hangzhou",
      acceptTime: at(12).toISOString(),
    });
    const zh = okData(await call<DeliveryOrderDto>(`/p/myDelivery/deliveryOrder/${id}`, { user: alice, lang: "zh" }));
    expect(zh).toMatchObject({ orderDeliveryId: id, dvyName: "顺丰速运" });
    expect(zh.traces).toHaveLength(3);
    expect(okData(await call(`/p/myDelivery/orderInfo/${unpaid.orderNumber}`, { user: alice }))).toEqual([]);
    for (const bad of ["abc", "0", "99999999"])
      expect((await call(`/p/myDelivery/deliveryOrder/${bad}`, { user: alice })).body.code, bad).toBe("A00001");
    const carriers = okData(
      await call<{ dvyId: number; dvyName: string }[]>("/p/delivery/list", { user: alice, lang: "zh-tw" }),
    );
    expect(carriers[0]).toEqual({ dvyId: 1, dvyName: "順豐速運" });
  });

  it("cancel: only unpaid; restores stock exactly and refunds the points", async () => {
    const before = {
      stock: await stockOf(sku.skuId),
      prod: await prodStockOf(sku.prodId),
      score: await pointsOf(alice),
    };
    const refused = await call(`/p/myOrder/cancel/${paid.orderNumber}`, { user: alice, method: "PUT" });
    expect(refused.body).toMatchObject({ code: "A00001", msg: "This order cannot be cancelled now" });
    expect(await statusOf(paid.orderNumber)).toEqual({ s: 2, d: 0 });
    expect(okData(await call(`/p/myOrder/cancel/${unpaid.orderNumber}`, { user: alice, method: "PUT" }))).toBeNull();
    expect(await stockOf(sku.skuId)).toBe(before.stock + 2);
    expect(await prodStockOf(sku.prodId)).toBe(before.prod + 2);
    expect(await pointsOf(alice)).toBe(before.score + 100);
    const d = okData(
      await call<OrderDetailDto>(`/p/myOrder/orderDetail?orderNumber=${unpaid.orderNumber}`, {
        user: alice,
        lang: "zh",
      }),
    );
    expect(d).toMatchObject({ status: 6, closeType: 4 });
    expect(d.cancelTime).not.toBeNull();
    // a second cancel changes nothing
    const again = await call(`/p/myOrder/cancel/${unpaid.orderNumber}`, { user: alice, method: "PUT", lang: "zh" });
    expect(again.body).toMatchObject({ code: "A00001", msg: "订单当前不能取消" });
    expect(await stockOf(sku.skuId)).toBe(before.stock + 2);
    expect(await pointsOf(alice)).toBe(before.score + 100);
  });

  it("confirm receipt: only when shipped; completes and earns points", async () => {
    expect((await call(`/p/myOrder/receipt/${paid.orderNumber}`, { user: alice, method: "PUT" })).body).toMatchObject({
      code: "A00001",
      msg: "Receipt of this order cannot be confirmed now",
    });
    expect((await call(`/p/myOrder/receipt/${closed.orderNumber}`, { user: alice, method: "PUT" })).body.code).toBe(
      "A00001",
    );
    const score = await pointsOf(alice);
    // Points: 1 per whole yuan paid, times the multiplier of the buyer's member level.
    const multiple = await pointsMultipleOf(app.ctx.db, alice.userId, new Date());
    expect(okData(await call(`/p/myOrder/receipt/${shipped.orderNumber}`, { user: alice, method: "PUT" }))).toBeNull();
    expect(await statusOf(shipped.orderNumber)).toEqual({ s: 5, d: 0 });
    expect(await pointsOf(alice)).toBe(score + multipliedPoints(Math.floor(Number(shipped.actualTotal)), multiple));
    const d = okData(
      await call<OrderDetailDto>(`/p/myOrder/orderDetail?orderNumber=${shipped.orderNumber}`, { user: alice }),
    );
    expect(d.finallyTime).not.toBeNull();
    expect(d.progress.every((s) => s.done)).toBe(true);
    expect((await call(`/p/myOrder/receipt/${shipped.orderNumber}`, { user: alice, method: "PUT" })).body.code).toBe(
      "A00001",
    );
  });

  it("delete: only completed or closed; hidden afterwards everywhere", async () => {
    expect((await call(`/p/myOrder/${paid.orderNumber}`, { user: alice, method: "DELETE" })).body).toMatchObject({
      code: "A00001",
      msg: "Only completed or cancelled orders can be deleted",
    });
    const fresh = await createOrder(app, { userId: alice.userId, items: [{ skuId: sku.skuId, prodCount: 1 }] });
    expect((await call(`/p/myOrder/${fresh.orderNumber}`, { user: alice, method: "DELETE" })).body.code).toBe("A00001");
    expect(await statusOf(fresh.orderNumber)).toEqual({ s: 1, d: 0 });
    const before = await counts(alice);
    expect(okData(await call(`/p/myOrder/${closed.orderNumber}`, { user: alice, method: "DELETE" }))).toBeNull();
    expect(await statusOf(closed.orderNumber)).toEqual({ s: 6, d: 2 });
    expect(await numbers(alice)).not.toContain(closed.orderNumber);
    expect((await call(`/p/myOrder/orderDetail?orderNumber=${closed.orderNumber}`, { user: alice })).body.msg).toBe(
      "Order not found",
    );
    expect((await call(`/p/myOrder/${closed.orderNumber}`, { user: alice, method: "DELETE" })).body.msg).toBe(
      "Order not found",
    );
    const after = await counts(alice);
    expect(after.allCount).toBe(before.allCount - 1);
    expect(after.close).toBe(before.close - 1);
  });

  it("buy again: lines go to the cart; lines no longer on sale are skipped and named; none → refused", async () => {
    const r = okData(
      await call<{ prodCount: number; added: number; skipped: unknown[] }>(
        `/p/myOrder/buyAgain/${completed.orderNumber}`,
        { user: alice, method: "POST" },
      ),
    );
    expect(r).toMatchObject({ added: 1, skipped: [], prodCount: 3 });
    const again = okData(
      await call<{ prodCount: number }>(`/p/myOrder/buyAgain/${completed.orderNumber}`, {
        user: alice,
        method: "POST",
      }),
    );
    expect(again.prodCount).toBe(6);
    // shipped (now completed) has sku and sku2: take sku off sale
    await app.ctx.db.update(skus).set({ status: 0 }).where(eq(skus.skuId, sku.skuId));
    try {
      const part = okData(
        await call<{ added: number; skipped: { prodName: string; reason: string }[] }>(
          `/p/myOrder/buyAgain/${shipped.orderNumber}`,
          { user: alice, method: "POST" },
        ),
      );
      expect(part.added).toBe(1);
      expect(part.skipped).toEqual([expect.objectContaining({ prodName: names.en, reason: "skuUnavailable" })]);
      const none = await call(`/p/myOrder/buyAgain/${paid.orderNumber}`, { user: alice, method: "POST" });
      expect(none.body.code).toBe("A00001");
      expect(none.body.msg).toMatch(/no longer available/);
    } finally {
      await app.ctx.db
        .update(skus)
        .set({ status: 1 })
        .where(and(eq(skus.skuId, sku.skuId)));
    }
  });
});
