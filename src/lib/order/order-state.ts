/**
 * Order statuses and their transitions (SPEC §4; CONTRACT §4.5 `tz_order.status`).
 * Pure functions: no database, no clock. Refusals are i18n keys of the "order" namespace.
 *
 * Statuses: 1 UNPAY, 2 PADYED (paid, awaiting shipment), 3 CONSIGNMENT (shipped, awaiting
 * receipt), 5 SUCCESS (completed), 6 CLOSE (closed / cancelled), 7 WAIT_GROUP (paid, waiting
 * for the group to fill). 4 is unused. SPEC's "pending evaluation" and "evaluated" are not
 * statuses: they are SUCCESS orders with `isComm` false / true (reviews are kept per item).
 *
 *   UNPAY ──pay──▶ PADYED ──ship──▶ CONSIGNMENT ──confirmReceipt / autoConfirm──▶ SUCCESS
 *     │  └─pay (group order)─▶ WAIT_GROUP ──groupSucceeded──▶ PADYED
 *     │                          └──groupFailed (refunded)──▶ CLOSE
 *     └──cancel / timeoutCancel──▶ CLOSE
 *   PADYED, CONSIGNMENT, SUCCESS ──refundClose (every line refunded)──▶ CLOSE
 *   PADYED (virtual goods) ──writeOffComplete (every code used, expired or refunded)──▶ SUCCESS
 *   SUCCESS, CLOSE ──delete──▶ same status (the caller marks the row deleted for the buyer)
 */

