/**
 * Refunds and returns (CONTRACT §5.1; docs/refund.md "Refunds and returns"): the database
 * side of the state machine in src/lib/refund/refund-state.ts and the amounts of refund-amount.ts.
 *
 * Every change runs in one transaction that locks the order row first, then the refund row, so
 * concurrent moves (the shop accepts while the buyer withdraws) are serialised: the second one
 * sees the new status and is refused. Refusals are RefundError with an i18n key ("refund.*").
 * The payout (balance, the payment provider, points) happens in the same transaction as the move
 * to "refunded": the balance and the ledger row commit together or not at all, exactly once.
 */
import { clawBackForRefund } from "../points/points-ledger.ts";
import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { compare, formatPrice, formatPriceSafe, sum, tryDecimal } from "../../../lib/money.ts";
import { CLOSE_TYPE_REFUNDED, OrderStatus, transition } from "../../../lib/order/order-state.ts";
import { DELIVERY_COMPANIES, PayType } from "../../../lib/order/order-types.ts";
import {
  ApplyType,
  isRefundActive,
  refundSteps,
  RefundSts,
  refundTransition,
  type RefundEvent,
} from "../../../lib/refund/refund-state.ts";
import {
  NO_REASON,
  refundDueAt,
  REFUND_WINDOW_DAYS,
  withinRefundWindow,
  type RefundApplyInput,
  type RefundExpressInput,
} from "../../../lib/refund/refund-rules.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  jobs,
  orderItems,
  orderRefunds,
  orders,
  payments,
  products,
  userLedger,
  users,
} from "../../db/schema/index.ts";
import {
  notificationFields,
  NOTIFY_SUCCESS,
  verifyRefundNotification,
  type PaymentProvider,
  type RefundNotification,
} from "../../providers/payment.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { registerJobHandler, scheduleJob } from "../jobs/jobs.ts";
import { orderNumberStamp } from "../order/order-lifecycle.ts";
import { completeVirtualOrderIfDone, usableCodesByLine, voidRefundedCodes } from "../order/write-off.ts";
import { ProdMold, virtualRefundRule } from "../../../lib/order/virtual-goods.ts";
import { isUploadedPath } from "../upload/upload.ts";
import { assertOwnUploads } from "../upload/upload-owner.ts";
import {
  amountWithin,
  lineRefundable,
  linesPaid,
  linesScore,
  orderRefundable,
  type PaidLine,
} from "./refund-amount.ts";
import { DomainError } from "../kernel/domain-error.ts";
import type { RefundDto, RefundItemDto, RefundPreviewDto } from "../../../lib/refund/refund-types.ts";

export class RefundError extends DomainError {
  constructor(key: string, params: Record<string, unknown> = {}) {
    super(key, { params });
  }
}

/** Return tracking numbers: 6-30 letters, digits or dashes (like the shop's). */
const EXPRESS_NO = /^[A-Za-z0-9-]{6,30}$/;

type RefundRow = typeof orderRefunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const picsOf = (s: string) =>
  s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);

function itemDto(it: ItemRow, goodsNum: number, locale: Locale): RefundItemDto {
  return {
    orderItemId: it.orderItemId,
    prodId: it.prodId,
    prodName: pickText(it.prodName, locale),
    skuName: pickText(it.skuName, locale),
    pic: it.pic,
    price: formatPriceSafe(it.price),
    prodCount: it.prodCount,
    goodsNum,
  };
}

function paidLines(items: readonly ItemRow[]): PaidLine[] {
  return items.map((i) => ({
    orderItemId: i.orderItemId,
    prodCount: i.prodCount,
    productTotalAmount: i.productTotalAmount,
    actualTotal: i.actualTotal ?? null,
    scoreReduce: i.offers ? i.offers.scoreReduce : null,
  }));
}

/** What earlier refunds (refunded, or still open when `withOpen`) of the order took, per line. */
function takenByLine(refunds: readonly RefundRow[], items: readonly ItemRow[], exceptId?: number) {
  const taken = new Map<number, { goodsNum: number; amount: string; score: number }>();
  for (const it of items) taken.set(it.orderItemId, { goodsNum: 0, amount: "0", score: 0 });
  for (const r of refunds) {
    if (r.refundId === exceptId || r.returnMoneySts !== RefundSts.REFUNDED || r.orderItemId === null) continue;
    const t = taken.get(r.orderItemId);
    if (t)
      taken.set(r.orderItemId, {
        goodsNum: t.goodsNum + r.goodsNum,
        amount: formatPrice(sum([t.amount, r.refundAmount])),
        score: t.score + r.refundScore,
      });
  }
  return taken;
}

