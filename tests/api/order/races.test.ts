/**
 * Races on one unpaid order (docs/order.md "Lock order"): the buyer cancels, pays with the
 * balance and the provider's notification of a waiting QR payment arrives, all at once, 30
 * rounds. Every request answers (no 5xx, no A00005 — a deadlock would be one), and each round
 * has exactly one outcome with the ledgers agreeing: cancelled (stock back, no money taken), paid
 * by balance (balance and ledger down by the amount), or paid by the provider (balance unchanged).
 * Meant for PostgreSQL (real concurrency); on PGlite the same checks run serialised.
 */
import { and, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, skus, userLedger, users } from "../../../src/server/db/schema/index.ts";
import type { ProviderPayDto } from "../../../src/lib/order/order-types.ts";
import { signNotification } from "../../../src/server/providers/payment.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

const ROUNDS = 30;

describe.skipIf(!dbReady)("cancel × balance pay × provider notification", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let buyer: TestUser;
  let sku: { skuId: number; prodId: number; shopId: number; price: string };

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    buyer = await createTestUser(app, "racer");
    await app.ctx.db.update(users).set({ balance: "100000.00" }).where(eq(users.userId, buyer.userId));
    sku = await pickSku(app, { stock: 500 });
  });
  afterAll(async () => app?.close());

  const stockOf = async () =>
    (await app.ctx.db.select({ s: skus.stocks }).from(skus).where(eq(skus.skuId, sku.skuId)))[0]!.s;
  const balanceOf = async () =>
    (await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.userId, buyer.userId)))[0]!.b;
  const ledgerSum = async () =>
    Number(
      (
        await app.ctx.db
          .select({ s: sum(userLedger.amount) })
          .from(userLedger)
          .where(and(eq(userLedger.userId, buyer.userId), eq(userLedger.kind, "balance")))
      )[0]!.s ?? 0,
    );

  it(`${ROUNDS} rounds: every request answers, one outcome per round, ledgers agree`, async () => {
    const outcomes = { cancelled: 0, balance: 0, provider: 0 };
    const startBalance = Number(await balanceOf());
    const startLedger = await ledgerSum();
    for (let round = 0; round < ROUNDS; round++) {
      const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }] });
      const stockAfterOrder = await stockOf();
      const balanceBefore = Number(await balanceOf());
      const qr = okData(
        await call<ProviderPayDto>("/p/order/pay", { user: buyer, body: { payType: 3, orderNumbers: o.orderNumber } }),
      );
      const note = { payNo: qr.payNo, tradeNo: `T${qr.payNo}`, amount: qr.amount, status: "SUCCESS" };
      const answers = await Promise.all([
        call(`/p/myOrder/cancel/${o.orderNumber}`, { method: "PUT", user: buyer }),
        call("/p/order/pay", { user: buyer, body: { payType: 9, orderNumbers: o.orderNumber } }),
        call("/pay/notify/sandbox", {
          user: null,
          body: { ...note, sign: signNotification(app.ctx.config.paymentSecret, note) },
        }),
      ]);
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
        expect(a.body.code, JSON.stringify(a.body)).not.toBe("A00005");
      }
      const row = (await app.ctx.db.select().from(orders).where(eq(orders.orderNumber, o.orderNumber)))[0]!;
      const balanceAfter = Number(await balanceOf());
      if (row.status === 6) {
        outcomes.cancelled++;
        expect(await stockOf()).toBe(stockAfterOrder + 1);
        expect(balanceAfter).toBeCloseTo(balanceBefore, 2);
      } else {
        expect(row.status).toBe(2);
        expect(await stockOf()).toBe(stockAfterOrder);
        if (row.payType === 9) {
          outcomes.balance++;
          expect(balanceAfter).toBeCloseTo(balanceBefore - Number(o.actualTotal), 2);
        } else {
          outcomes.provider++;
          expect(row.payNo).toBe(qr.payNo);
          expect(balanceAfter).toBeCloseTo(balanceBefore, 2);
        }
      }
    }
    expect(outcomes.cancelled + outcomes.balance + outcomes.provider).toBe(ROUNDS);
    // the balance ledger explains every change of the balance
    expect(Number(await balanceOf()) - startBalance).toBeCloseTo((await ledgerSum()) - startLedger, 2);
  }, 120_000);
});
