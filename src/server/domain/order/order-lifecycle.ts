/**
 * What happens to stored orders after submit: the database side of the status machine in
 * order-state.ts. Every function runs inside the caller's transaction (`tx`), locks the rows it
 * changes in one order everywhere — orders (ascending order number), then payments, then SKUs
 * (ascending id), products (ascending id), then users (docs/order.md "Lock order") — and throws OrderError
 * for a refusal, so the caller's transaction rolls back and nothing changes.
 *
 * Used by: payment (markPaymentPaid), my orders (closeOrder, confirmReceipt), the merchant API
 * (shipOrder, addDeliveryTrace), refunds (setOrderRefundStatus, closeRefundedOrder) and the
 * due-time jobs (closeOrder on pay timeout, confirmReceipt on the receipt deadline). Rules are documented in docs/order.md "Lifecycle".
 */
import { addGrowth, growthEarned, multipliedPoints, pointsMultipleOf } from "../member/member-equity.ts";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import {
  DELIVERY_COMPANIES,
  DELIVERY_STATES,
  DeliveryState,
  ORDER_AUTO_CONFIRM_DAYS,
  PayType,
} from "../../../lib/order/order-types.ts";
import { compare, formatPrice, sum, tryDecimal } from "../../../lib/money.ts";
import { rowsOf, type Tx } from "../../db/client.ts";
import { deliveries, deliveryTraces, orderItems, orders, payments } from "../../db/schema/index.ts";
import { finishJobs, registerJobHandler, scheduleJob } from "../jobs/jobs.ts";
import {
  autoConfirmDecision,
  CLOSE_TYPE_REFUNDED,
  OrderStatus,
  transition,
  type OrderEvent,
} from "../../../lib/order/order-state.ts";
import { pointsEarned } from "../points/points.ts";
import { changePoints, PointsReason } from "../points/points-ledger.ts";
import { BalanceReason, changeBalance } from "../balance/balance.ts";
import { giveBackCoupons } from "../coupon/coupon-checkout.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { closeWaitingPayments, recordPaymentPaid, registerOrderSettlement } from "../payment/payment.ts";
import { ProdMold } from "../../../lib/order/virtual-goods.ts";
import { issueWriteOffCodes } from "./write-off-codes.ts";
import { addSold, returnStock } from "../product/stock.ts";
import { onLineReviewed } from "../review/review.ts";
import { onInvoiceChanged } from "../invoice/invoice.ts";

/** A refusal; `key` is an i18n key (namespace "order"). */
export class OrderError extends DomainError {
  constructor(key: string, params: Record<string, unknown> = {}) {
    super(key, { params });
  }
}

/** closeType (CONTRACT §13): 1 payment timeout, 3 group-buy team failed (unpaid member), 4 cancelled by the buyer. */
export const CloseType = { PAY_TIMEOUT: 1, GROUP_FAILED: 3, BUYER_CANCEL: 4 } as const;
export type CloseTypeValue = (typeof CloseType)[keyof typeof CloseType];

const DAY_MS = 24 * 3600 * 1000;

/** yyMMddHHmmss (UTC) of `now`. */
export function orderNumberStamp(now: Date): string {
  const iso = now.toISOString(); // 2026-11-22T03:26:15.000Z
  return (
    iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16) + iso.slice(17, 19)
  );
}

/** A new order number: yyMMddHHmmss + 7 digits of order_number_seq (19 digits, a string). */
export async function nextOrderNumber(tx: Tx, now: Date): Promise<string> {
  const [row] = rowsOf<{ n: string | number }>(await tx.execute(sql`select nextval('order_number_seq') as n`));
  return orderNumberStamp(now) + String(row!.n).padStart(7, "0");
}

export type OrderRow = typeof orders.$inferSelect;

/**
 * Moves an order (its row locked by the caller) to `status` — an activity's step of the status
 * machine (order-state.ts: a group buy filled or failed); a close also records its type and time.
 */
