/** Merchant API: /merchant/* (docs/merchant-api.md) — login, token kinds, shop-scoped orders, ship, traces. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOps, type OpsIO } from "../../../scripts/ops/main.ts";
import { and, eq } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import { deliveries, deliveryTraces, jobs, orders, sessions } from "../../../src/server/db/schema/index.ts";
import type {
  MerchantOrderDetailDto,
  MerchantOrderDto,
  MerchantTokenInfo,
} from "../../../src/server/domain/merchant/merchant.ts";
import { secondsLeft } from "../../../src/server/domain/kernel/rate-limit.ts";
import { createTestApp, dbReady, okData, type TestApp, type TestResponse } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

const TRACE_TIME_MSG = "The logistics time must be after the shipment and not in the future";

describe.skipIf(!dbReady)("merchant API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let buyer: TestUser;
  let shop1: string;
  let shop2: string;
  let skuA: { skuId: number; shopId: number };
  let skuB: { skuId: number; shopId: number };
  let skuOther: { skuId: number; shopId: number };

  /** A call with a merchant token (or none) and its own client IP (rate limits are per IP). */
  const m = <T = unknown>(
    path: string,
    opts: { token?: string | null; body?: unknown; method?: string; lang?: string; ip?: string } = {},
  ): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = {
      "Accept-Language": opts.lang ?? "en",
      "X-Forwarded-For": opts.ip ?? "10.9.0.1",
    };
    if (opts.token) headers.Authorization = opts.token;
    const init: RequestInit = { method: opts.method ?? (opts.body === undefined ? "GET" : "POST"), headers };
    if (opts.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    }
    return app.request<T>(`/api${path}`, init);
  };
  const login = async (username: string, password = "Shop1234") =>
    okData(await m<MerchantTokenInfo>("/merchant/login", { body: { username, password } }));

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    buyer = await createTestUser(app, "merchbuyer");
    shop1 = (await login("shop01")).accessToken;
    shop2 = (await login("shop02")).accessToken;
    const a = await pickSku(app, { shopId: 1, stock: 500 });
    const b = await pickSku(app, { shopId: 1, stock: 500, skip: 1 });
    const o = await pickSku(app, { shopId: 2, stock: 500 });
    skuA = a;
    skuB = b;
    skuOther = o;
  });
  afterAll(async () => {
    await app?.close();
  });

  describe("login and tokens", () => {
    it("logs in with the seeded account: a merchant session of the shop, only its hash stored", async () => {
      const r = await login("SHOP03");
      expect(r).toMatchObject({ shopId: 3, expiresIn: 86_400 });
      expect(r.accessToken).toMatch(/^[\w-]{40,}$/);
      const rows = await app.ctx.db.select().from(sessions).where(eq(sessions.shopId, 3));
      expect(rows.some((s) => s.kind === "merchant" && s.userId === null && s.tokenHash !== r.accessToken)).toBe(true);
    });

    it("wrong password and unknown account give the same translated message", async () => {
      const a = await m("/merchant/login", { body: { username: "shop01", password: "nope1234" } });
      const b = await m("/merchant/login", { body: { username: "shop99", password: "Shop1234" } });
      expect(a.body).toMatchObject({ code: "A00001", msg: "Wrong account or password", success: false });
      expect(b.body).toEqual(a.body);
      const zh = await m("/merchant/login", { body: { username: "shop01", password: "x" }, lang: "zh" });
      expect(zh.body.msg).toBe("账号或密码错误");
      const tw = await m("/merchant/login", { body: { username: "shop01", password: "x" }, lang: "zh-tw" });
      expect(tw.body.msg).toBe("帳號或密碼錯誤");
    });

    it("missing fields and bad JSON are refused", async () => {
      expect((await m("/merchant/login", { body: { password: "Shop1234" } })).body.msg).toBe(
        "Please enter the shop account",
      );
      expect((await m("/merchant/login", { body: { username: "shop01", password: "" } })).body.msg).toBe(
        "Please enter the password",
      );
      expect((await m("/merchant/login", { body: "{not json" })).body).toMatchObject({
        code: "A00001",
        msg: "The request body is not valid JSON",
      });
    });

    it("failed logins are rate-limited per account and IP (10 per 15 minutes): the guessing IP is stopped, not the merchant", async () => {
      if (secondsLeft(new Date(), 15 * 60) < 20) await new Promise((r) => setTimeout(r, 21_000));
      for (let i = 0; i < 10; i++) {
        expect(
          (
            await m("/merchant/login", {
              body: { username: i % 2 ? "shop07" : "SHOP07", password: "bad-pass" },
              ip: "10.8.0.1",
            })
          ).body.msg,
        ).toBe("Wrong account or password");
      }
      const r = await m("/merchant/login", { body: { username: "shop07", password: "Shop1234" }, ip: "10.8.0.1" });
      expect(r.body.code).toBe("A00001");
      expect(r.body.msg).toMatch(/Too many failed logins/);
      okData(await m("/merchant/login", { body: { username: "shop07", password: "Shop1234" }, ip: "10.8.1.1" }));
    });

    it("buyer and merchant tokens are not interchangeable", async () => {
      expect((await m("/merchant/orders", { token: buyer.token })).body.code).toBe("A00004");
      expect((await m("/merchant/orders")).body.code).toBe("A00004");
      expect((await m("/merchant/orders", { token: "garbage" })).body.code).toBe("A00004");
      expect((await call("/p/shopCart/prodCount", { user: { userId: "x", token: shop1 } })).body.code).toBe("A00004");
      expect(okData(await m("/merchant/orders", { token: shop1 }))).toMatchObject({ current: 1, size: 10 });
    });

    it("logout revokes the merchant token only; always answers OK", async () => {
      const { accessToken } = await login("shop04");
      expect(okData(await m("/merchant/orders", { token: accessToken }))).toBeTruthy();
      expect((await m("/merchant/logout", { token: accessToken, method: "POST" })).body.code).toBe("00000");
      expect((await m("/merchant/orders", { token: accessToken })).body.code).toBe("A00004");
      expect((await m("/merchant/logout", { method: "POST" })).body.code).toBe("00000");
      // A buyer token sent to merchant logout stays valid.
      expect((await m("/merchant/logout", { token: buyer.token, method: "POST" })).body.code).toBe("00000");
      expect((await call("/p/shopCart/prodCount", { user: buyer })).body.code).toBe("00000");
    });

    it("an expired merchant session is refused", async () => {
      const { accessToken } = await login("shop05");
      await app.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(sessions.shopId, 5), eq(sessions.kind, "merchant")));
      expect((await m("/merchant/orders", { token: accessToken })).body.code).toBe("A00004");
    });
  });

  describe("orders", () => {
    let unpaid: Awaited<ReturnType<typeof createOrder>>;
    let paid: Awaited<ReturnType<typeof createOrder>>;
    let foreign: Awaited<ReturnType<typeof createOrder>>;

    beforeAll(async () => {
      unpaid = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: skuA.skuId, prodCount: 1 }],
        status: 1,
        remarks: "leave at door",
      });
      paid = await createOrder(app, {
        userId: buyer.userId,
        items: [
          { skuId: skuA.skuId, prodCount: 2 },
          { skuId: skuB.skuId, prodCount: 3 },
        ],
        status: 2,
      });
      foreign = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: skuOther.skuId, prodCount: 1 }],
        status: 2,
      });
    });

    it("lists the shop's own orders only, newest first, with buyer, items and address", async () => {
      const page = okData(await m<Page<MerchantOrderDto>>("/merchant/orders?size=100", { token: shop1 }));
      const numbers = page.records.map((r) => r.orderNumber);
      expect(numbers).toContain(unpaid.orderNumber);
      expect(numbers).toContain(paid.orderNumber);
      expect(numbers).not.toContain(foreign.orderNumber);
      expect(page.records.every((r) => r.shopId === 1)).toBe(true);
      const row = page.records.find((r) => r.orderNumber === paid.orderNumber)!;
      expect(row).toMatchObject({
        status: 2,
        buyerNickName: "merchbuyer",
        productNums: 5,
        actualTotal: paid.actualTotal,
      });
      expect(row.payTime).toBeTruthy();
      expect(row.orderItems.map((i) => i.orderItemId)).toEqual(paid.orderItemIds);
      expect(row.userAddrDto).toMatchObject({ receiver: "Test Buyer", mobile: "13900000000" });
      // Newest first: the seeded orders of the shop (docs/demo-data.md) come after the ones just made.
      const times = page.records.map((r) => Date.parse(r.createTime));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(numbers.slice(0, 2).sort()).toEqual([unpaid.orderNumber, paid.orderNumber].sort());
      const two = okData(await m<Page<MerchantOrderDto>>("/merchant/orders?size=100", { token: shop2 }));
      expect(two.records[0]!.orderNumber).toBe(foreign.orderNumber);
      expect(two.records.every((r) => r.shopId === 2)).toBe(true);
      expect(two.records.map((r) => r.orderNumber)).not.toContain(paid.orderNumber);
    });

    it("filters by status and order number; bad filters are refused", async () => {
      const all = okData(await m<Page<MerchantOrderDto>>("/merchant/orders?size=100", { token: shop1 }));
      const toShip = okData(await m<Page<MerchantOrderDto>>("/merchant/orders?status=2&size=100", { token: shop1 }));
      expect(toShip.records.map((r) => r.orderNumber)).toEqual(
        all.records.filter((r) => r.status === 2).map((r) => r.orderNumber),
      );
      expect(toShip.records.map((r) => r.orderNumber)).toContain(paid.orderNumber);
      expect(toShip.records.map((r) => r.orderNumber)).not.toContain(unpaid.orderNumber);
      expect(toShip.total).toBe(toShip.records.length);
      expect(all.records.some((r) => r.status !== 2)).toBe(true);
      const byNumber = okData(
        await m<Page<MerchantOrderDto>>(`/merchant/orders?orderNumber=${unpaid.orderNumber}`, { token: shop1 }),
      );
      expect(byNumber.records.map((r) => r.orderNumber)).toEqual([unpaid.orderNumber]);
      expect(byNumber.records[0]!.remarks).toBe("leave at door");
      const none = okData(
        await m<Page<MerchantOrderDto>>(`/merchant/orders?orderNumber=${foreign.orderNumber}`, { token: shop1 }),
      );
      expect(none.records).toEqual([]);
      expect((await m("/merchant/orders?status=4", { token: shop1 })).body.msg).toBe("Invalid order status filter");
      expect((await m("/merchant/orders?orderNumber=12%25", { token: shop1 })).body.msg).toBe(
        "An order number has digits only",
      );
      expect((await m("/merchant/orders?size=1000", { token: shop1 })).body.code).toBe("A00001");
    });

    it("detail of an own order; another shop's order is 'not found'", async () => {
      const d = okData(await m<MerchantOrderDetailDto>(`/merchant/orders/${paid.orderNumber}`, { token: shop1 }));
      expect(d).toMatchObject({ orderNumber: paid.orderNumber, status: 2, deliveries: [] });
      for (const [token, n] of [
        [shop2, paid.orderNumber],
        [shop1, foreign.orderNumber],
        [shop1, "123"],
        [shop1, "abc"],
      ] as const) {
        const r = await m(`/merchant/orders/${n}`, { token });
        expect(r.body).toMatchObject({ code: "A00001", msg: "Order not found" });
      }
      expect((await m(`/merchant/orders/${foreign.orderNumber}`, { token: shop1, lang: "zh" })).body.msg).toBe(
        "订单不存在",
      );
    });

    describe("ship", () => {
      const ship = (token: string, n: string, body: unknown, lang?: string) =>
        m<{ orderDeliveryIds: number[] }>(`/merchant/orders/${n}/ship`, { token, body, ...(lang ? { lang } : {}) });
      const statusOf = async (n: string) =>
        (await app.ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.orderNumber, n)))[0]!.s;
      const packagesOf = async (n: string) => app.ctx.db.select().from(deliveries).where(eq(deliveries.orderNumber, n));

      it("refuses bad input and changes nothing", async () => {
        const [i1, i2] = paid.orderItemIds as [number, number];
        const cases: [unknown, string][] = [
          [{ packages: [{ dvyId: 99, dvyFlowId: "SF123456789" }] }, "Choose a valid logistics company"],
          [{ packages: [{ dvyId: "x", dvyFlowId: "SF123456789" }] }, "Choose a valid logistics company"],
          [
            { packages: [{ dvyId: 1, dvyFlowId: "SF1" }] },
            "Enter a valid tracking number (6-30 letters, digits or dashes)",
          ],
          [
            { packages: [{ dvyId: 1, dvyFlowId: "SF 123456789" }] },
            "Enter a valid tracking number (6-30 letters, digits or dashes)",
          ],
          [
            { packages: [{ dvyId: 1, dvyFlowId: "X".repeat(31) }] },
            "Enter a valid tracking number (6-30 letters, digits or dashes)",
          ],
          [{ packages: [] }, "Please enter at least one package"],
          [{ packages: "nope" }, "Please enter at least one package"],
          // a foreign order item (the other shop's order)
          [
            {
              packages: [
                { dvyId: 1, dvyFlowId: "SF123456789", items: [{ orderItemId: foreign.orderItemIds[0], prodCount: 1 }] },
                { dvyId: 1, dvyFlowId: "SF123456780" },
              ],
            },
            "The packages do not match the ordered items",
          ],
          // more than ordered
          [
            {
              packages: [
                {
                  dvyId: 1,
                  dvyFlowId: "SF123456789",
                  items: [
                    { orderItemId: i1, prodCount: 3 },
                    { orderItemId: i2, prodCount: 3 },
                  ],
                },
              ],
            },
            "The packages do not match the ordered items",
          ],
          [
            {
              packages: [
                { dvyId: 1, dvyFlowId: "SF123456789", items: [{ orderItemId: i1, prodCount: 2 }] },
                {
                  dvyId: 2,
                  dvyFlowId: "ZT123456789",
                  items: [
                    { orderItemId: i1, prodCount: 1 },
                    { orderItemId: i2, prodCount: 3 },
                  ],
                },
              ],
            },
            "The packages do not match the ordered items",
          ],
          // something left unshipped
          [
            { packages: [{ dvyId: 1, dvyFlowId: "SF123456789", items: [{ orderItemId: i1, prodCount: 2 }] }] },
            "The packages do not match the ordered items",
          ],
          [
            { packages: [{ dvyId: 1, dvyFlowId: "SF123456789", items: [{ orderItemId: i1, prodCount: 0 }] }] },
            "Quantity is out of the allowed range",
          ],
        ];
        for (const [body, msg] of cases) {
          const r = await ship(shop1, paid.orderNumber, body);
          expect(r.body, JSON.stringify(body)).toMatchObject({ code: "A00001", msg });
        }
        expect(await statusOf(paid.orderNumber)).toBe(2);
        expect(await packagesOf(paid.orderNumber)).toEqual([]);
        expect(
          (await ship(shop1, paid.orderNumber, { packages: [{ dvyId: 99, dvyFlowId: "SF123456789" }] }, "zh")).body.msg,
        ).toBe("请选择正确的物流公司");
      });

      it("an unpaid order cannot be shipped", async () => {
        const r = await ship(shop1, unpaid.orderNumber, { packages: [{ dvyId: 1, dvyFlowId: "SF123456789" }] });
        expect(r.body).toMatchObject({ code: "A00001", msg: "This order cannot be shipped now" });
        expect(await statusOf(unpaid.orderNumber)).toBe(1);
      });

      it("another shop's order is 'not found' and stays unshipped", async () => {
        const r = await ship(shop1, foreign.orderNumber, { dvyId: 1, dvyFlowId: "SF123456789" });
        expect(r.body).toMatchObject({ code: "A00001", msg: "Order not found" });
        expect(await statusOf(foreign.orderNumber)).toBe(2);
        expect(await packagesOf(foreign.orderNumber)).toEqual([]);
      });

      it("ships in several packages; the rest goes in the package without items", async () => {
        const [i1, i2] = paid.orderItemIds as [number, number];
        const r = okData(
          await ship(shop1, paid.orderNumber, {
            packages: [
              {
                dvyId: 1,
                dvyFlowId: "SF1000000001",
                items: [
                  { orderItemId: i1, prodCount: 1 },
                  { orderItemId: i2, prodCount: 1 },
                ],
              },
              { dvyId: 2, dvyFlowId: "ZTO-2000000002", items: [{ orderItemId: i2, prodCount: 2 }] },
              { dvyId: 3, dvyFlowId: "YT3000000003" },
            ],
          }),
        );
        expect(r.orderDeliveryIds).toHaveLength(3);
        expect(await statusOf(paid.orderNumber)).toBe(3);
        const d = okData(await m<MerchantOrderDetailDto>(`/merchant/orders/${paid.orderNumber}`, { token: shop1 }));
        expect(d.status).toBe(3);
        expect(d.dvyTime).toBeTruthy();
        expect(d.receiptDeadline).toBeTruthy();
        expect(d.deliveries.map((p) => [p.dvyName, p.dvyFlowId, p.productNums, p.state])).toEqual([
          ["SF Express", "SF1000000001", 2, 1],
          ["ZTO Express", "ZTO-2000000002", 2, 1],
          ["YTO Express", "YT3000000003", 1, 1],
        ]);
        expect(d.deliveries[2]!.orderItems).toEqual([expect.objectContaining({ orderItemId: i1, prodCount: 1 })]);
        expect(d.deliveries[0]!.traces).toHaveLength(1);
        const [job] = await app.ctx.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, "orderAutoConfirm"), eq(jobs.refKey, paid.orderNumber)));
        expect(job?.dueAt.toISOString()).toBe(d.receiptDeadline);
        // Shipping twice is refused.
        const again = await ship(shop1, paid.orderNumber, { dvyId: 1, dvyFlowId: "SF123456789" });
        expect(again.body.msg).toBe("This order cannot be shipped now");
        expect(await packagesOf(paid.orderNumber)).toHaveLength(3);
      });

      it("one package without items carries the whole order (single-package body)", async () => {
        const o = await createOrder(app, {
          userId: buyer.userId,
          items: [
            { skuId: skuA.skuId, prodCount: 2 },
            { skuId: skuB.skuId, prodCount: 1 },
          ],
          status: 2,
        });
        const r = okData(await ship(shop1, o.orderNumber, { dvyId: "6", dvyFlowId: " EMS12345678 " }));
        expect(r.orderDeliveryIds).toHaveLength(1);
        const [pkg] = await packagesOf(o.orderNumber);
        expect(pkg).toMatchObject({ dvyId: 6, dvyFlowId: "EMS12345678", shopId: 1 });
        expect(pkg!.items).toEqual([
          { orderItemId: o.orderItemIds[0], prodCount: 2 },
          { orderItemId: o.orderItemIds[1], prodCount: 1 },
        ]);
      });
    });

    describe("traces", () => {
      let shipped: Awaited<ReturnType<typeof createOrder>>;
      let pkg: number;
      const trace = (token: string, id: number | string, body: unknown, lang?: string) =>
        m(`/merchant/deliveries/${id}/traces`, { token, body, ...(lang ? { lang } : {}) });
      const traceCount = async () =>
        (await app.ctx.db.select().from(deliveryTraces).where(eq(deliveryTraces.orderDeliveryId, pkg))).length;

      beforeAll(async () => {
        shipped = await createOrder(app, {
          userId: buyer.userId,
          items: [{ skuId: skuA.skuId, prodCount: 1 }],
          status: 3,
        });
        pkg = shipped.deliveryIds[0]!;
      });

      it("appends events; the detail shows them newest first and the package takes the state", async () => {
        const t0 = Date.now();
        // No acceptTime = now; the others are later.
        expect((await trace(shop1, pkg, { state: 2, acceptStation: "Shanghai hub" })).body.code).toBe("00000");
        expect(
          (
            await trace(shop1, pkg, {
              state: "201",
              acceptStation: "Arrived in Hangzhou",
              acceptTime: new Date(t0 + 1000).toISOString(),
            })
          ).body.code,
        ).toBe("00000");
        expect(
          (
            await trace(shop1, pkg, {
              state: 3,
              acceptStation: "Signed by the receiver",
              acceptTime: new Date(t0 + 2000).toISOString(),
            })
          ).body.code,
        ).toBe("00000");
        const d = okData(await m<MerchantOrderDetailDto>(`/merchant/orders/${shipped.orderNumber}`, { token: shop1 }));
        const p = d.deliveries[0]!;
        expect(p.state).toBe(3);
        expect(p.traces.map((t) => [t.state, t.acceptStation])).toEqual([
          [3, "Signed by the receiver"],
          [201, "Arrived in Hangzhou"],
          [2, "Shanghai hub"],
          [1, ""],
        ]);
      });

      it("refuses bad input, other shops' and unknown packages; nothing is added", async () => {
        const before = await traceCount();
        const cases: [string, number | string, unknown, string][] = [
          [shop1, pkg, { state: 7, acceptStation: "x" }, "Invalid logistics state"],
          [shop1, pkg, { acceptStation: "x" }, "Invalid logistics state"],
          [shop1, pkg, { state: 2, acceptStation: "   " }, "Logistics text must be 1-200 characters"],
          [shop1, pkg, { state: 2, acceptStation: "x".repeat(201) }, "Logistics text must be 1-200 characters"],
          [shop1, pkg, { state: 2, acceptStation: "ok", acceptTime: "yesterday" }, "Invalid logistics time"],
          [
            shop1,
            pkg,
            { state: 2, acceptStation: "ok", acceptTime: new Date(Date.now() + 86_400_000).toISOString() },
            TRACE_TIME_MSG,
          ],
          [shop1, pkg, { state: 2, acceptStation: "ok", acceptTime: "1900-01-01T00:00:00Z" }, TRACE_TIME_MSG],
          [
            shop1,
            pkg,
            { state: 2, acceptStation: "ok", acceptTime: new Date(Date.now() - 3_600_000).toISOString() },
            TRACE_TIME_MSG,
          ],
          [shop1, pkg, { state: 2, acceptStation: "ok", acceptTime: "9999-12-31 23:59" }, TRACE_TIME_MSG],
          [shop1, pkg, { state: 2, acceptStation: "Hub\u0007" }, "The text contains characters that are not allowed"],
          [shop2, pkg, { state: 2, acceptStation: "ok" }, "Package not found"],
          [shop1, 99_999_999, { state: 2, acceptStation: "ok" }, "Package not found"],
          [shop1, "abc", { state: 2, acceptStation: "ok" }, "Package not found"],
        ];
        for (const [token, id, body, msg] of cases) {
          expect((await trace(token, id, body)).body, JSON.stringify(body)).toMatchObject({ code: "A00001", msg });
        }
        expect((await trace(shop2, pkg, { state: 2, acceptStation: "ok" }, "zh-tw")).body.msg).toBe("包裹不存在");
        expect(await traceCount()).toBe(before);
        expect((await trace("", pkg, { state: 2, acceptStation: "ok" })).body.code).toBe("A00004");
        expect((await trace(buyer.token, pkg, { state: 2, acceptStation: "ok" })).body.code).toBe("A00004");
      });

      it("no traces on completed or closed orders", async () => {
        for (const status of [5, 6] as const) {
          const done = await createOrder(app, {
            userId: buyer.userId,
            items: [{ skuId: skuA.skuId, prodCount: 1 }],
            status: 3,
          });
          const id = done.deliveryIds[0]!;
          await app.ctx.db.update(orders).set({ status }).where(eq(orders.orderNumber, done.orderNumber));
          const before = (await app.ctx.db.select().from(deliveryTraces).where(eq(deliveryTraces.orderDeliveryId, id)))
            .length;
          expect((await trace(shop1, id, { state: 2, acceptStation: "Late event" })).body).toMatchObject({
            code: "A00001",
            msg: "The order is completed or closed: no more logistics updates",
          });
          expect(
            (await app.ctx.db.select().from(deliveryTraces).where(eq(deliveryTraces.orderDeliveryId, id))).length,
          ).toBe(before);
        }
      });

      it("the buyer sees the events (GET /p/myDelivery/orderInfo/{orderNumber}, when it exists)", async () => {
        expect(
          (
            await trace(shop1, pkg, {
              state: 2,
              acceptStation: "Sorting centre Suzhou",
              acceptTime: new Date(Date.now() + 5 * 60_000).toISOString(),
            })
          ).body.code,
        ).toBe("00000");
        const r = await call<
          { orderDeliveryId: number; state: number; traces: { state: number; acceptStation: string }[] }[]
        >(`/p/myDelivery/orderInfo/${shipped.orderNumber}`, { user: buyer });
        if (r.body.code === "A00013") return; // the buyer logistics endpoint is not there yet
        const mine = okData(r).find((p) => p.orderDeliveryId === pkg)!;
        expect(mine.state).toBe(2);
        expect(mine.traces[0]).toMatchObject({ state: 2, acceptStation: "Sorting centre Suzhou" });
        // Another buyer does not see the package.
        const other = await createTestUser(app, "nosy");
        expect((await call(`/p/myDelivery/orderInfo/${shipped.orderNumber}`, { user: other })).body.code).not.toBe(
          "00000",
        );
      });
    });
  });
  describe("ops CLI (scripts/ops/) against the API", () => {
    let dir: string;
    let order: Awaited<ReturnType<typeof createOrder>>;
    let unpaid: Awaited<ReturnType<typeof createOrder>>;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-ops-"));
      order = await createOrder(app, {
        userId: buyer.userId,
        items: [
          { skuId: skuA.skuId, prodCount: 2 },
          { skuId: skuB.skuId, prodCount: 1 },
        ],
        status: 2,
      });
      unpaid = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: skuA.skuId, prodCount: 1 }],
        status: 1,
      });
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    /** Runs the CLI with the in-process API as its fetch; answers the exit code and what it printed. */
    const ops = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const io: OpsIO = {
        fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
          app.api.fetch(new Request(input, init))) as typeof fetch,
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        env: { HOME: dir },
        openDb: async () => ({ db: app.ctx.db, driver: app.ctx.database.driver, close: async () => {} }),
      };
      const code = await runOps(
        [...argv, "--url", "http://mall.test", "--token-file", path.join(dir, "tokens.json")],
        io,
      );
      return { code, out: out.join("\n"), err: err.join("\n") };
    };

    it("needs a login first; bad usage exits 2", async () => {
      expect(await ops("orders")).toMatchObject({ code: 1, err: expect.stringContaining("not logged in") });
      expect((await ops("ship", order.orderNumber)).code).toBe(2);
      expect((await ops("nonsense")).code).toBe(2);
      expect((await ops("orders", "--bogus")).code).toBe(2);
      expect(await ops("login", "--user", "shop01", "--password", "wrong-one")).toMatchObject({
        code: 1,
        err: "error: Wrong account or password",
      });
    });

    it("login caches the token; orders, order, ship, trace work with it", async () => {
      const login = await ops("login", "--user", "shop01", "--password", "Shop1234");
      expect(login).toMatchObject({ code: 0, out: expect.stringContaining("logged in as shop01 (shop 1)") });
      const cache = JSON.parse(fs.readFileSync(path.join(dir, "tokens.json"), "utf8"));
      expect(cache["http://mall.test"].current).toBe("shop01");

      const list = await ops("orders", "--status", "2");
      expect(list.code).toBe(0);
      expect(list.out).toContain(order.orderNumber);
      expect(list.out).not.toContain(unpaid.orderNumber);

      const detail = await ops("order", order.orderNumber);
      expect(detail.code).toBe(0);
      expect(detail.out).toContain(`orderItemId`);
      expect(detail.out).toContain(String(order.orderItemIds[0]));
      expect(detail.out).toContain("packages: none");

      const [i1, i2] = order.orderItemIds as [number, number];
      const shipped = await ops(
        "ship",
        order.orderNumber,
        "--package",
        `sf/SF5550000001/${i1}:1`,
        "--package",
        `2/ZT5550000002/${i1}:1,${i2}:1`,
      );
      expect(shipped).toMatchObject({ code: 0, out: expect.stringMatching(/shipped \d+ in 2 package\(s\)/) });
      const ids = [...shipped.out.matchAll(/#(\d+)/g)].map((m) => m[1]!);

      expect(await ops("trace", ids[0]!, "--state", "in-transit", "--station", "Shanghai hub")).toMatchObject({
        code: 0,
      });
      const after = await ops("order", order.orderNumber, "--json");
      const d = JSON.parse(after.out) as MerchantOrderDetailDto;
      expect(d.status).toBe(3);
      expect(d.deliveries.map((p) => p.dvyFlowId)).toEqual(["SF5550000001", "ZT5550000002"]);
      expect(d.deliveries[0]!.traces[0]).toMatchObject({ state: 2, acceptStation: "Shanghai hub" });
    });

    it("refusals print the mall's message (in --lang) and exit 1", async () => {
      expect(await ops("ship", unpaid.orderNumber, "--company", "1", "--tracking", "SF123456789")).toMatchObject({
        code: 1,
        err: "error: This order cannot be shipped now",
      });
      expect(
        await ops("ship", unpaid.orderNumber, "--company", "1", "--tracking", "SF123456789", "--lang", "zh"),
      ).toMatchObject({ code: 1, err: "error: 订单当前不能发货" });
      expect(await ops("trace", "99999999", "--state", "2", "--station", "x")).toMatchObject({
        code: 1,
        err: "error: Package not found",
      });
      expect((await ops("trace", "1", "--state", "flying", "--station", "x")).code).toBe(2);
      expect((await ops("ship", order.orderNumber, "--company", "express", "--tracking", "SF123456789")).code).toBe(2);
    });

    it("a revoked token with --password logs in again; logout forgets the token", async () => {
      await ops("login", "--user", "shop01", "--password", "Shop1234");
      expect((await ops("logout")).out).toBe("logged out shop01");
      expect((await ops("orders")).code).toBe(1);
      expect((await ops("orders", "--user", "shop01", "--password", "Shop1234")).code).toBe(0);
    });

    it("jobs run runs the due jobs against the database", async () => {
      const r = await ops("jobs", "run", "--now", new Date(Date.now() + 40 * 60_000).toISOString());
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/\d+ done/);
      expect(
        (
          await app.ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.orderNumber, unpaid.orderNumber))
        )[0]!.s,
      ).toBe(6);
      expect((await ops("jobs", "run", "--now", "soon")).code).toBe(2);
    });
  });
});