/** The most a refund of these lines may take. */
function maxFor(
  order: OrderRow,
  items: readonly ItemRow[],
  refunds: readonly RefundRow[],
  r: { refundType: number; orderItemId: number | null; goodsNum: number },
  exceptId?: number,
) {
  const lines = paidLines(items);
  if (r.refundType === 1) return orderRefundable(order, lines, order.status === OrderStatus.PADYED);
  const paid = linesPaid(order, lines);
  const score = linesScore(order, lines);
  const i = items.findIndex((it) => it.orderItemId === r.orderItemId);
  if (i < 0) return { amount: "0.00", score: 0 };
  const before = takenByLine(refunds, items, exceptId).get(r.orderItemId!)!;
  return lineRefundable({ prodCount: items[i]!.prodCount, paid: paid[i]!, score: score[i]! }, r.goodsNum, before);
}

async function loadOrder(q: Db | Tx, orderNumber: string, where: { userId?: string; shopId?: number }, lock: boolean) {
  const conds = [eq(orders.orderNumber, orderNumber)];
  if (where.userId !== undefined) conds.push(eq(orders.userId, where.userId), eq(orders.deleteStatus, 0));
  if (where.shopId !== undefined) conds.push(eq(orders.shopId, where.shopId));
  const base = q
    .select()
    .from(orders)
    .where(and(...conds))
    .limit(1);
  const [o] = lock ? await base.for("update") : await base;
  return o ?? null;
}

async function itemsOf(q: Db | Tx, orderNumber: string): Promise<ItemRow[]> {
  return q
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderNumber, orderNumber))
    .orderBy(asc(orderItems.orderItemId));
}

async function refundsOf(q: Db | Tx, orderNumber: string): Promise<RefundRow[]> {
  return q
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderNumber, orderNumber))
    .orderBy(asc(orderRefunds.refundId));
}

async function toDto(q: Db | Tx, r: RefundRow, locale: Locale): Promise<RefundDto> {
  const [o] = await q.select().from(orders).where(eq(orders.orderNumber, r.orderNumber)).limit(1);
  const items = await itemsOf(q, r.orderNumber);
  const refunds = await refundsOf(q, r.orderNumber);
  const covered =
    r.orderItemId === null
      ? items.map((it) => itemDto(it, it.prodCount, locale))
      : items.filter((it) => it.orderItemId === r.orderItemId).map((it) => itemDto(it, r.goodsNum, locale));
  const max = o ? maxFor(o, items, refunds, r, r.refundId) : { amount: "0.00" };
  const d = {
    applyTime: r.applyTime.toISOString(),
    handelTime: iso(r.handelTime),
    shipTime: iso(r.shipTime),
    receiveTime: iso(r.receiveTime),
    refundTime: iso(r.refundTime),
  };
  return {
    refundId: r.refundId,
    refundSn: r.refundSn,
    orderNumber: r.orderNumber,
    shopId: r.shopId,
    shopName: o ? pickText(o.shopName, locale) : "",
    refundType: r.refundType,
    orderItemId: r.orderItemId,
    applyType: r.applyType,
    isReceiver: r.isReceiver,
    buyerReason: r.buyerReason,
    buyerDesc: r.buyerDesc,
    photoFiles: picsOf(r.photoFiles),
    buyerMobile: r.buyerMobile,
    refundAmount: formatPriceSafe(r.refundAmount),
    refundScore: r.refundScore,
    goodsNum: r.goodsNum,
    returnMoneySts: r.returnMoneySts,
    sellerMsg: r.sellerMsg,
    rejectMessage: r.rejectMessage,
    refundDelivery: r.refundDelivery ?? null,
    refundWay: r.refundWay,
    ...d,
    cancelTime: iso(r.cancelTime),
    updateTime: r.updateTime.toISOString(),
    dueAt: iso(r.dueAt),
    maxRefundAmount: max.amount,
    orderAmount: o ? formatPriceSafe(o.actualTotal) : "0.00",
    orderItems: covered,
    steps: refundSteps({ returnMoneySts: r.returnMoneySts, applyType: r.applyType, ...d }),
  };
}

