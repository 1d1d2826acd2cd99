/**
 * Using write-off codes (docs/virtual-goods.md): the shop verifies a code (merchant API
 * POST /merchant/writeOff, `npm run ops -- merchant write-off`), a refund voids unused codes, and
 * a virtual-goods order completes once none of its codes can be used any more — on the
 * verification or refund that used the last one, or by the expiry job at the last expiry.
 * Lock order as everywhere (docs/order.md): the order row first, then its codes.
 */
import { and, asc, count, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { AUTO_CONFIRM_REFUND_WAIT_DAYS, OrderStatus, transition } from "../../../lib/order/order-state.ts";
import type { WriteOffVerifyDto } from "../../../lib/order/order-types.ts";
import {
  beijingTime,
  formatWriteOffCode,
  normalizeWriteOffCode,
  ProdMold,
  writeOffExpired,
  WriteOffStatus,
} from "../../../lib/order/virtual-goods.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderItems, orderRefunds, orders, orderWriteOffs } from "../../db/schema/index.ts";
import { isRefundActive } from "../../../lib/refund/refund-state.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { registerJobHandler, scheduleJob } from "../jobs/jobs.ts";
import { lockOrders, OrderError, rewardCompletedOrder, type OrderRow } from "./order-lifecycle.ts";
import { WRITE_OFF_EXPIRY_JOB } from "./write-off-codes.ts";

/** A refusal of a verification; `key` is an i18n key of the "order" namespace. */
export class WriteOffError extends DomainError {
  constructor(key: string, params: Record<string, unknown> = {}) {
    super(key, { params });
  }
}

/** Codes of the order that can still be used at `now`: unused and unexpired. */
const usableNow = (now: Date) =>
  and(
    eq(orderWriteOffs.status, WriteOffStatus.UNUSED),
    or(isNull(orderWriteOffs.expiresAt), gt(orderWriteOffs.expiresAt, now)),
  );

/**
 * Completes a paid virtual-goods order (locked by the caller) when none of its codes can be used
 * any more; the buyer earns points and growth as on receipt. Answers whether it completed.
 */
export async function completeVirtualOrderIfDone(tx: Tx, order: OrderRow, now: Date): Promise<boolean> {
  if (order.orderMold !== ProdMold.VIRTUAL || order.status !== OrderStatus.PADYED) return false;
  const [left] = await tx
    .select({ n: count() })
    .from(orderWriteOffs)
    .where(and(eq(orderWriteOffs.orderNumber, order.orderNumber), usableNow(now)));
  if (Number(left?.n ?? 0) > 0) return false;
  const next = transition(order.status, "writeOffComplete");
  if (!next.ok) return false;
  await tx
    .update(orders)
    .set({ status: next.status, finallyTime: now, updatedAt: now })
    .where(eq(orders.orderId, order.orderId));
  await rewardCompletedOrder(tx, order, now);
  return true;
}

/**
 * The shop verifies a code (typed as the buyer shows it: spaces, dashes, lower case allowed).
 * Used once; refused with a clear message when it is not a code, unknown (another shop's code
 * answers the same), already used,
 * expired, refunded, or while an after-sales application for its item is open.
 */
export async function verifyWriteOff(
  db: Db,
  shopId: number,
  input: string,
  locale: Locale,
  now: Date,
): Promise<WriteOffVerifyDto> {
  const code = normalizeWriteOffCode(input);
  if (!code) throw new WriteOffError("order.writeOff.badCode");
  return db.transaction(async (tx) => {
    // Only this shop's codes: another shop's code answers exactly like one that does not exist
    // (the answer must not tell that a code exists).
    const [peek] = await tx
      .select({ orderNumber: orderWriteOffs.orderNumber })
      .from(orderWriteOffs)
      .where(and(eq(orderWriteOffs.code, code), eq(orderWriteOffs.shopId, shopId)))
      .limit(1);
    if (!peek) throw new WriteOffError("order.writeOff.notFound");
    const [order] = await lockOrders(tx, [peek.orderNumber]);
    const [row] = await tx.select().from(orderWriteOffs).where(eq(orderWriteOffs.code, code)).for("update").limit(1);
    if (!order || !row) throw new WriteOffError("order.writeOff.notFound");
    if (row.shopId !== shopId || order.shopId !== shopId) throw new WriteOffError("order.writeOff.notFound");
    if (row.status === WriteOffStatus.USED)
      throw new WriteOffError("order.writeOff.used", { time: beijingTime(row.usedAt ?? now) });
    if (row.status === WriteOffStatus.VOID) throw new WriteOffError("order.writeOff.void");
    if (writeOffExpired(row.expiresAt, now))
      throw new WriteOffError("order.writeOff.expired", { time: beijingTime(row.expiresAt!) });
    if (order.status !== OrderStatus.PADYED) throw new WriteOffError("order.writeOff.orderNotOpen");
    const open = await tx
      .select({ sts: orderRefunds.returnMoneySts, orderItemId: orderRefunds.orderItemId })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderNumber, order.orderNumber));
    if (open.some((r) => isRefundActive(r.sts) && (r.orderItemId === null || r.orderItemId === row.orderItemId)))
      throw new WriteOffError("order.writeOff.refundOpen");
    await tx
      .update(orderWriteOffs)
      .set({ status: WriteOffStatus.USED, usedAt: now })
      .where(eq(orderWriteOffs.code, code));
    const completed = await completeVirtualOrderIfDone(tx, order, now);
    const [item] = await tx
      .select({ prodName: orderItems.prodName, skuName: orderItems.skuName })
      .from(orderItems)
      .where(eq(orderItems.orderItemId, row.orderItemId))
      .limit(1);
    return {
      // As the buyer sees it (groups of four), not the stored form.
      code: formatWriteOffCode(code),
      orderNumber: order.orderNumber,
      orderItemId: row.orderItemId,
      prodName: item ? pickText(item.prodName, locale) : "",
      skuName: item ? pickText(item.skuName, locale) : "",
      usedAt: now.toISOString(),
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      orderCompleted: completed,
    };
  });
}

