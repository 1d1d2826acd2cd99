import { describe, expect, it } from "vitest";
import {
  AUTO_CONFIRM_REFUND_WAIT_DAYS,
  autoConfirmDecision,
  canCancel,
  isClosedByRefund,
  canDelete,
  countOrders,
  ORDER_EVENTS,
  ORDER_STATUSES,
  ORDER_TABS,
  orderMatchesTab,
  OrderStatus as S,
  progressSteps,
  tabFromParam,
  transition,
  type OrderEvent,
  type OrderStatus,
  type OrderTab,
} from "./order-state.ts";

/** Expected next status of every allowed (status, event); every other pair is refused. */
const ALLOWED: Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>> = {
  [S.UNPAY]: { pay: S.PADYED, cancel: S.CLOSE, timeoutCancel: S.CLOSE },
  [S.PADYED]: { ship: S.CONSIGNMENT, refundClose: S.CLOSE, writeOffComplete: S.SUCCESS },
  [S.CONSIGNMENT]: { confirmReceipt: S.SUCCESS, autoConfirm: S.SUCCESS, refundClose: S.CLOSE },
  [S.SUCCESS]: { delete: S.SUCCESS, refundClose: S.CLOSE },
  [S.CLOSE]: { delete: S.CLOSE },
  [S.WAIT_GROUP]: { groupSucceeded: S.PADYED, groupFailed: S.CLOSE },
};

const REFUSAL: Record<OrderEvent, string> = {
  pay: "order.cannotPay",
  cancel: "order.cannotCancel",
  timeoutCancel: "order.cannotCancel",
  ship: "order.cannotShip",
  confirmReceipt: "order.cannotConfirmReceipt",
  autoConfirm: "order.cannotConfirmReceipt",
  groupSucceeded: "order.notWaitingGroup",
  groupFailed: "order.notWaitingGroup",
  refundClose: "order.cannotRefundClose",
  writeOffComplete: "order.cannotConfirmReceipt",
  delete: "order.cannotDelete",
};

const cases = ORDER_STATUSES.flatMap((status) =>
  ORDER_EVENTS.map((event) => ({ status, event, next: ALLOWED[status][event] })),
);

describe("transition", () => {
  it("covers all 6 statuses × 11 events", () => {
    expect(cases).toHaveLength(66);
    expect(cases.filter((c) => c.next !== undefined)).toHaveLength(14);
  });
  it.each(cases.filter((c) => c.next !== undefined))("$status --$event--> $next", ({ status, event, next }) => {
    expect(transition(status, event)).toEqual({ ok: true, status: next });
  });
  it.each(cases.filter((c) => c.next === undefined))("$status --$event--> refused", ({ status, event }) => {
    expect(transition(status, event)).toEqual({ ok: false, error: REFUSAL[event] });
  });
  it("paying a group-buy order waits for the group", () => {
    expect(transition(S.UNPAY, "pay", { groupBuy: true })).toEqual({ ok: true, status: S.WAIT_GROUP });
    expect(transition(S.PADYED, "pay", { groupBuy: true })).toEqual({ ok: false, error: "order.cannotPay" });
    expect(transition(S.UNPAY, "cancel", { groupBuy: true })).toEqual({ ok: true, status: S.CLOSE });
  });
  it("refuses unknown statuses (incl. unused 4) and events", () => {
    for (const s of [0, 4, 8, -1, 1.5, NaN])
      expect(transition(s, "pay")).toEqual({ ok: false, error: "order.unknownStatus" });
    expect(transition(S.UNPAY, "refund" as OrderEvent)).toEqual({ ok: false, error: "order.unknownEvent" });
  });
});

describe("autoConfirmDecision", () => {
  const now = new Date("2026-03-01T00:00:00Z");
  it("completes the order unless a refund is open; an open refund moves the deadline on", () => {
    expect(autoConfirmDecision({ refundStatus: null }, now)).toEqual({ confirm: true });
    expect(autoConfirmDecision({ refundStatus: 2 }, now)).toEqual({ confirm: true });
    expect(autoConfirmDecision({ refundStatus: 1 }, now)).toEqual({
      confirm: false,
      deadline: new Date(now.getTime() + AUTO_CONFIRM_REFUND_WAIT_DAYS * 86_400_000),
    });
  });
});

