/**
 * Payment rules with no database (docs/payment.md): the refusal and its keys, the order numbers
 * asked to pay, what refuses a payment, the methods allowed, deadlines, the return URL, payment
 * numbers and page keys, a payment's state.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { PaySwitch } from "../../../lib/api-types.ts";
import { sameOriginPath } from "../../../lib/same-origin-path.ts";
import { toDecimal, type MoneyInput } from "../../../lib/money.ts";
import { PAY_QR_MINUTES, PayType } from "../../../lib/order/order-types.ts";
import { OrderStatus, transition } from "../../../lib/order/order-state.ts";
import { DomainError } from "../kernel/domain-error.ts";

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
