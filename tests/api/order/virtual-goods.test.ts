/**
 * Virtual goods end to end (docs/virtual-goods.md): checkout without address or freight, one code
 * per unit on payment, the shop verifies a code once (API and ops), expired / used / another
 * shop's codes refused, after-sales rules, and completion on the last code or by the expiry job.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import type { BalancePayDto, OrderConfirmDto, OrderDetailDto } from "../../../src/lib/order/order-types.ts";
import type { OrderNumbersDto } from "../../../src/lib/order/order-types.ts";
import { writeOffExpiresAt } from "../../../src/lib/order/virtual-goods.ts";
import { cartItems, orders, orderWriteOffs, products, skus, users } from "../../../src/server/db/schema/index.ts";
import { runDueJobs } from "../../../src/server/all-jobs.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { opsCli } from "../ops-helpers.ts";
import { pickSku } from "../order-fixtures.ts";

type Item = { prodId: number; skuId: number; shopId: number; price: string };

describe.skipIf(!dbReady)("virtual goods", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let shop1: TestUser;
  let shop2: TestUser;
  let gift: Item;
  let voucher: Item;
  let ticket: Item;
  let tmp: string;

  const db = () => app.ctx.db;
  const virtualItem = async (writeOffTime: number): Promise<Item> => {
    const [row] = await db()
      .select({ prodId: products.prodId, skuId: skus.skuId, shopId: products.shopId, price: skus.price })
      .from(products)
      .innerJoin(skus, eq(skus.prodId, products.prodId))
      .where(and(eq(products.mold, 1), eq(products.writeOffTime, writeOffTime)))
      .orderBy(asc(products.prodId))
      .limit(1);
    return row!;
  };
  const merchant = async (username: string): Promise<TestUser> => ({
    userId: "",
    token: okData(await call<{ accessToken: string }>("/merchant/login", { body: { username, password: "Shop1234" } }))
      .accessToken,
  });
  const buyNow = (it: Item, prodCount: number) => ({
    orderItem: { prodId: it.prodId, skuId: it.skuId, shopId: it.shopId, prodCount },
  });
  /** Confirm, submit and pay with the balance; answers the order number. */
  async function buy(it: Item, prodCount: number, lang = "en"): Promise<string> {
    const c = okData(
      await call<OrderConfirmDto>("/p/order/confirm", { user: alice, body: buyNow(it, prodCount), lang }),
    );
    const { orderNumbers } = okData(
      await call<OrderNumbersDto>("/p/order/submit", { user: alice, body: { uuid: c.uuid }, lang }),
    );
    const paid = okData(await call<BalancePayDto>("/p/order/pay", { user: alice, body: { payType: 9, orderNumbers } }));
    expect(paid.type).toBe(1);
    return orderNumbers;
  }
  const detail = async (orderNumber: string, lang = "en") =>
    okData(await call<OrderDetailDto>(`/p/myOrder/orderDetail?orderNumber=${orderNumber}`, { user: alice, lang }));
  const verify = (code: string, shop: TestUser, lang = "en") =>
    call<{ orderCompleted: boolean; orderNumber: string }>("/merchant/writeOff", { user: shop, body: { code }, lang });
  const orderRow = async (n: string) => (await db().select().from(orders).where(eq(orders.orderNumber, n)))[0]!;
  const apply = (orderNumber: string, extra: Record<string, unknown>, lang = "en") =>
    call<{ refundSn: string }>("/p/orderRefund/apply", {
      user: alice,
      lang,
      body: { orderNumber, refundType: 2, applyType: 1, buyerReason: 5, buyerMobile: "13800138000", ...extra },
    });

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), "vg-ops-"));
    alice = await createTestUser(app, "alice");
    await db().update(users).set({ balance: "5000.00" }).where(eq(users.userId, alice.userId));
    shop1 = await merchant("shop01");
    shop2 = await merchant("shop02");
    gift = await virtualItem(-1);
    voucher = await virtualItem(30);
    ticket = await virtualItem(0);
  });
  afterAll(async () => {
    await app?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it("the seed has a long-term gift card, a 30-day voucher and a non-refundable same-day ticket", async () => {
    expect([gift, voucher, ticket].every((x) => x && x.shopId === 1)).toBe(true);
    const [t] = await db().select().from(products).where(eq(products.prodId, ticket.prodId));
    expect(t).toMatchObject({ mold: 1, writeOffTime: 0, isRefund: 0 });
    const d = okData(
      await call<{ mold: number; writeOffTime: number; isRefund: number }>(`/prod/prodInfo?prodId=${voucher.prodId}`),
    );
    expect(d).toMatchObject({ mold: 1, writeOffTime: 30, isRefund: 1 });
  });

  it("a virtual checkout needs no address and no freight; mixed carts are refused in three languages", async () => {
    const c = okData(await call<OrderConfirmDto>("/p/order/confirm", { user: alice, body: buyNow(voucher, 1) }));
    expect(c).toMatchObject({ orderMold: 1, userAddr: null, totalTransFee: "0.00" });
    expect(c.shopCartOrders[0]!.shopCartItemDiscounts[0]!.shopCartItems[0]).toMatchObject({
      mold: 1,
      writeOffTime: 30,
    });
    const physical = await pickSku(app, { stock: 100 });
    for (const it of [physical, voucher]) {
      okData(
        await call("/p/shopCart/changeItem", {
          user: alice,
          body: { prodId: it.prodId, skuId: it.skuId, shopId: it.shopId, count: 1 },
        }),
      );
    }
    const lines = await db()
      .select({ id: cartItems.basketId })
      .from(cartItems)
      .where(eq(cartItems.userId, alice.userId));
    expect(lines).toHaveLength(2);
    const mixed = { basketIds: lines.map((l) => l.id) };
    expect((await call("/p/order/confirm", { user: alice, body: mixed })).body.msg).toBe(
      "Virtual goods are ordered on their own: check them out separately from physical goods",
    );
    expect((await call("/p/order/confirm", { user: alice, body: mixed, lang: "zh" })).body.msg).toBe(
      "虚拟商品需单独下单，请勿与实物商品一起结算",
    );
    expect((await call("/p/order/confirm", { user: alice, body: mixed, lang: "zh-TW" })).body.msg).toBe(
      "虛擬商品需單獨下單，請勿與實體商品一起結帳",
    );
  });

  it("payment issues one unguessable code per unit with its validity; the shop uses each once", async () => {
    const n = await buy(voucher, 2);
    const o = await orderRow(n);
    expect(o).toMatchObject({ status: 2, orderMold: 1, dvyType: 3, freightAmount: "0.00" });
    const d = await detail(n);
    expect(d.orderMold).toBe(1);
    expect(d.writeOffCodes).toHaveLength(2);
    const expires = writeOffExpiresAt(30, o.payTime!)!.toISOString();
    for (const c of d.writeOffCodes) {
      expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
      expect(c).toMatchObject({ status: 0, expiresAt: expires, usedAt: null });
    }
    expect(d.writeOffCodes[0]!.code).not.toBe(d.writeOffCodes[1]!.code);
    const [first, second] = d.writeOffCodes.map((c) => c.code);

    // Another shop's code answers exactly like one that does not exist (it tells nothing); a badly
    // typed or unknown code is refused too.
    const foreign = await verify(first!, shop2);
    const missing = await verify("000000000000", shop2);
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: missing.status, body: missing.body });
    expect(foreign.body.msg).toBe("No such write-off code");
    expect((await verify("abc", shop1)).body.msg).toBe("This is not a write-off code (12 letters and digits)");
    expect((await verify("000000000000", shop1)).body.msg).toBe("No such write-off code");
    // The merchant cannot ship it.
    expect(
      (await call(`/merchant/orders/${n}/ship`, { user: shop1, body: { dvyId: 1, dvyFlowId: "SF1234567" } })).body.msg,
    ).toBe("A virtual-goods order is not shipped: verify the buyer's write-off codes instead");

    // Typed as shown (lower case, dashes): used once.
    const typed = `${first!.slice(0, 4)}-${first!.slice(4, 8)}-${first!.slice(8)}`.toLowerCase();
    // The answer gives the code as the buyer sees it, dashes included.
    expect(okData(await verify(typed, shop1))).toMatchObject({
      code: typed.toUpperCase(),
      orderNumber: n,
      orderCompleted: false,
    });
    const again = await verify(first!, shop1);
    expect(again.body.code).toBe("A00001");
    expect(again.body.msg).toMatch(/^This code was already used at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Beijing time\)/);
    expect((await verify(first!, shop1, "zh")).body.msg).toMatch(/^该核销码已于 .+（北京时间）使用，不能重复核销$/);
    expect((await orderRow(n)).status).toBe(2);

    // The last code completes the order and the buyer earns points.
    const pointsBefore = (await db().select().from(users).where(eq(users.userId, alice.userId)))[0]!.score;
    expect(okData(await verify(second!, shop1))).toMatchObject({ orderCompleted: true });
    const done = await orderRow(n);
    expect(done.status).toBe(5);
    expect(done.finallyTime).not.toBeNull();
    const pointsAfter = (await db().select().from(users).where(eq(users.userId, alice.userId)))[0]!.score;
    expect(pointsAfter).toBeGreaterThan(pointsBefore);
    expect((await detail(n)).writeOffCodes.map((c) => c.status)).toEqual([1, 1]);
  });

  it("an expired code is refused; the expiry job completes the order", async () => {
    const n = await buy(ticket, 1, "zh");
    const [code] = (await detail(n)).writeOffCodes;
    expect(code!.expiresAt).toBe(writeOffExpiresAt(0, (await orderRow(n)).payTime!)!.toISOString());
    // Time passes: the day of payment is over.
    await db()
      .update(orderWriteOffs)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orderWriteOffs.code, code!.code));
    expect((await verify(code!.code, shop1)).body.msg).toMatch(/^This code expired at .+ \(Beijing time\)$/);
    expect((await verify(code!.code, shop1, "zh-TW")).body.msg).toMatch(/^該核銷碼已於 .+（北京時間）過期$/);
    expect((await orderRow(n)).status).toBe(2);
    await runDueJobs(db(), new Date(new Date(code!.expiresAt!).getTime() + 1000));
    expect((await orderRow(n)).status).toBe(5);
  });

  it("non-refundable goods refuse after-sales; refundable ones refund unused codes only, which become void", async () => {
    const t = await buy(ticket, 1);
    const tItem = (await detail(t)).orderItemDtos[0]!;
    expect((await apply(t, { orderItemId: tItem.orderItemId, refundAmount: "1.00" })).body.msg).toBe(
      "This virtual product is non-refundable: no after-sales application is possible",
    );
    expect((await call(`/p/orderRefund/preview?orderNumber=${t}`, { user: alice, lang: "zh" })).body.msg).toBe(
      "该虚拟商品不支持退款，不能申请售后",
    );

    const g = await buy(gift, 3);
    const gd = await detail(g);
    const item = gd.orderItemDtos[0]!;
    okData(await verify(gd.writeOffCodes[0]!.code, shop1));
    expect((await apply(g, { refundType: 1, refundAmount: "1.00" })).body.msg).toBe(
      "Some codes of this order are used or expired: apply for the unused codes of an item instead",
    );
    expect((await apply(g, { orderItemId: item.orderItemId, goodsNum: 3, refundAmount: "1.00" })).body.msg).toBe(
      "You can return at most 2 of this item",
    );
    expect((await apply(g, { orderItemId: item.orderItemId, applyType: 2, refundAmount: "1.00" })).body.msg).toBe(
      "Virtual goods are refunded without a return: choose refund only",
    );
    const { refundSn } = okData(await apply(g, { orderItemId: item.orderItemId, goodsNum: 2, refundAmount: "200.00" }));
    // While the application is open the codes of that item cannot be used.
    expect((await verify(gd.writeOffCodes[1]!.code, shop1)).body.msg).toBe(
      "An after-sales application for this item is open; the code cannot be used now",
    );
    okData(await call(`/merchant/refunds/${refundSn}/accept`, { user: shop1, body: {} }));
    const after = await detail(g);
    expect(after.writeOffCodes.map((c) => c.status).sort()).toEqual([1, 2, 2]);
    expect((await verify(after.writeOffCodes.find((c) => c.status === 2)!.code, shop1)).body.msg).toBe(
      "This code was refunded and is void",
    );
    // Nothing usable is left: the order is completed (one code used, two refunded).
    expect((await orderRow(g)).status).toBe(5);
    expect((await apply(g, { orderItemId: item.orderItemId, refundAmount: "1.00" })).body.code).toBe("A00001");
  });

  it("My orders: a paid virtual order is to be used (tab 8), not to ship (tab 2); the preview marks its lines", async () => {
    const n = await buy(gift, 1);
    const numbers = async (status: number) =>
      okData(
        await call<{ records: { orderNumber: string }[] }>(`/p/myOrder/myOrder?status=${status}&size=100`, {
          user: alice,
        }),
      ).records.map((r) => r.orderNumber);
    expect(await numbers(8)).toContain(n);
    expect(await numbers(2)).not.toContain(n);
    const counts = okData(await call<{ toUse: number; payed: number }>("/p/myOrder/orderCount", { user: alice }));
    expect(counts.toUse).toBe((await numbers(8)).length);
    expect(counts.payed).toBe((await numbers(2)).length);
    const preview = okData(
      await call<{ items: { virtual: boolean }[] }>(`/p/orderRefund/preview?orderNumber=${n}`, { user: alice }),
    );
    expect(preview.items.map((i) => i.virtual)).toEqual([true]);
  });

  it("npm run ops -- write-off uses a code once", async () => {
    const n = await buy(gift, 1);
    const [code] = (await detail(n)).writeOffCodes;
    const ops = opsCli(app, tmp);
    expect((await ops("login", "--user", "shop01", "--password", "Shop1234")).code).toBe(0);
    const r = await ops("write-off", code!.code);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`of order ${n}`);
    expect(r.out).toContain("valid long-term");
    expect(r.out).toContain("the order is completed");
    const again = await ops("write-off", code!.code);
    expect(again.code).not.toBe(0);
    expect(again.err).toMatch(/already used/);
  });
});
