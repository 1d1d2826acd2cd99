/**
 * Card payment through the sandbox provider (SPEC §1 "card or wallet providers";
 * docs/payment-card.md): test cards pay, decline, run short of funds or ask for a confirmation
 * code; declines answer in the buyer's language and change nothing; only brand and last four
 * digits are kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, payments, skus } from "../../../src/server/db/schema/index.ts";
import type { CardPayDto, ProviderPayDto } from "../../../src/lib/order/order-types.ts";
import { SANDBOX_CARDS, SANDBOX_CONFIRM_CODE } from "../../../src/server/providers/payment.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

describe.skipIf(!dbReady)("card payment API (sandbox)", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let sku: { skuId: number };

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "cardalice");
    bob = await createTestUser(app, "cardbob");
    sku = await pickSku(app, { stock: 500 });
    await app.ctx.db.update(skus).set({ price: "20.00" }).where(eq(skus.skuId, sku.skuId));
  });
  afterAll(async () => app?.close());

  const db = () => app.ctx.db;
  const orderOf = async (n: string) => (await db().select().from(orders).where(eq(orders.orderNumber, n)))[0]!;
  const paymentOf = async (payNo: string) => (await db().select().from(payments).where(eq(payments.payNo, payNo)))[0]!;
  const newOrder = async (u: TestUser) =>
    (await createOrder(app, { userId: u.userId, items: [{ skuId: sku.skuId, prodCount: 1 }] })).orderNumber;
  const start = async (u: TestUser, orderNumber: string) =>
    okData(await call<ProviderPayDto>("/p/order/pay", { user: u, body: { payType: 4, orderNumbers: orderNumber } }));
  const card = (u: TestUser, payNo: string, number: string, lang = "en", extra: Record<string, string> = {}) =>
    call<CardPayDto>("/p/pay/card", {
      user: u,
      body: { payNo, number, expiry: "12/40", cvc: "123", ...extra },
      lang,
    });

  it("a test card pays the order; the payment keeps brand and last four digits, never the number", async () => {
    const n = await newOrder(alice);
    const p = await start(alice, n);
    const r = okData(await card(alice, p.payNo, "4242 4242 4242 4242"));
    expect(r).toEqual({ payNo: p.payNo, status: "paid", brand: "Visa", last4: "4242", confirmation: null });
    expect((await orderOf(n)).status).toBe(2);
    const pay = await paymentOf(p.payNo);
    expect(pay.status).toBe(1);
    expect(pay.payType).toBe(4);
    expect(JSON.stringify(pay)).not.toContain(SANDBOX_CARDS.success);
    expect(pay.callback).toMatchObject({ card: { brand: "Visa", last4: "4242" } });
    // Paid once: a second card answer is refused.
    expect((await card(alice, p.payNo, SANDBOX_CARDS.success)).body.msg).toBe("This order has already been paid");
  });

  it("declines answer in the buyer's language and change nothing", async () => {
    const n = await newOrder(alice);
    const p = await start(alice, n);
    const cases: [string, string, string][] = [
      [SANDBOX_CARDS.declined, "en", "The card was declined by its bank. Try another card or another payment method."],
      [SANDBOX_CARDS.insufficientFunds, "zh", "该卡余额不足，请换一张卡或其他支付方式。"],
      ["4111111111111111", "zh-TW", "沙箱只接受測試卡（見表單下方說明）。"],
    ];
    for (const [number, lang, msg] of cases) {
      const r = await card(alice, p.payNo, number, lang);
      expect(r.body.code).toBe("A00001");
      expect(r.body.msg).toBe(msg);
    }
    expect((await orderOf(n)).status).toBe(1);
    expect((await paymentOf(p.payNo)).status).toBe(0);
    // The same payment then pays with a good card.
    expect(okData(await card(alice, p.payNo, SANDBOX_CARDS.success)).status).toBe("paid");
  });

  it("card fields are checked first: number (Luhn), expiry, CVC", async () => {
    const n = await newOrder(alice);
    const p = await start(alice, n);
    expect((await card(alice, p.payNo, "4242 4242 4242 4241")).body.msg).toBe("Enter a valid card number");
    expect((await card(alice, p.payNo, SANDBOX_CARDS.success, "en", { expiry: "01/20" })).body.msg).toBe(
      "This card has expired",
    );
    expect((await card(alice, p.payNo, SANDBOX_CARDS.success, "en", { expiry: "13/30" })).body.msg).toBe(
      "Enter the expiry as MM/YY",
    );
    expect((await card(alice, p.payNo, SANDBOX_CARDS.success, "en", { cvc: "12" })).body.msg).toBe(
      "Enter the 3- or 4-digit security code",
    );
    expect((await paymentOf(p.payNo)).status).toBe(0);
  });

  it("a card that asks for confirmation: a wrong code declines, the right one pays", async () => {
    const n = await newOrder(alice);
    const p = await start(alice, n);
    const asked = okData(await card(alice, p.payNo, SANDBOX_CARDS.confirm));
    expect(asked).toMatchObject({ status: "confirm", brand: "Visa", last4: "3184" });
    expect(asked.confirmation).toMatch(/^[0-9a-f]{64}$/);
    expect((await orderOf(n)).status).toBe(1);
    const confirm = (code: string, extra: Record<string, string> = {}, lang = "en") =>
      call<CardPayDto>("/p/pay/card/confirm", {
        user: alice,
        body: {
          payNo: p.payNo,
          brand: asked.brand,
          last4: asked.last4,
          confirmation: asked.confirmation,
          code,
          ...extra,
        },
        lang,
      });
    expect((await confirm("000000")).body.msg).toBe(
      "The confirmation failed: the code is wrong. Nothing was charged; try again.",
    );
    // A forged confirmation (another card's last digits) is refused even with the right code.
    expect((await confirm(SANDBOX_CONFIRM_CODE, { last4: "4242" }, "zh")).body.msg).toBe(
      "确认失败：验证码不正确。未扣款，请重试。",
    );
    expect((await orderOf(n)).status).toBe(1);
    expect(okData(await confirm(SANDBOX_CONFIRM_CODE)).status).toBe("paid");
    expect((await orderOf(n)).status).toBe(2);
  });

  it("another buyer's payment is unknown; a card payment cannot be completed by the sandbox page", async () => {
    const n = await newOrder(alice);
    const p = await start(alice, n);
    expect((await card(bob, p.payNo, SANDBOX_CARDS.success)).body.msg).toBe("Payment not found");
    const key = new URL(p.payUrl, "http://x").searchParams.get("key");
    expect((await call("/pay/sandbox/complete", { user: null, body: { payNo: p.payNo, key } })).body.code).toBe(
      "A00001",
    );
    expect((await orderOf(n)).status).toBe(1);
  });
});
