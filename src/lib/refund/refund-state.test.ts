import { describe, expect, it } from "vitest";
import {
  ApplyType,
  isRefundActive,
  lineAfterSales,
  REFUND_EVENTS,
  REFUND_STATUSES,
  refundAllows,
  refundSteps,
  refundTransition,
  RefundSts,
  type RefundEvent,
} from "./refund-state.ts";

/** Every allowed move: [from, event, applyType, to]. Anything else must be refused. */
const ALLOWED: [number, RefundEvent, number, number][] = [
  [1, "accept", 1, 2],
  [1, "accept", 2, 2],
  [1, "sellerTimeout", 1, 2],
  [1, "sellerTimeout", 2, 2],
  [1, "refuse", 1, 7],
  [1, "refuse", 2, 7],
  [1, "modify", 1, 1],
  [1, "modify", 2, 1],
  [1, "withdraw", 1, 6],
  [1, "withdraw", 2, 6],
  [7, "modify", 1, 1],
  [7, "modify", 2, 1],
  [7, "withdraw", 1, 6],
  [7, "withdraw", 2, 6],
  [2, "refund", 1, 5],
  [2, "ship", 2, 3],
  [2, "shipTimeout", 2, -1],
  [2, "withdraw", 2, 6],
  [3, "receive", 2, 4],
  [3, "receive", 1, 4],
  [4, "refund", 2, 5],
  [4, "refund", 1, 5],
  [2, "refundRequest", 1, 8],
  [4, "refundRequest", 1, 8],
  [4, "refundRequest", 2, 8],
  [8, "refund", 1, 5],
  [8, "refund", 2, 5],
];

describe("refund state machine", () => {
  it("allows exactly the listed moves, refuses every other one with a refund.* key", () => {
    for (const from of REFUND_STATUSES) {
      for (const event of REFUND_EVENTS) {
        for (const applyType of [ApplyType.REFUND_ONLY, ApplyType.RETURN]) {
          const r = refundTransition(from, event, applyType);
          const allowed = ALLOWED.find(([f, e, a]) => f === from && e === event && a === applyType);
          if (allowed) expect(r, `${from} ${event} ${applyType}`).toEqual({ ok: true, sts: allowed[3] });
          else {
            expect(r.ok, `${from} ${event} ${applyType}`).toBe(false);
            if (!r.ok) expect(r.error).toMatch(/^refund\.cannot/);
          }
        }
      }
    }
  });
  it("final statuses never move; unknown ones are refused", () => {
    for (const from of [RefundSts.REFUNDED, RefundSts.WITHDRAWN, RefundSts.CLOSED]) {
      for (const e of REFUND_EVENTS) expect(refundTransition(from, e, 2).ok).toBe(false);
    }
    expect(refundTransition(9, "accept", 1)).toEqual({ ok: false, error: "refund.unknownStatus" });
  });
  it("a refund holds its line while it is open or refused (the buyer may re-apply)", () => {
    expect([1, 2, 3, 4, 7, 8].every(isRefundActive)).toBe(true);
    expect([5, 6, -1].some(isRefundActive)).toBe(false);
  });
  it("steps: refund only has 3, a return 5", () => {
    const base = {
      applyTime: "2026-01-01T00:00:00Z",
      handelTime: "2026-01-02T00:00:00Z",
      shipTime: "2026-01-03T00:00:00Z",
      receiveTime: "2026-01-04T00:00:00Z",
      refundTime: "2026-01-05T00:00:00Z",
    };
    expect(refundSteps({ ...base, returnMoneySts: 5, applyType: 1 }).map((s) => [s.key, s.done])).toEqual([
      ["apply", true],
      ["handle", true],
      ["done", true],
    ]);
    expect(refundSteps({ ...base, returnMoneySts: 3, applyType: 2 }).map((s) => s.done)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(refundSteps({ ...base, returnMoneySts: 1, applyType: 2, handelTime: null }).map((s) => s.done)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    // Waiting for the payment provider: everything but the last step.
    expect(refundSteps({ ...base, returnMoneySts: 8, applyType: 2 }).map((s) => s.done)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("a line shows its open application first, else the latest refund, else the latest closed one", () => {
    const r = (refundSn: string, returnMoneySts: number) => ({ refundSn, returnMoneySts });
    expect(lineAfterSales([])).toBeNull();
    expect(lineAfterSales([r("a", 5), r("b", 1)])).toEqual({
      refundSn: "b",
      returnMoneySts: 1,
      label: "line.inProgress",
    });
    expect(lineAfterSales([r("a", 3)])?.label).toBe("line.inProgress");
    expect(lineAfterSales([r("a", 7)])).toEqual({ refundSn: "a", returnMoneySts: 7, label: "line.refused" });
    expect(lineAfterSales([r("a", 5), r("b", 6)])).toEqual({
      refundSn: "a",
      returnMoneySts: 5,
      label: "line.refunded",
    });
    expect(lineAfterSales([r("a", 6), r("b", -1)])).toEqual({
      refundSn: "b",
      returnMoneySts: -1,
      label: "line.closed",
    });
  });
});

describe("refundAllows: what the buyer is offered", () => {
  const all = REFUND_STATUSES.flatMap((sts) =>
    [ApplyType.REFUND_ONLY, ApplyType.RETURN].map((applyType) => ({
      returnMoneySts: sts as number,
      applyType: applyType as number,
    })),
  );
  const where = (event: RefundEvent) =>
    all.filter((r) => refundAllows(r, event)).map((r) => `${r.returnMoneySts}/${r.applyType}`);

  it("withdraw: applied or refused, or an accepted return not yet shipped", () => {
    expect(where("withdraw")).toEqual(["1/1", "1/2", "2/2", "7/1", "7/2"]);
  });
  it("modify: applied or refused", () => {
    expect(where("modify")).toEqual(["1/1", "1/2", "7/1", "7/2"]);
  });
  it("ship: an accepted return", () => {
    expect(where("ship")).toEqual(["2/2"]);
  });
  it("an unknown status allows nothing", () => {
    for (const event of REFUND_EVENTS)
      expect(refundAllows({ returnMoneySts: 99, applyType: ApplyType.RETURN }, event)).toBe(false);
  });
});
