/**
 * Refund payout (docs/refund.md "Refund payout"): paying a refund the way the order was paid, the
 * payment provider's refund notification, the provider refund jobs use and the whole-order refund
 * with no application (a failed group-buy team).
 */
import { changePoints, clawBackForRefund, PointsReason } from "../points/points-ledger.ts";
import { BalanceReason, changeBalance } from "../balance/balance.ts";
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { compare, formatPrice, tryDecimal } from "../../../lib/money.ts";
import { PayType } from "../../../lib/order/order-types.ts";
import { isRefundActive, RefundSts, refundTransition } from "../../../lib/refund/refund-state.ts";
import { NO_REASON } from "../../../lib/refund/refund-rules.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderRefunds, payments } from "../../db/schema/index.ts";
import {
  notificationFields,
  NOTIFY_SUCCESS,
  verifyRefundNotification,
  type PaymentProvider,
  type RefundNotification,
} from "../../providers/payment.ts";
import { finishJobs, scheduleJob } from "../jobs/jobs.ts";
import { closeRefundedOrder, orderNumberStamp, setOrderRefundStatus } from "../order/order-lifecycle.ts";
import { completeVirtualOrderIfDone, voidRefundedCodes } from "../order/write-off.ts";
import { ProdMold } from "../../../lib/order/virtual-goods.ts";
import {
  RefundError,
  type RefundRow,
  type OrderRow,
  takenByLine,
  loadOrder,
  itemsOf,
  refundsOf,
} from "./refund-read.ts";

/**
 * Keeps orders.refund_status in step (order's setOrderRefundStatus): 1 while a refund is open, 2
 * once something was refunded, null otherwise.
 */
export async function syncOrderRefundStatus(tx: Tx, orderNumber: string): Promise<void> {
  const rows = await refundsOf(tx, orderNumber);
  const open = rows.some((r) => isRefundActive(r.returnMoneySts) && r.returnMoneySts !== RefundSts.REFUSED);
  const refunded = rows.some((r) => r.returnMoneySts === RefundSts.REFUNDED);
  await setOrderRefundStatus(tx, orderNumber, open ? 1 : refunded ? 2 : null);
}