export async function setOrderStatus(
  tx: Tx,
  orderNumber: string,
  status: number,
  now: Date,
  close?: { closeType: CloseTypeValue },
): Promise<void> {
  await tx
    .update(orders)
    .set({ status, updatedAt: now, ...(close ? { closeType: close.closeType, cancelTime: now } : {}) })
    .where(eq(orders.orderNumber, orderNumber));
}

/** Writes a new order and its items (an activity's own order: a points-mall exchange), in the caller's transaction. */
export async function insertOrder(
  tx: Tx,
  order: typeof orders.$inferInsert,
  items: readonly (typeof orderItems.$inferInsert)[],
): Promise<void> {
  await tx.insert(orders).values(order);
  if (items.length > 0) await tx.insert(orderItems).values([...items]);
}

/**
 * Sets an order's after-sales mark (orders.refund_status; the refund feature decides it from the
 * order's refunds): 1 while a refund is open, 2 once something was refunded, null otherwise.
 */
export async function setOrderRefundStatus(tx: Tx, orderNumber: string, refundStatus: 1 | 2 | null): Promise<void> {
  await tx.update(orders).set({ refundStatus }).where(eq(orders.orderNumber, orderNumber));
}

/**
 * Closes an order (its row locked by the caller) whose every line was refunded (closeType 2),
 * when the status machine allows it ("refundClose": paid, shipped or completed); otherwise nothing
 * changes.
 */
export async function closeRefundedOrder(
  tx: Tx,
  order: Pick<OrderRow, "orderId" | "status">,
  now: Date,
): Promise<void> {
  const r = transition(order.status, "refundClose");
  if (!r.ok) return;
  await tx
    .update(orders)
    .set({ status: r.status, closeType: CLOSE_TYPE_REFUNDED, cancelTime: now, updatedAt: now })
    .where(eq(orders.orderId, order.orderId));
}

/**
 * What an activity does with its orders (registered by the activity's module, keyed by
 * orders.orderType: 1 group buy, 2 flash sale), so this module imports none of them.
 */
export interface OrderTypeHooks {
  /** An unpaid order closes: give back what the activity took. true = the activity kept its own stock (the SKU stock is not given back). */
  onClose?: (tx: Tx, order: OrderRow, now: Date) => Promise<boolean>;
  /** An order was just marked paid (row as updated) in the payment's transaction. */
  onPaid?: (tx: Tx, order: OrderRow, now: Date) => Promise<void>;
}
const TYPE_HOOKS = new Map<number, OrderTypeHooks>();

/** Registers the hooks of an order type; registering one twice is a programming error. */
export function registerOrderTypeHooks(orderType: number, hooks: OrderTypeHooks): void {
  if (TYPE_HOOKS.has(orderType) && TYPE_HOOKS.get(orderType) !== hooks)
    throw new Error(`order type ${orderType} registered twice`);
  TYPE_HOOKS.set(orderType, hooks);
}

async function lockOrder(
  tx: Tx,
  orderNumber: string,
  where: { userId?: string | undefined; shopId?: number | undefined } = {},
): Promise<OrderRow> {
  const conds = [eq(orders.orderNumber, orderNumber)];
  if (where.userId !== undefined) conds.push(eq(orders.userId, where.userId), eq(orders.deleteStatus, 0));
  if (where.shopId !== undefined) conds.push(eq(orders.shopId, where.shopId));
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(...conds))
    .for("update")
    .limit(1);
  if (!row) throw new OrderError("order.notFound");
  return row;
}

function next(order: OrderRow, event: OrderEvent): number {
  const r = transition(order.status, event);
  if (!r.ok) throw new OrderError(r.error);
  return r.status;
}

/**
 * Closes an unpaid order: by the buyer (closeType 4, `opts.userId` must own it) or by the pay
 * timeout (closeType 1). Puts the stock back exactly (SKU stocks and product total_stocks),
 * returns the points the order used, gives back its coupons (once every order a coupon was used on
 * is closed) and closes the order's waiting payments.
 */