/** The apply page's data for one of the buyer's orders. */
export async function refundPreview(
  db: Db,
  userId: string,
  orderNumber: string,
  locale: Locale,
  now: Date,
): Promise<RefundPreviewDto> {
  const o = await loadOrder(db, orderNumber, { userId }, false);
  if (!o) throw new RefundError("refund.orderNotFound");
  checkOrderRefundable(o, now);
  const items = await itemsOf(db, orderNumber);
  const usable = o.orderMold === ProdMold.VIRTUAL ? await usableCodesByLine(db, orderNumber, now) : null;
  if (usable && items.every((it) => it.isRefund !== 1)) throw new RefundError("refund.virtualNonRefundable");
  const refunds = await refundsOf(db, orderNumber);
  const lines = paidLines(items);
  const paid = linesPaid(o, lines);
  const score = linesScore(o, lines);
  const taken = takenByLine(refunds, items);
  const prods = await db
    .select({ prodId: products.prodId, seven: products.sevenDayReturn })
    .from(products)
    .where(
      inArray(
        products.prodId,
        items.map((i) => i.prodId),
      ),
    );
  const open = refunds.filter((r) => isRefundActive(r.returnMoneySts));
  const whole = orderRefundable(o, lines, o.status === OrderStatus.PADYED);
  return {
    orderNumber,
    shopName: pickText(o.shopName, locale),
    status: o.status,
    freightAmount: formatPriceSafe(o.freightAmount),
    actualTotal: formatPriceSafe(o.actualTotal),
    wholeOrder: {
      allowed:
        refunds.every((r) => r.returnMoneySts === RefundSts.WITHDRAWN || r.returnMoneySts === RefundSts.CLOSED) &&
        (!usable || items.every((it) => it.isRefund === 1 && usable.get(it.orderItemId) === it.prodCount)),
      amount: whole.amount,
      goodsNum: o.productNums,
    },
    canReturn: o.status !== OrderStatus.PADYED,
    items: items.map((it, i) => {
      const t = taken.get(it.orderItemId)!;
      const left = usable
        ? Math.min(it.prodCount - t.goodsNum, it.isRefund === 1 ? (usable.get(it.orderItemId) ?? 0) : 0)
        : it.prodCount - t.goodsNum;
      const inProgress = open.some((r) => r.orderItemId === it.orderItemId || r.orderItemId === null);
      return {
        ...itemDto(it, left, locale),
        refundableNum: left,
        paid: paid[i]!,
        inProgress,
        refundable:
          left > 0
            ? lineRefundable({ prodCount: it.prodCount, paid: paid[i]!, score: score[i]! }, left, t).amount
            : "0.00",
        sevenDayReturn: (prods.find((p) => p.prodId === it.prodId)?.seven ?? 1) === 1,
        virtual: usable !== null,
      };
    }),
  };
}

/** An order that takes applications: paid, shipped, or completed within the window. */
function checkOrderRefundable(o: OrderRow, now: Date): void {
  if (o.status === OrderStatus.PADYED || o.status === OrderStatus.CONSIGNMENT) return;
  if (o.status === OrderStatus.SUCCESS) {
    if (!withinRefundWindow(o.finallyTime ?? o.updatedAt, now))
      throw new RefundError("refund.windowClosed", { count: REFUND_WINDOW_DAYS });
    return;
  }
  throw new RefundError("refund.orderNotRefundable");
}

export async function myRefund(db: Db, userId: string, refundSn: string, locale: Locale): Promise<RefundDto> {
  const [r] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.refundSn, refundSn), eq(orderRefunds.userId, userId)))
    .limit(1);
  if (!r) throw new RefundError("refund.notFound");
  return toDto(db, r, locale);
}

export async function shopRefund(db: Db, shopId: number, refundSn: string, locale: Locale): Promise<RefundDto> {
  const [r] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.refundSn, refundSn), eq(orderRefunds.shopId, shopId)))
    .limit(1);
  if (!r) throw new RefundError("refund.notFound");
  return toDto(db, r, locale);
}

