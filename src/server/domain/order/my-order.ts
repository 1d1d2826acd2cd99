/**
 * The buyer's own orders (CONTRACT §4.5, §4.6; docs/order.md "My orders and logistics"):
 * list by tab with search and paging, detail with progress, counts, cancel / confirm receipt /
 * delete / buy again, and the packages with their logistics.
 *
 * Every function is keyed by the caller's userId. Another user's order (or a deleted one, or a
 * malformed number) is "order not found" — never revealed — and nothing changes. The state
 * changes themselves live in order-lifecycle.ts (closeOrder, confirmReceipt) and the status
 * machine in order-state.ts; this module only finds the user's rows and shapes them.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { formatPriceSafe } from "../../../lib/money.ts";
import {
  type DeliveryOrderDto,
  type MyOrderDto,
  type OrderDetailDto,
  type OrderItemDto,
} from "../../../lib/order/order-types.ts";
import type { Db } from "../../db/client.ts";
import { deliveries, orderItems, orderRefunds, orders } from "../../db/schema/index.ts";
import { lineAfterSales, type LineAfterSales } from "../../../lib/refund/refund-state.ts";
import { CartError, cartProdCount, changeItem } from "../cart/cart.ts";
import { areasOf, localizeAreas } from "../address/area.ts";
import { loadDeliveryDtos } from "./delivery.ts";
import { writeOffCodesOf } from "./write-off-codes.ts";
import { ProdMold } from "../../../lib/order/virtual-goods.ts";
import { CloseType, OrderError, closeOrder, confirmReceipt } from "./order-lifecycle.ts";
import { escapeLike } from "../kernel/sql.ts";
import {
  countOrders,
  orderTabDef,
  progressSteps,
  transition,
  type OrderCountData,
  type OrderTab,
} from "../../../lib/order/order-state.ts";
import type { BuyAgainResult } from "../../../lib/order/order-types.ts";
import { pageOf, readPage } from "../kernel/page.ts";

// ------------------------------------------------------------------------------------------
// Pure rules
// ------------------------------------------------------------------------------------------

/** Longest search text accepted (longer is cut). */
export const ORDER_NAME_MAX = 50;
/** Order numbers are 19 digits; anything that is not 1-32 digits cannot be one. */
const ORDER_NUMBER_RE = /^\d{1,32}$/;

export function isOrderNumber(v: unknown): v is string {
  return typeof v === "string" && ORDER_NUMBER_RE.test(v);
}

/**
 * The search box: trimmed, inner whitespace collapsed, cut to ORDER_NAME_MAX. Empty → null (no
 * filter). `numberPrefix` is set when the text is all digits (an order number or its beginning);
 * the text is also matched against the product names, so "2024" finds both.
 */
export function parseOrderName(raw: unknown): { text: string; numberPrefix: string | null } | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim().replace(/\s+/g, " ").slice(0, ORDER_NAME_MAX);
  if (!text) return null;
  return { text, numberPrefix: /^\d+$/.test(text) ? text : null };
}

/**
 * OrderCountData from grouped rows ({status, isComm, refundStatus, orderMold, n}): each group counted by
 * countOrders (the one counting rule) times its size.
 */
export function countFromGroups(
  groups: readonly {
    status: number;
    isComm: number | null;
    refundStatus: number | null;
    orderMold: number | null;
    n: number;
  }[],
): OrderCountData {
  const total = countOrders([]);
  for (const g of groups) {
    const one = countOrders([g]);
    for (const k of Object.keys(total) as (keyof OrderCountData)[]) total[k] += one[k] * g.n;
  }
  return total;
}

// ------------------------------------------------------------------------------------------
// Database
// ------------------------------------------------------------------------------------------

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** The user's visible orders (not deleted). */
const mine = (userId: string): SQL => and(eq(orders.userId, userId), eq(orders.deleteStatus, 0))!;

