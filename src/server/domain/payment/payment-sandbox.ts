/**
 * The payment sandbox's page (docs/payment.md): what it shows of a provider payment and its
 * "Pay now", a signed notification like a real provider's.
 */
import { eq, inArray } from "drizzle-orm";
import { formatPrice } from "../../../lib/money.ts";
import { PayType } from "../../../lib/order/order-types.ts";
import type { Db } from "../../db/client.ts";
import { orders, payments } from "../../db/schema/index.ts";
import { sandboxNotification } from "../../providers/payment.ts";
import {
  PaymentError,
  PAYMENT_ERRORS,
  payRefusal,
  pageKeyMatches,
  type PaymentState,
  paymentState,
} from "./payment-rules.ts";
import { type NotificationResult, handleNotification } from "./payment.ts";

/** What the sandbox page shows about a payment (null = unknown or not a provider payment). */
export interface SandboxPaymentView {
  payNo: string;
  payType: number;
  amount: string;
  orderNumbers: string[];
  /** "order", "recharge" or "level". */
  purpose: string;
  state: PaymentState;
  /** When the payment is waiting but its orders can no longer be paid. */
  ordersExpired: boolean;
  expiresAt: string;
}

/** The sandbox page's payment: null unless the payment exists, is a provider payment and `key` is its page key. */
export async function sandboxPaymentView(
  db: Db,
  payNo: string,
  key: string,
  now: Date,
): Promise<SandboxPaymentView | null> {
  if (!/^[0-9A-Za-z-]{1,64}$/.test(payNo)) return null;
  const [pay] = await db.select().from(payments).where(eq(payments.payNo, payNo)).limit(1);
  if (!pay || (pay.payType !== PayType.ALIPAY && pay.payType !== PayType.WECHAT_SCAN)) return null;
  if (!pageKeyMatches(pay.pageKeyHash, key)) return null;
  const numbers = pay.orderNumbers.split(",").filter(Boolean);
  const state = paymentState(pay, now);
  let ordersExpired = false;
  if (state === "waiting" && pay.purpose === "order") {
    const rows = await db.select().from(orders).where(inArray(orders.orderNumber, numbers));
    ordersExpired = rows.length !== numbers.length || payRefusal(rows, now) !== null;
  }
  return {
    payNo: pay.payNo,
    payType: pay.payType,
    amount: formatPrice(pay.amount),
    orderNumbers: numbers,
    purpose: pay.purpose,
    state,
    ordersExpired,
    expiresAt: pay.expiresAt.toISOString(),
  };
}

/**
 * The sandbox's "Pay now": checks the page key, then builds the signed SUCCESS notification a
 * real provider would send and hands it to handleNotification (the one path for every provider
 * notification). A wrong or missing key answers "payment not found" (nothing is told apart).
 * A paid or closed payment is refused: the key completes its payment once.
 */
export async function completeSandboxPayment(
  db: Db,
  secret: string,
  payNo: string,
  key: unknown,
  now: Date,
): Promise<NotificationResult> {
  const [pay] = await db
    .select({
      payType: payments.payType,
      amount: payments.amount,
      status: payments.status,
      expiresAt: payments.expiresAt,
      pageKeyHash: payments.pageKeyHash,
    })
    .from(payments)
    .where(eq(payments.payNo, payNo))
    .limit(1);
  if (
    !pay ||
    (pay.payType !== PayType.ALIPAY && pay.payType !== PayType.WECHAT_SCAN) ||
    !pageKeyMatches(pay.pageKeyHash, key)
  ) {
    throw new PaymentError(PAYMENT_ERRORS.paymentNotFound);
  }
  const state = paymentState(pay, now);
  if (state === "paid") throw new PaymentError(PAYMENT_ERRORS.orderPaid);
  if (state !== "waiting") throw new PaymentError(PAYMENT_ERRORS.qrExpired);
  return handleNotification(db, secret, sandboxNotification(secret, payNo, formatPrice(pay.amount)), now);
}
