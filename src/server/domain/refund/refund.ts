/**
 * Refunds and returns (CONTRACT §5.1; docs/refund.md "Refunds and returns"): the database
 * side of the state machine in src/lib/refund/refund-state.ts and the amounts of refund-amount.ts.
 *
 * Every change runs in one transaction that locks the order row first, then the refund row, so
 * concurrent moves (the shop accepts while the buyer withdraws) are serialised: the second one
 * sees the new status and is refused. Refusals are RefundError with an i18n key ("refund.*").
 * The payout (balance, the payment provider, points) happens in the same transaction as the move
 * to "refunded": the balance and the ledger row commit together or not at all, exactly once.
 * This file: applying and the moves of the state machine, and the timeout jobs; reading is
 * refund-read.ts, paying out and the provider's notification refund-payout.ts.
 */
import { and, eq, inArray } from "drizzle-orm";
import { formatPrice } from "../../../lib/money.ts";
import { OrderStatus } from "../../../lib/order/order-state.ts";
import { DELIVERY_COMPANIES } from "../../../lib/order/order-types.ts";
import {
  ApplyType,
  isRefundActive,
  RefundSts,
  refundTransition,
  type RefundEvent,
} from "../../../lib/refund/refund-state.ts";
import {
  NO_REASON,
  refundDueAt,
  type RefundApplyInput,
  type RefundExpressInput,
} from "../../../lib/refund/refund-rules.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderRefunds, products } from "../../db/schema/index.ts";
import { verifyRefundNotification, type PaymentProvider } from "../../providers/payment.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { finishJobs, registerJobHandler, scheduleJob } from "../jobs/jobs.ts";
import { usableCodesByLine } from "../order/write-off.ts";
import { ProdMold, virtualRefundRule } from "../../../lib/order/virtual-goods.ts";
import { isUploadedPath } from "../upload/upload.ts";
import { assertOwnUploads } from "../upload/upload-owner.ts";
import { amountWithin } from "./refund-amount.ts";
import {
  RefundError,
  type RefundRow,
  type OrderRow,
  type ItemRow,
  picsOf,
  takenByLine,
  maxFor,
  loadOrder,
  itemsOf,
  refundsOf,
  checkOrderRefundable,
} from "./refund-read.ts";
import {
  syncOrderRefundStatus,
  newRefundSn,
  REFUND_PROVIDER_RECHECK_MS,
  payOut,
  refundNotificationIn,
  jobProvider,
} from "./refund-payout.ts";

/** Return tracking numbers: 6-30 letters, digits or dashes (like the shop's). */
const EXPRESS_NO = /^[A-Za-z0-9-]{6,30}$/;

// ---------------------------------------------------------------------------------------------
// Changing
// ---------------------------------------------------------------------------------------------

export interface RefundDeps {
  storage: FileStorage;
}

async function checkPhotos(storage: FileStorage, photos: readonly string[]): Promise<void> {
  for (const p of photos) {
    if (!isUploadedPath(p, "refund") || !(await storage.exists(p))) throw new RefundError("refund.badPhoto");
  }
}