/** A new refund number: yyMMddHHmmss + 7 random digits. */
export function newRefundSn(now: Date): string {
  return `${orderNumberStamp(now)}${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
}

/** The sandbox (and a real provider's) refund notification is looked for this long after the refund was asked for, then every minute. */
export const REFUND_PROVIDER_CHECK_MS = 10_000;

export const REFUND_PROVIDER_RECHECK_MS = 60_000;

/**
 * Pays the refund the way the order was paid. Balance orders get it on the balance
 * (changeBalance, ledger "orderRefund") and the refund is done at once (finishRefund). Orders paid
 * through the payment provider: the provider is asked to refund (its refund number is kept) and
 * the refund waits as "refunding" (8) for the provider's signed refund notification
 * (handleRefundNotification); a `refundProviderCheck` job asks the provider if the notification
 * is late.
 */
export async function payOut(tx: Tx, provider: PaymentProvider, o: OrderRow, r: RefundRow, now: Date): Promise<void> {
  const amount = formatPrice(r.refundAmount);
  const viaProvider = Number(amount) > 0 && (o.payType === PayType.ALIPAY || o.payType === PayType.WECHAT_SCAN);
  if (viaProvider) {
    const move = refundTransition(r.returnMoneySts, "refundRequest", r.applyType);
    if (!move.ok) throw new RefundError(move.error);
    const [pay] = o.payNo ? await tx.select().from(payments).where(eq(payments.payNo, o.payNo)).limit(1) : [];
    if (!pay) throw new RefundError("refund.paymentNotFound");
    const { refundNo } = await provider.refund({
      payNo: pay.payNo,
      providerTradeNo: pay.providerTradeNo,
      refundSn: r.refundSn,
      amount,
    });
    await tx
      .update(orderRefunds)
      .set({
        returnMoneySts: move.sts,
        refundWay: "provider",
        providerRefundNo: refundNo,
        dueAt: null,
        updateTime: now,
      })
      .where(eq(orderRefunds.refundId, r.refundId));
    await scheduleJob(tx, "refundProviderCheck", r.refundSn, new Date(now.getTime() + REFUND_PROVIDER_CHECK_MS));
    return;
  }
  let refundWay = "points";
  if (Number(amount) > 0 && o.payType === PayType.BALANCE) {
    refundWay = "balance";
    await changeBalance(tx, r.userId, amount, BalanceReason.ORDER_REFUND, now, o.orderNumber);
  }
  await finishRefund(tx, o, r, refundWay, now);
}

/**
 * The refund is done: points come back (changePoints, ledger "orderRefundScore"), the refunded
 * share of a completed order's reward points is taken back, the refund is "refunded", and when
 * every line of the order is fully refunded the order closes (order's closeRefundedOrder,
 * closeType 2).
 */
async function finishRefund(tx: Tx, o: OrderRow, r: RefundRow, refundWay: string, now: Date): Promise<void> {
  const move = refundTransition(r.returnMoneySts, "refund", r.applyType);
  if (!move.ok) throw new RefundError(move.error);
  const amount = formatPrice(r.refundAmount);
  if (r.refundScore > 0)
    await changePoints(tx, r.userId, r.refundScore, PointsReason.REFUND_RETURNED, now, o.orderNumber);
  // A completed order earned points: the refunded share of them is taken back (docs/points.md).
  await clawBackForRefund(tx, r.userId, o.orderNumber, amount, formatPrice(o.actualTotal), now);
  await tx
    .update(orderRefunds)
    .set({ returnMoneySts: move.sts, refundWay, refundTime: now, dueAt: null, updateTime: now })
    .where(eq(orderRefunds.refundId, r.refundId));
  // Close the order when everything is refunded.
  const items = await itemsOf(tx, o.orderNumber);
  const refunds = (await refundsOf(tx, o.orderNumber)).map((x) =>
    x.refundId === r.refundId ? { ...x, returnMoneySts: move.sts } : x,
  );
  const whole = refunds.some((x) => x.orderItemId === null && x.returnMoneySts === RefundSts.REFUNDED);
  const taken = takenByLine(refunds, items);
  const all = whole || items.every((it) => taken.get(it.orderItemId)!.goodsNum >= it.prodCount);
  if (o.orderMold === ProdMold.VIRTUAL) {
    await voidRefundedCodes(tx, o, { orderItemId: r.orderItemId, goodsNum: r.goodsNum }, now);
    if (!all) await completeVirtualOrderIfDone(tx, o, now);
  }
  if (all) await closeRefundedOrder(tx, o, now);
}

export interface RefundNotificationResult {
  refundSn: string;
  /** The refund is done (by this notification or an earlier one). */
  refunded: boolean;
  /** An earlier notification had done it: nothing changed (a replay). */
  alreadyRefunded: boolean;
}

/** Whether a value looks like a refund notification body (all fields strings). */
export function asRefundNotification(body: unknown): RefundNotification | null {
  return notificationFields(body, { refundSn: 64, refundNo: 128, amount: 32, status: 32, sign: 1024 });
}

/**
 * The provider's refund notification (POST /api/pay/refund-notify/<provider>, and the
 * refundProviderCheck job with the provider's answer). Signature first; then the order and the
 * refund are locked; the refund number and the amount must be the ones asked for. A refund that
 * is already refunded answers success again and changes nothing (replays credit nothing twice);
 * a status other than SUCCESS changes nothing (the refund stays "refunding").
 */
export async function handleRefundNotification(
  db: Db,
  secret: string,
  n: RefundNotification,
  now: Date,
): Promise<RefundNotificationResult> {
  if (!verifyRefundNotification(secret, n)) throw new RefundError("refund.badNotification");
  return db.transaction((tx) => refundNotificationIn(tx, n, now));
}

export async function refundNotificationIn(
  tx: Tx,
  n: RefundNotification,
  now: Date,
): Promise<RefundNotificationResult> {
  const [peek] = await tx
    .select({ orderNumber: orderRefunds.orderNumber })
    .from(orderRefunds)
    .where(eq(orderRefunds.refundSn, n.refundSn))
    .limit(1);
  if (!peek) throw new RefundError("refund.notFound");
  const o = await loadOrder(tx, peek.orderNumber, {}, true);
  const [r] = await tx.select().from(orderRefunds).where(eq(orderRefunds.refundSn, n.refundSn)).for("update").limit(1);
  if (!o || !r) throw new RefundError("refund.notFound");
  if (r.providerRefundNo !== n.refundNo) throw new RefundError("refund.badNotification");
  if (r.returnMoneySts === RefundSts.REFUNDED) return { refundSn: r.refundSn, refunded: true, alreadyRefunded: true };
  if (r.returnMoneySts !== RefundSts.REFUNDING) throw new RefundError("refund.cannotRefund");
  const amount = tryDecimal(n.amount);
  if (amount === null || compare(amount, r.refundAmount) !== 0) throw new RefundError("refund.badNotification");
  if (n.status !== NOTIFY_SUCCESS) return { refundSn: r.refundSn, refunded: false, alreadyRefunded: false };
  await finishRefund(tx, o, r, "provider", now);
  await finishJobs(tx, "refundProviderCheck", [r.refundSn], now);
  await syncOrderRefundStatus(tx, o.orderNumber);
  return { refundSn: r.refundSn, refunded: true, alreadyRefunded: false };
}

/** The payment provider the jobs refund through and its secret (set by the process that runs jobs; see src/server/all-jobs.ts). */
let jobDeps: (() => { provider: PaymentProvider; secret: string }) | null = null;

export function setRefundJobDeps(f: () => { provider: PaymentProvider; secret: string }): void {
  jobDeps = f;
}

export const jobProvider = () => {
  if (!jobDeps) throw new Error("no payment provider for refund jobs");
  return jobDeps();
};

/** The provider system refunds pay out through (throws when the process set none). */
export function refundJobProvider(): PaymentProvider {
  return jobProvider().provider;
}

/**
 * Refunds a paid order in full with no application (a failed group-buy team, docs/group-buy.md):
 * one whole-order refund row, accepted and paid at once the way the order was paid (payOut:
 * balance back to the balance, provider payments through the provider, points back). The order
 * row must be locked by the caller, who also moves the order on. Answers the refundSn.
 */
export async function refundWholeOrderNow(tx: Tx, provider: PaymentProvider, o: OrderRow, now: Date): Promise<string> {
  const refundSn = newRefundSn(now);
  const [r] = await tx
    .insert(orderRefunds)
    .values({
      refundSn,
      orderNumber: o.orderNumber,
      shopId: o.shopId,
      userId: o.userId,
      refundType: 1,
      orderItemId: null,
      goodsNum: o.productNums,
      applyType: 1,
      isReceiver: 0,
      buyerReason: NO_REASON,
      buyerDesc: "",
      photoFiles: "",
      buyerMobile: o.address.mobile,
      refundAmount: formatPrice(o.actualTotal),
      refundScore: o.useScore,
      returnMoneySts: RefundSts.ACCEPTED,
      applyTime: now,
      handelTime: now,
      updateTime: now,
    })
    .returning();
  await payOut(tx, provider, o, r!, now);
  await syncOrderRefundStatus(tx, o.orderNumber);
  return refundSn;
}