export async function closeOrder(
  tx: Tx,
  orderNumber: string,
  closeType: CloseTypeValue,
  now: Date,
  opts: { userId?: string } = {},
): Promise<void> {
  const order = await lockOrder(tx, orderNumber, { userId: opts.userId });
  const status = next(order, closeType === CloseType.BUYER_CANCEL ? "cancel" : "timeoutCancel");
  const ownStock = (await TYPE_HOOKS.get(order.orderType)?.onClose?.(tx, order, now)) ?? false;
  const items = ownStock
    ? []
    : await tx
        .select({ skuId: orderItems.skuId, prodId: orderItems.prodId, prodCount: orderItems.prodCount })
        .from(orderItems)
        .where(eq(orderItems.orderNumber, orderNumber))
        .orderBy(asc(orderItems.skuId));
  await returnStock(
    tx,
    items.map((it) => ({ skuId: it.skuId, prodId: it.prodId, count: it.prodCount })),
  );
  if (order.useScore > 0) await changePoints(tx, order.userId, order.useScore, PointsReason.RETURNED, now, orderNumber);
  await closeWaitingPayments(tx, order.userId, [orderNumber]);
  await tx
    .update(orders)
    .set({ status, closeType, cancelTime: now, updatedAt: now })
    .where(eq(orders.orderId, order.orderId));
  await giveBackCoupons(tx, orderNumber);
}

/** Locks orders (FOR UPDATE) in ascending order number: the first step of every transaction that changes orders. */
export async function lockOrders(tx: Tx, orderNumbers: readonly string[]): Promise<OrderRow[]> {
  if (orderNumbers.length === 0) return [];
  return tx
    .select()
    .from(orders)
    .where(inArray(orders.orderNumber, [...orderNumbers]))
    .orderBy(asc(orders.orderNumber))
    .for("update");
}

/**
 * Marks a payment and its orders paid; the one path for balance payments and provider
 * callbacks. Idempotent: a payment already paid answers {alreadyPaid: true} and changes nothing.
 * The amount must equal the payment's amount ("order.amountMismatch"). When an order can no
 * longer be paid (closed by the timeout, or paid by another payment) the money of that order is
 * credited to the buyer's balance (ledger reason "payRefund") so nothing is lost.
 */
export async function markPaymentPaid(
  tx: Tx,
  payNo: string,
  paid: { amount: string; providerTradeNo: string; callback?: Record<string, unknown> },
  now: Date,
): Promise<{ alreadyPaid: boolean; orderNumbers: string[] }> {
  // Lock order (docs/order.md "Lock order"): the orders first, then the payment.
  const [peek] = await tx
    .select({ orderNumbers: payments.orderNumbers })
    .from(payments)
    .where(eq(payments.payNo, payNo))
    .limit(1);
  if (!peek) throw new OrderError("order.paymentNotFound");
  const rows = await lockOrders(tx, peek.orderNumbers.split(",").filter(Boolean));
  const [pay] = await tx.select().from(payments).where(eq(payments.payNo, payNo)).for("update").limit(1);
  if (!pay) throw new OrderError("order.paymentNotFound");
  const orderNumbers = pay.orderNumbers.split(",").filter(Boolean);
  if (pay.status === 1) return { alreadyPaid: true, orderNumbers };
  const amount = tryDecimal(paid.amount);
  if (amount === null || compare(amount, pay.amount) !== 0) throw new OrderError("order.amountMismatch");

  const refunds: string[] = [];
  const paidOrders: OrderRow[] = [];
  for (const o of rows) {
    const r = transition(o.status, "pay", { groupBuy: o.orderType === 1 });
    if (!r.ok || o.userId !== pay.userId) {
      refunds.push(o.actualTotal);
      continue;
    }
    paidOrders.push({ ...o, status: r.status, payTime: now, payNo, payType: pay.payType, updatedAt: now });
    await tx
      .update(orders)
      .set({ status: r.status, payTime: now, payNo, payType: pay.payType, updatedAt: now })
      .where(eq(orders.orderId, o.orderId));
  }
  for (const o of paidOrders) await TYPE_HOOKS.get(o.orderType)?.onPaid?.(tx, o, now);
  for (const o of paidOrders) if (o.orderMold === ProdMold.VIRTUAL) await issueWriteOffCodes(tx, o, now);
  if (paidOrders.length > 0) {
    // Their pay-timeout jobs have nothing left to do.
    await finishJobs(
      tx,
      "orderPayTimeout",
      paidOrders.map((o) => o.orderNumber),
      now,
    );
    const items = await tx
      .select({ prodId: orderItems.prodId, prodCount: orderItems.prodCount })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderNumber,
          paidOrders.map((o) => o.orderNumber),
        ),
      );
    await addSold(
      tx,
      items.map((it) => ({ prodId: it.prodId, count: it.prodCount })),
    );
  }
  if (refunds.length > 0 && pay.payType !== PayType.POINTS) {
    const back = formatPrice(sum(refunds));
    if (compare(back, "0") > 0) await changeBalance(tx, pay.userId, back, BalanceReason.PAY_REFUND, now);
  }
  await recordPaymentPaid(tx, payNo, paid, now);
  return { alreadyPaid: false, orderNumbers };
}

