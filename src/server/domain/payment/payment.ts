/**
 * Payment (CONTRACT §4.4; SPEC §8 "order expired, place a new order", "QR code expired";
 * docs/order.md "Payment"). A payment (`payments` row) pays one or more unpaid orders of one
 * buyer at once; orders are marked paid only through markPaymentPaid (order-lifecycle.ts), which
 * the order feature registers here (`registerOrderSettlement`): order sits above payment.
 *
 * Rules:
 * - Order numbers: comma-separated digits, 1..PAY_ORDERS_MAX distinct; every one must be the
 *   buyer's own order and not deleted — otherwise "order not found" for the whole call (other
 *   buyers' numbers are never told apart from unknown ones).
 * - Payable: every order unpaid (status 1) and before its payment deadline. Past the deadline,
 *   or closed by the pay-timeout job → "order expired, please place a new order"; paid →
 *   "already paid"; cancelled → "cannot be paid".
 * - Methods: balance (9), WeChat scan (3), Alipay PC (2), each only while its switch in
 *   getSysPaySwitch is on. An amount of 0 (all paid with points) may also use payType 0.
 * - Balance: one transaction: the orders are locked, earlier waiting payments of them closed,
 *   a payment row made and marked paid, then the balance is taken through the user ledger (one
 *   "orderPay" row per order, each a conditional update: never below zero). Not enough
 *   balance → answer type 3 with the current balance and the transaction is rolled back.
 * - Provider (2, 3): earlier waiting payments of the same orders are closed, a new waiting
 *   payment is made, valid until min(now + PAY_QR_MINUTES, earliest payment deadline).
 * - Page key: every provider payment gets a random 192-bit key that only its provider page link
 *   (and so the QR code) carries; only its SHA-256 is stored. The sandbox's "Pay now" must
 *   present it: a payment number alone (it is shown to the buyer, in logs, in order details)
 *   pays nothing. The key dies with the payment: it works only while the payment is waiting
 *   (the QR's validity), and once the payment is paid or closed it can complete nothing again.
 * - Notification (`/api/pay/notify/<provider>`, and the sandbox's "Pay now"): signature checked
 *   first (HMAC-SHA256, constant time); the payment must exist; a paid payment answers success
 *   again without changing anything (idempotent replay); the amount must equal the payment's;
 *   a closed or expired payment, or orders that are no longer payable, are refused.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { formatAddress } from "../../../lib/address/address-format.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { compare, formatPrice, sum, toDecimal, tryDecimal, type MoneyInput } from "../../../lib/money.ts";
import { PAY_QR_MINUTES, PayType, type OrderPayInfoDto, type ProviderPayDto } from "../../../lib/order/order-types.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderItems, orders, payments, users } from "../../db/schema/index.ts";
import {
  notificationFields,
  NOTIFY_SUCCESS,
  verifyNotification,
  type PaymentNotification,
  type PaymentProvider,
} from "../../providers/payment.ts";
import { OrderStatus } from "../../../lib/order/order-state.ts";
import { localizeAreas } from "../address/area.ts";
import { getPaySwitch } from "../kernel/site.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { writeLedger } from "../kernel/user-ledger.ts";
import {
  PaymentError,
  PAYMENT_ERRORS,
  payRefusal,
  payTypeAllowed,
  providerExpiresAt,
  earliest,
  newPayNo,
  newPageKey,
  paymentState,
} from "./payment-rules.ts";

type OrderRow = typeof orders.$inferSelect;

/** The buyer's not-deleted orders of `numbers` (all of them, or "order not found"); `lock` = FOR UPDATE in number order. */
async function buyerOrders(q: Db | Tx, userId: string, numbers: readonly string[], lock: boolean): Promise<OrderRow[]> {
  const base = q
    .select()
    .from(orders)
    .where(and(inArray(orders.orderNumber, [...numbers]), eq(orders.userId, userId), eq(orders.deleteStatus, 0)))
    .orderBy(asc(orders.orderNumber));
  const rows = lock ? await base.for("update") : await base;
  if (rows.length !== numbers.length) throw new PaymentError(PAYMENT_ERRORS.orderNotFound);
  return rows;
}