/** Usable codes per line of an order (lines without any are missing). */
export async function usableCodesByLine(q: Db | Tx, orderNumber: string, now: Date): Promise<Map<number, number>> {
  const rows = await q
    .select({ orderItemId: orderWriteOffs.orderItemId, n: count() })
    .from(orderWriteOffs)
    .where(and(eq(orderWriteOffs.orderNumber, orderNumber), usableNow(now)))
    .groupBy(orderWriteOffs.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, Number(r.n)]));
}

/**
 * A refund of a virtual-goods order is done: up to `goodsNum` unused codes of the line (all unused
 * codes of the order for a whole-order refund) become void — also ones that expired while the
 * application was open, since they could not be used meanwhile. Then the order completes if
 * nothing usable is left (the caller closes it instead when everything was refunded).
 */
export async function voidRefundedCodes(
  tx: Tx,
  order: OrderRow,
  refund: { orderItemId: number | null; goodsNum: number },
  now: Date,
): Promise<void> {
  const scope = [eq(orderWriteOffs.orderNumber, order.orderNumber), eq(orderWriteOffs.status, WriteOffStatus.UNUSED)];
  if (refund.orderItemId !== null) scope.push(eq(orderWriteOffs.orderItemId, refund.orderItemId));
  const unused = await tx
    .select({ code: orderWriteOffs.code })
    .from(orderWriteOffs)
    .where(and(...scope))
    .orderBy(asc(orderWriteOffs.expiresAt), asc(orderWriteOffs.code))
    .for("update");
  const take = refund.orderItemId === null ? unused : unused.slice(0, refund.goodsNum);
  if (take.length > 0)
    await tx
      .update(orderWriteOffs)
      .set({ status: WriteOffStatus.VOID, voidAt: now })
      .where(
        inArray(
          orderWriteOffs.code,
          take.map((c) => c.code),
        ),
      );
}

/**
 * virtualOrderExpiry (refKey = order number, due at the order's last code expiry): completes the
 * order if nothing usable is left; while an after-sales application is open it waits like the
 * receipt deadline does (AUTO_CONFIRM_REFUND_WAIT_DAYS).
 */
async function expiryJob(tx: Tx, orderNumber: string, now: Date): Promise<void | "rescheduled"> {
  const [order] = await lockOrders(tx, [orderNumber]);
  if (!order || order.status !== OrderStatus.PADYED) throw new OrderError("order.notFound");
  if (order.refundStatus === 1) {
    await scheduleJob(
      tx,
      WRITE_OFF_EXPIRY_JOB,
      orderNumber,
      new Date(now.getTime() + AUTO_CONFIRM_REFUND_WAIT_DAYS * 24 * 3600 * 1000),
    );
    return "rescheduled";
  }
  await completeVirtualOrderIfDone(tx, order, now);
}

registerJobHandler(WRITE_OFF_EXPIRY_JOB, { run: expiryJob, isNoop: (err) => err instanceof OrderError });
