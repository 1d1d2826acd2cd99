/**
 * Refund and return statuses and their moves (SPEC §4 "Refund"; CONTRACT §5.1 returnMoneySts).
 * Pure: no database, no clock. Refusals are i18n keys of the "refund" namespace.
 *
 *   APPLIED(1) ──accept / sellerTimeout──▶ ACCEPTED(2)
 *      │  ├─refuse──▶ REFUSED(7) ──modify (re-apply)──▶ APPLIED
 *      │  ├─modify──▶ APPLIED
 *      │  └─withdraw──▶ WITHDRAWN(6)          (REFUSED ──withdraw──▶ WITHDRAWN too)
 *   ACCEPTED, refund only ──refund──▶ REFUNDED(5)     (paid at once: balance, points)
 *   ACCEPTED, return ──ship (buyer sends the parcel)──▶ SHIPPED(3) ──receive──▶ RECEIVED(4) ──refund──▶ REFUNDED
 *      │  ├─withdraw──▶ WITHDRAWN
 *      │  └─shipTimeout (not shipped in time)──▶ CLOSED(-1)
 *   ACCEPTED (refund only) / RECEIVED ──refundRequest──▶ REFUNDING(8) ──refund──▶ REFUNDED
 *      (paid through the payment provider: asked, then done by its signed refund notification)
 * REFUNDED, WITHDRAWN and CLOSED are final.
 */

export const RefundSts = {
  APPLIED: 1,
  ACCEPTED: 2,
  SHIPPED: 3,
  RECEIVED: 4,
  REFUNDED: 5,
  WITHDRAWN: 6,
  REFUSED: 7,
  /** The payment provider was asked to refund; its notification completes it. */
  REFUNDING: 8,
  CLOSED: -1,
} as const;
export type RefundSts = (typeof RefundSts)[keyof typeof RefundSts];
export const REFUND_STATUSES: readonly RefundSts[] = [1, 2, 3, 4, 5, 6, 7, 8, -1];

/** applyType: 1 refund only, 2 return and refund. */
export const ApplyType = { REFUND_ONLY: 1, RETURN: 2 } as const;
export type ApplyType = (typeof ApplyType)[keyof typeof ApplyType];

export const REFUND_EVENTS = [
  "accept",
  "sellerTimeout",
  "refuse",
  "modify",
  "withdraw",
  "ship",
  "shipTimeout",
  "receive",
  "refundRequest",
  "refund",
] as const;
export type RefundEvent = (typeof REFUND_EVENTS)[number];

export const REFUND_ERRORS = {
  unknownStatus: "refund.unknownStatus",
  cannotAccept: "refund.cannotAccept",
  cannotRefuse: "refund.cannotRefuse",
  cannotModify: "refund.cannotModify",
  cannotWithdraw: "refund.cannotWithdraw",
  cannotShip: "refund.cannotShip",
  cannotReceive: "refund.cannotReceive",
  cannotRefund: "refund.cannotRefund",
} as const;

const REFUSAL: Record<RefundEvent, string> = {
  accept: REFUND_ERRORS.cannotAccept,
  sellerTimeout: REFUND_ERRORS.cannotAccept,
  refuse: REFUND_ERRORS.cannotRefuse,
  modify: REFUND_ERRORS.cannotModify,
  withdraw: REFUND_ERRORS.cannotWithdraw,
  ship: REFUND_ERRORS.cannotShip,
  shipTimeout: REFUND_ERRORS.cannotShip,
  receive: REFUND_ERRORS.cannotReceive,
  refundRequest: REFUND_ERRORS.cannotRefund,
  refund: REFUND_ERRORS.cannotRefund,
};

export type RefundMove = { ok: true; sts: RefundSts } | { ok: false; error: string };

export function isRefundSts(v: unknown): v is RefundSts {
  return typeof v === "number" && (REFUND_STATUSES as readonly number[]).includes(v);
}

/** The status after `event`, or a refusal. */
export function refundTransition(sts: number, event: RefundEvent, applyType: number): RefundMove {
  if (!isRefundSts(sts)) return { ok: false, error: REFUND_ERRORS.unknownStatus };
  const isReturn = applyType === ApplyType.RETURN;
  const to = ((): RefundSts | null => {
    switch (sts) {
      case RefundSts.APPLIED:
        if (event === "accept" || event === "sellerTimeout") return RefundSts.ACCEPTED;
        if (event === "refuse") return RefundSts.REFUSED;
        if (event === "modify") return RefundSts.APPLIED;
        if (event === "withdraw") return RefundSts.WITHDRAWN;
        return null;
      case RefundSts.REFUSED:
        if (event === "modify") return RefundSts.APPLIED;
        if (event === "withdraw") return RefundSts.WITHDRAWN;
        return null;
      case RefundSts.ACCEPTED:
        if (!isReturn && event === "refund") return RefundSts.REFUNDED;
        if (!isReturn && event === "refundRequest") return RefundSts.REFUNDING;
        if (isReturn && event === "ship") return RefundSts.SHIPPED;
        if (isReturn && event === "shipTimeout") return RefundSts.CLOSED;
        if (isReturn && event === "withdraw") return RefundSts.WITHDRAWN;
        return null;
      case RefundSts.SHIPPED:
        return event === "receive" ? RefundSts.RECEIVED : null;
      case RefundSts.RECEIVED:
        if (event === "refundRequest") return RefundSts.REFUNDING;
        return event === "refund" ? RefundSts.REFUNDED : null;
      case RefundSts.REFUNDING:
        return event === "refund" ? RefundSts.REFUNDED : null;
      default:
        return null;
    }
  })();
  return to === null ? { ok: false, error: REFUSAL[event] } : { ok: true, sts: to };
}

