/** Balance: info, log, top-up through the sandbox provider with the signed idempotent notification; 100 parallel payments and top-ups keep total = sum(ledger) (CONTRACT §7.4). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import { payments, skus, userLedger, users } from "../../../src/server/db/schema/index.ts";
import { BalanceLogType, type BalanceInfoDto, type BalanceLogDto } from "../../../src/lib/balance/balance.ts";
import type { ProviderPayDto } from "../../../src/lib/order/order-types.ts";
import { PointsSource, type PointsLogDto } from "../../../src/lib/points/points.ts";
import { ledgerMismatches } from "../../../src/server/domain/points/points-ledger.ts";
import { signNotification } from "../../../src/server/providers/payment.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

describe.skipIf(!dbReady)("balance API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
  });
  afterAll(async () => app?.close());

  const topUp = (u: TestUser, body: unknown, lang = "en") =>
    call<ProviderPayDto>("/p/balance/pay", { user: u, body, lang });
  /** The sandbox page's "Pay now": the payment number and the page key its link carries. */
  const complete = (p: { payNo: string; payUrl: string }) =>
    call<{ paid: boolean; alreadyPaid: boolean }>("/pay/sandbox/complete", {
      user: null,
      body: { payNo: p.payNo, key: new URL(p.payUrl, "http://x").searchParams.get("key") },
    });
  const notify = (body: Record<string, string>) =>
    call<{ paid: boolean; alreadyPaid: boolean }>("/pay/notify/sandbox", { user: null, body });
  const signed = (payNo: string, amount: string, tradeNo = `T${payNo}`) => {
    const b = { payNo, tradeNo, amount, status: "SUCCESS" };
    return { ...b, sign: signNotification(app.ctx.config.paymentSecret, b) };
  };
  const balanceOf = async (u: TestUser) =>
    okData(await call<BalanceInfoDto>("/p/userBalance/getBalanceInfo", { user: u })).totalBalance;
  const log = (u: TestUser, q = "") => call<Page<BalanceLogDto>>(`/p/userBalanceLog/log${q}`, { user: u });
  const status = (u: TestUser, payNo: string) => call<number>(`/p/balance/rechargeStatus?payNo=${payNo}`, { user: u });

  it("needs a token", async () => {
    for (const p of ["/p/userBalance/getBalanceInfo", "/p/userBalanceLog/log", "/p/balance/rechargeStatus?payNo=1"])
      expect((await call(p, { user: null })).body.code).toBe("A00004");
    expect((await topUp(null as unknown as TestUser, { customRechargeAmount: "1", payType: 3 })).body.code).toBe(
      "A00004",
    );
  });

  it("info: balance and the top-up range", async () => {
    expect(okData(await call<BalanceInfoDto>("/p/userBalance/getBalanceInfo", { user: alice }))).toEqual({
      totalBalance: "0.00",
      minRecharge: "0.01",
      maxRecharge: "100000.00",
    });
  });

  it("refuses bad amounts and methods in the user's language, creating nothing", async () => {
    const cases: [unknown, string][] = [
      ["", "Please enter the top-up amount"],
      [undefined, "Please enter the top-up amount"],
      ["1.234", "The amount can have at most two decimals"],
      ["-5", "The amount can have at most two decimals"],
      ["1e3", "The amount can have at most two decimals"],
      ["0", "The top-up amount must be between 0.01 and 100,000.00 yuan"],
      ["100000.01", "The top-up amount must be between 0.01 and 100,000.00 yuan"],
    ];
    for (const [amount, msg] of cases)
      expect((await topUp(alice, { customRechargeAmount: amount, payType: 3 })).body).toMatchObject({
        code: "A00001",
        msg,
      });
    expect((await topUp(alice, { customRechargeAmount: "0", payType: 3 }, "zh")).body.msg).toBe(
      "充值金额须在 0.01 至 100,000.00 元之间",
    );
    expect((await topUp(alice, { customRechargeAmount: "10", payType: 9 })).body.code).toBe("A00001");
    expect((await topUp(alice, "not json")).body.code).toBe("A00001");
    expect(await app.ctx.db.select().from(payments).where(eq(payments.userId, alice.userId))).toEqual([]);
  });

  it("top-up: sandbox QR → pay → credited once with the bonus points; replays change nothing", async () => {
    const p = okData(await topUp(alice, { customRechargeAmount: "12.34", payType: 3 }));
    expect(p.amount).toBe("12.34");
    expect(p.payUrl).toBe(
      `/en/sandbox-pay?payNo=${p.payNo}&key=${new URL(p.payUrl, "http://x").searchParams.get("key")}&returnUrl=${encodeURIComponent("/en/user-center/uc-balance")}`,
    );
    expect(okData(await status(alice, p.payNo))).toBe(0);
    expect((await status(bob, p.payNo)).body.code).toBe("A00001");
    // A wrong signature or amount is refused.
    expect((await notify({ ...signed(p.payNo, p.amount), sign: "0".repeat(64) })).body.code).toBe("A00001");
    expect((await notify(signed(p.payNo, "12.35"))).body.code).toBe("A00001");
    expect(okData(await complete(p))).toMatchObject({ paid: true, alreadyPaid: false });
    // the page key is used up: a second "Pay now" is refused and changes nothing
    expect((await complete(p)).body.code).toBe("A00001");
    expect(okData(await notify(signed(p.payNo, p.amount)))).toMatchObject({ paid: true, alreadyPaid: true });
    expect(await balanceOf(alice)).toBe("12.34");
    expect(okData(await status(alice, p.payNo))).toBe(1);
    const l = okData(await log(alice));
    expect(l.records).toEqual([
      {
        id: expect.any(Number),
        changeBalance: "12.34",
        ioType: 1,
        type: BalanceLogType.RECHARGE,
        createTime: expect.any(String),
        orderNumberList: [],
      },
    ]);
    const points = okData(await call<Page<PointsLogDto>>("/p/score/page", { user: alice }));
    expect(points.records).toEqual([
      expect.objectContaining({ score: 12, ioType: 1, source: PointsSource.RECHARGE_BONUS }),
    ]);
    expect(await ledgerMismatches(app.ctx.db, [alice.userId])).toEqual([]);
  });

  it("100 parallel balance payments and top-ups by one user keep total = sum(ledger)", async () => {
    const carol = await createTestUser(app, "carol");
    const first = okData(await topUp(carol, { customRechargeAmount: "100000", payType: 3 }));
    okData(await complete(first));
    const sku = await pickSku(app, { stock: 1000 });
    await app.ctx.db.update(skus).set({ price: "10.00" }).where(eq(skus.skuId, sku.skuId));
    const orders = [];
    for (let i = 0; i < 50; i++)
      orders.push(await createOrder(app, { userId: carol.userId, items: [{ skuId: sku.skuId, prodCount: 1 }] }));
    const ups = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        topUp(carol, { customRechargeAmount: `${i + 1}.01`, payType: 2 }).then(okData),
      ),
    );
    const results = await Promise.all([
      ...orders.map((o) => call("/p/order/pay", { user: carol, body: { payType: 9, orderNumbers: o.orderNumber } })),
      ...ups.map((u) => complete(u)),
    ]);
    expect(results.every((r) => r.body.code === "00000")).toBe(true);
    expect(results.slice(0, 50).every((r) => (r.body.data as { type: number }).type === 1)).toBe(true);
    expect(await ledgerMismatches(app.ctx.db, [carol.userId])).toEqual([]);
    const rows = await app.ctx.db
      .select()
      .from(userLedger)
      .where(and(eq(userLedger.userId, carol.userId), eq(userLedger.kind, "balance")));
    expect(rows).toHaveLength(101);
    const [u] = await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.userId, carol.userId));
    expect(Number(u!.b)).toBeGreaterThanOrEqual(0);
  });

  it("log paging and validation", async () => {
    expect(okData(await log(alice, "?current=2&size=1")).records).toEqual([]);
    expect((await log(alice, "?size=101")).body.code).toBe("A00001");
  });
});