/** Checks an application against the order (used by apply and modify); answers the row's values. */
async function checkApplication(
  tx: Tx,
  o: OrderRow,
  input: RefundApplyInput,
  refunds: readonly RefundRow[],
  now: Date,
  exceptId?: number,
) {
  checkOrderRefundable(o, now);
  const items = await itemsOf(tx, o.orderNumber);
  const others = refunds.filter((r) => r.refundId !== exceptId);
  // Virtual goods (docs/virtual-goods.md): non-refundable ones take no application; the others
  // refund money for codes still usable only.
  const usable = o.orderMold === ProdMold.VIRTUAL ? await usableCodesByLine(tx, o.orderNumber, now) : null;
  const checkVirtual = (covered: readonly ItemRow[], goodsNum: number | undefined): number => {
    const rule = virtualRefundRule({
      isRefund: covered.map((it) => it.isRefund),
      wholeOrder: input.refundType === 1,
      returnGoods: input.applyType === ApplyType.RETURN,
      usable: covered.reduce((n, it) => n + (usable!.get(it.orderItemId) ?? 0), 0),
      units: covered.reduce((n, it) => n + it.prodCount, 0),
      goodsNum,
    });
    if (!rule.ok) throw new RefundError(rule.key, rule.params ?? {});
    return rule.max;
  };
  if (usable && input.applyType === ApplyType.RETURN) throw new RefundError("refund.virtualRefundOnly");
  if (usable && input.refundType === 1) checkVirtual(items, undefined);
  if (input.applyType === ApplyType.RETURN && o.status === OrderStatus.PADYED)
    throw new RefundError("refund.returnNeedsGoods");
  let orderItemId: number | null = null;
  let goodsNum: number;
  let prodIds: number[];
  if (input.refundType === 1) {
    if (others.some((r) => r.returnMoneySts !== RefundSts.WITHDRAWN && r.returnMoneySts !== RefundSts.CLOSED))
      throw new RefundError("refund.lineInProgress");
    goodsNum = o.productNums;
    prodIds = items.map((i) => i.prodId);
  } else {
    const it = items.find((i) => i.orderItemId === input.orderItemId);
    if (!it) throw new RefundError("refund.itemNotFound");
    if (
      others.some(
        (r) => isRefundActive(r.returnMoneySts) && (r.orderItemId === it.orderItemId || r.orderItemId === null),
      )
    )
      throw new RefundError("refund.lineInProgress");
    if (others.some((r) => r.orderItemId === null && r.returnMoneySts === RefundSts.REFUNDED))
      throw new RefundError("refund.alreadyRefunded");
    const taken = takenByLine(others, items).get(it.orderItemId)!;
    let left = it.prodCount - taken.goodsNum;
    if (left <= 0) throw new RefundError("refund.alreadyRefunded");
    if (usable) left = Math.min(left, checkVirtual([it], input.goodsNum));
    goodsNum = input.goodsNum ?? left;
    if (goodsNum < 1 || goodsNum > left) throw new RefundError("refund.quantityTooLarge", { max: left });
    orderItemId = it.orderItemId;
    prodIds = [it.prodId];
  }
  if (input.buyerReason === NO_REASON) {
    const prods = await tx
      .select({ seven: products.sevenDayReturn })
      .from(products)
      .where(inArray(products.prodId, prodIds));
    if (prods.some((p) => p.seven !== 1)) throw new RefundError("refund.noReasonNotAllowed");
  }
  const max = maxFor(o, items, others, { refundType: input.refundType, orderItemId, goodsNum });
  if (!amountWithin(input.refundAmount, max.amount))
    throw new RefundError("refund.amountTooLarge", { max: max.amount });
  // Points come back in proportion to the money asked for.
  const score = max.amount === "0.00" ? 0 : Math.floor((max.score * Number(input.refundAmount)) / Number(max.amount));
  return {
    orderItemId,
    goodsNum,
    refundAmount: formatPrice(input.refundAmount),
    refundScore: Math.min(max.score, score),
  };
}

/** What an application stores of what the buyer asked, as `checkApplication` checked it (`v`): on applying and on a change. */
function applicationColumns(input: RefundApplyInput, v: Awaited<ReturnType<typeof checkApplication>>) {
  return {
    refundType: input.refundType,
    orderItemId: v.orderItemId,
    goodsNum: v.goodsNum,
    applyType: input.applyType,
    buyerReason: input.buyerReason,
    buyerDesc: input.buyerDesc,
    photoFiles: input.photoFiles.join(","),
    buyerMobile: input.buyerMobile,
    refundAmount: v.refundAmount,
    refundScore: v.refundScore,
  };
}

/** The buyer applies. Answers the refundSn. */
export async function applyRefund(
  db: Db,
  deps: RefundDeps,
  userId: string,
  input: RefundApplyInput,
  now: Date,
): Promise<{ refundSn: string }> {
  await checkPhotos(deps.storage, input.photoFiles);
  await assertOwnUploads(db, input.photoFiles, { userId, shopId: null });
  return db.transaction(async (tx) => {
    const o = await loadOrder(tx, input.orderNumber, { userId }, true);
    if (!o) throw new RefundError("refund.orderNotFound");
    const refunds = await refundsOf(tx, o.orderNumber);
    const v = await checkApplication(tx, o, input, refunds, now);
    const refundSn = newRefundSn(now);
    const dueAt = refundDueAt("seller", now);
    await tx.insert(orderRefunds).values({
      refundSn,
      orderNumber: o.orderNumber,
      shopId: o.shopId,
      userId,
      ...applicationColumns(input, v),
      isReceiver: o.status === OrderStatus.PADYED ? 0 : 1,
      returnMoneySts: RefundSts.APPLIED,
      dueAt,
      applyTime: now,
      updateTime: now,
    });
    await scheduleJob(tx, "refundSellerTimeout", refundSn, dueAt);
    await syncOrderRefundStatus(tx, o.orderNumber);
    return { refundSn };
  });
}

/** Locks the order and the refund (in that order) and checks the move; answers both rows and the new status. */
async function lockFor(tx: Tx, refundSn: string, who: { userId?: string; shopId?: number }, event: RefundEvent) {
  const [peek] = await tx
    .select({ orderNumber: orderRefunds.orderNumber })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.refundSn, refundSn),
        who.userId !== undefined ? eq(orderRefunds.userId, who.userId) : eq(orderRefunds.shopId, who.shopId ?? -1),
      ),
    )
    .limit(1);
  if (!peek) throw new RefundError("refund.notFound");
  const o = await loadOrder(tx, peek.orderNumber, {}, true);
  const [r] = await tx.select().from(orderRefunds).where(eq(orderRefunds.refundSn, refundSn)).for("update").limit(1);
  if (!o || !r) throw new RefundError("refund.notFound");
  const move = refundTransition(r.returnMoneySts, event, r.applyType);
  if (!move.ok) throw new RefundError(move.error);
  return { o, r, to: move.sts };
}

