/** Membership: levels, buying a paid level with the balance or the sandbox provider, renewal extends (CONTRACT §6.6). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { coupons, memberLevels, userLedger, users } from "../../../src/server/db/schema/index.ts";
import { confirmReceipt } from "../../../src/server/domain/order/order-lifecycle.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";
import type { LevelPageDto } from "../../../src/lib/member/member-types.ts";
import { ledgerMismatches } from "../../../src/server/domain/points/points-ledger.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

const DAY = 86_400_000;

describe.skipIf(!dbReady)("member API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let plan: { id: number; price: string; termDays: number };

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    const [p] = await app.ctx.db
      .select()
      .from(memberLevels)
      .where(and(eq(memberLevels.levelType, 1), eq(memberLevels.level, 1)))
      .limit(1);
    plan = { id: p!.id, price: p!.price, termDays: p!.termDays };
  });
  afterAll(async () => app?.close());

  const levels = (u: TestUser, levelType: 0 | 1, lang = "en") =>
    call<LevelPageDto>(`/p/score/scoreLevel/page?levelType=${levelType}`, { user: u, lang });
  const buy = (u: TestUser, body: unknown, lang = "en") =>
    call<Record<string, unknown>>("/p/level/payLevel", { user: u, body, lang });
  async function giveBalance(u: TestUser, amount: string) {
    await app.ctx.db.update(users).set({ balance: amount }).where(eq(users.userId, u.userId));
    await app.ctx.db.insert(userLedger).values({ userId: u.userId, kind: "balance", amount, reason: "adjust" });
  }

  it("needs a token; lists ordinary and paid levels", async () => {
    expect((await call("/p/score/scoreLevel/page", { user: null })).body.code).toBe("A00004");
    const o = okData(await levels(alice, 0));
    expect(o.userLevels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5]);
    expect(o).toMatchObject({
      userLevel: { level: 1, levelType: 0, levelName: "Member" },
      endTime: null,
      growth: 0,
      nextGrowth: 500,
    });
    const paid = okData(await levels(alice, 1, "zh"));
    expect(paid.userLevels[0]).toMatchObject({
      levelType: 1,
      needAmount: "99.00",
      term: 365,
      freeShipping: true,
      levelName: "PLUS 年卡会员",
    });
  });

  it("balance: not enough → type 3, nothing changes; then paid, and renewal extends the end", async () => {
    const short = okData(await buy(alice, { id: plan.id, payType: 9 }));
    expect(short).toMatchObject({ type: 3, balance: "0.00" });
    expect((await buy(alice, { id: 99999, payType: 9 })).body).toMatchObject({
      code: "A00001",
      msg: "This membership level does not exist",
    });
    await giveBalance(alice, "500.00");
    const before = Date.now();
    const r1 = okData(await buy(alice, { id: plan.id, payType: 9 }));
    expect(r1).toMatchObject({ type: 1, balance: "401.00", message: "Membership activated: your benefits apply now" });
    const end1 = Date.parse(String(r1.endTime));
    expect(end1).toBeGreaterThanOrEqual(before + plan.termDays * DAY);
    const page = okData(await levels(alice, 1));
    expect(page).toMatchObject({ userLevel: { levelType: 1 }, endTime: new Date(end1).toISOString() });
    const r2 = okData(await buy(alice, { id: plan.id, payType: 9 }));
    expect(Date.parse(String(r2.endTime))).toBe(end1 + plan.termDays * DAY);
    const rows = await app.ctx.db
      .select()
      .from(userLedger)
      .where(and(eq(userLedger.userId, alice.userId), eq(userLedger.reason, "buyLevel")));
    expect(rows.map((r) => r.amount)).toEqual(["-99.00", "-99.00"]);
    expect(await ledgerMismatches(app.ctx.db, [alice.userId])).toEqual([]);
  });

  it("sandbox provider: paid once by the notification, replays change nothing", async () => {
    const bob = await createTestUser(app, "bob");
    const p = okData(await buy(bob, { id: plan.id, payType: 3 }));
    expect(p).toMatchObject({ type: 2, amount: "99.00" });
    const payNo = String(p.payNo);
    const key = new URL(String(p.payUrl), "http://x").searchParams.get("key");
    expect(
      okData(
        await call<{ paid: boolean; alreadyPaid: boolean }>("/pay/sandbox/complete", {
          user: null,
          body: { payNo, key },
        }),
      ),
    ).toMatchObject({ paid: true, alreadyPaid: false });
    // The page key is used up: a second "Pay now" changes nothing.
    await call("/pay/sandbox/complete", { user: null, body: { payNo, key } });
    const [u] = await app.ctx.db.select().from(users).where(eq(users.userId, bob.userId));
    expect(u!.levelType).toBe(1);
    expect(u!.levelEndTime!.getTime()).toBeLessThanOrEqual(Date.now() + plan.termDays * DAY);
    expect(u!.levelEndTime!.getTime()).toBeGreaterThan(Date.now() + (plan.termDays - 1) * DAY);
    expect(okData(await call<number>(`/p/level/payStatus?payNo=${payNo}`, { user: bob }))).toBe(1);
    expect((await call(`/p/level/payStatus?payNo=${payNo}`, { user: alice })).body.code).toBe("A00001");
    const waiting = okData(await buy(bob, { id: plan.id, payType: 2 }));
    expect(okData(await call<number>(`/p/level/payStatus?payNo=${String(waiting.payNo)}`, { user: bob }))).toBe(0);
  });

  it("the user center shows level, points, balance and usable coupons", async () => {
    const carol = await createTestUser(app, "carol");
    const before = okData(await call<Record<string, unknown>>("/p/user/centerInfo", { user: carol }));
    expect(before).toMatchObject({ levelName: "Member", levelType: 0, score: 0, totalBalance: "0.00", couponNum: 0 });
    await giveBalance(carol, "120.00");
    okData(await buy(carol, { id: plan.id, payType: 9 }));
    const after = okData(await call<Record<string, unknown>>("/p/user/centerInfo", { user: carol, lang: "zh" }));
    expect(after).toMatchObject({ levelName: "PLUS 年卡会员", levelType: 1, totalBalance: "21.00" });
  });

  it("exclusive member coupons: refused to non-members with a clear message, claimable by members", async () => {
    const [c] = await app.ctx.db.select().from(coupons).where(eq(coupons.memberOnly, 1)).limit(1);
    expect(c).toBeDefined();
    const dave = await createTestUser(app, "dave");
    const refused = await call("/p/myCoupon/receive", { user: dave, body: String(c!.couponId) });
    expect(refused.body).toMatchObject({
      code: "A00001",
      msg: "This coupon is for paid members only: become a member to claim it",
    });
    expect((await call("/p/myCoupon/receive", { user: dave, body: String(c!.couponId), lang: "zh-tw" })).body.msg).toBe(
      "此優惠券僅限付費會員領取，開通會員後即可領取",
    );
    const [{ stocks } = { stocks: 0 }] = await app.ctx.db
      .select({ stocks: coupons.stocks })
      .from(coupons)
      .where(eq(coupons.couponId, c!.couponId));
    expect(stocks).toBe(c!.stocks);
    await giveBalance(dave, "99.00");
    okData(await buy(dave, { id: plan.id, payType: 9 }));
    okData(await call("/p/myCoupon/receive", { user: dave, body: String(c!.couponId) }));
    expect(okData(await call<Record<string, unknown>>("/p/user/centerInfo", { user: dave })).couponNum).toBe(1);
  });

  it("completing an order adds growth: 1 per whole yuan paid", async () => {
    const erin = await createTestUser(app, "erin");
    const sku = await pickSku(app, { stock: 5 });
    const o = await createOrder(app, { userId: erin.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 3 });
    await app.ctx.db.transaction((tx) => confirmReceipt(tx, o.orderNumber, new Date(), { userId: erin.userId }));
    const [u] = await app.ctx.db.select({ growth: users.growth }).from(users).where(eq(users.userId, erin.userId));
    expect(u!.growth).toBe(Math.floor(Number(o.actualTotal)));
    expect(u!.growth).toBeGreaterThan(0);
    expect(okData(await levels(erin, 0)).growth).toBe(u!.growth);
  });

  it("each ordinary level has its own points multiplier; completing an order earns the reached level's", async () => {
    const o = okData(await levels(alice, 0));
    const multiples = o.userLevels.map((l) => Number(l.pointsMultiple));
    expect(new Set(multiples).size).toBe(multiples.length);
    const silver = o.userLevels.find((l) => l.level === 3)!;
    expect(Number(silver.pointsMultiple)).toBeGreaterThan(1);

    const fay = await createTestUser(app, "fay");
    await app.ctx.db.update(users).set({ growth: silver.needGrowth }).where(eq(users.userId, fay.userId));
    const sku = await pickSku(app, { stock: 5 });
    const order = await createOrder(app, {
      userId: fay.userId,
      items: [{ skuId: sku.skuId, prodCount: 1 }],
      status: 3,
    });
    await app.ctx.db.transaction((tx) => confirmReceipt(tx, order.orderNumber, new Date(), { userId: fay.userId }));
    const [u] = await app.ctx.db.select({ score: users.score }).from(users).where(eq(users.userId, fay.userId));
    expect(u!.score).toBe(Math.floor(Math.floor(Number(order.actualTotal)) * Number(silver.pointsMultiple)));
    expect(u!.score).toBeGreaterThan(Math.floor(Number(order.actualTotal)));
  });
});