/**
 * Completes a shipped order: by the buyer (`opts.userId` must own it) or by the receipt deadline
 * (`auto`). The buyer earns points: 1 per whole yuan paid (points.ts; × the multiplier of the buyer's level:
 * paid plan, else ordinary level) and growth: 1 per whole yuan paid (member-equity.ts).
 */
export async function confirmReceipt(
  tx: Tx,
  orderNumber: string,
  now: Date,
  opts: { userId?: string; auto?: boolean } = {},
): Promise<void> {
  const order = await lockOrder(tx, orderNumber, { userId: opts.userId });
  const status = next(order, opts.auto ? "autoConfirm" : "confirmReceipt");
  await tx.update(orders).set({ status, finallyTime: now, updatedAt: now }).where(eq(orders.orderId, order.orderId));
  await rewardCompletedOrder(tx, order, now);
}

/**
 * What the buyer earns when an order completes (receipt confirmed, or every write-off code of a
 * virtual-goods order used or expired): points, 1 per whole yuan paid (points.ts; × the member
 * level's multiplier), and growth, 1 per whole yuan paid (member-equity.ts).
 */
export async function rewardCompletedOrder(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const orderNumber = order.orderNumber;
  const earned = multipliedPoints(pointsEarned(order.actualTotal), await pointsMultipleOf(tx, order.userId, now));
  if (earned > 0) await changePoints(tx, order.userId, earned, PointsReason.EARN, now, orderNumber);
  await addGrowth(tx, order.userId, growthEarned(order.actualTotal));
}

/**
 * The orderAutoConfirm job: completes a shipped order at its receipt deadline, or — while a
 * refund of it is open — moves the deadline and the job on (autoConfirmDecision) and answers
 * "rescheduled".
 */
export async function autoConfirmReceipt(tx: Tx, orderNumber: string, now: Date): Promise<void | "rescheduled"> {
  const order = await lockOrder(tx, orderNumber, {});
  next(order, "autoConfirm");
  const d = autoConfirmDecision(order, now);
  if (d.confirm) return confirmReceipt(tx, orderNumber, now, { auto: true });
  await tx.update(orders).set({ receiptDeadline: d.deadline, updatedAt: now }).where(eq(orders.orderId, order.orderId));
  await scheduleJob(tx, "orderAutoConfirm", orderNumber, d.deadline);
  return "rescheduled";
}

export interface ShipPackage {
  dvyId: number;
  dvyFlowId: string;
  /** Missing = every item not listed in another package (at most one such package). */
  items?: { orderItemId: number; prodCount: number }[] | undefined;
}

/** Tracking numbers: 6-30 letters, digits or dashes. */
export const TRACKING_NUMBER = /^[A-Za-z0-9-]{6,30}$/;

/**
 * Ships a paid order of `shopId` in one or more packages. The packages together must carry
 * exactly what was ordered ("order.shipItemsMismatch"); carriers come from DELIVERY_COMPANIES.
 * Each package starts with a "collected" trace. The order gets its dvyTime and receipt deadline
 * (ORDER_AUTO_CONFIRM_DAYS), and the auto-confirm job is scheduled. Answers the package ids.
 */
