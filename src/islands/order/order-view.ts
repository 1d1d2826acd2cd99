/**
 * What the my-orders islands show for an order (uc-order list, order-detail page). Pure: status
 * texts, the buttons per status, logistics state names, times. The rules they follow live in
 * src/lib/order/order-state.ts (imported here: it is pure and imports nothing).
 */
import { countdownParts } from "../../lib/date-format.ts";
import { DELIVERY_STATES } from "../../lib/order/order-types.ts";
import {
  canCancel,
  canDelete,
  isClosedByRefund,
  ORDER_TABS,
  OrderStatus,
  tabFromParam,
  transition,
  type OrderTab,
} from "../../lib/order/order-state.ts";

export { ORDER_TABS, tabFromParam, type OrderTab };

/** Orders per page of the list. */
export const ORDER_PAGE_SIZE = 10;

/**
 * The i18n key of an order's status text: "order.status.<n>"; a completed order reads "to review" /
 * "reviewed"; an order closed because everything was refunded reads "refunded".
 */
export function statusTextKey(
  status: number,
  isComm: number | boolean | null | undefined,
  closeType: number | null = null,
  orderMold = 0,
): string {
  if (isClosedByRefund(status, closeType)) return "order.status.refunded";
  if (status === OrderStatus.PADYED && orderMold === 1) return "order.virtual.statusToUse";
  if (status === OrderStatus.SUCCESS) return isComm ? "order.status.reviewed" : "order.status.toReview";
  if (status === 1 || status === 2 || status === 3 || status === 6 || status === 7) return `order.status.${status}`;
  return "order.unknownStatus";
}

export type BuyerAction = "pay" | "cancel" | "logistics" | "confirmReceipt" | "buyAgain" | "delete";

/**
 * The buttons of an order besides "order details" and "apply for after-sales" (list card and
 * detail page): unpaid → pay, cancel; shipped → logistics, confirm receipt; completed →
 * logistics, buy again, delete; closed → buy again, delete; paid or grouping → nothing (waiting
 * for the shop / group). A virtual-goods order is never shipped: no logistics.
 */
export function buyerActions(status: number, orderMold = 0): BuyerAction[] {
  const out: BuyerAction[] = [];
  if (transition(status, "pay").ok) out.push("pay");
  if (canCancel(status)) out.push("cancel");
  if ((status === OrderStatus.CONSIGNMENT || status === OrderStatus.SUCCESS) && orderMold !== 1) out.push("logistics");
  if (transition(status, "confirmReceipt").ok) out.push("confirmReceipt");
  if (status === OrderStatus.SUCCESS || status === OrderStatus.CLOSE) out.push("buyAgain");
  if (canDelete(status)) out.push("delete");
  return out;
}

/**
 * Whether the order offers "apply for after-sales": a physical order once paid (paid, shipped,
 * completed — the refund window is checked by the server). A virtual-goods order only while it is
 * to be used and one of its lines is refundable: non-refundable codes take no application, and a
 * completed one has no usable code left to refund (docs/virtual-goods.md).
 */
export function offersAfterSales(order: {
  status: number;
  orderMold?: number;
  orderItemDtos?: readonly { isRefund: number }[];
}): boolean {
  if (order.orderMold === 1)
    return order.status === OrderStatus.PADYED && (order.orderItemDtos ?? []).some((i) => i.isRefund === 1);
  return (
    order.status === OrderStatus.PADYED ||
    order.status === OrderStatus.CONSIGNMENT ||
    order.status === OrderStatus.SUCCESS
  );
}

/** The i18n key of a logistics state; unknown states read as "no record". */
export function deliveryStateKey(state: number): string {
  const known = (DELIVERY_STATES as readonly number[]).includes(state) ? state : 0;
  return `order.deliveryState.${known}`;
}

/**
 * The time left until `deadline` as a countdown in the page's language ("29 min 58 s", "29分58秒",
 * with hours "1 h 01 min 01 s"), never a clock-like "29:58" (docs/design.md "Dates and
 * countdowns"); null once it has passed.
 */
export function timeLeft(
  deadline: string,
  nowMs: number,
  t: (key: string, params: Record<string, string | number>) => string,
): string | null {
  const ms = new Date(deadline).getTime() - nowMs;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const p = countdownParts(ms);
  return p.h > 0 ? t("order.left.hms", { ...p }) : t("order.left.ms", { m: p.m, s: p.s });
}

/** The tab counts of the list from OrderCountData (null for tabs without a count: all, completed, canceled). */
export function tabCount(
  tab: OrderTab,
  counts: {
    unPay: number;
    payed: number;
    toUse: number;
    consignment: number;
    confirm: number;
    grouping: number;
  } | null,
): number | null {
  if (!counts) return null;
  switch (tab) {
    case "unpaid":
      return counts.unPay;
    case "toShip":
      return counts.payed;
    case "toUse":
      return counts.toUse;
    case "toReceive":
      return counts.consignment;
    case "toReview":
      return counts.confirm;
    case "grouping":
      return counts.grouping;
    default:
      return null;
  }
}

/** The uc-order URL of a tab and search ("?status=1&orderName=x"); tab "all" and empty search leave the query out. */
export function listQuery(status: number, orderName: string, current: number): string {
  const q = new URLSearchParams();
  if (status) q.set("status", String(status));
  if (orderName.trim()) q.set("orderName", orderName.trim());
  if (current > 1) q.set("current", String(current));
  const s = q.toString();
  return s ? `?${s}` : "";
}