function amountOf(rows: readonly OrderRow[]): string {
  return formatPrice(sum(rows.map((r) => r.actualTotal)));
}

/** Closes (status 2) the buyer's waiting payments that cover any of these orders (also when the order feature closes one). */
export async function closeWaitingPayments(tx: Tx, userId: string, numbers: readonly string[]): Promise<void> {
  const arr = sql`array[${sql.join(
    numbers.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]`;
  await tx
    .update(payments)
    .set({ status: 2 })
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 0),
        sql`string_to_array(${payments.orderNumbers}, ',') && ${arr}`,
      ),
    );
}

async function userBalance(q: Db | Tx, userId: string): Promise<string> {
  const [u] = await q.select({ balance: users.balance }).from(users).where(eq(users.userId, userId)).limit(1);
  return formatPrice(u?.balance ?? "0");
}

/** GET /p/order/getOrderPayInfoByOrderNumber: what the pay counter shows. */
export async function getOrderPayInfo(
  db: Db,
  userId: string,
  numbers: readonly string[],
  locale: Locale,
  now: Date,
): Promise<OrderPayInfoDto> {
  const rows = await buyerOrders(db, userId, numbers, false);
  const byNumber = new Map(rows.map((r) => [r.orderNumber, r]));
  const ordered = numbers.map((n) => byNumber.get(n)!);
  const items = await db
    .select({ orderNumber: orderItems.orderNumber, prodName: orderItems.prodName })
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, [...numbers]))
    .orderBy(asc(orderItems.orderItemId));
  const names: string[] = [];
  for (const n of numbers) for (const it of items) if (it.orderNumber === n) names.push(pickText(it.prodName, locale));
  const first = ordered[0]!;
  const notPayable = ordered.find((o) => o.status !== OrderStatus.UNPAY);
  const totalFee = amountOf(ordered);
  const balance = await userBalance(db, userId);
  return {
    orderNumbers: numbers.join(","),
    prodNameList: names,
    receiver: first.address?.receiver ?? "",
    userAddr: first.address ? formatAddress(localizeAreas(first.address, locale), locale) : "",
    mobile: first.address?.mobile ?? "",
    status: notPayable ? notPayable.status : OrderStatus.UNPAY,
    endTime: earliest(ordered.map((o) => o.payDeadline)).toISOString(),
    totalFee,
    totalScore: ordered.reduce((n, o) => n + o.useScore, 0),
    balance,
    balanceShort: compare(balance, totalFee) < 0,
    expired: payRefusal(ordered, now) === PAYMENT_ERRORS.orderExpired,
    serverTime: now.toISOString(),
  };
}

/** Refuses a method that is switched off (or unknown). */
async function assertMethod(db: Db, payType: number, amount: MoneyInput): Promise<void> {
  if (!payTypeAllowed(await getPaySwitch(db), payType, amount)) throw new PaymentError(PAYMENT_ERRORS.methodDisabled);
}

/** Thrown inside the balance transaction to roll it back when the balance is short (answered as type 3). */
class ShortBalance extends DomainError {
  constructor() {
    super("payment.insufficientBalance");
  }
}

export interface BalancePayResult {
  /** 1 paid, 3 not enough balance. */
  type: 1 | 3;
  /** The balance after paying (type 1) or the current one (type 3). */
  balance: string;
  payNo: string | null;
  amount: string;
}

/**
 * Pays the orders with the buyer's balance (payType 9), or with nothing for a zero amount
 * (payType 0). Refusals throw PaymentError; a short balance answers type 3 and changes nothing.
 */