/**
 * Whether `event` may happen to the refund now: the question the pages ask before offering a
 * move (the buyer's "withdraw", "modify", "ship"), answered by the state machine itself.
 */
export function refundAllows(r: { returnMoneySts: number; applyType: number }, event: RefundEvent): boolean {
  return refundTransition(r.returnMoneySts, event, r.applyType).ok;
}

/** Statuses in which a refund still holds its line (no second application for it). */
export function isRefundActive(sts: number): boolean {
  return (
    sts === RefundSts.APPLIED ||
    sts === RefundSts.ACCEPTED ||
    sts === RefundSts.SHIPPED ||
    sts === RefundSts.RECEIVED ||
    sts === RefundSts.REFUSED ||
    sts === RefundSts.REFUNDING
  );
}

/** Final statuses. */
export function isRefundFinal(sts: number): boolean {
  return sts === RefundSts.REFUNDED || sts === RefundSts.WITHDRAWN || sts === RefundSts.CLOSED;
}

// ---------------------------------------------------------------------------------------------
// Progress steps (return-detail page)
// ---------------------------------------------------------------------------------------------

export type RefundStepKey = "apply" | "handle" | "ship" | "receive" | "done";
export type RefundStep = { key: RefundStepKey; done: boolean; time: string | null };

/**
 * The steps of SPEC §4: buyer applies → seller handles (accepts or refuses) → [return: buyer
 * ships → seller receives] → refund made. Done steps follow the status; times come from the row.
 */
export function refundSteps(r: {
  returnMoneySts: number;
  applyType: number;
  applyTime: string;
  handelTime?: string | null;
  shipTime?: string | null;
  receiveTime?: string | null;
  refundTime?: string | null;
}): RefundStep[] {
  const isReturn = r.applyType === ApplyType.RETURN;
  const s = r.returnMoneySts;
  const handled = s === 2 || s === 3 || s === 4 || s === 5 || s === 7 || s === 8 || (s === -1 && !!r.handelTime);
  const steps: RefundStep[] = [
    { key: "apply", done: true, time: r.applyTime },
    { key: "handle", done: handled, time: handled ? (r.handelTime ?? null) : null },
  ];
  if (isReturn) {
    steps.push({ key: "ship", done: s === 3 || s === 4 || s === 5 || s === 8, time: r.shipTime ?? null });
    steps.push({ key: "receive", done: s === 4 || s === 5 || s === 8, time: r.receiveTime ?? null });
  }
  steps.push({ key: "done", done: s === 5, time: s === 5 ? (r.refundTime ?? null) : null });
  return steps;
}

// ---------------------------------------------------------------------------------------------
// A line's after-sales state (order list and detail)
// ---------------------------------------------------------------------------------------------

/** What an order line shows about its refunds: a label key of the "refund" namespace and the application it links to. */
export type LineAfterSales = {
  refundSn: string;
  returnMoneySts: number;
  label: "line.inProgress" | "line.refused" | "line.refunded" | "line.closed";
};

/**
 * The after-sales state of one order line from the applications that cover it (oldest first):
 * an open one wins ("refund in progress", or "refused" while the buyer may still change it),
 * else the latest refunded one, else the latest withdrawn or closed one; none → null.
 */
export function lineAfterSales(
  refunds: readonly { refundSn: string; returnMoneySts: number }[],
): LineAfterSales | null {
  const latest = (pred: (sts: number) => boolean) => [...refunds].reverse().find((r) => pred(r.returnMoneySts));
  const open = latest(isRefundActive);
  if (open)
    return {
      refundSn: open.refundSn,
      returnMoneySts: open.returnMoneySts,
      label: open.returnMoneySts === RefundSts.REFUSED ? "line.refused" : "line.inProgress",
    };
  const refunded = latest((s) => s === RefundSts.REFUNDED);
  if (refunded) return { refundSn: refunded.refundSn, returnMoneySts: refunded.returnMoneySts, label: "line.refunded" };
  const closed = latest(isRefundFinal);
  return closed ? { refundSn: closed.refundSn, returnMoneySts: closed.returnMoneySts, label: "line.closed" } : null;
}
