/**
 * Virtual goods in the catalogue and at checkout (docs/virtual-goods.md "Promotions", "Seed"):
 * the demo's gift card, service voucher and ticket sit in their own category "Cards & Services",
 * not among phones; they are sold at their price — a paid member holding a platform coupon and a
 * shop coupon gets no member price, no discount and no coupon on them, while a physical product
 * of the same shop gets a promotion price and both coupons.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { OrderConfirmDto } from "../../../src/lib/order/order-types.ts";
import { categories, couponUsers, coupons, products, skus, users } from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

describe.skipIf(!dbReady)("virtual goods: category and promotions", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let buyer: TestUser;
  const db = () => app.ctx.db;

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    buyer = await createTestUser(app, "vgpromo");
  });
  afterAll(async () => app?.close());

  const virtualGoods = () =>
    db()
      .select({
        prodId: products.prodId,
        shopId: products.shopId,
        categoryId: products.categoryId,
        writeOffTime: products.writeOffTime,
        skuId: skus.skuId,
        price: skus.price,
      })
      .from(products)
      .innerJoin(skus, eq(skus.prodId, products.prodId))
      .where(eq(products.mold, 1))
      .orderBy(asc(products.prodId));

  it("lists the gift card, the service voucher and the ticket under Cards & Services, each in its own category", async () => {
    const goods = await virtualGoods();
    expect(goods).toHaveLength(3);
    const all = await db().select().from(categories).where(eq(categories.shopId, 0));
    const byId = new Map(all.map((c) => [c.categoryId, c]));
    const path = (id: number) => {
      const out: string[] = [];
      for (let c = byId.get(id); c; c = c.parentId ? byId.get(c.parentId) : undefined) out.unshift(c.name.en!);
      return out.join(" › ");
    };
    expect(goods.map((g) => path(g.categoryId))).toEqual([
      "Cards & Services › Cards, Vouchers & Tickets › Gift Cards",
      "Cards & Services › Cards, Vouchers & Tickets › Service Vouchers",
      "Cards & Services › Cards, Vouchers & Tickets › Tickets",
    ]);
    const top = all.find((c) => c.name.en === "Cards & Services")!;
    expect([top.grade, top.status, top.name.zh, top.name["zh-tw"]]).toEqual([0, 1, "卡券服务", "卡券服務"]);
    // No generated product of any other kind is in these categories.
    const ids = all.filter((c) => path(c.categoryId).startsWith("Cards & Services")).map((c) => c.categoryId);
    const inThem = await db().select({ mold: products.mold }).from(products).where(inArray(products.categoryId, ids));
    expect(inThem.every((p) => p.mold === 1)).toBe(true);
  });

  it("sells them at their price: no member price, discount or coupon, where a physical product gets them", async () => {
    const [gift] = await virtualGoods();
    const now = Date.now();
    // A paid member (the first paid plan) holding a platform coupon and a coupon of the gift card's shop, no threshold.
    await db()
      .update(users)
      .set({ levelType: 1, level: 1, levelEndTime: new Date(now + 30 * 86_400_000) })
      .where(eq(users.userId, buyer.userId));
    for (const shopId of [0, gift!.shopId]) {
      const [c] = await db()
        .insert(coupons)
        .values({
          shopId,
          couponName: { zh: "测试券", "zh-tw": "測試券", en: "Test coupon" },
          couponType: 1,
          cashCondition: "0",
          reduceAmount: "10",
          validTimeType: 1,
          startTime: new Date(now - 86_400_000),
          endTime: new Date(now + 86_400_000),
          launchTime: new Date(now - 86_400_000),
          overTime: new Date(now + 86_400_000),
          stocks: 10,
          sourceStock: 10,
        })
        .returning({ couponId: coupons.couponId });
      await db()
        .insert(couponUsers)
        .values({
          couponId: c!.couponId,
          userId: buyer.userId,
          shopId,
          validStart: new Date(now - 86_400_000),
          validEnd: new Date(now + 86_400_000),
        });
    }
    const confirm = async (it: { prodId: number; skuId: number; shopId: number }, prodCount: number) =>
      okData(
        await call<OrderConfirmDto>("/p/order/confirm", {
          user: buyer,
          body: { orderItem: { prodId: it.prodId, skuId: it.skuId, shopId: it.shopId, prodCount } },
        }),
      );

    const c = await confirm(gift!, 3);
    const shop = c.shopCartOrders[0]!;
    const line = shop.shopCartItemDiscounts[0]!.shopCartItems[0]!;
    expect([line.price, line.offers.activityPrice, line.offers.activity]).toEqual([gift!.price, gift!.price, null]);
    expect([c.discountReduce, c.shopCouponReduce, c.platformCouponReduce]).toEqual(["0.00", "0.00", "0.00"]);
    expect([...shop.coupons, ...c.coupons].map((o) => [o.canUse, o.reason])).toEqual([
      [false, "outOfScope"],
      [false, "outOfScope"],
    ]);
    expect(c.actualTotal).toBe((Number(gift!.price) * 3).toFixed(2));

    // A physical product of the same shop: a promotion price (member or limited-time) and the coupons apply.
    const [physical] = await db()
      .select({ prodId: products.prodId, skuId: skus.skuId, shopId: products.shopId })
      .from(products)
      .innerJoin(skus, eq(skus.prodId, products.prodId))
      .where(
        and(
          eq(products.shopId, gift!.shopId),
          eq(products.mold, 0),
          eq(products.status, 1),
          eq(skus.status, 1),
          gt(skus.stocks, 10),
        ),
      )
      .orderBy(asc(products.prodId))
      .limit(1);
    const p = await confirm(physical!, 1);
    const pl = p.shopCartOrders[0]!.shopCartItemDiscounts[0]!.shopCartItems[0]!;
    expect(pl.offers.activity).not.toBeNull();
    expect([...p.shopCartOrders[0]!.coupons, ...p.coupons].map((o) => o.canUse)).toEqual([true, true]);
  });
});
