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
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { PaySwitch } from "../../../lib/api-types.ts";
import { sameOriginPath } from "../../../lib/same-origin-path.ts";
import { formatAddress } from "../../../lib/address/address-format.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { compare, formatPrice, sum, toDecimal, tryDecimal, type MoneyInput } from "../../../lib/money.ts";
import {
  PAY_QR_MINUTES,
  PayType,
  type CardPayDto,
  type OrderPayInfoDto,
  type ProviderPayDto,
} from "../../../lib/order/order-types.ts";
import { checkCard, type CardForm } from "../../../lib/order/pay-card.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderItems, orders, payments, users } from "../../db/schema/index.ts";
import {
  notificationFields,
  NOTIFY_SUCCESS,
  sandboxNotification,
  verifyNotification,
  type PaymentNotification,
  type CardChargeResult,
  type PaymentProvider,
} from "../../providers/payment.ts";
import { OrderStatus, transition } from "../../../lib/order/order-state.ts";
import { localizeAreas } from "../address/area.ts";
import { getPaySwitch } from "../kernel/site.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { writeLedger } from "../kernel/user-ledger.ts";

/** At most this many orders in one payment (one order per shop; a checkout has at most 50 items). */
export const PAY_ORDERS_MAX = 50;
/** Longest return path kept for the provider page. */
export const RETURN_URL_MAX = 500;

/** A refusal; `key` is the full i18n key (payment.* or order.*), shown as A00001. */
export class PaymentError extends DomainError {
  constructor(key: string, params: Record<string, unknown> = {}) {
    super(key, { params });
  }
}

export const PAYMENT_ERRORS = {
  noOrders: "payment.noOrders",
  orderNotFound: "order.notFound",
  orderExpired: "payment.orderExpired",
  orderPaid: "payment.orderPaid",
  cannotPay: "order.cannotPay",
  methodDisabled: "payment.methodDisabled",
  qrExpired: "payment.qrExpired",
  paymentNotFound: "order.paymentNotFound",
  amountMismatch: "order.amountMismatch",
  badSign: "payment.badSign",
  notSandbox: "payment.notSandbox",
  cardDeclined: "payment.card.declined",
} as const;

// ------------------------------------------------------------------------------------------
// Pure rules
// ------------------------------------------------------------------------------------------

/** "a,b" (or an array) → distinct order numbers in the given order; null when empty, malformed or too many. */
export function parseOrderNumbers(raw: unknown): string[] | null {
  const parts = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(",") : null;
  if (!parts) return null;
  const out: string[] = [];
  for (const p of parts) {
    if (typeof p !== "string" && typeof p !== "number") return null;
    const s = String(p).trim();
    if (s === "") continue;
    if (!/^\d{1,32}$/.test(s)) return null;
    if (!out.includes(s)) out.push(s);
  }
  return out.length === 0 || out.length > PAY_ORDERS_MAX ? null : out;
}

export interface PayableFacts {
  status: number;
  closeType: number | null;
  payDeadline: Date;
}

const PAID_STATUSES: readonly number[] = [
  OrderStatus.PADYED,
  OrderStatus.CONSIGNMENT,
  OrderStatus.SUCCESS,
  OrderStatus.WAIT_GROUP,
];

/** Why these orders cannot be paid now (an i18n key), or null when they can. */
export function payRefusal(list: readonly PayableFacts[], now: Date): string | null {
  for (const o of list) {
    if (o.status === OrderStatus.CLOSE)
      return o.closeType === 1 ? PAYMENT_ERRORS.orderExpired : PAYMENT_ERRORS.cannotPay;
    if (!transition(o.status, "pay").ok)
      return PAID_STATUSES.includes(o.status) ? PAYMENT_ERRORS.orderPaid : PAYMENT_ERRORS.cannotPay;
    if (o.payDeadline.getTime() <= now.getTime()) return PAYMENT_ERRORS.orderExpired;
  }
  return null;
}

/** Whether a pay method is switched on (getSysPaySwitch). payType 0 only for a zero amount. */
export function payTypeAllowed(sw: PaySwitch, payType: number, amount: MoneyInput): boolean {
  switch (payType) {
    case PayType.BALANCE:
      return sw.balancePaySwitch;
    case PayType.WECHAT_SCAN:
      return sw.wxPaySwitch;
    case PayType.ALIPAY:
      return sw.aliPaySwitch;
    case PayType.CARD:
      // Cards follow the configured provider (no site switch of their own).
      return true;
    case PayType.POINTS:
      return toDecimal(amount).isZero();
    default:
      return false;
  }
}

/** Until when a provider payment (QR code / pay page) is valid: PAY_QR_MINUTES, never past the earliest deadline. */
export function providerExpiresAt(now: Date, deadlines: readonly Date[]): Date {
  let end = now.getTime() + PAY_QR_MINUTES * 60_000;
  for (const d of deadlines) end = Math.min(end, d.getTime());
  return new Date(end);
}

/** The earliest deadline (the pay counter's countdown end). */
export function earliest(dates: readonly Date[]): Date {
  return new Date(Math.min(...dates.map((d) => d.getTime())));
}