export async function payWithBalance(
  db: Db,
  userId: string,
  numbers: readonly string[],
  now: Date,
  payType: 0 | 9 = PayType.BALANCE,
): Promise<BalancePayResult> {
  // Quick refusals before any lock (the transaction checks everything again).
  const preview = await buyerOrders(db, userId, numbers, false);
  const previewRefusal = payRefusal(preview, now);
  if (previewRefusal) throw new PaymentError(previewRefusal);
  const previewAmount = amountOf(preview);
  await assertMethod(db, payType, previewAmount);
  const before = await userBalance(db, userId);
  if (payType === PayType.BALANCE && compare(before, previewAmount) < 0)
    return { type: 3, balance: before, payNo: null, amount: previewAmount };

  try {
    return await db.transaction(async (tx) => {
      const rows = await buyerOrders(tx, userId, numbers, true);
      const refusal = payRefusal(rows, now);
      if (refusal) throw new PaymentError(refusal);
      const amount = amountOf(rows);
      await closeWaitingPayments(tx, userId, numbers);
      const payNo = newPayNo(now);
      await tx.insert(payments).values({
        payNo,
        userId,
        orderNumbers: rows.map((r) => r.orderNumber).join(","),
        payType,
        amount,
        status: 0,
        expiresAt: earliest(rows.map((r) => r.payDeadline)),
        createdAt: now,
      });
      await settlement().markPaymentPaid(tx, payNo, { amount, providerTradeNo: `balance-${payNo}` }, now);
      if (payType === PayType.BALANCE) {
        // Taken through the user ledger (kernel/user-ledger.ts, the balance's one writer): one
        // "orderPay" row per order that costs money; never below zero.
        for (const r of rows.filter((o) => !toDecimal(o.actualTotal).isZero())) {
          const delta = formatPrice(toDecimal(r.actualTotal).negated());
          const left = await writeLedger(tx, {
            userId,
            kind: "balance",
            delta,
            reason: "orderPay",
            now,
            orderNumber: r.orderNumber,
          });
          if (left === null) throw new ShortBalance();
        }
      }
      return { type: 1 as const, balance: await userBalance(tx, userId), payNo, amount };
    });
  } catch (err) {
    if (err instanceof ShortBalance)
      return { type: 3, balance: await userBalance(db, userId), payNo: null, amount: previewAmount };
    throw err;
  }
}

/**
 * Starts a provider payment (payType 2 Alipay PC / 3 WeChat scan / 4 card): closes the orders' earlier
 * waiting payments, makes a new waiting one and asks the provider for its QR text and page.
 */
export async function createProviderPayment(
  db: Db,
  provider: PaymentProvider,
  input: {
    userId: string;
    numbers: readonly string[];
    payType: 2 | 3 | 4;
    returnUrl?: string | undefined;
    subject: string;
    locale?: Locale | undefined;
  },
  now: Date,
): Promise<ProviderPayDto> {
  const { userId, numbers, payType } = input;
  const preview = await buyerOrders(db, userId, numbers, false);
  const previewRefusal = payRefusal(preview, now);
  if (previewRefusal) throw new PaymentError(previewRefusal);
  await assertMethod(db, payType, amountOf(preview));
  const { payNo, amount, expiresAt, key } = await db.transaction(async (tx) => {
    const rows = await buyerOrders(tx, userId, numbers, true);
    const refusal = payRefusal(rows, now);
    if (refusal) throw new PaymentError(refusal);
    const total = amountOf(rows);
    await closeWaitingPayments(tx, userId, numbers);
    const no = newPayNo(now);
    const until = providerExpiresAt(
      now,
      rows.map((r) => r.payDeadline),
    );
    const pageKey = newPageKey();
    await tx.insert(payments).values({
      payNo: no,
      userId,
      orderNumbers: rows.map((r) => r.orderNumber).join(","),
      payType,
      amount: total,
      status: 0,
      expiresAt: until,
      pageKeyHash: pageKey.hash,
      createdAt: now,
    });
    return { payNo: no, amount: total, expiresAt: until, key: pageKey.key };
  });
  try {
    const created = await provider.createPayment({
      payNo,
      pageKey: key,
      amount,
      subject: input.subject,
      expiresAt,
      returnUrl: input.returnUrl,
      locale: input.locale,
    });
    return { payNo, codeUrl: created.codeUrl, payUrl: created.payUrl, amount, expiresAt: expiresAt.toISOString() };
  } catch (err) {
    await db
      .update(payments)
      .set({ status: 2 })
      .where(and(eq(payments.payNo, payNo), eq(payments.status, 0)));
    throw err;
  }
}