async function pageOf(
  db: Db,
  where: ReturnType<typeof and>,
  q: { current: number; size: number },
  locale: Locale,
): Promise<Page<RefundDto>> {
  const [c] = await db.select({ n: count() }).from(orderRefunds).where(where);
  const total = Number(c?.n ?? 0);
  const rows =
    total === 0
      ? []
      : await db
          .select()
          .from(orderRefunds)
          .where(where)
          .orderBy(desc(orderRefunds.applyTime), desc(orderRefunds.refundId))
          .limit(q.size)
          .offset((q.current - 1) * q.size);
  const records: RefundDto[] = [];
  for (const r of rows) records.push(await toDto(db, r, locale));
  return { records, total, size: q.size, current: q.current, pages: Math.max(1, Math.ceil(total / q.size)) };
}

/** The buyer's refunds, newest first. */
export function myRefunds(
  db: Db,
  userId: string,
  locale: Locale,
  q: { current: number; size: number },
): Promise<Page<RefundDto>> {
  return pageOf(db, and(eq(orderRefunds.userId, userId)), q, locale);
}

/** The shop's refunds, newest first; `sts` filters by returnMoneySts (0 = all). */
export function shopRefunds(
  db: Db,
  shopId: number,
  locale: Locale,
  q: { sts: number; current: number; size: number },
): Promise<Page<RefundDto>> {
  const conds = [eq(orderRefunds.shopId, shopId)];
  if (q.sts !== 0) conds.push(eq(orderRefunds.returnMoneySts, q.sts));
  return pageOf(db, and(...conds), q, locale);
}

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

/** Keeps orders.refund_status in step: 1 while a refund is open, 2 once something was refunded, null otherwise. */
async function syncOrderRefundStatus(tx: Tx, orderNumber: string): Promise<void> {
  const rows = await refundsOf(tx, orderNumber);
  const open = rows.some((r) => isRefundActive(r.returnMoneySts) && r.returnMoneySts !== RefundSts.REFUSED);
  const refunded = rows.some((r) => r.returnMoneySts === RefundSts.REFUNDED);
  await tx
    .update(orders)
    .set({ refundStatus: open ? 1 : refunded ? 2 : null })
    .where(eq(orders.orderNumber, orderNumber));
}