/** The buyer changes a pending (or refused) application; it is pending again and the shop's time starts over. */
export async function modifyRefund(
  db: Db,
  deps: RefundDeps,
  userId: string,
  refundSn: string,
  input: RefundApplyInput,
  now: Date,
): Promise<void> {
  await checkPhotos(deps.storage, input.photoFiles);
  await db.transaction(async (tx) => {
    const { o, r, to } = await lockFor(tx, refundSn, { userId }, "modify");
    if (input.orderNumber !== r.orderNumber) throw new RefundError("refund.notFound");
    // The application's own photos may stay; new ones must be the buyer's uploads.
    await assertOwnUploads(tx, input.photoFiles, { userId, shopId: null }, picsOf(r.photoFiles));
    const v = await checkApplication(tx, o, input, await refundsOf(tx, o.orderNumber), now, r.refundId);
    const dueAt = refundDueAt("seller", now);
    await tx
      .update(orderRefunds)
      .set({
        ...applicationColumns(input, v),
        returnMoneySts: to,
        rejectMessage: r.returnMoneySts === RefundSts.REFUSED ? r.rejectMessage : null,
        handelTime: null,
        dueAt,
        updateTime: now,
      })
      .where(eq(orderRefunds.refundId, r.refundId));
    await scheduleJob(tx, "refundSellerTimeout", refundSn, dueAt);
    await syncOrderRefundStatus(tx, o.orderNumber);
  });
}

/**
 * A move that ends the refund's wait (the buyer withdraws or sends the goods, the shop refuses):
 * the new status with `changes` stored and no due time, the pending timeouts done, the order's
 * refund status synced.
 */
async function endWait(
  tx: Tx,
  refundSn: string,
  who: { userId?: string; shopId?: number },
  event: RefundEvent,
  now: Date,
  changes: (r: typeof orderRefunds.$inferSelect) => Partial<typeof orderRefunds.$inferInsert>,
): Promise<void> {
  const { o, r, to } = await lockFor(tx, refundSn, who, event);
  await tx
    .update(orderRefunds)
    .set({ ...changes(r), returnMoneySts: to, dueAt: null, updateTime: now })
    .where(eq(orderRefunds.refundId, r.refundId));
  await doneJobs(tx, refundSn, now);
  await syncOrderRefundStatus(tx, o.orderNumber);
}

export async function withdrawRefund(db: Db, userId: string, refundSn: string, now: Date): Promise<void> {
  await db.transaction((tx) => endWait(tx, refundSn, { userId }, "withdraw", now, () => ({ cancelTime: now })));
}

/** The buyer sends the return parcel. */
export async function shipReturn(
  db: Db,
  userId: string,
  refundSn: string,
  input: RefundExpressInput,
  now: Date,
): Promise<void> {
  const company = DELIVERY_COMPANIES.find((c) => c.dvyId === input.expressId);
  if (!company) throw new RefundError("refund.expressRequired");
  if (!EXPRESS_NO.test(input.expressNo)) throw new RefundError("refund.expressNoInvalid");
  await db.transaction((tx) =>
    endWait(tx, refundSn, { userId }, "ship", now, (r) => ({
      shipTime: now,
      refundDelivery: {
        dvyId: company.dvyId,
        expressName: company.dvyName.zh,
        expressNo: input.expressNo,
        mobile: input.mobile || r.buyerMobile,
        senderRemarks: input.senderRemarks,
      },
    })),
  );
}

/** The shop (or the seller timeout) accepts; a refund only is paid at once. */
export async function acceptRefund(
  db: Db,
  provider: PaymentProvider,
  shopId: number,
  refundSn: string,
  message: string,
  now: Date,
): Promise<void> {
  await db.transaction((tx) => acceptIn(tx, provider, { shopId }, refundSn, message, now, "accept"));
}

async function acceptIn(
  tx: Tx,
  provider: PaymentProvider,
  who: { shopId?: number; userId?: string },
  refundSn: string,
  message: string,
  now: Date,
  event: "accept" | "sellerTimeout",
) {
  const { o, r, to } = await lockFor(tx, refundSn, who, event);
  const isReturn = r.applyType === ApplyType.RETURN;
  const dueAt = isReturn ? refundDueAt("ship", now) : null;
  await tx
    .update(orderRefunds)
    .set({ returnMoneySts: to, sellerMsg: message || null, handelTime: now, dueAt, updateTime: now })
    .where(eq(orderRefunds.refundId, r.refundId));
  await doneJobs(tx, refundSn, now);
  if (isReturn) await scheduleJob(tx, "refundShipTimeout", refundSn, dueAt!);
  else await payOut(tx, provider, o, { ...r, returnMoneySts: to }, now);
  await syncOrderRefundStatus(tx, o.orderNumber);
}