export async function shipOrder(
  tx: Tx,
  orderNumber: string,
  shopId: number,
  packages: readonly ShipPackage[],
  now: Date,
): Promise<number[]> {
  const order = await lockOrder(tx, orderNumber, { shopId });
  if (order.orderMold === ProdMold.VIRTUAL) throw new OrderError("order.virtualNotShipped");
  const status = next(order, "ship");
  if (packages.length === 0) throw new OrderError("order.shipItemsMismatch");
  for (const p of packages) {
    if (!DELIVERY_COMPANIES.some((c) => c.dvyId === p.dvyId)) throw new OrderError("order.badCarrier");
    if (!TRACKING_NUMBER.test(p.dvyFlowId)) throw new OrderError("order.badTrackingNumber");
  }
  const items = await tx
    .select({ orderItemId: orderItems.orderItemId, prodCount: orderItems.prodCount })
    .from(orderItems)
    .where(eq(orderItems.orderNumber, orderNumber))
    .orderBy(asc(orderItems.orderItemId));
  const ordered = new Map(items.map((i) => [i.orderItemId, i.prodCount]));
  const listed = new Map<number, number>();
  for (const p of packages) {
    for (const it of p.items ?? []) {
      if (!ordered.has(it.orderItemId) || !Number.isSafeInteger(it.prodCount) || it.prodCount < 1)
        throw new OrderError("order.shipItemsMismatch");
      listed.set(it.orderItemId, (listed.get(it.orderItemId) ?? 0) + it.prodCount);
    }
  }
  const rest = items
    .filter((i) => (listed.get(i.orderItemId) ?? 0) < i.prodCount)
    .map((i) => ({ orderItemId: i.orderItemId, prodCount: i.prodCount - (listed.get(i.orderItemId) ?? 0) }));
  if ([...listed].some(([id, n]) => n > ordered.get(id)!)) throw new OrderError("order.shipItemsMismatch");
  const open = packages.filter((p) => p.items === undefined || p.items.length === 0);
  if (open.length > 1 || (open.length === 0 && rest.length > 0) || (open.length === 1 && rest.length === 0))
    throw new OrderError("order.shipItemsMismatch");

  const ids: number[] = [];
  for (const p of packages) {
    const carried = p.items && p.items.length > 0 ? p.items : rest;
    const [row] = await tx
      .insert(deliveries)
      .values({
        orderNumber,
        shopId,
        dvyId: p.dvyId,
        dvyFlowId: p.dvyFlowId,
        deliveryType: 1,
        items: carried.map((i) => ({ orderItemId: i.orderItemId, prodCount: i.prodCount })),
        state: DeliveryState.COLLECTED,
        createdAt: now,
      })
      .returning({ id: deliveries.orderDeliveryId });
    ids.push(row!.id);
    await tx
      .insert(deliveryTraces)
      .values({ orderDeliveryId: row!.id, state: DeliveryState.COLLECTED, acceptStation: "", acceptTime: now });
  }
  const receiptDeadline = new Date(now.getTime() + ORDER_AUTO_CONFIRM_DAYS * DAY_MS);
  await tx
    .update(orders)
    .set({ status, dvyTime: now, receiptDeadline, updatedAt: now })
    .where(eq(orders.orderId, order.orderId));
  await scheduleJob(tx, "orderAutoConfirm", orderNumber, receiptDeadline);
  return ids;
}

/** Station text of a logistics event: 1-200 characters. */
export const TRACE_STATION_MAX = 200;

/**
 * Appends a logistics event to a package of `shopId`'s shipped order; the package takes the
 * event's state. `acceptStation` is the carrier's text (shown as it is; empty = the state name).
 */