/** A new refund number: yyMMddHHmmss + 7 random digits. */
function newRefundSn(now: Date): string {
  return `${orderNumberStamp(now)}${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
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
      refundType: input.refundType,
      orderItemId: v.orderItemId,
      goodsNum: v.goodsNum,
      applyType: input.applyType,
      isReceiver: o.status === OrderStatus.PADYED ? 0 : 1,
      buyerReason: input.buyerReason,
      buyerDesc: input.buyerDesc,
      photoFiles: input.photoFiles.join(","),
      buyerMobile: input.buyerMobile,
      refundAmount: v.refundAmount,
      refundScore: v.refundScore,
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

export async function withdrawRefund(db: Db, userId: string, refundSn: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { o, r, to } = await lockFor(tx, refundSn, { userId }, "withdraw");
    await tx
      .update(orderRefunds)
      .set({ returnMoneySts: to, cancelTime: now, dueAt: null, updateTime: now })
      .where(eq(orderRefunds.refundId, r.refundId));
    await doneJobs(tx, refundSn, now);
    await syncOrderRefundStatus(tx, o.orderNumber);
  });
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
  await db.transaction(async (tx) => {
    const { o, r, to } = await lockFor(tx, refundSn, { userId }, "ship");
    await tx
      .update(orderRefunds)
      .set({
        returnMoneySts: to,
        shipTime: now,
        dueAt: null,
        updateTime: now,
        refundDelivery: {
          dvyId: company.dvyId,
          expressName: company.dvyName.zh,
          expressNo: input.expressNo,
          mobile: input.mobile || r.buyerMobile,
          senderRemarks: input.senderRemarks,
        },
      })
      .where(eq(orderRefunds.refundId, r.refundId));
    await doneJobs(tx, refundSn, now);
    await syncOrderRefundStatus(tx, o.orderNumber);
  });
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
  await db.transaction(async (tx) => {
    const { o, r, to } = await lockFor(tx, refundSn, { shopId }, "refuse");
    await tx
      .update(orderRefunds)
      .set({ returnMoneySts: to, rejectMessage: reason, handelTime: now, dueAt: null, updateTime: now })
      .where(eq(orderRefunds.refundId, r.refundId));
    await doneJobs(tx, refundSn, now);
    await syncOrderRefundStatus(tx, o.orderNumber);
  });
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

async function doneJobs(tx: Tx, refundSn: string, now: Date): Promise<void> {
  await tx
    .update(jobs)
    .set({ doneAt: now })
    .where(
      and(
        eq(jobs.refKey, refundSn),
        inArray(jobs.kind, ["refundSellerTimeout", "refundShipTimeout"]),
        sql`${jobs.doneAt} is null`,
      ),
    );
}

/** The sandbox (and a real provider's) refund notification is looked for this long after the refund was asked for, then every minute. */
export const REFUND_PROVIDER_CHECK_MS = 10_000;
const REFUND_PROVIDER_RECHECK_MS = 60_000;

/**
 * Pays the refund the way the order was paid. Balance orders get it on the balance (ledger
 * "orderRefund") and the refund is done at once (finishRefund). Orders paid through the payment
 * provider: the provider is asked to refund (its refund number is kept) and the refund waits as
 * "refunding" (8) for the provider's signed refund notification (handleRefundNotification); a
 * `refundProviderCheck` job asks the provider if the notification is late.
 */
async function payOut(tx: Tx, provider: PaymentProvider, o: OrderRow, r: RefundRow, now: Date): Promise<void> {
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
    await tx
      .update(users)
      .set({ balance: sql`${users.balance} + ${amount}`, updatedAt: now })
      .where(eq(users.userId, r.userId));
    await tx.insert(userLedger).values({
      userId: r.userId,
      kind: "balance",
      amount,
      reason: "orderRefund",
      orderNumber: o.orderNumber,
      createdAt: now,
    });
  }
  await finishRefund(tx, o, r, refundWay, now);
}

/**
 * The refund is done: points come back (ledger "orderRefundScore"), the refunded share of a
 * completed order's reward points is taken back, the refund is "refunded", and when every line of
 * the order is fully refunded the order closes (closeType 2).
 */
async function finishRefund(tx: Tx, o: OrderRow, r: RefundRow, refundWay: string, now: Date): Promise<void> {
  const move = refundTransition(r.returnMoneySts, "refund", r.applyType);
  if (!move.ok) throw new RefundError(move.error);
  const amount = formatPrice(r.refundAmount);
  if (r.refundScore > 0) {
    await tx
      .update(users)
      .set({ score: sql`${users.score} + ${r.refundScore}` })
      .where(eq(users.userId, r.userId));
    await tx.insert(userLedger).values({
      userId: r.userId,
      kind: "score",
      amount: String(r.refundScore),
      reason: "orderRefundScore",
      orderNumber: o.orderNumber,
      createdAt: now,
    });
  }
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
  if (all) {
    const next = transition(o.status, "refundClose");
    if (next.ok)
      await tx
        .update(orders)
        .set({ status: next.status, closeType: CLOSE_TYPE_REFUNDED, cancelTime: now, updatedAt: now })
        .where(eq(orders.orderId, o.orderId));
  }
}

// ---------------------------------------------------------------------------------------------
// The payment provider's refund notification (docs/refund.md "Refund payout")
// ---------------------------------------------------------------------------------------------

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

async function refundNotificationIn(tx: Tx, n: RefundNotification, now: Date): Promise<RefundNotificationResult> {
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
  await tx
    .update(jobs)
    .set({ doneAt: now })
    .where(and(eq(jobs.refKey, r.refundSn), eq(jobs.kind, "refundProviderCheck"), sql`${jobs.doneAt} is null`));
  await syncOrderRefundStatus(tx, o.orderNumber);
  return { refundSn: r.refundSn, refunded: true, alreadyRefunded: false };
}

// ---------------------------------------------------------------------------------------------
// Timeouts (due-time jobs; docs/refund.md "Timeouts")
// ---------------------------------------------------------------------------------------------

/** The payment provider the jobs refund through and its secret (set by the process that runs jobs; see src/server/all-jobs.ts). */
let jobDeps: (() => { provider: PaymentProvider; secret: string }) | null = null;
export function setRefundJobDeps(f: () => { provider: PaymentProvider; secret: string }): void {
  jobDeps = f;
}
const jobProvider = () => {
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