export async function refuseRefund(db: Db, shopId: number, refundSn: string, reason: string, now: Date): Promise<void> {
  await db.transaction((tx) =>
    endWait(tx, refundSn, { shopId }, "refuse", now, () => ({ rejectMessage: reason, handelTime: now })),
  );
}

/** The shop confirms the returned goods arrived; the refund is paid at once. */
export async function receiveReturn(
  db: Db,
  provider: PaymentProvider,
  shopId: number,
  refundSn: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { o, r, to } = await lockFor(tx, refundSn, { shopId }, "receive");
    await tx
      .update(orderRefunds)
      .set({ returnMoneySts: to, receiveTime: now, updateTime: now })
      .where(eq(orderRefunds.refundId, r.refundId));
    await payOut(tx, provider, o, { ...r, returnMoneySts: to }, now);
    await syncOrderRefundStatus(tx, o.orderNumber);
  });
}

/** The refund's pending timeouts have nothing left to do (the shop answered, the buyer withdrew or sent the goods). */
async function doneJobs(tx: Tx, refundSn: string, now: Date): Promise<void> {
  for (const kind of ["refundSellerTimeout", "refundShipTimeout"]) await finishJobs(tx, kind, [refundSn], now);
}

// ---------------------------------------------------------------------------------------------
// Timeouts (due-time jobs; docs/refund.md "Timeouts")
// ---------------------------------------------------------------------------------------------

const refundRefusal = (err: unknown) => err instanceof RefundError;
/** refundSellerTimeout (refKey = refundSn, due REFUND_SELLER_DAYS after applying): the shop did not answer → accepted. */
registerJobHandler("refundSellerTimeout", {
  run: async (tx, refundSn, now) => {
    const { provider } = jobProvider();
    const [r] = await tx
      .select({ shopId: orderRefunds.shopId })
      .from(orderRefunds)
      .where(eq(orderRefunds.refundSn, refundSn))
      .limit(1);
    if (!r) throw new RefundError("refund.notFound");
    await acceptIn(tx, provider, { shopId: r.shopId }, refundSn, "", now, "sellerTimeout");
  },
  isNoop: refundRefusal,
});
/** refundShipTimeout (due REFUND_SHIP_DAYS after a return was accepted): the buyer did not send the goods → closed. */
registerJobHandler("refundShipTimeout", {
  run: async (tx, refundSn, now) => {
    const [peek] = await tx
      .select({ shopId: orderRefunds.shopId })
      .from(orderRefunds)
      .where(eq(orderRefunds.refundSn, refundSn))
      .limit(1);
    if (!peek) throw new RefundError("refund.notFound");
    const { o, r, to } = await lockFor(tx, refundSn, { shopId: peek.shopId }, "shipTimeout");
    await tx
      .update(orderRefunds)
      .set({ returnMoneySts: to, dueAt: null, updateTime: now })
      .where(eq(orderRefunds.refundId, r.refundId));
    await syncOrderRefundStatus(tx, o.orderNumber);
  },
  isNoop: refundRefusal,
});
/**
 * refundProviderCheck (due REFUND_PROVIDER_CHECK_MS after a provider refund was asked for): asks
 * the provider how the refund stands and handles its signed answer like a notification; still
 * pending → asked again a minute later. A refund the notification already finished is a no-op.
 */
registerJobHandler("refundProviderCheck", {
  run: async (tx, refundSn, now) => {
    const { provider, secret } = jobProvider();
    const [r] = await tx.select().from(orderRefunds).where(eq(orderRefunds.refundSn, refundSn)).limit(1);
    if (!r) throw new RefundError("refund.notFound");
    if (r.returnMoneySts !== RefundSts.REFUNDING || !r.providerRefundNo) throw new RefundError("refund.cannotRefund");
    const n = await provider.queryRefund({
      refundSn,
      refundNo: r.providerRefundNo,
      amount: formatPrice(r.refundAmount),
    });
    if (n && !verifyRefundNotification(secret, n))
      throw new Error(`refund ${refundSn}: the provider's answer is not signed correctly`);
    if (n && (await refundNotificationIn(tx, n, now)).refunded) return;
    await scheduleJob(tx, "refundProviderCheck", refundSn, new Date(now.getTime() + REFUND_PROVIDER_RECHECK_MS));
    return "rescheduled";
  },
  isNoop: refundRefusal,
});
