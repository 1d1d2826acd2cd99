/**
 * The balance ledger and top-up (CONTRACT §7.4; SPEC §5, §9; docs/points.md "Balance").
 * The balance changes only through changeBalance: a conditional update of users.balance (never
 * below 0) and one user_ledger row (kind "balance") in the caller's transaction, so the balance
 * always equals the sum of its ledger. (Order payments and pay refunds in payment.ts and
 * order-lifecycle.ts write the same two things in their own transactions.)
 *
 * Top-up: 0.01 .. 100,000.00 per time (src/lib/balance/balance.ts), paid through the payment provider
 * (a "recharge" payment, the same signed idempotent notification as orders). When paid, the
 * amount is credited (type 1) and the top-up bonus of 1 point per whole yuan is given (points
 * source 6), all in the notification's transaction; a replayed notification changes nothing.
 */
import { eq } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import {
  BalanceLogType,
  RECHARGE_MAX_CENTS,
  RECHARGE_MIN_CENTS,
  RECHARGE_POINTS_PER_YUAN,
  rechargeAmountError,
  type BalanceInfoDto,
  type BalanceLogDto,
} from "../../../lib/balance/balance.ts";
import { formatPrice, toDecimal } from "../../../lib/money.ts";
import type { Locale } from "../../../lib/locale.ts";
import type { ProviderPayDto } from "../../../lib/order/order-types.ts";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { ledgerPage, mapPage, writeLedger } from "../kernel/user-ledger.ts";
import type { PaymentProvider } from "../../providers/payment.ts";
import { createPurposePayment, ownPaymentState, registerPaymentPurpose } from "../payment/payment.ts";
import { changePoints, PointsReason } from "../points/points-ledger.ts";
import { DomainError } from "../kernel/domain-error.ts";

/** Ledger reasons of the balance (user_ledger.reason with kind "balance"). */
export const BalanceReason = {
  RECHARGE: "recharge",
  RECHARGE_BONUS: "rechargeBonus",
  ORDER_PAY: "orderPay",
  PAY_REFUND: "payRefund",
  REFUND: "refund",
  /** A refund paid back to the balance (refund-payout.ts). */
  ORDER_REFUND: "orderRefund",
  ADJUST: "adjust",
  BUY_LEVEL: "buyLevel",
} as const;
export type BalanceReasonValue = (typeof BalanceReason)[keyof typeof BalanceReason];

const TYPE_OF: Record<string, number> = {
  [BalanceReason.RECHARGE]: BalanceLogType.RECHARGE,
  [BalanceReason.RECHARGE_BONUS]: BalanceLogType.RECHARGE_BONUS,
  [BalanceReason.ORDER_PAY]: BalanceLogType.SHOPPING,
  [BalanceReason.PAY_REFUND]: BalanceLogType.REFUND,
  [BalanceReason.REFUND]: BalanceLogType.REFUND,
  [BalanceReason.ORDER_REFUND]: BalanceLogType.REFUND,
  [BalanceReason.ADJUST]: BalanceLogType.ADJUST,
  [BalanceReason.BUY_LEVEL]: BalanceLogType.BUY_MEMBER,
};

/** The CONTRACT log type of a ledger reason; unknown reasons count as adjustments. */
export function balanceTypeOf(reason: string): number {
  return TYPE_OF[reason] ?? BalanceLogType.ADJUST;
}

/** Points a top-up of `amount` gives: 1 per whole yuan. */
export function rechargeBonusPoints(amount: string): number {
  return toDecimal(amount).floor().toNumber() * RECHARGE_POINTS_PER_YUAN;
}

export class BalanceError extends DomainError {}

/**
 * Adds `delta` (a money string, negative = takes) with a ledger row, in the caller's transaction.
 * Taking more than the balance throws BalanceError("balance.notEnough"). Answers the new balance.
 */
export async function changeBalance(
  tx: Tx,
  userId: string,
  delta: string,
  reason: BalanceReasonValue,
  now: Date,
  orderNumber: string | null = null,
  note: string | null = null,
): Promise<string> {
  const d = toDecimal(delta);
  if (d.isZero()) throw new RangeError("balance delta must not be zero");
  const total = await writeLedger(tx, {
    userId,
    kind: "balance",
    delta: formatPrice(d),
    reason,
    now,
    orderNumber,
    note,
  });
  if (total === null) throw new BalanceError("balance.notEnough");
  return formatPrice(total);
}

/** GET /p/userBalance/getBalanceInfo. */
export async function balanceInfo(db: Db, userId: string): Promise<BalanceInfoDto> {
  const [u] = await db.select({ balance: users.balance }).from(users).where(eq(users.userId, userId)).limit(1);
  return {
    totalBalance: formatPrice(u?.balance ?? "0"),
    minRecharge: formatPrice(RECHARGE_MIN_CENTS / 100),
    maxRecharge: formatPrice(RECHARGE_MAX_CENTS / 100),
  };
}

/** GET /p/userBalanceLog/log: every balance movement, newest first. */
export async function balanceLog(db: Db, userId: string, current: number, size: number): Promise<Page<BalanceLogDto>> {
  return mapPage(await ledgerPage(db, userId, "balance", current, size), (r) => {
    const d = toDecimal(r.amount);
    return {
      id: r.id,
      changeBalance: formatPrice(d.abs()),
      ioType: d.isNegative() ? 0 : 1,
      type: balanceTypeOf(r.reason),
      createTime: r.createdAt.toISOString(),
      orderNumberList: r.orderNumber ? [r.orderNumber] : [],
    };
  });
}

/** POST /p/balance/pay: starts a top-up through the provider. Refuses a bad amount (BalanceError). */
export async function createRecharge(
  db: Db,
  provider: PaymentProvider,
  input: {
    userId: string;
    amount: unknown;
    payType: 2 | 3;
    returnUrl?: string | undefined;
    subject: string;
    locale?: Locale | undefined;
  },
  now: Date,
): Promise<ProviderPayDto> {
  const error = rechargeAmountError(input.amount);
  if (error) throw new BalanceError(error);
  const amount = formatPrice(String(input.amount).trim());
  return createPurposePayment(
    db,
    provider,
    {
      userId: input.userId,
      purpose: "recharge",
      amount,
      payType: input.payType,
      returnUrl: input.returnUrl,
      subject: input.subject,
      locale: input.locale,
    },
    now,
  );
}

/** GET /p/balance/rechargeStatus: 0 waiting, 1 paid, 2 closed/expired; null = not the user's top-up. */
export function rechargeStatus(db: Db, userId: string, payNo: string, now: Date) {
  return ownPaymentState(db, userId, payNo, "recharge", now);
}

registerPaymentPurpose("recharge", async (tx, pay, now) => {
  await changeBalance(tx, pay.userId, formatPrice(pay.amount), BalanceReason.RECHARGE, now);
  const bonus = rechargeBonusPoints(pay.amount);
  if (bonus > 0) await changePoints(tx, pay.userId, bonus, PointsReason.RECHARGE_BONUS, now);
});
