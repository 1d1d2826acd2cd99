/** Limited-time discounts: list, detail, products with activity price, the cart's groups and hints, checkout (CONTRACT §6.3). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, notInArray } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import {
  cartItems,
  discountItems,
  discountProds,
  discounts,
  products,
  skus,
} from "../../../src/server/db/schema/index.ts";
import type { CartTotal, ShopCartDto } from "../../../src/lib/cart/cart-types.ts";
import type { DiscountDto, DiscountProdDto } from "../../../src/lib/discount/discount-types.ts";
import type { OrderConfirmDto } from "../../../src/lib/order/order-types.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

type Item = { prodId: number; shopId: number; skuId: number };
const DAY = 24 * 3600 * 1000;
const names = (zh: string, en: string) => ({ zh, "zh-tw": zh, en });

describe.skipIf(!dbReady)("discounts API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let a: Item;
  let b: Item;
  let outside: Item;
  let tiered: number;
  let perPiece: number;
  let upcoming: number;
  const db = () => app.ctx.db;

  async function discount(
    v: Partial<typeof discounts.$inferInsert>,
    tiers: [string, string][],
    prodIds: number[] | null,
  ): Promise<number> {
    const now = Date.now();
    const [d] = await db()
      .insert(discounts)
      .values({
        shopId: 4,
        discountName: names("满减", "Spend and save"),
        discountRule: 0,
        discountType: 0,
        suitableProdType: prodIds ? 1 : 0,
        startTime: new Date(now - DAY),
        endTime: new Date(now + 3 * DAY),
        ...v,
      })
      .returning({ id: discounts.discountId });
    await db()
      .insert(discountItems)
      .values(tiers.map(([needAmount, discount]) => ({ discountId: d!.id, needAmount, discount })));
    if (prodIds)
      await db()
        .insert(discountProds)
        .values(prodIds.map((prodId) => ({ discountId: d!.id, prodId })));
    return d!.id;
  }
  const info = (u: TestUser) => call<ShopCartDto[]>("/p/shopCart/info", { user: u, body: {} });
  async function add(u: TestUser, it: Item, n: number) {
    okData(
      await call("/p/shopCart/changeItem", {
        user: u,
        body: { prodId: it.prodId, skuId: it.skuId, shopId: it.shopId, count: n },
      }),
    );
  }

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    await db().update(discounts).set({ status: 0 });
    const pick = async (exclude: number[]) =>
      (
        await db()
          .select({ prodId: products.prodId, shopId: products.shopId, skuId: skus.skuId })
          .from(products)
          .innerJoin(skus, eq(skus.prodId, products.prodId))
          .where(
            and(
              eq(products.shopId, 4),
              eq(products.status, 1),
              eq(products.prodType, 0),
              eq(skus.status, 1),
              notInArray(products.prodId, [0, ...exclude]),
            ),
          )
          .orderBy(asc(products.prodId), asc(skus.skuId))
          .limit(1)
      )[0]!;
    a = await pick([]);
    b = await pick([a.prodId]);
    outside = await pick([a.prodId, b.prodId]);
    for (const it of [a, b, outside]) {
      await db().update(skus).set({ price: "30.00", stocks: 500 }).where(eq(skus.skuId, it.skuId));
      await db().update(products).set({ price: "30.00", totalStocks: 500 }).where(eq(products.prodId, it.prodId));
    }
    tiered = await discount(
      {},
      [
        ["100", "10"],
        ["200", "30"],
      ],
      [a.prodId, b.prodId],
    );
    perPiece = await discount(
      { discountRule: 3, discountName: names("限时8折", "20% off each") },
      [["1", "8"]],
      [outside.prodId],
    );
    upcoming = await discount(
      { startTime: new Date(Date.now() + DAY), discountName: names("预告", "Coming") },
      [["50", "5"]],
      null,
    );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("lists running then upcoming, detail with tiers, products with activity price", async () => {
    const list = okData(await call<Page<DiscountDto>>("/marking/discount/getDiscountList?size=50"));
    const ids = list.records.map((d) => d.discountId);
    expect(ids.indexOf(upcoming)).toBeGreaterThan(ids.indexOf(tiered));
    expect(list.records.find((d) => d.discountId === upcoming)!.activityStatus).toBe(1);
    const detail = okData(await call<DiscountDto>(`/marking/discount/getDiscountByDiscountId/${tiered}`));
    expect(detail).toMatchObject({
      discountRule: 0,
      activityStatus: 2,
      discountItems: [
        { needAmount: "100.00", discount: "10.00" },
        { needAmount: "200.00", discount: "30.00" },
      ],
    });
    const prods = okData(await call<Page<DiscountProdDto>>(`/marking/discount/prodList?discountId=${perPiece}`));
    expect(prods.records).toEqual([
      expect.objectContaining({ prodId: outside.prodId, price: "30.00", activityPrice: "24.00" }),
    ]);
    // Its stock, so a product without any reads "sold out" on the offer's page (and only then).
    const [stock] = await app.ctx.db
      .select({ totalStocks: products.totalStocks })
      .from(products)
      .where(eq(products.prodId, outside.prodId));
    expect(prods.records[0]!.totalStocks).toBe(stock!.totalStocks);
    const tieredProds = okData(await call<Page<DiscountProdDto>>(`/marking/discount/prodList?discountId=${tiered}`));
    expect(tieredProds.records.map((p) => p.prodId).sort()).toEqual([a.prodId, b.prodId].sort());
    expect(tieredProds.records[0]!.activityPrice).toBe("30.00");
    expect(
      okData(await call<DiscountDto[]>(`/marking/discount/getDiscountByProdId?prodId=${a.prodId}`)).map(
        (d) => d.discountId,
      ),
    ).toEqual(expect.arrayContaining([tiered, upcoming]));
    expect((await call("/marking/discount/getDiscountByDiscountId/2000000000")).body).toMatchObject({
      code: "A00001",
      msg: "The promotion does not exist or has ended",
    });
    expect((await call("/marking/discount/getDiscountByDiscountId/abc")).body.code).toBe("A00001");
    expect((await call("/marking/discount/prodList")).body.code).toBe("A00001");
  });

  it("the cart groups lines by discount; the hint follows the quantity; totals apply it", async () => {
    const u = await createTestUser(app, "tiers");
    await add(u, a, 1);
    await add(u, outside, 1);
    let shop = okData(await info(u)).find((s) => s.shopId === 4)!;
    const group = shop.shopCartItemDiscounts.find((g) => g.chooseDiscountItemDto?.discountId === tiered)!;
    expect(group.shopCartItems.map((l) => l.prodId)).toEqual([a.prodId]);
    expect(group.chooseDiscountItemDto).toMatchObject({
      reduceAmount: "0.00",
      hint: { more: "70.00", reduce: "10.00" },
    });
    const pieceLine = shop.shopCartItemDiscounts
      .flatMap((g) => g.shopCartItems)
      .find((l) => l.prodId === outside.prodId)!;
    expect(pieceLine.activityPrice).toBe("24.00");

    await add(u, a, 3); // 4 × 30 = 120: first tier reached
    shop = okData(await info(u)).find((s) => s.shopId === 4)!;
    expect(
      shop.shopCartItemDiscounts.find((g) => g.chooseDiscountItemDto?.discountId === tiered)!.chooseDiscountItemDto,
    ).toMatchObject({ needAmount: "100.00", reduceAmount: "10.00", hint: { more: "80.00", reduce: "30.00" } });
    expect(shop).toMatchObject({ total: "150.00", discountReduce: "16.00", actualTotal: "134.00" });
    const ids = (
      await db().select({ id: cartItems.basketId }).from(cartItems).where(eq(cartItems.userId, u.userId))
    ).map((r) => r.id);
    expect(okData(await call<CartTotal>("/p/shopCart/totalPay", { user: u, body: ids }))).toMatchObject({
      totalMoney: "150.00",
      subtractMoney: "16.00",
      finalMoney: "134.00",
      count: 5,
    });

    const conf = okData(await call<OrderConfirmDto>("/p/order/confirm", { user: u, body: { basketIds: ids } }));
    expect(conf.shopCartOrders[0]).toMatchObject({ total: "150.00", discountReduce: "16.00" });
    expect(conf.discountReduce).toBe("16.00");
  });
});
