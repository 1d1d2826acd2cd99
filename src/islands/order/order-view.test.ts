import { createTranslator } from "../../lib/translate.ts";
import en from "../../i18n/en/order.json";
import zh from "../../i18n/zh/order.json";
import zhTw from "../../i18n/zh-tw/order.json";
import { describe, expect, it } from "vitest";
import {
  buyerActions,
  deliveryStateKey,
  offersAfterSales,
  listQuery,
  statusTextKey,
  tabCount,
  timeLeft,
} from "./order-view.ts";

describe("statusTextKey", () => {
  it("maps statuses; completed splits by review", () => {
    expect(statusTextKey(1, 0)).toBe("order.status.1");
    expect(statusTextKey(6, 0)).toBe("order.status.6");
    expect(statusTextKey(5, 0)).toBe("order.status.toReview");
    expect(statusTextKey(5, 1)).toBe("order.status.reviewed");
    expect(statusTextKey(4, 0)).toBe("order.unknownStatus");
  });

  it("an order closed because everything was refunded reads refunded; other closed orders read cancelled", () => {
    expect(statusTextKey(6, 0, 2)).toBe("order.status.refunded");
    expect(statusTextKey(6, 0, 4)).toBe("order.status.6");
    expect(statusTextKey(6, 0, 1)).toBe("order.status.6");
    expect(statusTextKey(6, 0, null)).toBe("order.status.6");
    expect(statusTextKey(5, 1, 2)).toBe("order.status.reviewed");
  });
  it("a paid virtual-goods order reads 'to be used'; its other states read as usual", () => {
    expect(statusTextKey(2, 0, null, 1)).toBe("order.virtual.statusToUse");
    expect(statusTextKey(2, 0, null, 0)).toBe("order.status.2");
    expect(statusTextKey(5, 0, null, 1)).toBe("order.status.toReview");
  });
});

describe("buyerActions", () => {
  it("per status", () => {
    expect(buyerActions(1)).toEqual(["pay", "cancel"]);
    expect(buyerActions(2)).toEqual([]);
    expect(buyerActions(3)).toEqual(["logistics", "confirmReceipt"]);
    expect(buyerActions(5)).toEqual(["logistics", "buyAgain", "delete"]);
    expect(buyerActions(6)).toEqual(["buyAgain", "delete"]);
    expect(buyerActions(7)).toEqual([]);
    expect(buyerActions(99)).toEqual([]);
  });
  it("a virtual-goods order is never shipped: no logistics", () => {
    expect(buyerActions(5, 1)).toEqual(["buyAgain", "delete"]);
    expect(buyerActions(2, 1)).toEqual([]);
  });
  it("after-sales: physical once paid; virtual only while to be used and refundable", () => {
    expect([1, 2, 3, 5, 6, 7].filter((status) => offersAfterSales({ status }))).toEqual([2, 3, 5]);
    const refundable = [{ isRefund: 1 }];
    const nonRefundable = [{ isRefund: 0 }];
    expect(offersAfterSales({ status: 2, orderMold: 1, orderItemDtos: refundable })).toBe(true);
    expect(offersAfterSales({ status: 2, orderMold: 1, orderItemDtos: nonRefundable })).toBe(false);
    expect(offersAfterSales({ status: 5, orderMold: 1, orderItemDtos: refundable })).toBe(false);
  });
});

describe("deliveryStateKey", () => {
  it("known states and fallback", () => {
    expect(deliveryStateKey(201)).toBe("order.deliveryState.201");
    expect(deliveryStateKey(4)).toBe("order.deliveryState.4");
    expect(deliveryStateKey(77)).toBe("order.deliveryState.0");
  });
});

describe("timeLeft", () => {
  it("reads as a countdown with its units in each language, never as a clock time", () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0);
    const at = (ms: number) => new Date(now + ms).toISOString();
    const tEn = createTranslator("en", { order: en });
    const tZh = createTranslator("zh", { order: zh });
    const tTw = createTranslator("zh-tw", { order: zhTw });
    expect(timeLeft(at(29 * 60_000 + 58_000), now, tEn)).toBe("29 min 58 s");
    expect(timeLeft(at(24 * 60_000 + 5_000), now, tZh)).toBe("24分05秒");
    expect(timeLeft(at(3600_000 + 61_000), now, tTw)).toBe("1小時01分01秒");
    expect(tZh("order.payLeft", { time: timeLeft(at(24 * 60_000 + 5_000), now, tZh)! })).toBe("剩余 24分05秒");
    expect(timeLeft(at(0), now, tEn)).toBeNull();
    expect(timeLeft("x", now, tEn)).toBeNull();
  });
});

describe("tabCount and listQuery", () => {
  it("counts per tab", () => {
    const c = { unPay: 1, payed: 2, toUse: 6, consignment: 3, confirm: 4, grouping: 5 };
    expect(
      ["all", "unpaid", "toShip", "toUse", "toReceive", "toReview", "completed", "canceled", "grouping"].map((t) =>
        tabCount(t as never, c),
      ),
    ).toEqual([null, 1, 2, 6, 3, 4, null, null, 5]);
    expect(tabCount("unpaid", null)).toBeNull();
  });
  it("URL query", () => {
    expect(listQuery(0, "", 1)).toBe("");
    expect(listQuery(4, " red ", 2)).toBe("?status=4&orderName=red&current=2");
  });
});
