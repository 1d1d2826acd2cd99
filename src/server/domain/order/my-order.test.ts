import { describe, expect, it } from "vitest";
import { carrierName, deliveryCompanyList } from "./delivery.ts";
import { countFromGroups, isOrderNumber, ORDER_NAME_MAX, parseOrderName } from "./my-order.ts";
import { countOrders } from "../../../lib/order/order-state.ts";

describe("parseOrderName", () => {
  it("empty, spaces or not a string → no filter", () => {
    for (const v of ["", "   ", "\t\n", undefined, null, 12, ["x"]]) expect(parseOrderName(v)).toBeNull();
  });
  it("trims and collapses inner spaces; digits are also an order-number prefix", () => {
    expect(parseOrderName("  red   shirt ")).toEqual({ text: "red shirt", numberPrefix: null });
    expect(parseOrderName(" 2401 ")).toEqual({ text: "2401", numberPrefix: "2401" });
    expect(parseOrderName("2401 x")).toEqual({ text: "2401 x", numberPrefix: null });
  });
  it("cuts long text", () => {
    expect(parseOrderName("a".repeat(200))!.text).toHaveLength(ORDER_NAME_MAX);
  });
});

describe("isOrderNumber", () => {
  it("accepts digit strings only", () => {
    expect(isOrderNumber("2401010000000000001")).toBe(true);
    for (const v of ["", "12a", " 1", "1.5", "-1", "1".repeat(33), 123, null]) expect(isOrderNumber(v)).toBe(false);
  });
});

describe("countFromGroups", () => {
  it("gives the same numbers as countOrders over the expanded rows", () => {
    const groups = [
      { status: 1, isComm: 0, refundStatus: null, orderMold: 0, n: 3 },
      { status: 2, isComm: 0, refundStatus: 1, orderMold: 0, n: 2 },
      { status: 2, isComm: 0, refundStatus: null, orderMold: 1, n: 2 },
      { status: 3, isComm: 0, refundStatus: null, orderMold: 0, n: 1 },
      { status: 5, isComm: 0, refundStatus: null, orderMold: 0, n: 4 },
      { status: 5, isComm: 1, refundStatus: null, orderMold: 1, n: 5 },
      { status: 6, isComm: 0, refundStatus: null, orderMold: 0, n: 6 },
      { status: 7, isComm: 0, refundStatus: null, orderMold: 0, n: 1 },
    ];
    const rows = groups.flatMap((g) => Array.from({ length: g.n }, () => g));
    expect(countFromGroups(groups)).toEqual(countOrders(rows));
    expect(countFromGroups(groups)).toMatchObject({
      allCount: 24,
      unPay: 3,
      payed: 2,
      toUse: 2,
      consignment: 1,
      confirm: 4,
      success: 9,
      close: 6,
      refund: 2,
      grouping: 1,
    });
  });
  it("no orders → all zero", () => {
    expect(countFromGroups([])).toEqual(countOrders([]));
  });
});

describe("carriers", () => {
  it("names in the locale; unknown id → empty", () => {
    expect(carrierName(1, "en")).toBe("SF Express");
    expect(carrierName(1, "zh-tw")).toBe("順豐速運");
    expect(carrierName(999, "zh")).toBe("");
    expect(deliveryCompanyList("en")[0]).toEqual({ dvyId: 1, dvyName: "SF Express" });
  });
});
