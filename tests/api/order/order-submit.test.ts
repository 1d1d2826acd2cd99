/** Checkout: POST /p/order/confirm, POST /p/order/submit (CONTRACT §4.2-§4.3; docs/order.md "Submit order"). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { OrderConfirmDto, OrderNumbersDto } from "../../../src/lib/order/order-types.ts";
import {
  addresses,
  cartItems,
  discounts,
  jobs,
  orderItems,
  orders,
  products,
  shopFreightRules,
  skus,
  submitTokens,
  userLedger,
  users,
} from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

type Item = { prodId: number; shopId: number; skuId: number };

describe.skipIf(!dbReady)("order confirm / submit API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  // a2/b2: shop 2 (8.00, free at 99), c5: shop 5 (12.00, never free), d6: shop 6 without a rule row (default 10.00, free at 99).
  let a2: Item;
  let b2: Item;
  let c5: Item;
  let d6: Item;
  let scarce: Item;
  let seq = 0;

  const db = () => app.ctx.db;

  async function pick(shopId: number, exclude: number[]): Promise<Item> {
    const [r] = await db()
      .select({ prodId: products.prodId, shopId: products.shopId, skuId: skus.skuId })
      .from(products)
      .innerJoin(skus, eq(skus.prodId, products.prodId))
      .where(
        and(
          eq(products.shopId, shopId),
          eq(products.status, 1),
          eq(skus.status, 1),
          notInArray(products.prodId, [0, ...exclude]),
        ),
      )
      .orderBy(asc(products.prodId), asc(skus.skuId))
      .limit(1);
    return r!;
  }
  async function setSku(it: Item, price: string, stocks: number) {
    await db().update(skus).set({ price, stocks }).where(eq(skus.skuId, it.skuId));
    await db().update(products).set({ totalStocks: 1000 }).where(eq(products.prodId, it.prodId));
  }
  const stockOf = async (it: Item) =>
    (await db().select({ s: skus.stocks }).from(skus).where(eq(skus.skuId, it.skuId)))[0]!.s;
  const totalStocksOf = async (it: Item) =>
    (await db().select({ s: products.totalStocks }).from(products).where(eq(products.prodId, it.prodId)))[0]!.s;
  const pointsOf = async (u: TestUser) =>
    (await db().select({ s: users.score }).from(users).where(eq(users.userId, u.userId)))[0]!.s;
  const ordersOf = async (u: TestUser) =>
    db().select().from(orders).where(eq(orders.userId, u.userId)).orderBy(asc(orders.orderId));
  const cartOf = async (u: TestUser) =>
    db().select().from(cartItems).where(eq(cartItems.userId, u.userId)).orderBy(asc(cartItems.basketId));

  async function buyer(
    name: string,
    opts: { score?: number; address?: boolean } = {},
  ): Promise<TestUser & { addrId: number }> {
    const u = await createTestUser(app, `${name}${++seq}`);
    if (opts.score) await db().update(users).set({ score: opts.score }).where(eq(users.userId, u.userId));
    let addrId = 0;
    if (opts.address !== false) {
      const [a] = await db()
        .insert(addresses)
        .values({
          userId: u.userId,
          receiver: "Li Lei",
          mobile: "13800138000",
          provinceId: 11,
          province: "北京市",
          cityId: 1101,
          city: "北京市",
          areaId: 110101,
          area: "东城区",
          addr: "Wangfujing Street 1",
          commonAddr: 1,
        })
        .returning({ addrId: addresses.addrId });
      addrId = a!.addrId;
    }
    return { ...u, addrId };
  }
  async function addCart(u: TestUser, it: Item, n: number): Promise<number> {
    okData(
      await call("/p/shopCart/changeItem", {
        user: u,
        body: { prodId: it.prodId, skuId: it.skuId, shopId: it.shopId, count: n },
      }),
    );
    const [row] = await db()
      .select({ id: cartItems.basketId })
      .from(cartItems)
      .where(and(eq(cartItems.userId, u.userId), eq(cartItems.skuId, it.skuId)));
    return row!.id;
  }
  const confirm = (u: TestUser, body: unknown, lang?: string) =>
    call<OrderConfirmDto>("/p/order/confirm", { user: u, body, ...(lang ? { lang } : {}) });
  const submit = (u: TestUser, body: unknown, lang?: string) =>
    call<OrderNumbersDto>("/p/order/submit", { user: u, body, ...(lang ? { lang } : {}) });
  const buyNow = (it: Item, prodCount: number) => ({
    orderItem: { prodId: it.prodId, skuId: it.skuId, shopId: it.shopId, prodCount },
  });

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    // The demo seed's limited-time discounts would change the amounts these tests check.
    await db().update(discounts).set({ status: 0 });
    a2 = await pick(2, [85, 304]);
    b2 = await pick(2, [85, 304, a2.prodId]);
    c5 = await pick(5, [85, 304]);
    d6 = await pick(6, [85, 304]);
    scarce = await pick(3, [85, 304]);
    await setSku(a2, "30.00", 100);
    await setSku(b2, "19.50", 100);
    await setSku(c5, "50.00", 100);
    await setSku(d6, "100.00", 100);
    await setSku(scarce, "9.90", 10);
    await db().delete(shopFreightRules).where(eq(shopFreightRules.shopId, 6));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("needs a token", async () => {
    expect((await call("/p/order/confirm", { user: null, body: buyNow(a2, 1) })).body.code).toBe("A00004");
    expect((await call("/p/order/submit", { user: null, body: { uuid: "x" } })).body.code).toBe("A00004");
  });

  it("confirm of cart lines: one shop order per shop, freight per shop rule (free-over threshold, default rule), nothing changed", async () => {
    const u = await buyer("cart");
    const ids = [await addCart(u, a2, 2), await addCart(u, c5, 1), await addCart(u, d6, 1)];
    const stocks = [await stockOf(a2), await stockOf(c5), await stockOf(d6)];
    const d = okData(await confirm(u, { basketIds: ids }));
    expect(d.uuid.length).toBeGreaterThanOrEqual(32);
    expect(new Date(d.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    const byShop = new Map(d.shopCartOrders.map((s) => [s.shopId, s]));
    expect([...byShop.keys()].sort()).toEqual([2, 5, 6]);
    expect(byShop.get(2)).toMatchObject({
      total: "60.00",
      transFee: "8.00",
      freeOver: "99.00",
      scoreReduce: "0.00",
      actualTotal: "68.00",
      totalCount: 2,
    });
    expect(byShop.get(5)).toMatchObject({
      total: "50.00",
      transFee: "12.00",
      freeOver: null,
      actualTotal: "62.00",
      totalCount: 1,
    });
    expect(byShop.get(6)).toMatchObject({
      total: "100.00",
      transFee: "0.00",
      freeOver: "99.00",
      actualTotal: "100.00",
    });
    expect(d).toMatchObject({
      total: "210.00",
      totalTransFee: "20.00",
      totalCount: 4,
      actualTotal: "230.00",
      isScorePay: 0,
      useScore: 0,
      totalScoreAmount: "0.00",
      shopUseScore: 100,
      orderType: "ORDINARY",
    });
    const line = byShop.get(2)!.shopCartItemDiscounts[0]!.shopCartItems[0]!;
    expect(line).toMatchObject({
      basketId: ids[0],
      prodId: a2.prodId,
      skuId: a2.skuId,
      price: "30.00",
      prodCount: 2,
      productTotalAmount: "60.00",
    });
    expect(line.prodName.length).toBeGreaterThan(0);
    expect(d.userAddr).toMatchObject({
      addrId: u.addrId,
      receiver: "Li Lei",
      addr: "Wangfujing Street 1",
      province: "Beijing",
      city: "City Districts",
      area: "Dongcheng District",
    });
    // Nothing but the token changed.
    expect([await stockOf(a2), await stockOf(c5), await stockOf(d6)]).toEqual(stocks);
    expect(await cartOf(u)).toHaveLength(3);
    expect(await ordersOf(u)).toHaveLength(0);
    const [tok] = await db().select().from(submitTokens).where(eq(submitTokens.token, d.uuid));
    expect(tok).toMatchObject({ userId: u.userId, usedAt: null, orderNumbers: null });
    expect(tok!.payload).toMatchObject({ source: "cart", basketIds: ids, addrId: u.addrId });
  });

  it("the free-over threshold itself ships free; just below pays", async () => {
    const u = await buyer("edge");
    await setSku(b2, "99.00", 100);
    expect(okData(await confirm(u, buyNow(b2, 1))).shopCartOrders[0]).toMatchObject({
      total: "99.00",
      transFee: "0.00",
      actualTotal: "99.00",
    });
    await setSku(b2, "98.99", 100);
    expect(okData(await confirm(u, buyNow(b2, 1))).shopCartOrders[0]).toMatchObject({
      total: "98.99",
      transFee: "8.00",
      actualTotal: "106.99",
    });
    await setSku(b2, "19.50", 100);
  });

  it("confirm buy now: one line with basketId 0", async () => {
    const u = await buyer("now");
    const d = okData(await confirm(u, buyNow(c5, 3)));
    expect(d.shopCartOrders).toHaveLength(1);
    expect(d.shopCartOrders[0]).toMatchObject({ shopId: 5, total: "150.00", transFee: "12.00", actualTotal: "162.00" });
    expect(d.shopCartOrders[0]!.shopCartItemDiscounts[0]!.shopCartItems[0]).toMatchObject({
      basketId: 0,
      prodCount: 3,
      price: "50.00",
    });
  });

  it("confirm buy now refusals: quantity, stock, product / SKU / shop", async () => {
    const u = await buyer("nowbad");
    for (const n of [0, -1, 1.5, "x"])
      expect((await confirm(u, buyNow(c5, n as number))).body, String(n)).toMatchObject({
        code: "A00001",
        msg: "Please enter a correct quantity",
      });
    expect((await confirm(u, buyNow(c5, 51))).body.msg).toBe("At most 50 items can be settled at once");
    expect((await confirm(u, buyNow(scarce, 11))).body).toMatchObject({ code: "A00001" });
    expect((await confirm(u, buyNow(scarce, 11))).body.msg).toMatch(/^Insufficient inventory: /);
    expect((await confirm(u, { orderItem: { ...buyNow(c5, 1).orderItem, shopId: 2 } })).body.msg).toBe(
      "The product is off the shelf or does not exist",
    );
    expect((await confirm(u, { orderItem: { ...buyNow(c5, 1).orderItem, skuId: a2.skuId } })).body.msg).toBe(
      "This specification is off the shelf or does not exist",
    );
    expect((await confirm(u, { orderItem: { ...buyNow(c5, 1).orderItem, prodId: 85 } })).body.code).toBe("A00001");
    expect((await confirm(u, {})).body.msg).toBe("Please select at least one item");
    expect((await confirm(u, { basketIds: [] })).body.msg).toBe("Please select at least one item");
    expect((await confirm(u, "{")).body.code).toBe("A00001");
    expect((await confirm(u, buyNow(c5, 0), "zh")).body.msg).toBe("请输入正确的数量");
    expect(
      Number((await db().select({ n: count() }).from(submitTokens).where(eq(submitTokens.userId, u.userId)))[0]!.n),
    ).toBe(0);
  });

  it("confirm refuses another user's basketIds and addrId, and a cart over 50 pieces", async () => {
    const owner = await buyer("owner");
    const other = await buyer("other");
    const id = await addCart(owner, a2, 1);
    expect((await confirm(other, { basketIds: [id] })).body).toMatchObject({
      code: "A00001",
      msg: "The cart item does not exist",
    });
    const mine = await addCart(other, a2, 1);
    expect((await confirm(other, { basketIds: [mine, id] })).body.msg).toBe("The cart item does not exist");
    expect((await confirm(other, { basketIds: [mine], addrId: owner.addrId })).body).toMatchObject({
      code: "A00001",
      msg: "The shipping address does not exist",
    });
    expect((await confirm(other, { basketIds: [mine], addrId: 999999 })).body.msg).toBe(
      "The shipping address does not exist",
    );
    const big = await addCart(other, b2, 50);
    expect((await confirm(other, { basketIds: [mine, big] })).body.msg).toBe("At most 50 items can be settled at once");
  });

  it("address: the default, else the newest, else none", async () => {
    const u = await buyer("addr", { address: false });
    expect(okData(await confirm(u, buyNow(a2, 1))).userAddr).toBeNull();
    const base = {
      userId: u.userId,
      receiver: "R",
      mobile: "13800138000",
      provinceId: 11,
      province: "北京市",
      cityId: 1101,
      city: "市辖区",
      areaId: 110101,
      area: "东城区",
    };
    const [first] = await db()
      .insert(addresses)
      .values({ ...base, addr: "First road 1", createdAt: new Date(Date.now() - 60_000) })
      .returning();
    const [second] = await db()
      .insert(addresses)
      .values({ ...base, addr: "Second road 2" })
      .returning();
    expect(okData(await confirm(u, buyNow(a2, 1))).userAddr!.addrId).toBe(second!.addrId);
    await db().update(addresses).set({ commonAddr: 1 }).where(eq(addresses.addrId, first!.addrId));
    expect(okData(await confirm(u, buyNow(a2, 1))).userAddr!.addrId).toBe(first!.addrId);
    expect(okData(await confirm(u, { ...buyNow(a2, 1), addrId: second!.addrId })).userAddr!.addrId).toBe(
      second!.addrId,
    );
    expect(okData(await confirm(u, { ...buyNow(a2, 1), addrId: 0 })).userAddr!.addrId).toBe(first!.addrId);
  });

  it("points: max by default, a chosen amount, split over shops; refusals", async () => {
    const u = await buyer("pts", { score: 2000 });
    const ids = [await addCart(u, a2, 2), await addCart(u, c5, 1), await addCart(u, d6, 1)];
    const max = okData(await confirm(u, { basketIds: ids, isScorePay: 1 }));
    expect(max).toMatchObject({
      userScore: 2000,
      maxUsableScore: 2000,
      useScore: 2000,
      totalScoreAmount: "20.00",
      actualTotal: "210.00",
      isScorePay: 1,
    });
    // Shops newest cart line first (6, 5, 2); proportional to 100 / 50 / 60 of 210 in multiples of
    // 10 points (950, 470, 570), the remaining 10 on the last shop.
    expect(max.shopCartOrders.map((s) => [s.shopId, s.scoreReduce])).toEqual([
      [6, "9.50"],
      [5, "4.70"],
      [2, "5.80"],
    ]);
    expect(max.shopCartOrders.map((s) => s.actualTotal)).toEqual(["90.50", "57.30", "62.20"]);
    const some = okData(await confirm(u, { basketIds: ids, isScorePay: 1, userUseScore: 100 }));
    expect(some).toMatchObject({ useScore: 100, totalScoreAmount: "1.00", actualTotal: "229.00" });
    expect(okData(await confirm(u, { basketIds: ids, isScorePay: 0, userUseScore: 100 }))).toMatchObject({
      useScore: 0,
      actualTotal: "230.00",
      maxUsableScore: 2000,
    });
    expect((await confirm(u, { basketIds: ids, isScorePay: 1, userUseScore: 15 })).body).toMatchObject({
      code: "A00001",
      msg: "Points must be a multiple of 10",
    });
    expect((await confirm(u, { basketIds: ids, isScorePay: 1, userUseScore: 3000 })).body).toMatchObject({
      code: "A00001",
      msg: "Not enough points",
    });
    const rich = await buyer("rich", { score: 100000 });
    expect(okData(await confirm(rich, { ...buyNow(c5, 1), isScorePay: 1 })).useScore).toBe(2500);
    expect((await confirm(rich, { ...buyNow(c5, 1), isScorePay: 1, userUseScore: 2510 })).body).toMatchObject({
      code: "A00001",
      msg: "The points exceed the most that can be used",
    });
  });

  it("submit of a multi-shop cart: one order per shop with its freight, snapshots, cart lines removed, points taken, jobs scheduled", async () => {
    const u = await buyer("multi", { score: 2000 });
    const keep = await addCart(u, b2, 1);
    const ids = [await addCart(u, a2, 2), await addCart(u, c5, 1), await addCart(u, d6, 1)];
    const before = { a: await stockOf(a2), c: await stockOf(c5), d: await stockOf(d6), ta: await totalStocksOf(a2) };
    const conf = okData(await confirm(u, { basketIds: ids, isScorePay: 1, userUseScore: 1000 }));
    const res = okData(
      await submit(u, {
        uuid: conf.uuid,
        isScorePay: 1,
        userUseScore: 1000,
        orderShopParams: [
          { shopId: 2, remarks: "  ring twice  " },
          { shopId: 5, remarks: "" },
        ],
        orderInvoiceList: [
          { shopId: 5, invoiceType: 2, headerName: "Acme Ltd", invoiceTaxNumber: "91110000abcdef1234" },
          { shopId: 6, invoiceType: 1, headerName: "Li Lei" },
        ],
      }),
    );
    const numbers = res.orderNumbers.split(",");
    expect(numbers).toHaveLength(3);
    for (const n of numbers) expect(n).toMatch(/^\d{19}$/);
    const list = await ordersOf(u);
    expect(list.map((o) => o.orderNumber).sort()).toEqual([...numbers].sort());
    const byShop = new Map(list.map((o) => [o.shopId, o]));
    expect(byShop.get(2)).toMatchObject({
      status: 1,
      total: "60.00",
      freightAmount: "8.00",
      remarks: "ring twice",
      productNums: 2,
      invoice: null,
      submitToken: conf.uuid,
    });
    expect(byShop.get(5)).toMatchObject({
      total: "50.00",
      freightAmount: "12.00",
      remarks: "",
      invoice: { invoiceType: 2, headerName: "Acme Ltd", invoiceTaxNumber: "91110000ABCDEF1234" },
    });
    expect(byShop.get(6)).toMatchObject({
      total: "100.00",
      freightAmount: "0.00",
      invoice: { invoiceType: 1, headerName: "Li Lei", invoiceTaxNumber: null },
    });
    expect(list.reduce((n, o) => n + o.useScore, 0)).toBe(1000);
    for (const o of list) {
      expect(Number(o.actualTotal)).toBeCloseTo(Number(o.total) + Number(o.freightAmount) - Number(o.scoreAmount), 2);
      expect(o.payDeadline.getTime() - o.createdAt.getTime()).toBe(30 * 60_000);
      expect(o.address).toMatchObject({
        receiver: "Li Lei",
        province: "北京市",
        addr: "Wangfujing Street 1",
        provinceId: 11,
      });
      expect(o.shopName.zh.length).toBeGreaterThan(0);
    }
    const items = await db().select().from(orderItems).where(inArray(orderItems.orderNumber, numbers));
    expect(items).toHaveLength(3);
    const it2 = items.find((i) => i.skuId === a2.skuId)!;
    expect(it2).toMatchObject({
      orderNumber: byShop.get(2)!.orderNumber,
      prodCount: 2,
      price: "30.00",
      productTotalAmount: "60.00",
      basketId: ids[0],
    });
    expect(it2.prodName.zh.length).toBeGreaterThan(0);
    expect(it2.prodName.en.length).toBeGreaterThan(0);
    expect(byShop.get(2)!.prodNames).toContain(it2.prodName.zh);
    // Stock taken, cart lines removed (the unbought line stays), points taken with ledger rows per order.
    expect(await stockOf(a2)).toBe(before.a - 2);
    expect(await stockOf(c5)).toBe(before.c - 1);
    expect(await stockOf(d6)).toBe(before.d - 1);
    expect(await totalStocksOf(a2)).toBe(before.ta - 2);
    expect((await cartOf(u)).map((l) => l.basketId)).toEqual([keep]);
    expect(await pointsOf(u)).toBe(1000);
    const ledger = await db()
      .select()
      .from(userLedger)
      .where(and(eq(userLedger.userId, u.userId), eq(userLedger.kind, "score")));
    expect(ledger.map((l) => Number(l.amount)).reduce((a, b) => a + b, 0)).toBe(-1000);
    expect(ledger.every((l) => l.reason === "orderUseScore" && numbers.includes(l.orderNumber!))).toBe(true);
    const js = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "orderPayTimeout"), inArray(jobs.refKey, numbers)));
    expect(js).toHaveLength(3);
    const [tok] = await db().select().from(submitTokens).where(eq(submitTokens.token, conf.uuid));
    expect(tok!.usedAt).not.toBeNull();
    expect(tok!.orderNumbers!.split(",").sort()).toEqual([...numbers].sort());
  });

  it("prices and amounts in the body are ignored: the server's prices count; a shown amount that differs is refused", async () => {
    const u = await buyer("tamper");
    const conf = okData(await confirm(u, buyNow(c5, 2)));
    await db().update(skus).set({ price: "55.00" }).where(eq(skus.skuId, c5.skuId));
    const tampered = await submit(u, { uuid: conf.uuid, actualTotal: "0.01" });
    expect(tampered.body.code).toBe("A00001");
    expect(tampered.body.msg).toContain("122.00");
    expect(await db().select().from(orders).where(eq(orders.userId, u.userId))).toHaveLength(0);
    const res = okData(
      await submit(u, {
        uuid: conf.uuid,
        price: "0.01",
        total: "0.01",
        transFee: "0",
        shopCartOrders: [{ shopId: 5, actualTotal: "0.01" }],
        orderItem: { prodId: c5.prodId, skuId: c5.skuId, prodCount: 50 },
      }),
    );
    const [o] = await db().select().from(orders).where(eq(orders.orderNumber, res.orderNumbers));
    expect(o).toMatchObject({ total: "110.00", freightAmount: "12.00", actualTotal: "122.00", productNums: 2 });
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderNumber, res.orderNumbers));
    expect(item).toMatchObject({ price: "55.00", prodCount: 2 });
    await db().update(skus).set({ price: "50.00" }).where(eq(skus.skuId, c5.skuId));
  });

  it("bad input → A00001, nothing changes, the token stays usable", async () => {
    const u = await buyer("bad", { score: 500 });
    const id = await addCart(u, a2, 1);
    const conf = okData(await confirm(u, { basketIds: [id] }));
    const stock = await stockOf(a2);
    const bad: [unknown, string][] = [
      [
        { orderShopParams: [{ shopId: 2, remarks: "x".repeat(101) }] },
        "The order message cannot exceed 100 characters",
      ],
      [{ orderShopParams: [{ shopId: 2, remarks: "    " }] }, "The content cannot be all spaces"],
      [
        { orderInvoiceList: [{ shopId: 2, invoiceType: 2, headerName: "Acme" }] },
        "Please enter the taxpayer identification number",
      ],
      [
        { orderInvoiceList: [{ shopId: 2, invoiceType: 2, headerName: "Acme", invoiceTaxNumber: "123" }] },
        "The taxpayer identification number is 15~20 letters or digits",
      ],
      [{ orderInvoiceList: [{ shopId: 2, invoiceType: 1, headerName: "  " }] }, "Please enter the invoice header"],
      [
        { orderInvoiceList: [{ shopId: 2, invoiceType: 1, headerName: "Li \u202eieL" }] },
        "Names and addresses cannot contain hidden characters (invisible ones, or ones that change the reading direction)",
      ],
      [
        { orderInvoiceList: [{ shopId: 2, invoiceType: 3, headerName: "A" }] },
        "Please choose the invoice type (personal or unit)",
      ],
      [{ isScorePay: 1, userUseScore: 15 }, "Points must be a multiple of 10"],
      [{ isScorePay: 1, userUseScore: 600 }, "Not enough points"],
      [{ addrId: 999999 }, "The shipping address does not exist"],
    ];
    for (const [extra, msg] of bad) {
      const r = await submit(u, { uuid: conf.uuid, ...(extra as object) });
      expect(r.body, msg).toMatchObject({ code: "A00001", msg });
    }
    expect(
      (await submit(u, { uuid: conf.uuid, orderShopParams: [{ shopId: 2, remarks: "   " }] }, "zh")).body.msg,
    ).toBe("内容不能全为空格");
    expect(
      (await submit(u, { uuid: conf.uuid, orderShopParams: [{ shopId: 2, remarks: "字".repeat(101) }] }, "zh-tw")).body
        .msg,
    ).toBe("訂單留言不能超過100個字");
    expect(
      (
        await submit(
          u,
          { uuid: conf.uuid, orderInvoiceList: [{ shopId: 2, invoiceType: 1, headerName: "李\u2066雷" }] },
          "zh",
        )
      ).body.msg,
    ).toBe("姓名和地址不能包含隐藏字符（不可见字符或改变文字方向的字符）");
    expect(await ordersOf(u)).toHaveLength(0);
    expect(await stockOf(a2)).toBe(stock);
    expect(await pointsOf(u)).toBe(500);
    expect(await cartOf(u)).toHaveLength(1);
    const [tok] = await db().select().from(submitTokens).where(eq(submitTokens.token, conf.uuid));
    expect(tok!.usedAt).toBeNull();
    expect(
      okData(await submit(u, { uuid: conf.uuid, orderShopParams: [{ shopId: 2, remarks: "字".repeat(100) }] }))
        .orderNumbers,
    ).toMatch(/^\d{19}$/);
  });

  it("no address at all → please add a shipping address", async () => {
    const u = await buyer("noaddr", { address: false });
    const conf = okData(await confirm(u, buyNow(a2, 1)));
    expect((await submit(u, { uuid: conf.uuid })).body).toMatchObject({
      code: "A00001",
      msg: "Please add a shipping address",
    });
    const [a] = await db()
      .insert(addresses)
      .values({
        userId: u.userId,
        receiver: "R",
        mobile: "13800138000",
        provinceId: 11,
        province: "北京市",
        cityId: 1101,
        city: "市辖区",
        areaId: 110101,
        area: "东城区",
        addr: "Later road 9",
      })
      .returning();
    const res = okData(await submit(u, { uuid: conf.uuid, addrId: a!.addrId }));
    const [o] = await db().select().from(orders).where(eq(orders.orderNumber, res.orderNumbers));
    expect(o!.address.addr).toBe("Later road 9");
  });

  it("replay after success → A03002 do not submit twice (with the first order numbers); unknown, expired or foreign tokens → A03002 expired", async () => {
    const u = await buyer("replay");
    const conf = okData(await confirm(u, buyNow(a2, 1)));
    const first = okData(await submit(u, { uuid: conf.uuid }));
    const again = await submit(u, { uuid: conf.uuid });
    expect(again.body).toMatchObject({
      code: "A03002",
      success: false,
      msg: "Do not submit the order twice",
      data: { orderNumbers: first.orderNumbers, duplicateError: 1 },
    });
    expect((await submit(u, { uuid: conf.uuid }, "zh")).body.msg).toBe("请勿重复提交订单");
    expect((await submit(u, { uuid: conf.uuid }, "zh-tw")).body.msg).toBe("請勿重複提交訂單");
    expect(await ordersOf(u)).toHaveLength(1);

    expect((await submit(u, { uuid: "no-such-token" })).body).toMatchObject({
      code: "A03002",
      msg: "The order has expired, please place it again",
    });
    expect((await submit(u, {})).body).toMatchObject({
      code: "A03002",
      msg: "The order has expired, please place it again",
    });
    const old = okData(await confirm(u, buyNow(a2, 1)));
    await db()
      .update(submitTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(submitTokens.token, old.uuid));
    expect((await submit(u, { uuid: old.uuid })).body).toMatchObject({
      code: "A03002",
      msg: "The order has expired, please place it again",
    });
    expect((await submit(u, { uuid: old.uuid }, "zh")).body.msg).toBe("订单已过期，请重新下单");
    const mine = okData(await confirm(u, buyNow(a2, 1)));
    const thief = await buyer("thief");
    expect((await submit(thief, { uuid: mine.uuid })).body).toMatchObject({
      code: "A03002",
      msg: "The order has expired, please place it again",
    });
    expect(await ordersOf(thief)).toHaveLength(0);
    expect(await ordersOf(u)).toHaveLength(1);
  });

  it("a double submit in parallel makes one order set; the other answers A03002", async () => {
    const u = await buyer("twice");
    const ids = [await addCart(u, a2, 1), await addCart(u, c5, 1)];
    const conf = okData(await confirm(u, { basketIds: ids }));
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(u, { uuid: conf.uuid })));
    const oks = results.filter((r) => r.body.code === "00000");
    expect(oks).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== "00000"))
      expect(r.body).toMatchObject({ code: "A03002", msg: "Do not submit the order twice" });
    expect(await ordersOf(u)).toHaveLength(2);
  });

  it("stock running out at submit rolls back everything (A03010 naming the product); the token stays usable", async () => {
    const u = await buyer("roll", { score: 1000 });
    await setSku(scarce, "9.90", 10);
    const ids = [await addCart(u, a2, 1), await addCart(u, scarce, 3)];
    const conf = okData(await confirm(u, { basketIds: ids, isScorePay: 1 }));
    expect(conf.useScore).toBeGreaterThan(0);
    await db().update(skus).set({ stocks: 2 }).where(eq(skus.skuId, scarce.skuId));
    const before = { a: await stockOf(a2), ta: await totalStocksOf(a2), ts: await totalStocksOf(scarce) };
    const r = await submit(u, { uuid: conf.uuid, isScorePay: 1 });
    expect(r.body.code).toBe("A03010");
    expect(r.body.msg).toMatch(/^Insufficient inventory: .+/);
    expect(await stockOf(a2)).toBe(before.a);
    expect(await totalStocksOf(a2)).toBe(before.ta);
    expect(await totalStocksOf(scarce)).toBe(before.ts);
    expect(await stockOf(scarce)).toBe(2);
    expect(await ordersOf(u)).toHaveLength(0);
    expect(await cartOf(u)).toHaveLength(2);
    expect(await pointsOf(u)).toBe(1000);
    expect(
      Number((await db().select({ n: count() }).from(userLedger).where(eq(userLedger.userId, u.userId)))[0]!.n),
    ).toBe(0);
    const [tok] = await db().select().from(submitTokens).where(eq(submitTokens.token, conf.uuid));
    expect(tok!.usedAt).toBeNull();
    // Same in Chinese; then with stock back the same token works.
    expect((await submit(u, { uuid: conf.uuid }, "zh")).body.msg).toMatch(/库存不足/);
    await db().update(skus).set({ stocks: 10 }).where(eq(skus.skuId, scarce.skuId));
    expect(okData(await submit(u, { uuid: conf.uuid, isScorePay: 1 })).orderNumbers.split(",")).toHaveLength(2);
    expect(await stockOf(scarce)).toBe(7);
    expect(await pointsOf(u)).toBe(1000 - conf.useScore);
  });

  it("goods taken off the shelf after confirm are refused at submit", async () => {
    const u = await buyer("off");
    const id = await addCart(u, b2, 1);
    const viaCart = okData(await confirm(u, { basketIds: [id] }));
    const viaNow = okData(await confirm(u, buyNow(b2, 1)));
    await db().update(skus).set({ status: 0 }).where(eq(skus.skuId, b2.skuId));
    try {
      const r = await submit(u, { uuid: viaCart.uuid });
      expect(r.body.code).toBe("A00001");
      expect(r.body.msg).toMatch(/.+ is off the shelf or no longer available$/);
      expect((await submit(u, { uuid: viaNow.uuid })).body).toMatchObject({
        code: "A00001",
        msg: "This specification is off the shelf or does not exist",
      });
      expect(await ordersOf(u)).toHaveLength(0);
      expect(await cartOf(u)).toHaveLength(1);
    } finally {
      await db().update(skus).set({ status: 1 }).where(eq(skus.skuId, b2.skuId));
    }
  });

  it("100 parallel submits on a SKU with stock 10 make exactly 10 orders and never go below 0", async () => {
    await setSku(scarce, "9.90", 10);
    const total0 = await totalStocksOf(scarce);
    const users100 = await Promise.all(Array.from({ length: 4 }, (_, i) => buyer(`crowd${i}`)));
    const tokens: { u: TestUser; uuid: string }[] = [];
    for (let i = 0; i < 100; i++) {
      const u = users100[i % users100.length]!;
      tokens.push({ u, uuid: okData(await confirm(u, buyNow(scarce, 1))).uuid });
    }
    const results = await Promise.all(tokens.map((t) => submit(t.u, { uuid: t.uuid })));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === "00000")).toHaveLength(10);
    expect(codes.filter((c) => c === "A03010")).toHaveLength(90);
    expect(await stockOf(scarce)).toBe(0);
    expect(await totalStocksOf(scarce)).toBe(total0 - 10);
    const made = await db()
      .select({ n: sql<number>`coalesce(sum(${orderItems.prodCount}), 0)` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber))
      .where(
        and(
          eq(orderItems.skuId, scarce.skuId),
          inArray(
            orders.userId,
            users100.map((u) => u.userId),
          ),
        ),
      );
    expect(Number(made[0]!.n)).toBe(10);
    const neg = await db()
      .select({ n: count() })
      .from(skus)
      .where(sql`${skus.stocks} < 0`);
    expect(Number(neg[0]!.n)).toBe(0);
  }, 120_000);
});
