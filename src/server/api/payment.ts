/**
 * Payment (CONTRACT §4.4; rules in src/server/domain/payment/payment.ts, docs/order.md "Payment"):
 *   GET  /p/order/getOrderPayInfoByOrderNumber?orderNumbers=a,b  → OrderPayInfoDto
 *   POST /p/order/pay {payType, orderNumbers, returnUrl?}           → BalancePayDto (9, 0) | ProviderPayDto (2, 3, 4)
 *   POST /p/pay/card {payNo, number, expiry, cvc}                   → CardPayDto (paid, or a confirmation step)
 *   POST /p/pay/card/confirm {payNo, brand, last4, confirmation, code} → CardPayDto
 *        (cards: docs/payment-card.md; a decline is A00001 with its message and changes nothing)
 *   GET  /p/myOrder/getOrderStatus?orderNumber=                     → number (the order's status)
 *   POST /pay/notify/sandbox {payNo, tradeNo, amount, status, sign} → {payNo, paid, alreadyPaid} (public: the provider calls it)
 *   POST /pay/sandbox/complete {payNo, key}                         → {payNo, paid, alreadyPaid} (public: the sandbox page's "Pay now";
 *                                                                      key = the payment's page key from the page link / QR)
 * Refusals are A00001 with a translated payment.* / order.* message.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { BalancePayResult, PayType, type BalancePayDto } from "../../lib/order/order-types.ts";
import {
  asNotification,
  createProviderPayment,
  getOrderPayInfo,
  getOrderStatus,
  handleNotification,
  payWithBalance,
} from "../domain/payment/payment.ts";
import { completeSandboxPayment } from "../domain/payment/payment-sandbox.ts";
import { confirmCardPayment, payByCard } from "../domain/payment/payment-card.ts";
import { PAYMENT_ERRORS, parseOrderNumbers, safeReturnUrl } from "../domain/payment/payment-rules.ts";
// Orders are locked and marked paid by the order lifecycle, which registers itself with payment.
import "../domain/order/order-lifecycle.ts";
import { paymentProviderFor } from "../providers/payment.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError } from "./envelope.ts";
import { parseOr, parseQuery, queryText, readJson, run } from "./kit.ts";

const payRule = z.object(
  {
    payType: z.preprocess(
      (v) => (typeof v === "string" && /^\d{1,2}$/.test(v.trim()) ? Number(v) : v),
      z.union(
        [
          z.literal(PayType.POINTS),
          z.literal(PayType.ALIPAY),
          z.literal(PayType.WECHAT_SCAN),
          z.literal(PayType.CARD),
          z.literal(PayType.BALANCE),
        ],
        { error: "payment.badPayType" },
      ),
    ),
    orderNumbers: z.unknown(),
    returnUrl: z.unknown().optional(),
  },
  { error: "api.badJson" },
);

function refuse(c: Context<ApiEnv>, key: string): never {
  throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(key));
}

function numbersOf(c: Context<ApiEnv>, raw: unknown): string[] {
  const numbers = parseOrderNumbers(raw);
  if (!numbers)
    refuse(
      c,
      raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")
        ? PAYMENT_ERRORS.noOrders
        : PAYMENT_ERRORS.orderNotFound,
    );
  return numbers;
}

const orderNumbersQuery = z.object({ orderNumbers: z.string().optional() });

/** The JSON body; blank is {}. */
const jsonBody = (c: Context<ApiEnv>) => readJson(c, { empty: {} });

export const paymentRouter = new Hono<ApiEnv>();

paymentRouter.get("/p/order/getOrderPayInfoByOrderNumber", (c) => {
  const numbers = numbersOf(c, parseQuery(c, orderNumbersQuery).orderNumbers);
  return run(c, () => getOrderPayInfo(c.var.app.db, c.var.userId, numbers, c.var.locale, new Date()));
});