function toItemDto(r: ItemRow, locale: Locale, afterSales: ReadonlyMap<number, LineAfterSales>): OrderItemDto {
  return {
    orderItemId: r.orderItemId,
    prodId: r.prodId,
    skuId: r.skuId,
    prodName: pickText(r.prodName, locale),
    skuName: pickText(r.skuName, locale),
    properties: pickText(r.properties, locale),
    pic: r.pic,
    price: formatPriceSafe(r.price),
    prodCount: r.prodCount,
    productTotalAmount: formatPriceSafe(r.productTotalAmount),
    commSts: r.commSts === 1 ? 1 : 0,
    offers: r.offers ?? null,
    afterSales: afterSales.get(r.orderItemId) ?? null,
    writeOffTime: r.writeOffTime,
    isRefund: r.isRefund,
  };
}

function toMyOrderDto(
  o: OrderRow,
  items: readonly ItemRow[],
  locale: Locale,
  afterSales: ReadonlyMap<number, LineAfterSales>,
): MyOrderDto {
  return {
    orderNumber: o.orderNumber,
    shopId: o.shopId,
    shopName: pickText(o.shopName, locale),
    status: o.status,
    orderType: o.orderType,
    orderMold: o.orderMold,
    actualTotal: formatPriceSafe(o.actualTotal),
    total: formatPriceSafe(o.total),
    freightAmount: formatPriceSafe(o.freightAmount),
    productNums: o.productNums,
    userScore: o.useScore,
    payType: o.payType,
    refundStatus: o.refundStatus,
    isComm: o.isComm === 1 ? 1 : 0,
    closeType: o.closeType,
    createTime: o.createdAt.toISOString(),
    payTime: iso(o.payTime),
    payDeadline: o.payDeadline.toISOString(),
    orderItemDtos: items.map((i) => toItemDto(i, locale, afterSales)),
  };
}

async function itemsOf(db: Db, orderNumbers: readonly string[]): Promise<Map<string, ItemRow[]>> {
  const out = new Map<string, ItemRow[]>();
  if (orderNumbers.length === 0) return out;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, [...orderNumbers]))
    .orderBy(asc(orderItems.orderItemId));
  for (const r of rows) {
    const list = out.get(r.orderNumber);
    if (list) list.push(r);
    else out.set(r.orderNumber, [r]);
  }
  return out;
}

/** Each line's after-sales state (a whole-order application covers every line of its order). */
async function afterSalesOf(db: Db, items: readonly ItemRow[]): Promise<Map<number, LineAfterSales>> {
  const out = new Map<number, LineAfterSales>();
  const numbers = [...new Set(items.map((i) => i.orderNumber))];
  if (numbers.length === 0) return out;
  const refunds = await db
    .select({
      refundSn: orderRefunds.refundSn,
      orderNumber: orderRefunds.orderNumber,
      orderItemId: orderRefunds.orderItemId,
      returnMoneySts: orderRefunds.returnMoneySts,
    })
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderNumber, numbers))
    .orderBy(asc(orderRefunds.refundId));
  if (refunds.length === 0) return out;
  for (const it of items) {
    const state = lineAfterSales(
      refunds.filter(
        (r) => r.orderNumber === it.orderNumber && (r.orderItemId === null || r.orderItemId === it.orderItemId),
      ),
    );
    if (state) out.set(it.orderItemId, state);
  }
  return out;
}

/** The user's visible order, or OrderError("order.notFound"). */
async function ownOrder(db: Db, userId: string, orderNumber: string): Promise<OrderRow> {
  if (!isOrderNumber(orderNumber)) throw new OrderError("order.notFound");
  const [row] = await db
    .select()
    .from(orders)
    .where(and(mine(userId), eq(orders.orderNumber, orderNumber)))
    .limit(1);
  if (!row) throw new OrderError("order.notFound");
  return row;
}

export interface MyOrderQuery {
  tab: OrderTab;
  current: number;
  size: number;
  orderName?: string | undefined;
}