export const OrderStatus = {
  UNPAY: 1,
  PADYED: 2,
  CONSIGNMENT: 3,
  SUCCESS: 5,
  CLOSE: 6,
  WAIT_GROUP: 7,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** orders.closeType of an order closed because everything was refunded. */
export const CLOSE_TYPE_REFUNDED = 2;

/** Whether an order was closed because every line was refunded (its status reads "refunded", not "cancelled"). */
export function isClosedByRefund(status: number, closeType: number | null | undefined): boolean {
  return status === OrderStatus.CLOSE && closeType === CLOSE_TYPE_REFUNDED;
}

/** Every status, in enum order. */
export const ORDER_STATUSES: readonly OrderStatus[] = [1, 2, 3, 5, 6, 7];

export function isOrderStatus(v: unknown): v is OrderStatus {
  return typeof v === "number" && (ORDER_STATUSES as readonly number[]).includes(v);
}

/**
 * What can happen to an order. Actor in brackets:
 * pay (buyer), cancel (buyer), timeoutCancel (system: unpaid past the payment deadline),
 * ship (merchant), confirmReceipt (buyer), autoConfirm (system: receipt deadline passed),
 * groupSucceeded / groupFailed (system: group-buy team filled / expired), refundClose (system),
 * writeOffComplete (system: a virtual-goods order has no usable code left), delete (buyer).
 */
export const ORDER_EVENTS = [
  "pay",
  "cancel",
  "timeoutCancel",
  "ship",
  "confirmReceipt",
  "autoConfirm",
  "groupSucceeded",
  "groupFailed",
  "refundClose",
  "writeOffComplete",
  "delete",
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** Refusal keys ("order" i18n namespace). */
export const ORDER_ERRORS = {
  unknownStatus: "order.unknownStatus",
  unknownEvent: "order.unknownEvent",
  cannotPay: "order.cannotPay",
  cannotCancel: "order.cannotCancel",
  cannotShip: "order.cannotShip",
  cannotConfirmReceipt: "order.cannotConfirmReceipt",
  notWaitingGroup: "order.notWaitingGroup",
  cannotDelete: "order.cannotDelete",
  cannotRefundClose: "order.cannotRefundClose",
} as const;
export type OrderErrorKey = (typeof ORDER_ERRORS)[keyof typeof ORDER_ERRORS];

export type TransitionResult = { ok: true; status: OrderStatus } | { ok: false; error: OrderErrorKey };

/** The refusal key of each event when the current status does not allow it. */
const REFUSAL: Record<OrderEvent, OrderErrorKey> = {
  pay: ORDER_ERRORS.cannotPay,
  cancel: ORDER_ERRORS.cannotCancel,
  timeoutCancel: ORDER_ERRORS.cannotCancel,
  ship: ORDER_ERRORS.cannotShip,
  confirmReceipt: ORDER_ERRORS.cannotConfirmReceipt,
  autoConfirm: ORDER_ERRORS.cannotConfirmReceipt,
  groupSucceeded: ORDER_ERRORS.notWaitingGroup,
  groupFailed: ORDER_ERRORS.notWaitingGroup,
  refundClose: ORDER_ERRORS.cannotRefundClose,
  writeOffComplete: ORDER_ERRORS.cannotConfirmReceipt,
  delete: ORDER_ERRORS.cannotDelete,
};

/** Allowed transitions: status → event → next status. Anything missing is refused. */
const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>> = {
  [OrderStatus.UNPAY]: { pay: OrderStatus.PADYED, cancel: OrderStatus.CLOSE, timeoutCancel: OrderStatus.CLOSE },
  [OrderStatus.PADYED]: {
    ship: OrderStatus.CONSIGNMENT,
    refundClose: OrderStatus.CLOSE,
    writeOffComplete: OrderStatus.SUCCESS,
  },
  [OrderStatus.CONSIGNMENT]: {
    confirmReceipt: OrderStatus.SUCCESS,
    autoConfirm: OrderStatus.SUCCESS,
    refundClose: OrderStatus.CLOSE,
  },
  [OrderStatus.SUCCESS]: { delete: OrderStatus.SUCCESS, refundClose: OrderStatus.CLOSE },
  [OrderStatus.CLOSE]: { delete: OrderStatus.CLOSE },
  [OrderStatus.WAIT_GROUP]: { groupSucceeded: OrderStatus.PADYED, groupFailed: OrderStatus.CLOSE },
};

/**
 * The status after `event`, or a refusal. `groupBuy`: paying a group-buy order leads to
 * WAIT_GROUP instead of PADYED. Statuses and events are checked at run time too (data from the
 * database or a request may be anything).
 */
export function transition(status: number, event: OrderEvent, opts: { groupBuy?: boolean } = {}): TransitionResult {
  if (!isOrderStatus(status)) return { ok: false, error: ORDER_ERRORS.unknownStatus };
  if (!(ORDER_EVENTS as readonly string[]).includes(event)) return { ok: false, error: ORDER_ERRORS.unknownEvent };
  const next = TRANSITIONS[status][event];
  if (next === undefined) return { ok: false, error: REFUSAL[event] };
  if (event === "pay" && opts.groupBuy) return { ok: true, status: OrderStatus.WAIT_GROUP };
  return { ok: true, status: next };
}

/** While a refund of a shipped order is open, automatic receipt confirmation waits this long before it looks again. */
export const AUTO_CONFIRM_REFUND_WAIT_DAYS = 3;

/**
 * What the auto-confirm job does when the receipt deadline of an order comes: complete it, or —
 * while an after-sales application is open (orders.refundStatus 1: waiting for the shop,
 * accepted, goods on the way back or received) — wait: the deadline moves to
 * AUTO_CONFIRM_REFUND_WAIT_DAYS from now and the job comes again then, so the buyer never loses
 * the goods' receipt to the clock while the shop handles a refund (docs/refund.md).
 */
export function autoConfirmDecision(
  order: { refundStatus: number | null },
  now: Date,
): { confirm: true } | { confirm: false; deadline: Date } {
  if (order.refundStatus === 1)
    return { confirm: false, deadline: new Date(now.getTime() + AUTO_CONFIRM_REFUND_WAIT_DAYS * 24 * 3600 * 1000) };
  return { confirm: true };
}

/** The buyer may cancel only an unpaid order. */
export function canCancel(status: number): boolean {
  return status === OrderStatus.UNPAY;
}

/** The buyer may delete only a completed or closed order. */
export function canDelete(status: number): boolean {
  return status === OrderStatus.SUCCESS || status === OrderStatus.CLOSE;
}

// ---------------------------------------------------------------------------------------------
// Progress steps (order detail page)
// ---------------------------------------------------------------------------------------------

export const PROGRESS_STEP_KEYS = [
  "order.progress.submit",
  "order.progress.pay",
  "order.progress.ship",
  "order.progress.awaitReceipt",
  "order.progress.complete",
] as const;
export type ProgressStepKey = (typeof PROGRESS_STEP_KEYS)[number];

export type ProgressStep = { key: ProgressStepKey; time: string | null; done: boolean };

type TimeInput = string | Date | null | undefined;

export type ProgressInput = {
  status: number;
  createTime: TimeInput;
  payTime?: TimeInput;
  dvyTime?: TimeInput;
  finallyTime?: TimeInput;
  cancelTime?: TimeInput;
  /** CONTRACT `orderMold`: 1 = virtual goods, which are never shipped (no "goods out" / "waiting for receipt" steps). */
  orderMold?: number;
};

function timeOf(t: TimeInput): string | null {
  if (t === null || t === undefined || t === "") return null;
  if (t instanceof Date) return Number.isNaN(t.getTime()) ? null : t.toISOString();
  return t;
}

/** How many steps a status has reached (CLOSE is handled from the times instead). */
const STEPS_DONE: Record<OrderStatus, number> = {
  [OrderStatus.UNPAY]: 1,
  [OrderStatus.PADYED]: 2,
  [OrderStatus.WAIT_GROUP]: 2,
  [OrderStatus.CONSIGNMENT]: 4,
  [OrderStatus.SUCCESS]: 5,
  [OrderStatus.CLOSE]: 0, // not used: a closed order's steps come from its times
};

/**
 * The 5 progress steps of SPEC §4: submit order (createTime), buyer payment (payTime), goods
 * out (dvyTime), waiting for receipt (dvyTime: it starts when the goods leave), completed
 * (finallyTime); virtual goods skip the two shipping steps. Done steps follow the status; a closed order keeps the steps it reached
 * before closing (those with a time) and never completes. Not-done steps have no time.
 */
export function progressSteps(order: ProgressInput): ProgressStep[] {
  const times = [
    timeOf(order.createTime),
    timeOf(order.payTime),
    timeOf(order.dvyTime),
    timeOf(order.dvyTime),
    timeOf(order.finallyTime),
  ];
  const status = order.status;
  const steps = PROGRESS_STEP_KEYS.map((key, i) => {
    let done: boolean;
    if (status === OrderStatus.CLOSE) done = i === 0 || (i < 4 && times[i] !== null);
    else if (isOrderStatus(status)) done = i < STEPS_DONE[status];
    else done = i === 0;
    return { key, time: done ? (times[i] ?? null) : null, done };
  });
  return order.orderMold === 1 ? steps.filter((_, i) => i !== 2 && i !== 3) : steps;
}

// ---------------------------------------------------------------------------------------------
// Order list tabs
// ---------------------------------------------------------------------------------------------

export type OrderTab =
  "all" | "unpaid" | "toShip" | "toUse" | "toReceive" | "toReview" | "completed" | "canceled" | "grouping";

export type OrderTabDef = {
  tab: OrderTab;
  /** The `status` query value of the tab (uc-order?status=, GET /p/myOrder/myOrder?status=). */
  param: number;
  /** i18n key of the tab label. */
  labelKey: `order.tab.${OrderTab}`;
  /** Statuses listed; null = all. */
  statuses: readonly OrderStatus[] | null;
  /** Only orders with this isComm (reviewed) flag; undefined = either. */
  isComm?: boolean;
  /** Only physical (0) or virtual (1) orders; undefined = either. */
  orderMold?: 0 | 1;
};

/**
 * The order list tabs in display order. Params follow CONTRACT §4.5 (0 all, 1, 2, 3, 5, 6, 7);
 * "to review" has no status of its own, so it takes the unused number 4 (SUCCESS, not reviewed).
 * "completed" lists every SUCCESS order, reviewed or not. A paid order of virtual goods (status 2
 * like a physical one waiting for shipment) is never shipped: it is "to be used", in a tab of its
 * own (the next unused number, 8), and "to ship" lists physical orders only (docs/virtual-goods.md).
 */
export const ORDER_TABS: readonly OrderTabDef[] = [
  { tab: "all", param: 0, labelKey: "order.tab.all", statuses: null },
  { tab: "unpaid", param: 1, labelKey: "order.tab.unpaid", statuses: [OrderStatus.UNPAY] },
  { tab: "toShip", param: 2, labelKey: "order.tab.toShip", statuses: [OrderStatus.PADYED], orderMold: 0 },
  { tab: "toUse", param: 8, labelKey: "order.tab.toUse", statuses: [OrderStatus.PADYED], orderMold: 1 },
  { tab: "toReceive", param: 3, labelKey: "order.tab.toReceive", statuses: [OrderStatus.CONSIGNMENT] },
  { tab: "toReview", param: 4, labelKey: "order.tab.toReview", statuses: [OrderStatus.SUCCESS], isComm: false },
  { tab: "completed", param: 5, labelKey: "order.tab.completed", statuses: [OrderStatus.SUCCESS] },
  { tab: "canceled", param: 6, labelKey: "order.tab.canceled", statuses: [OrderStatus.CLOSE] },
  { tab: "grouping", param: 7, labelKey: "order.tab.grouping", statuses: [OrderStatus.WAIT_GROUP] },
];

export function orderTabDef(tab: OrderTab): OrderTabDef {
  return ORDER_TABS.find((t) => t.tab === tab)!;
}

/** The tab of a query value ("2", 2, …); anything unknown or missing gives "all". */
export function tabFromParam(param: unknown): OrderTab {
  const n =
    typeof param === "number" ? param : typeof param === "string" && /^\d+$/.test(param.trim()) ? Number(param) : NaN;
  return ORDER_TABS.find((t) => t.param === n)?.tab ?? "all";
}

/** Whether an order is listed under `tab`. */
export function orderMatchesTab(
  order: { status: number; isComm?: boolean | number | null; orderMold?: number | null },
  tab: OrderTab,
): boolean {
  const def = orderTabDef(tab);
  if (def.statuses === null) return true;
  if (!(def.statuses as readonly number[]).includes(order.status)) return false;
  if (def.isComm !== undefined && Boolean(order.isComm) !== def.isComm) return false;
  if (def.orderMold !== undefined && (order.orderMold ?? 0) !== def.orderMold) return false;
  return true;
}

/**
 * CONTRACT §4.5 OrderCountData. `confirm` counts completed orders not yet reviewed; `payed` counts
 * paid physical orders (to ship) and `toUse` (our addition) paid virtual-goods orders (to be used).
 */
export type OrderCountData = {
  allCount: number;
  unPay: number;
  payed: number;
  toUse: number;
  consignment: number;
  confirm: number;
  success: number;
  close: number;
  refund: number;
  grouping: number;
};

/** Counts for the user centre; `refund` counts orders with a refund being applied for (refundStatus 1). */
export function countOrders(
  orders: readonly {
    status: number;
    isComm?: boolean | number | null;
    refundStatus?: number | null;
    orderMold?: number | null;
  }[],
): OrderCountData {
  const c: OrderCountData = {
    allCount: 0,
    unPay: 0,
    payed: 0,
    toUse: 0,
    consignment: 0,
    confirm: 0,
    success: 0,
    close: 0,
    refund: 0,
    grouping: 0,
  };
  for (const o of orders) {
    c.allCount++;
    if (o.status === OrderStatus.UNPAY) c.unPay++;
    else if (o.status === OrderStatus.PADYED) {
      if (o.orderMold === 1) c.toUse++;
      else c.payed++;
    } else if (o.status === OrderStatus.CONSIGNMENT) c.consignment++;
    else if (o.status === OrderStatus.SUCCESS) {
      c.success++;
      if (!o.isComm) c.confirm++;
    } else if (o.status === OrderStatus.CLOSE) c.close++;
    else if (o.status === OrderStatus.WAIT_GROUP) c.grouping++;
    if (o.refundStatus === 1) c.refund++;
  }
  return c;
}