/** A same-site path to return to ("/order-detail?orderNumber=…"), or undefined (the rule: src/lib/same-origin-path.ts). */
export function safeReturnUrl(raw: unknown): string | undefined {
  if (typeof raw !== "string" || /\s/.test(raw.trim())) return undefined;
  return sameOriginPath(raw, RETURN_URL_MAX);
}

/** A new payment number: yyMMddHHmmss (UTC) + 8 random digits. */
export function newPayNo(now: Date): string {
  const iso = now.toISOString();
  const stamp =
    iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16) + iso.slice(17, 19);
  return `${stamp}${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
}

/** A new page key (base64url, 32 characters) and the hash that is stored. */
export function newPageKey(): { key: string; hash: string } {
  const key = randomBytes(24).toString("base64url");
  return { key, hash: hashPageKey(key) };
}

export function hashPageKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Constant-time check of a presented page key against the stored hash (false when either is missing or malformed). */
export function pageKeyMatches(storedHash: string | null, key: unknown): boolean {
  if (!storedHash || typeof key !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) return false;
  const a = Buffer.from(storedHash, "hex");
  const b = Buffer.from(hashPageKey(key), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export type PaymentState = "waiting" | "paid" | "closed" | "expired";

/** The state of a payment row at `now`. */
export function paymentState(p: { status: number; expiresAt: Date }, now: Date): PaymentState {
  if (p.status === 1) return "paid";
  if (p.status === 2) return "closed";
  return p.expiresAt.getTime() <= now.getTime() ? "expired" : "waiting";
}

// ------------------------------------------------------------------------------------------
// Database
// ------------------------------------------------------------------------------------------

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

// ------------------------------------------------------------------------------------------
// Cards (payType 4; docs/payment-card.md)
// ------------------------------------------------------------------------------------------

/** The buyer's waiting card payment, or a refusal: unknown (or another buyer's), paid, expired. */
async function waitingCardPayment(db: Db, userId: string, payNo: string, now: Date) {
  const [pay] = await db.select().from(payments).where(eq(payments.payNo, payNo)).limit(1);
  if (!pay || pay.userId !== userId || pay.payType !== PayType.CARD)
    throw new PaymentError(PAYMENT_ERRORS.paymentNotFound);
  const state = paymentState(pay, now);
  if (state === "paid") throw new PaymentError(PAYMENT_ERRORS.orderPaid);
  if (state !== "waiting") throw new PaymentError(PAYMENT_ERRORS.qrExpired);
  return pay;
}

/**
 * The provider's answer to a card: paid → the signed notification is handled like any provider's
 * (orders paid in its transaction), then the card's brand and last four digits are kept with the
 * payment (never the number); declined → a refusal in the buyer's language, nothing changed;
 * confirmation → asked of the buyer.
 */
async function cardOutcome(
  db: Db,
  secret: string,
  payNo: string,
  card: { brand: string; last4: string },
  result: CardChargeResult,
  now: Date,
): Promise<CardPayDto> {
  if (result.outcome === "declined") throw new PaymentError(`payment.card.${result.reason}`);
  if (result.outcome === "confirm")
    return { payNo, status: "confirm", brand: card.brand, last4: card.last4, confirmation: result.confirmation };
  await handleNotification(db, secret, result.notification, now);
  await db
    .update(payments)
    .set({ callback: { ...result.notification, card: { brand: card.brand, last4: card.last4 } } })
    .where(eq(payments.payNo, payNo));
  return { payNo, status: "paid", brand: card.brand, last4: card.last4, confirmation: null };
}

/** POST /p/pay/card: checks the card, asks the provider to charge it for the buyer's waiting card payment. */
export async function payByCard(
  db: Db,
  provider: PaymentProvider,
  secret: string,
  input: { userId: string; payNo: string; form: CardForm },
  now: Date,
): Promise<CardPayDto> {
  const checked = checkCard(input.form, now);
  if (!checked.ok) {
    const first = Object.values(checked.problems)[0]!;
    throw new PaymentError(`payment.card.${first}`);
  }
  const pay = await waitingCardPayment(db, input.userId, input.payNo, now);
  const amount = formatPrice(pay.amount);
  const { number, expMonth, expYear, cvc, brand, last4 } = checked.card;
  const result = await provider.chargeCard({ payNo: pay.payNo, amount, card: { number, expMonth, expYear, cvc } });
  return cardOutcome(db, secret, pay.payNo, { brand, last4 }, result, now);
}

/** POST /p/pay/card/confirm: the buyer's one-time code for the provider's confirmation step. */
export async function confirmCardPayment(
  db: Db,
  provider: PaymentProvider,
  secret: string,
  input: { userId: string; payNo: string; brand: string; last4: string; confirmation: string; code: string },
  now: Date,
): Promise<CardPayDto> {
  const pay = await waitingCardPayment(db, input.userId, input.payNo, now);
  const amount = formatPrice(pay.amount);
  const result = await provider.confirmCard({
    payNo: pay.payNo,
    amount,
    last4: input.last4,
    confirmation: input.confirmation,
    code: input.code,
  });
  return cardOutcome(db, secret, pay.payNo, { brand: input.brand, last4: input.last4 }, result, now);
}