paymentRouter.post("/p/order/pay", async (c) => {
  // Anything wrong with the body but a payment.* message is "choose a payment method".
  const body = parseOr(payRule, await jsonBody(c), (m) => (m.startsWith("payment.") ? m : "payment.badPayType"));
  const { payType } = body;
  const numbers = numbersOf(c, body.orderNumbers);
  const now = new Date();
  if (payType === PayType.BALANCE || payType === PayType.POINTS) {
    return run(c, async (): Promise<BalancePayDto> => {
      const r = await payWithBalance(c.var.app.db, c.var.userId, numbers, now, payType);
      return r.type === BalancePayResult.SUCCESS
        ? { type: 1, message: c.var.t("payment.paid"), balance: r.balance }
        : { type: 3, message: c.var.t("payment.insufficientBalance", { balance: r.balance }), balance: r.balance };
    });
  }
  const returnUrl = safeReturnUrl(body.returnUrl) ?? `/order-detail?orderNumber=${numbers[0]}`;
  return run(c, () =>
    createProviderPayment(
      c.var.app.db,
      paymentProviderFor(c.var.app.config),
      {
        userId: c.var.userId,
        numbers,
        payType,
        returnUrl,
        subject: c.var.t("payment.subject", { orderNumbers: numbers.join(", ") }),
        locale: c.var.locale,
      },
      now,
    ),
  );
});

paymentRouter.get("/p/myOrder/getOrderStatus", (c) => {
  const orderNumber = queryText(c, "orderNumber");
  if (!/^\d{1,32}$/.test(orderNumber)) refuse(c, PAYMENT_ERRORS.orderNotFound);
  return run(c, () => getOrderStatus(c.var.app.db, c.var.userId, orderNumber));
});

/** The provider's notification: the one path that marks provider payments paid. */
paymentRouter.post("/pay/notify/sandbox", async (c) => {
  const n = asNotification(await jsonBody(c));
  if (!n) refuse(c, PAYMENT_ERRORS.badSign);
  return run(c, () => handleNotification(c.var.app.db, c.var.app.config.paymentSecret, n, new Date()));
});

/** The sandbox page's "Pay now": only while the sandbox is the configured provider. */
paymentRouter.post("/pay/sandbox/complete", async (c) => {
  if (paymentProviderFor(c.var.app.config).name !== "sandbox") refuse(c, PAYMENT_ERRORS.notSandbox);
  const body = await jsonBody(c);
  const { payNo, key } = body && typeof body === "object" ? (body as { payNo?: unknown; key?: unknown }) : {};
  if (typeof payNo !== "string" || !/^[0-9A-Za-z-]{1,64}$/.test(payNo)) refuse(c, PAYMENT_ERRORS.paymentNotFound);
  return run(c, () => completeSandboxPayment(c.var.app.db, c.var.app.config.paymentSecret, payNo, key, new Date()));
});

const payNoText = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z-]{1,64}$/);
const cardRule = z.object(
  {
    payNo: payNoText,
    number: z.string().max(40),
    expiry: z.string().max(10),
    cvc: z.string().max(8),
  },
  { error: "order.paymentNotFound" },
);
const cardConfirmRule = z.object(
  {
    payNo: payNoText,
    brand: z.string().trim().max(20),
    last4: z.string().regex(/^\d{4}$/),
    confirmation: z.string().max(128),
    code: z.string().trim().max(12),
  },
  { error: "payment.card.confirmFailed" },
);

/** A card for the buyer's waiting card payment (never logged or stored: only brand and last four digits are kept). */
paymentRouter.post("/p/pay/card", async (c) => {
  const body = parseOr(cardRule, await jsonBody(c), "payment.card.badNumber");
  const app = c.var.app;
  return run(c, () =>
    payByCard(
      app.db,
      paymentProviderFor(app.config),
      app.config.paymentSecret,
      { userId: c.var.userId, payNo: body.payNo, form: body },
      new Date(),
    ),
  );
});

paymentRouter.post("/p/pay/card/confirm", async (c) => {
  const body = parseOr(cardConfirmRule, await jsonBody(c), "payment.card.confirmFailed");
  const app = c.var.app;
  return run(c, () =>
    confirmCardPayment(
      app.db,
      paymentProviderFor(app.config),
      app.config.paymentSecret,
      { userId: c.var.userId, ...body },
      new Date(),
    ),
  );
});
