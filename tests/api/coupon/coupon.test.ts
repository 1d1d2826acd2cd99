/** Coupons: centre, claim (limits under concurrency), my coupons, checkout use and give-back (CONTRACT §6.4; docs/pricing.md). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, notInArray } from "drizzle-orm";
import type { CouponDto, MyCouponCountDto, MyCouponDto } from "../../../src/lib/coupon/coupon-types.ts";
import type { Page } from "../../../src/lib/api-types.ts";
import {
  addresses,
  couponProds,
  couponUsers,
  coupons,
  orders,
  products,
  shops,
  skus,
  discounts,
} from "../../../src/server/db/schema/index.ts";
import type { OrderConfirmDto, OrderNumbersDto } from "../../../src/lib/order/order-types.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

type Item = { prodId: number; shopId: number; skuId: number };
const DAY = 24 * 3600 * 1000;
const names = (zh: string, en: string) => ({ zh, "zh-tw": zh, en });

describe.skipIf(!dbReady)("coupons API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let item: Item;
  let other: Item;
  let seq = 0;
  const db = () => app.ctx.db;

  async function buyer(name: string): Promise<TestUser & { addrId: number }> {
    const u = await createTestUser(app, `${name}${++seq}`);
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
    return { ...u, addrId: a!.addrId };
  }
  async function coupon(over: Partial<typeof coupons.$inferInsert> = {}): Promise<number> {
    const now = Date.now();
    const [c] = await db()
      .insert(coupons)
      .values({
        shopId: item.shopId,
        couponName: names("测试券", "Test coupon"),
        couponType: 1,
        cashCondition: "0",
        reduceAmount: "5",
        suitableProdType: 0,
        validTimeType: 2,
        validDays: 7,
        launchTime: new Date(now - DAY),
        overTime: new Date(now + 10 * DAY),
        limitNum: 1,
        stocks: 100,
        sourceStock: 100,
        ...over,
      })
      .returning({ id: coupons.couponId });
    return c!.id;
  }
  const claim = (u: TestUser, couponId: number) =>
    call<number>("/p/myCoupon/receive", { user: u, body: String(couponId) });
  const confirm = (u: TestUser, body: unknown) => call<OrderConfirmDto>("/p/order/confirm", { user: u, body });
  const submit = (u: TestUser, body: unknown) => call<OrderNumbersDto>("/p/order/submit", { user: u, body });
  const buyNow = (it: Item, prodCount: number) => ({
    orderItem: { prodId: it.prodId, skuId: it.skuId, shopId: it.shopId, prodCount },
  });
  const held = async (u: TestUser) =>
    db().select().from(couponUsers).where(eq(couponUsers.userId, u.userId)).orderBy(asc(couponUsers.couponUserId));
  const stocksOf = async (id: number) =>
    (await db().select({ s: coupons.stocks }).from(coupons).where(eq(coupons.couponId, id)))[0]!.s;

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    // The demo seed's limited-time discounts would change the amounts these tests check.
    await db().update(discounts).set({ status: 0 });
    const pick = async (shopId: number, exclude: number[]) =>
      (
        await db()
          .select({ prodId: products.prodId, shopId: products.shopId, skuId: skus.skuId })
          .from(products)
          .innerJoin(skus, eq(skus.prodId, products.prodId))
          .where(
            and(
              eq(products.shopId, shopId),
              eq(products.status, 1),
              eq(products.prodType, 0),
              eq(skus.status, 1),
              notInArray(products.prodId, [0, ...exclude]),
            ),
          )
          .orderBy(asc(products.prodId), asc(skus.skuId))
          .limit(1)
      )[0]!;
    item = await pick(3, []);
    other = await pick(3, [item.prodId]);
    for (const it of [item, other]) {
      await db().update(skus).set({ price: "40.00", stocks: 1000 }).where(eq(skus.skuId, it.skuId));
      await db().update(products).set({ totalStocks: 1000 }).where(eq(products.prodId, it.prodId));
    }
    // Only this test's coupons count for shop 3 and the platform.
    await db()
      .update(coupons)
      .set({ status: 0 })
      .where(notInArray(coupons.shopId, [-1]));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("200 parallel claims: stock never below zero, the per-user limit holds", async () => {
    const id = await coupon({ stocks: 50, sourceStock: 50, limitNum: 2 });
    const users = await Promise.all(Array.from({ length: 25 }, (_, i) => createTestUser(app, `claimer${i}`)));
    const results = await Promise.all(users.flatMap((u) => Array.from({ length: 8 }, () => claim(u, id))));
    const okCount = results.filter((r) => r.body.code === "00000").length;
    expect(okCount).toBe(50);
    expect(await stocksOf(id)).toBe(0);
    const rows = await db().select().from(couponUsers).where(eq(couponUsers.couponId, id));
    expect(rows).toHaveLength(50);
    const per = new Map<string, number>();
    for (const r of rows) per.set(r.userId, (per.get(r.userId) ?? 0) + 1);
    expect(Math.max(...per.values())).toBeLessThanOrEqual(2);
    const refusals = new Set(results.filter((r) => r.body.code !== "00000").map((r) => r.body.msg));
    for (const m of refusals)
      expect(["The coupon is sold out", "You have reached the limit (2 per person)"]).toContain(m);
  }, 60_000);

  it("one user's 200 parallel claims get exactly the limit", async () => {
    const id = await coupon({ stocks: 1000, sourceStock: 1000, limitNum: 3 });
    const u = await createTestUser(app, "greedy");
    const results = await Promise.all(Array.from({ length: 200 }, () => claim(u, id)));
    expect(results.filter((r) => r.body.code === "00000")).toHaveLength(3);
    expect(await stocksOf(id)).toBe(997);
  }, 60_000);

  it("refuses expired, unstarted, ended, stopped, sold-out, foreign and unknown coupons; nothing changes", async () => {
    const u = await buyer("refused");
    const now = Date.now();
    const cases: [number, string][] = [
      [
        await coupon({ validTimeType: 1, startTime: new Date(now - 5 * DAY), endTime: new Date(now - DAY) }),
        "The coupon has expired",
      ],
      [await coupon({ launchTime: new Date(now + DAY) }), "The coupon cannot be claimed yet"],
      [await coupon({ overTime: new Date(now - 1000) }), "Claiming this coupon has ended"],
      [await coupon({ status: 0 }), "The coupon is no longer issued"],
      [await coupon({ stocks: 0 }), "The coupon is sold out"],
      [await coupon({ shopId: 999_999 }), "The coupon does not exist or has been withdrawn"],
      [2_000_000_000, "The coupon does not exist or has been withdrawn"],
    ];
    for (const [id, msg] of cases) expect((await claim(u, id)).body, String(id)).toMatchObject({ code: "A00001", msg });
    expect((await call("/p/myCoupon/receive", { user: u, body: "abc" })).body.code).toBe("A00001");
    expect((await call("/p/myCoupon/receive", { user: null, body: "1" })).body.code).toBe("A00004");
    expect(await held(u)).toHaveLength(0);
    // In the buyer's language.
    expect((await call("/p/myCoupon/receive", { user: u, body: String(cases[4]![0]), lang: "zh-CN" })).body.msg).toBe(
      "优惠券已被抢光",
    );
  });

  it("coupon centre, claimed marks, product coupons, my coupons with counts, delete", async () => {
    const u = await buyer("wallet");
    const shopCoupon = await coupon({ reduceAmount: "8", cashCondition: "30" });
    const selected = await coupon({ suitableProdType: 1, couponType: 2, couponDiscount: "9.0", reduceAmount: null });
    await db().insert(couponProds).values({ couponId: selected, prodId: other.prodId });
    const platform = await coupon({ shopId: 0, reduceAmount: "3" });
    const guestPage = okData(await call<Page<CouponDto>>("/coupon/getCouponPage?current=1&size=50"));
    expect(guestPage.records.map((c) => c.couponId)).toEqual(expect.arrayContaining([shopCoupon, selected]));
    expect(guestPage.records.find((c) => c.couponId === selected)).toMatchObject({
      couponType: 2,
      couponDiscount: "9",
      canReceive: true,
      curUserReceiveCount: 0,
      prods: [expect.objectContaining({ prodId: other.prodId })],
    });
    const general = okData(await call<Page<CouponDto>>("/coupon/generalCouponList"));
    expect(general.records.map((c) => c.couponId)).toContain(platform);
    expect(general.records.every((c) => c.shopId === 0)).toBe(true);

    okData(await claim(u, shopCoupon));
    okData(await claim(u, platform));
    const mine = okData(await call<Page<CouponDto>>("/p/myCoupon/getCouponPage?size=50", { user: u }));
    expect(mine.records.find((c) => c.couponId === shopCoupon)).toMatchObject({
      curUserReceiveCount: 1,
      canReceive: false,
    });
    expect(okData(await call<number[]>("/p/myCoupon/listCouponIds", { user: u }))).toEqual(
      expect.arrayContaining([shopCoupon, platform]),
    );
    expect((await claim(u, shopCoupon)).body.msg).toBe("You have reached the limit (1 per person)");

    const forItem = okData(await call<CouponDto[]>(`/coupon/listByProdId?prodId=${item.prodId}`)).map(
      (c) => c.couponId,
    );
    expect(forItem).toEqual(expect.arrayContaining([shopCoupon, platform]));
    expect(forItem).not.toContain(selected);
    expect(
      okData(await call<CouponDto[]>(`/coupon/listByProdId?prodId=${other.prodId}`)).map((c) => c.couponId),
    ).toContain(selected);

    // An expired one in the wallet.
    const [h] = await held(u);
    await db()
      .update(couponUsers)
      .set({ validEnd: new Date(Date.now() - 1000) })
      .where(eq(couponUsers.couponUserId, h!.couponUserId));
    expect(okData(await call<MyCouponCountDto>("/p/myCoupon/getMyCouponsStatusCount", { user: u }))).toEqual({
      unUseCount: 1,
      useCount: 0,
      expiredCount: 1,
    });
    const expired = okData(await call<Page<MyCouponDto>>("/p/myCoupon/getCouponList?status=0", { user: u }));
    expect(expired.records).toHaveLength(1);
    expect(expired.records[0]).toMatchObject({ couponUserId: h!.couponUserId, userCouponStatus: 0 });
    const unused = okData(await call<Page<MyCouponDto>>("/p/myCoupon/getCouponList?status=1", { user: u }));
    expect(unused.records.map((r) => r.couponId)).toEqual([platform]);
    expect(
      (await call(`/p/myCoupon/deleteCoupon/${unused.records[0]!.couponUserId}`, { user: u, method: "DELETE" })).body
        .msg,
    ).toBe("A coupon that is not used cannot be deleted");
    const stranger = await buyer("stranger");
    expect(
      (await call(`/p/myCoupon/deleteCoupon/${h!.couponUserId}`, { user: stranger, method: "DELETE" })).body.msg,
    ).toBe("The coupon does not exist or has been withdrawn");
    okData(await call(`/p/myCoupon/deleteCoupon/${h!.couponUserId}`, { user: u, method: "DELETE" }));
    expect(okData(await call<MyCouponCountDto>("/p/myCoupon/getMyCouponsStatusCount", { user: u })).expiredCount).toBe(
      0,
    );
    // Deleting does not give a claim back.
    expect((await claim(u, shopCoupon)).body.msg).toBe("You have reached the limit (1 per person)");
    expect((await call("/p/myCoupon/getCouponList?status=7", { user: u })).body.code).toBe("A00001");
  });

  it("checkout picks the best coupons, submit marks them used, cancel gives them back", async () => {
    const u = await buyer("checkout");
    const small = await coupon({ reduceAmount: "5" });
    const big = await coupon({ reduceAmount: "20", cashCondition: "80" });
    const tooHigh = await coupon({ reduceAmount: "50", cashCondition: "1000" });
    const platform = await coupon({ shopId: 0, couponType: 2, couponDiscount: "9.5", reduceAmount: null });
    for (const id of [small, big, tooHigh, platform]) okData(await claim(u, id));
    const conf = okData(await confirm(u, buyNow(item, 2)));
    const shop = conf.shopCartOrders[0]!;
    expect(shop.coupons.find((c) => c.couponId === big)).toMatchObject({
      canUse: true,
      choose: true,
      couponReduce: "20.00",
    });
    expect(shop.coupons.find((c) => c.couponId === tooHigh)).toMatchObject({
      canUse: false,
      reason: "belowThreshold",
      shortBy: "920.00",
      choose: false,
    });
    expect(conf.coupons.find((c) => c.couponId === platform)).toMatchObject({
      canUse: true,
      choose: true,
      couponReduce: "3.00",
    });
    expect(shop).toMatchObject({ total: "80.00", shopCouponReduce: "20.00", platformCouponReduce: "3.00" });
    expect(conf.actualTotal).toBe(shop.actualTotal);
    const line = shop.shopCartItemDiscounts[0]!.shopCartItems[0]!;
    expect(line.offers).toMatchObject({
      amount: "80.00",
      shopCouponReduce: "20.00",
      platformCouponReduce: "3.00",
      actualAmount: "57.00",
    });

    // The buyer changes the choice: the small coupon, no platform coupon.
    const smallId = shop.coupons.find((c) => c.couponId === small)!.couponUserId;
    const changed = okData(await confirm(u, { ...buyNow(item, 2), couponUserIds: [smallId], userChangeCoupon: 1 }));
    expect(changed.shopCartOrders[0]).toMatchObject({ shopCouponReduce: "5.00", platformCouponReduce: "0.00" });
    expect(changed.couponUserIds).toEqual([smallId]);
    // Choices that cannot be: below threshold, not the buyer's, two for one shop.
    const tooHighId = shop.coupons.find((c) => c.couponId === tooHigh)!.couponUserId;
    expect((await confirm(u, { ...buyNow(item, 2), couponUserIds: [tooHighId], userChangeCoupon: 1 })).body.msg).toBe(
      "Below the minimum spend: ¥920.00 more",
    );
    const stranger = await buyer("thief");
    expect(
      (await confirm(stranger, { ...buyNow(item, 2), couponUserIds: [smallId], userChangeCoupon: 1 })).body.msg,
    ).toBe("The coupon does not exist or is not yours");
    const bigId = shop.coupons.find((c) => c.couponId === big)!.couponUserId;
    expect(
      (await confirm(u, { ...buyNow(item, 2), couponUserIds: [smallId, bigId], userChangeCoupon: 1 })).body.msg,
    ).toBe("Only one coupon per shop and one platform coupon can be used");

    // Submit with the best combination (the first confirm).
    const res = okData(await submit(u, { uuid: conf.uuid, actualTotal: conf.actualTotal }));
    const [order] = await db().select().from(orders).where(eq(orders.orderNumber, res.orderNumbers));
    expect(order).toMatchObject({
      total: "80.00",
      shopCouponAmount: "20.00",
      platformCouponAmount: "3.00",
      reduceAmount: "23.00",
      actualTotal: conf.actualTotal,
    });
    const used = (await held(u))
      .filter((h) => h.status === 2)
      .map((h) => h.couponId)
      .sort();
    expect(used).toEqual([big, platform].sort());
    // The order detail shows the offers.
    const detail = okData(
      await call<{ shopCouponAmount: string; orderItemDtos: { offers: { shopCouponReduce: string } | null }[] }>(
        `/p/myOrder/orderDetail?orderNumber=${res.orderNumbers}`,
        { user: u },
      ),
    );
    expect(detail.shopCouponAmount).toBe("20.00");
    expect(detail.orderItemDtos[0]!.offers).toMatchObject({ shopCouponReduce: "20.00" });
    // A new checkout no longer offers the used coupons.
    const again = okData(await confirm(u, buyNow(item, 2)));
    expect(again.shopCartOrders[0]!.coupons.map((c) => c.couponId)).not.toContain(big);

    okData(await call(`/p/myOrder/cancel/${res.orderNumbers}`, { user: u, method: "PUT" }));
    const back = (await held(u)).filter((h) => [big, platform].includes(h.couponId));
    expect(back.map((h) => [h.status, h.orderNumbers])).toEqual([
      [1, null],
      [1, null],
    ]);
  });

  it("bad coupon input at submit: someone else's, outside its scope, below its threshold, tampered amounts; nothing changes", async () => {
    const u = await buyer("badsubmit");
    const stranger = await buyer("othersubmit");
    const onlyOther = await coupon({ reduceAmount: "6", suitableProdType: 1 });
    await db().insert(couponProds).values({ couponId: onlyOther, prodId: other.prodId });
    const excluding = await coupon({ reduceAmount: "7", suitableProdType: 2 });
    await db().insert(couponProds).values({ couponId: excluding, prodId: item.prodId });
    const high = await coupon({ reduceAmount: "30", cashCondition: "500" });
    const fine = await coupon({ reduceAmount: "4" });
    for (const id of [onlyOther, excluding, high, fine]) okData(await claim(u, id));
    const othersFine = await coupon({ reduceAmount: "9" });
    okData(await claim(stranger, othersFine));
    const idOf = async (owner: TestUser, couponId: number) =>
      (await held(owner)).find((h) => h.couponId === couponId)!.couponUserId;

    const conf = okData(await confirm(u, buyNow(item, 1)));
    expect(conf.shopCartOrders[0]!.coupons.find((c) => c.couponId === onlyOther)).toMatchObject({
      canUse: false,
      reason: "outOfScope",
    });
    expect(conf.shopCartOrders[0]!.coupons.find((c) => c.couponId === excluding)).toMatchObject({
      canUse: false,
      reason: "outOfScope",
    });
    const pick = (ids: number[]) => ({ uuid: conf.uuid, couponUserIds: ids, userChangeCoupon: 1 });
    const cases: [unknown, string][] = [
      [pick([await idOf(stranger, othersFine)]), "The coupon does not exist or is not yours"],
      [pick([await idOf(u, onlyOther)]), "None of these products is covered by the coupon"],
      [pick([await idOf(u, excluding)]), "None of these products is covered by the coupon"],
      [pick([await idOf(u, high)]), "Below the minimum spend: ¥460.00 more"],
      [pick([2_000_000_000]), "The coupon does not exist or is not yours"],
      [{ uuid: conf.uuid, actualTotal: "0.01" }, conf.actualTotal],
      [{ ...pick([await idOf(u, fine)]), actualTotal: "1.00" }, conf.actualTotal],
    ];
    for (const [body, msg] of cases) {
      const r = await submit(u, body);
      expect(r.body.code, JSON.stringify(body)).toBe("A00001");
      // A tampered amount is refused with the real one.
      if (msg === conf.actualTotal) expect(r.body.msg).toContain(msg);
      else expect(r.body.msg).toBe(msg);
    }
    // In the buyer's language.
    expect(
      (
        await call<OrderNumbersDto>("/p/order/submit", {
          user: u,
          body: pick([await idOf(u, onlyOther)]),
          lang: "zh-CN",
        })
      ).body.msg,
    ).toBe("所选商品不在优惠券适用范围内");
    expect(await db().select().from(orders).where(eq(orders.userId, u.userId))).toHaveLength(0);
    expect((await held(u)).every((h) => h.status === 1 && h.orderNumbers === null)).toBe(true);
    expect((await held(stranger))[0]).toMatchObject({ status: 1, orderNumbers: null });
    // The untouched checkout still submits with its own best choice.
    okData(await submit(u, { uuid: conf.uuid, actualTotal: conf.actualTotal }));
  });

  it("a coupon is used once across two concurrent submits", async () => {
    const u = await buyer("race");
    const id = await coupon({ reduceAmount: "10" });
    okData(await claim(u, id));
    const a = okData(await confirm(u, buyNow(item, 1)));
    const b = okData(await confirm(u, buyNow(other, 1)));
    expect(a.shopCouponReduce).toBe("10.00");
    expect(b.shopCouponReduce).toBe("10.00");
    const [ra, rb] = await Promise.all([submit(u, { uuid: a.uuid }), submit(u, { uuid: b.uuid })]);
    const oks = [ra, rb].filter((r) => r.body.code === "00000");
    expect(oks).toHaveLength(1);
    const failed = [ra, rb].find((r) => r.body.code !== "00000")!;
    expect(failed.body.msg).toBe("The coupon has been used");
    expect(await db().select().from(orders).where(eq(orders.userId, u.userId))).toHaveLength(1);
    expect((await held(u))[0]).toMatchObject({ status: 2, orderNumbers: oks[0]!.body.data.orderNumbers });
  });

  it("a closed shop's coupons are not listed", async () => {
    const [closed] = await db()
      .insert(shops)
      .values({ shopName: names("关店", "Closed"), intro: names("", ""), shopStatus: 2 })
      .returning({ id: shops.shopId });
    const id = await coupon({ shopId: closed!.id });
    const page = okData(await call<Page<CouponDto>>("/coupon/getCouponPage?size=100"));
    expect(page.records.map((c) => c.couponId)).not.toContain(id);
  });
});