describe("canCancel / canDelete", () => {
  it.each(ORDER_STATUSES)("status %i", (s) => {
    expect(canCancel(s)).toBe(s === S.UNPAY);
    expect(canDelete(s)).toBe(s === S.SUCCESS || s === S.CLOSE);
    // consistent with transition
    expect(canCancel(s)).toBe(transition(s, "cancel").ok);
    expect(canDelete(s)).toBe(transition(s, "delete").ok);
  });
  it("unknown statuses allow neither", () => {
    expect(canCancel(4)).toBe(false);
    expect(canDelete(4)).toBe(false);
  });
});

describe("progressSteps", () => {
  const times = {
    createTime: "2024-01-01T10:00:00.000Z",
    payTime: "2024-01-01T10:05:00.000Z",
    dvyTime: "2024-01-02T09:00:00.000Z",
    finallyTime: "2024-01-05T12:00:00.000Z",
  };
  const keys = [
    "order.progress.submit",
    "order.progress.pay",
    "order.progress.ship",
    "order.progress.awaitReceipt",
    "order.progress.complete",
  ];
  const done = (status: number, t: Partial<typeof times> & { createTime: string }) =>
    progressSteps({ status, ...t }).map((s) => s.done);

  it("virtual goods skip the two shipping steps", () => {
    const steps = progressSteps({ status: S.PADYED, orderMold: 1, ...times, dvyTime: undefined });
    expect(steps.map((s) => s.key)).toEqual([keys[0], keys[1], keys[4]]);
    expect(steps.map((s) => s.done)).toEqual([true, true, false]);
  });
  it("always gives the 5 steps in order", () => {
    expect(progressSteps({ status: S.UNPAY, createTime: times.createTime }).map((s) => s.key)).toEqual(keys);
  });
  it("done steps follow the status", () => {
    expect(done(S.UNPAY, { createTime: times.createTime })).toEqual([true, false, false, false, false]);
    expect(done(S.PADYED, { createTime: times.createTime, payTime: times.payTime })).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(done(S.WAIT_GROUP, { createTime: times.createTime, payTime: times.payTime })).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(done(S.CONSIGNMENT, { ...times, finallyTime: undefined })).toEqual([true, true, true, true, false]);
    expect(done(S.SUCCESS, times)).toEqual([true, true, true, true, true]);
  });
  it("carries the times of done steps only", () => {
    expect(progressSteps({ status: S.SUCCESS, ...times }).map((s) => s.time)).toEqual([
      times.createTime,
      times.payTime,
      times.dvyTime,
      times.dvyTime,
      times.finallyTime,
    ]);
    // a stray time on a step not reached is not shown
    expect(progressSteps({ status: S.UNPAY, ...times }).map((s) => s.time)).toEqual([
      times.createTime,
      null,
      null,
      null,
      null,
    ]);
  });
  it("a closed order keeps the steps it reached and never completes", () => {
    expect(done(S.CLOSE, { createTime: times.createTime })).toEqual([true, false, false, false, false]);
    expect(done(S.CLOSE, { createTime: times.createTime, payTime: times.payTime })).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(done(S.CLOSE, times)).toEqual([true, true, true, true, false]);
  });
  it("accepts Date values and treats missing or invalid times as null", () => {
    const steps = progressSteps({
      status: S.PADYED,
      createTime: new Date(times.createTime),
      payTime: null,
      cancelTime: null,
    });
    expect(steps[0]).toEqual({ key: "order.progress.submit", time: times.createTime, done: true });
    expect(steps[1]).toEqual({ key: "order.progress.pay", time: null, done: true });
    expect(progressSteps({ status: S.UNPAY, createTime: new Date("x") })[0]!.time).toBeNull();
  });
  it("an unknown status shows only the submitted step", () => {
    expect(done(4, times)).toEqual([true, false, false, false, false]);
  });
});