/** Marks a payment paid (the order feature's markPaymentPaid, once its orders are settled). */
export async function recordPaymentPaid(
  tx: Tx,
  payNo: string,
  paid: { providerTradeNo: string; callback?: Record<string, unknown> | undefined },
  now: Date,
): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 1, paidAt: now, providerTradeNo: paid.providerTradeNo, callback: paid.callback ?? null })
    .where(eq(payments.payNo, payNo));
}

/**
 * How a payment's orders are locked and marked paid: the order feature's own rules
 * (order-lifecycle.ts registers them when it loads; the API and the job runner load it).
 */
export interface OrderSettlement {
  lockOrders(tx: Tx, orderNumbers: readonly string[]): Promise<unknown>;
  markPaymentPaid(
    tx: Tx,
    payNo: string,
    paid: { amount: string; providerTradeNo: string; callback?: Record<string, unknown> },
    now: Date,
  ): Promise<{ alreadyPaid: boolean }>;
}
let orderSettlement: OrderSettlement | null = null;

export function registerOrderSettlement(settlement: OrderSettlement): void {
  orderSettlement = settlement;
}

function settlement(): OrderSettlement {
  if (!orderSettlement) throw new Error("order payments need src/server/domain/order/order-lifecycle.ts loaded");
  return orderSettlement;
}

/**
 * What a paid payment of another purpose than orders does (balance top-up, paid membership):
 * registered by the feature that creates such payments, run in the notification's transaction
 * after the signature, replay, amount and expiry checks, before the payment is marked paid.
 */
export type PurposeSettler = (tx: Tx, pay: typeof payments.$inferSelect, now: Date) => Promise<void>;
const SETTLERS = new Map<string, PurposeSettler>();

export function registerPaymentPurpose(purpose: string, settle: PurposeSettler): void {
  if (purpose === "order") throw new Error("order payments are settled by markPaymentPaid");
  SETTLERS.set(purpose, settle);
}

/** A waiting payment of `purpose` (not orders) for the buyer, valid PAY_QR_MINUTES; the provider's QR and page. */
export async function createPurposePayment(
  db: Db,
  provider: PaymentProvider,
  input: {
    userId: string;
    purpose: string;
    refId?: number | null;
    amount: string;
    payType: 2 | 3;
    returnUrl?: string | undefined;
    subject: string;
    locale?: Locale | undefined;
  },
  now: Date,
  tx?: Tx,
): Promise<ProviderPayDto> {
  await assertMethod(db, input.payType, input.amount);
  const payNo = newPayNo(now);
  const expiresAt = new Date(now.getTime() + PAY_QR_MINUTES * 60_000);
  const pageKey = newPageKey();
  await (tx ?? db).insert(payments).values({
    payNo,
    userId: input.userId,
    orderNumbers: "",
    purpose: input.purpose,
    refId: input.refId ?? null,
    payType: input.payType,
    amount: input.amount,
    status: 0,
    expiresAt,
    pageKeyHash: pageKey.hash,
    createdAt: now,
  });
  const created = await provider.createPayment({
    payNo,
    pageKey: pageKey.key,
    amount: input.amount,
    subject: input.subject,
    expiresAt,
    returnUrl: input.returnUrl,
    locale: input.locale,
  });
  return {
    payNo,
    codeUrl: created.codeUrl,
    payUrl: created.payUrl,
    amount: input.amount,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The state of the buyer's own payment (0 waiting, 1 paid, 2 closed or expired); null when unknown. */
export async function ownPaymentState(
  db: Db,
  userId: string,
  payNo: string,
  purpose: string,
  now: Date,
): Promise<0 | 1 | 2 | null> {
  if (!/^[0-9A-Za-z-]{1,64}$/.test(payNo)) return null;
  const [pay] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.payNo, payNo), eq(payments.userId, userId), eq(payments.purpose, purpose)))
    .limit(1);
  if (!pay) return null;
  const st = paymentState(pay, now);
  return st === "paid" ? 1 : st === "waiting" ? 0 : 2;
}