/** GET /p/myOrder/myOrder: one page of the user's orders in a tab, newest first. */
export async function myOrderPage(db: Db, userId: string, locale: Locale, q: MyOrderQuery): Promise<Page<MyOrderDto>> {
  const conds: SQL[] = [mine(userId)];
  const def = orderTabDef(q.tab);
  if (def.statuses) conds.push(inArray(orders.status, [...def.statuses]));
  if (def.isComm !== undefined) conds.push(eq(orders.isComm, def.isComm ? 1 : 0));
  if (def.orderMold !== undefined) conds.push(eq(orders.orderMold, def.orderMold));
  const search = parseOrderName(q.orderName);
  if (search) {
    const pattern = `%${escapeLike(search.text)}%`;
    const byName = sql`exists (select 1 from ${orderItems} where ${orderItems.orderNumber} = ${orders.orderNumber}
      and (coalesce(nullif(${orderItems.prodName}->>${locale}, ''), ${orderItems.prodName}->>'zh', '') ilike ${pattern} escape '\\'))`;
    conds.push(
      search.numberPrefix
        ? sql`(${orders.orderNumber} like ${`${escapeLike(search.numberPrefix)}%`} escape '\\' or ${byName})`
        : byName,
    );
  }
  const where = and(...conds);
  const { rows, total } = await readPage(db, orders, where, [desc(orders.createdAt), desc(orders.orderId)], q);
  const items = await itemsOf(
    db,
    rows.map((r) => r.orderNumber),
  );
  const afterSales = await afterSalesOf(db, [...items.values()].flat());
  return pageOf(
    rows.map((o) => toMyOrderDto(o, items.get(o.orderNumber) ?? [], locale, afterSales)),
    total,
    q,
  );
}

/** GET /p/myOrder/orderDetail. */
export async function myOrderDetail(
  db: Db,
  userId: string,
  locale: Locale,
  orderNumber: string,
): Promise<OrderDetailDto> {
  const o = await ownOrder(db, userId, orderNumber);
  const items = (await itemsOf(db, [o.orderNumber])).get(o.orderNumber) ?? [];
  const a = localizeAreas(o.address, locale);
  return {
    ...toMyOrderDto(o, items, locale, await afterSalesOf(db, items)),
    orderId: o.orderId,
    dvyType: o.dvyType,
    reduceAmount: formatPriceSafe(o.reduceAmount),
    discountAmount: formatPriceSafe(o.discountAmount),
    shopCouponAmount: formatPriceSafe(o.shopCouponAmount),
    platformCouponAmount: formatPriceSafe(o.platformCouponAmount),
    scoreAmount: formatPriceSafe(o.scoreAmount),
    remarks: o.remarks,
    dvyTime: iso(o.dvyTime),
    finallyTime: iso(o.finallyTime),
    cancelTime: iso(o.cancelTime),
    receiptDeadline: iso(o.receiptDeadline),
    userAddrDto: {
      addrId: 0,
      receiver: a.receiver,
      mobile: a.mobile,
      ...areasOf(a),
      addr: a.addr,
    },
    invoice: o.invoice ?? null,
    progress: progressSteps({
      status: o.status,
      createTime: o.createdAt,
      payTime: o.payTime,
      dvyTime: o.dvyTime,
      finallyTime: o.finallyTime,
      cancelTime: o.cancelTime,
      orderMold: o.orderMold,
    }),
    writeOffCodes: o.orderMold === ProdMold.VIRTUAL ? await writeOffCodesOf(db, o.orderNumber) : [],
  };
}

/** GET /p/myOrder/orderCount (and centerInfo.orderCountData): counts of the user's visible orders. */
export async function myOrderCount(db: Db, userId: string): Promise<OrderCountData> {
  const groups = await db
    .select({
      status: orders.status,
      isComm: orders.isComm,
      refundStatus: orders.refundStatus,
      orderMold: orders.orderMold,
      n: count(),
    })
    .from(orders)
    .where(mine(userId))
    .groupBy(orders.status, orders.isComm, orders.refundStatus, orders.orderMold);
  return countFromGroups(groups.map((g) => ({ ...g, n: Number(g.n) })));
}

/** PUT /p/myOrder/cancel/{orderNumber}: closes the user's unpaid order (stock and points go back). */
export async function cancelMyOrder(db: Db, userId: string, orderNumber: string, now: Date): Promise<void> {
  if (!isOrderNumber(orderNumber)) throw new OrderError("order.notFound");
  await db.transaction((tx) => closeOrder(tx, orderNumber, CloseType.BUYER_CANCEL, now, { userId }));
}

