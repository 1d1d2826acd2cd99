/**
 * Refunds read (docs/refund.md): the refund error, a refund as the buyer and the shop see it, the
 * preview of what an order line can still refund, and the lists.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { formatPrice, formatPriceSafe, sum } from "../../../lib/money.ts";
import { OrderStatus } from "../../../lib/order/order-state.ts";
import { isRefundActive, refundSteps, RefundSts } from "../../../lib/refund/refund-state.ts";
import { REFUND_WINDOW_DAYS, withinRefundWindow } from "../../../lib/refund/refund-rules.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderItems, orderRefunds, orders, products } from "../../db/schema/index.ts";
import { usableCodesByLine } from "../order/write-off.ts";
import { ProdMold } from "../../../lib/order/virtual-goods.ts";
import { lineRefundable, linesPaid, linesPoints, orderRefundable, type PaidLine } from "./refund-amount.ts";
import { DomainError } from "../kernel/domain-error.ts";
import type { RefundDto, RefundItemDto, RefundPreviewDto } from "../../../lib/refund/refund-types.ts";
import { pageOf, readPage } from "../kernel/page.ts";

export class RefundError extends DomainError {
  constructor(key: string, params: Record<string, unknown> = {}) {
    super(key, { params });
  }
}

export type RefundRow = typeof orderRefunds.$inferSelect;

export type OrderRow = typeof orders.$inferSelect;

export type ItemRow = typeof orderItems.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const picsOf = (s: string) =>
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
export function takenByLine(refunds: readonly RefundRow[], items: readonly ItemRow[], exceptId?: number) {
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
export function maxFor(
  order: OrderRow,
  items: readonly ItemRow[],
  refunds: readonly RefundRow[],
  r: { refundType: number; orderItemId: number | null; goodsNum: number },
  exceptId?: number,
) {
  const lines = paidLines(items);
  if (r.refundType === 1) return orderRefundable(order, lines, order.status === OrderStatus.PADYED);
  const paid = linesPaid(order, lines);
  const score = linesPoints(order, lines);
  const i = items.findIndex((it) => it.orderItemId === r.orderItemId);
  if (i < 0) return { amount: "0.00", score: 0 };
  const before = takenByLine(refunds, items, exceptId).get(r.orderItemId!)!;
  return lineRefundable({ prodCount: items[i]!.prodCount, paid: paid[i]!, score: score[i]! }, r.goodsNum, before);
}

export async function loadOrder(
  q: Db | Tx,
  orderNumber: string,
  where: { userId?: string; shopId?: number },
  lock: boolean,
) {
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

export async function itemsOf(q: Db | Tx, orderNumber: string): Promise<ItemRow[]> {
  return q
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderNumber, orderNumber))
    .orderBy(asc(orderItems.orderItemId));
}

export async function refundsOf(q: Db | Tx, orderNumber: string): Promise<RefundRow[]> {
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
  const score = linesPoints(o, lines);
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
export function checkOrderRefundable(o: OrderRow, now: Date): void {
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

async function refundPage(
  db: Db,
  where: ReturnType<typeof and>,
  q: { current: number; size: number },
  locale: Locale,
): Promise<Page<RefundDto>> {
  const order = [desc(orderRefunds.applyTime), desc(orderRefunds.refundId)];
  const { rows, total } = await readPage(db, orderRefunds, where, order, q);
  const records: RefundDto[] = [];
  for (const r of rows) records.push(await toDto(db, r, locale));
  return pageOf(records, total, q);
}

/** The buyer's refunds, newest first. */
export function myRefunds(
  db: Db,
  userId: string,
  locale: Locale,
  q: { current: number; size: number },
): Promise<Page<RefundDto>> {
  return refundPage(db, and(eq(orderRefunds.userId, userId)), q, locale);
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
  return refundPage(db, and(...conds), q, locale);
}