describe("order tabs", () => {
  it("lists the 9 tabs with their params", () => {
    expect(ORDER_TABS.map((t) => [t.tab, t.param])).toEqual([
      ["all", 0],
      ["unpaid", 1],
      ["toShip", 2],
      ["toUse", 8],
      ["toReceive", 3],
      ["toReview", 4],
      ["completed", 5],
      ["canceled", 6],
      ["grouping", 7],
    ]);
    for (const t of ORDER_TABS) expect(t.labelKey).toBe(`order.tab.${t.tab}`);
  });
  it("tabFromParam reads numbers and digit strings; anything else is all", () => {
    expect(tabFromParam(2)).toBe("toShip");
    expect(tabFromParam("4")).toBe("toReview");
    expect(tabFromParam(" 7 ")).toBe("grouping");
    expect(tabFromParam("8")).toBe("toUse");
    for (const p of [undefined, null, "", "x", "9", -1, "2.0", 10]) expect(tabFromParam(p)).toBe("all");
  });
  const table: [number, boolean, OrderTab[]][] = [
    [S.UNPAY, false, ["all", "unpaid"]],
    [S.PADYED, false, ["all", "toShip"]],
    [S.CONSIGNMENT, false, ["all", "toReceive"]],
    [S.SUCCESS, false, ["all", "toReview", "completed"]],
    [S.SUCCESS, true, ["all", "completed"]],
    [S.CLOSE, false, ["all", "canceled"]],
    [S.WAIT_GROUP, false, ["all", "grouping"]],
  ];
  it.each(table)("status %i isComm %s is listed under %j", (status, isComm, tabs) => {
    expect(ORDER_TABS.filter((t) => orderMatchesTab({ status, isComm }, t.tab)).map((t) => t.tab)).toEqual(tabs);
  });
  it("a paid virtual-goods order is to be used, not to ship", () => {
    const virtualTabs = ORDER_TABS.filter((t) => orderMatchesTab({ status: S.PADYED, orderMold: 1 }, t.tab));
    expect(virtualTabs.map((t) => t.tab)).toEqual(["all", "toUse"]);
    expect(orderMatchesTab({ status: S.PADYED, orderMold: 0 }, "toUse")).toBe(false);
    expect(orderMatchesTab({ status: S.SUCCESS, orderMold: 1, isComm: 0 }, "toReview")).toBe(true);
  });
  it("isComm may come as 0/1", () => {
    expect(orderMatchesTab({ status: S.SUCCESS, isComm: 0 }, "toReview")).toBe(true);
    expect(orderMatchesTab({ status: S.SUCCESS, isComm: 1 }, "toReview")).toBe(false);
  });
});

describe("countOrders", () => {
  it("counts OrderCountData", () => {
    expect(
      countOrders([
        { status: 1 },
        { status: 1 },
        { status: 2, refundStatus: 1 },
        { status: 2, orderMold: 1 },
        { status: 3 },
        { status: 5, isComm: 0 },
        { status: 5, isComm: 1, refundStatus: 2 },
        { status: 6 },
        { status: 7 },
      ]),
    ).toEqual({
      allCount: 9,
      unPay: 2,
      payed: 1,
      toUse: 1,
      consignment: 1,
      confirm: 1,
      success: 2,
      close: 1,
      refund: 1,
      grouping: 1,
    });
  });
  it("empty list gives zeros", () => {
    expect(countOrders([])).toEqual({
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
    });
  });
});

describe("isClosedByRefund", () => {
  it("only a closed order whose close type is 'everything refunded'", () => {
    expect(isClosedByRefund(6, 2)).toBe(true);
    expect(isClosedByRefund(6, 1)).toBe(false);
    expect(isClosedByRefund(6, 4)).toBe(false);
    expect(isClosedByRefund(6, null)).toBe(false);
    expect(isClosedByRefund(5, 2)).toBe(false);
  });
});