/** PUT /p/myOrder/receipt/{orderNumber}: the user confirms receipt of a shipped order. */
export async function confirmMyReceipt(db: Db, userId: string, orderNumber: string, now: Date): Promise<void> {
  if (!isOrderNumber(orderNumber)) throw new OrderError("order.notFound");
  await db.transaction((tx) => confirmReceipt(tx, orderNumber, now, { userId }));
}

/** DELETE /p/myOrder/{orderNumber}: hides a completed or closed order from the buyer (deleteStatus 2). */
export async function deleteMyOrder(db: Db, userId: string, orderNumber: string, now: Date): Promise<void> {
  if (!isOrderNumber(orderNumber)) throw new OrderError("order.notFound");
  await db.transaction(async (tx) => {
    const [o] = await tx
      .select({ orderId: orders.orderId, status: orders.status })
      .from(orders)
      .where(and(mine(userId), eq(orders.orderNumber, orderNumber)))
      .for("update")
      .limit(1);
    if (!o) throw new OrderError("order.notFound");
    const r = transition(o.status, "delete");
    if (!r.ok) throw new OrderError(r.error);
    await tx.update(orders).set({ deleteStatus: 2, updatedAt: now }).where(eq(orders.orderId, o.orderId));
  });
}

/**
 * POST /p/myOrder/buyAgain/{orderNumber}: puts the order's lines into the cart again with the
 * cart's own changeItem (same quantities, merged with lines already there). Lines no longer on
 * sale or without enough stock are skipped and named; when none could be added the caller
 * refuses ("order.buyAgainNone") — nothing was changed then.
 */
export async function buyAgain(db: Db, userId: string, locale: Locale, orderNumber: string): Promise<BuyAgainResult> {
  const o = await ownOrder(db, userId, orderNumber);
  const items = (await itemsOf(db, [o.orderNumber])).get(o.orderNumber) ?? [];
  const skipped: BuyAgainResult["skipped"] = [];
  let added = 0;
  for (const it of items) {
    try {
      await changeItem(db, userId, { prodId: it.prodId, skuId: it.skuId, shopId: it.shopId, count: it.prodCount });
      added++;
    } catch (err) {
      if (!(err instanceof CartError)) throw err;
      const reason =
        err.reason === "skuUnavailable" || err.reason === "insufficientStock" || err.reason === "badCount"
          ? err.reason
          : "prodUnavailable";
      skipped.push({
        orderItemId: it.orderItemId,
        prodName: pickText(it.prodName, locale),
        skuName: pickText(it.skuName, locale),
        reason,
      });
    }
  }
  return { prodCount: await cartProdCount(db, userId), added, skipped };
}

// ------------------------------------------------------------------------------------------
// Logistics
// ------------------------------------------------------------------------------------------

/** GET /p/myDelivery/orderInfo/{orderNumber}: the packages of the user's order (none before shipping). */
export async function myOrderDeliveries(
  db: Db,
  userId: string,
  locale: Locale,
  orderNumber: string,
): Promise<DeliveryOrderDto[]> {
  const o = await ownOrder(db, userId, orderNumber);
  const pkgs = await db
    .select()
    .from(deliveries)
    .where(eq(deliveries.orderNumber, o.orderNumber))
    .orderBy(asc(deliveries.orderDeliveryId));
  return loadDeliveryDtos(db, locale, pkgs);
}

/** GET /p/myDelivery/deliveryOrder/{orderDeliveryId}: one package of one of the user's orders. */
export async function myDelivery(
  db: Db,
  userId: string,
  locale: Locale,
  orderDeliveryId: number,
): Promise<DeliveryOrderDto> {
  const [pkg] = await db
    .select({ d: deliveries })
    .from(deliveries)
    .innerJoin(orders, eq(orders.orderNumber, deliveries.orderNumber))
    .where(and(eq(deliveries.orderDeliveryId, orderDeliveryId), mine(userId)))
    .limit(1);
  if (!pkg) throw new OrderError("order.deliveryNotFound");
  return (await loadDeliveryDtos(db, locale, [pkg.d]))[0]!;
}