export async function addDeliveryTrace(
  tx: Tx,
  orderDeliveryId: number,
  shopId: number,
  trace: { state: number; acceptStation: string; acceptTime?: Date | undefined },
  now: Date,
): Promise<void> {
  const [pkg] = await tx
    .select({ id: deliveries.orderDeliveryId, shippedAt: deliveries.createdAt, orderNumber: deliveries.orderNumber })
    .from(deliveries)
    .where(and(eq(deliveries.orderDeliveryId, orderDeliveryId), eq(deliveries.shopId, shopId)))
    .for("update")
    .limit(1);
  if (!pkg) throw new OrderError("order.deliveryNotFound");
  const [order] = await tx
    .select({ status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.orderNumber, pkg.orderNumber))
    .limit(1);
  if (!order || !TRACEABLE_STATUSES.includes(order.status)) throw new OrderError("order.traceOrderFinished");
  if (!(DELIVERY_STATES as readonly number[]).includes(trace.state)) throw new OrderError("order.badDeliveryState");
  const station = trace.acceptStation.trim();
  if (station.length > TRACE_STATION_MAX) throw new OrderError("order.badStation");
  const acceptTime = trace.acceptTime ?? now;
  if (!traceTimeAllowed(acceptTime, { shippedAt: pkg.shippedAt, orderedAt: order.createdAt }, now))
    throw new OrderError("order.traceTimeInvalid");
  await tx.insert(deliveryTraces).values({ orderDeliveryId, state: trace.state, acceptStation: station, acceptTime });
  await tx.update(deliveries).set({ state: trace.state }).where(eq(deliveries.orderDeliveryId, orderDeliveryId));
}

/** Orders whose packages may still get logistics updates: paid (partly shipped) and shipped; never completed or closed ones. */
const TRACEABLE_STATUSES: readonly number[] = [OrderStatus.PADYED, OrderStatus.CONSIGNMENT];

/** Clock difference allowed between the carrier's / merchant's systems and ours. */
export const TRACE_TIME_SKEW_MS = 10 * 60_000;

/**
 * Whether a logistics event time makes sense: not before the package was shipped (nor the order
 * placed), and not in the future, each give or take TRACE_TIME_SKEW_MS.
 */
export function traceTimeAllowed(at: Date, facts: { shippedAt: Date; orderedAt: Date }, now: Date): boolean {
  const t = at.getTime();
  if (Number.isNaN(t)) return false;
  const earliestMs = Math.max(facts.shippedAt.getTime(), facts.orderedAt.getTime()) - TRACE_TIME_SKEW_MS;
  return t >= earliestMs && t <= now.getTime() + TRACE_TIME_SKEW_MS;
}

// Due-time jobs of the lifecycle (docs/order.md "Jobs"); a refusal by the order rules means the
// order moved on meanwhile (paid, cancelled, confirmed): nothing left to do.
const orderRefusal = (err: unknown) => err instanceof OrderError;
/** orderPayTimeout (refKey = order number, due at the payment deadline): closes the order if still unpaid. */
registerJobHandler("orderPayTimeout", {
  run: (tx, orderNumber, now) => closeOrder(tx, orderNumber, CloseType.PAY_TIMEOUT, now),
  isNoop: orderRefusal,
});
/** orderAutoConfirm (refKey = order number, due at the receipt deadline): completes the order if still shipped. */
registerJobHandler("orderAutoConfirm", { run: autoConfirmReceipt, isNoop: orderRefusal });

// Payments of orders lock and mark their orders through the lifecycle's own rules.
registerOrderSettlement({ lockOrders, markPaymentPaid });

// A changed invoice (invoice.ts) is kept on its order's row.
onInvoiceChanged(async (tx, orderId, invoice, now) => {
  const [row] = await tx.update(orders).set({ invoice, updatedAt: now }).where(eq(orders.orderId, orderId)).returning();
  return row!;
});

// A reviewed line (review.ts): the line is marked reviewed, and the order evaluated once none is left.
onLineReviewed(async (tx, line, now) => {
  await tx.update(orderItems).set({ commSts: 1 }).where(eq(orderItems.orderItemId, line.orderItemId));
  const [left] = await tx
    .select({ n: count() })
    .from(orderItems)
    .where(and(eq(orderItems.orderNumber, line.orderNumber), eq(orderItems.commSts, 0)));
  const orderEvaluated = Number(left?.n ?? 0) === 0;
  if (orderEvaluated)
    await tx.update(orders).set({ isComm: 1, updatedAt: now }).where(eq(orders.orderId, line.orderId));
  return { orderEvaluated };
});