export interface NotificationResult {
  payNo: string;
  /** True when this notification marked the payment paid or it was paid already. */
  paid: boolean;
  alreadyPaid: boolean;
}

/** Whether a value looks like a notification body (all fields strings). */
export function asNotification(body: unknown): PaymentNotification | null {
  return notificationFields(body, { payNo: 64, tradeNo: 128, amount: 32, status: 32, sign: 1024 });
}

/**
 * The provider's notification (POST /api/pay/notify/<provider>). Signature first, then the
 * payment (FOR UPDATE), replay, amount, expiry, the orders; markPaymentPaid in the same transaction.
 */
export async function handleNotification(
  db: Db,
  secret: string,
  n: PaymentNotification,
  now: Date,
): Promise<NotificationResult> {
  if (!verifyNotification(secret, n)) throw new PaymentError(PAYMENT_ERRORS.badSign);
  return db.transaction(async (tx) => {
    // Lock order (docs/order.md "Lock order"): the payment's orders first, then the payment.
    const [peek] = await tx
      .select({ orderNumbers: payments.orderNumbers })
      .from(payments)
      .where(eq(payments.payNo, n.payNo))
      .limit(1);
    if (!peek) throw new PaymentError(PAYMENT_ERRORS.paymentNotFound);
    await settlement().lockOrders(tx, peek.orderNumbers.split(",").filter(Boolean));
    const [pay] = await tx.select().from(payments).where(eq(payments.payNo, n.payNo)).for("update").limit(1);
    if (!pay) throw new PaymentError(PAYMENT_ERRORS.paymentNotFound);
    if (pay.status === 1) return { payNo: pay.payNo, paid: true, alreadyPaid: true };
    if (n.status !== NOTIFY_SUCCESS) return { payNo: pay.payNo, paid: false, alreadyPaid: false };
    const amount = tryDecimal(n.amount);
    if (amount === null || compare(amount, pay.amount) !== 0) throw new PaymentError(PAYMENT_ERRORS.amountMismatch);
    if (paymentState(pay, now) !== "waiting") throw new PaymentError(PAYMENT_ERRORS.qrExpired);
    if (pay.purpose !== "order") {
      const settle = SETTLERS.get(pay.purpose);
      if (!settle) throw new PaymentError(PAYMENT_ERRORS.paymentNotFound);
      await settle(tx, pay, now);
      await tx
        .update(payments)
        .set({ status: 1, paidAt: now, providerTradeNo: n.tradeNo, callback: { ...n } })
        .where(eq(payments.payNo, pay.payNo));
      return { payNo: pay.payNo, paid: true, alreadyPaid: false };
    }
    const numbers = pay.orderNumbers.split(",").filter(Boolean);
    const rows = await buyerOrders(tx, pay.userId, numbers, true).catch(() => {
      throw new PaymentError(PAYMENT_ERRORS.orderExpired);
    });
    const refusal = payRefusal(rows, now);
    if (refusal)
      throw new PaymentError(
        refusal === PAYMENT_ERRORS.orderPaid ? PAYMENT_ERRORS.orderPaid : PAYMENT_ERRORS.orderExpired,
      );
    const r = await settlement().markPaymentPaid(
      tx,
      pay.payNo,
      { amount: formatPrice(amount), providerTradeNo: n.tradeNo, callback: { ...n } },
      now,
    );
    return { payNo: pay.payNo, paid: true, alreadyPaid: r.alreadyPaid };
  });
}

/** GET /p/myOrder/getOrderStatus: the status of the buyer's own (not deleted) order. */
export async function getOrderStatus(db: Db, userId: string, orderNumber: string): Promise<number> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId), eq(orders.deleteStatus, 0)))
    .limit(1);
  if (!row) throw new PaymentError(PAYMENT_ERRORS.orderNotFound);
  return row.status;
}
