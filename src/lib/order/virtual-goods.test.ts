import { describe, expect, it } from "vitest";
import {
  beijingLastDay,
  beijingTime,
  formatWriteOffCode,
  isWriteOffRule,
  normalizeWriteOffCode,
  virtualRefundRule,
  writeOffExpired,
  writeOffExpiresAt,
  writeOffOrderDone,
  writeOffRuleText,
  writeOffUsable,
} from "./virtual-goods.ts";

const at = (iso: string) => new Date(iso);

describe("writeOffExpiresAt (Beijing time, UTC+8)", () => {
  it("long-term codes never expire", () => {
    expect(writeOffExpiresAt(-1, at("2026-11-26T07:00:00Z"))).toBeNull();
    expect(writeOffExpired(null, at("2099-01-01T00:00:00Z"))).toBe(false);
  });

  it("same day: until 24:00 Beijing of the payment day", () => {
    // 15:00 Beijing on 26 Nov → 27 Nov 00:00 Beijing = 26 Nov 16:00 UTC.
    expect(writeOffExpiresAt(0, at("2026-11-26T07:00:00Z"))?.toISOString()).toBe("2026-11-26T16:00:00.000Z");
  });

  it("same day around midnight Beijing: 23:59 is still that day, 00:00 is the next", () => {
    // 23:59 Beijing on 26 Nov = 15:59 UTC → expires 16:00 UTC the same UTC day (one minute later).
    expect(writeOffExpiresAt(0, at("2026-11-26T15:59:00Z"))?.toISOString()).toBe("2026-11-26T16:00:00.000Z");
    // 00:00 Beijing on 27 Nov = 16:00 UTC on 26 Nov → a whole day, until 28 Nov 00:00 Beijing.
    expect(writeOffExpiresAt(0, at("2026-11-26T16:00:00Z"))?.toISOString()).toBe("2026-11-27T16:00:00.000Z");
    // 07:30 Beijing on 27 Nov is 23:30 UTC on 26 Nov: the Beijing day counts, not the UTC day.
    expect(writeOffExpiresAt(0, at("2026-11-26T23:30:00Z"))?.toISOString()).toBe("2026-11-27T16:00:00.000Z");
  });

  it("n days: until 24:00 Beijing of the n-th day after the payment day, across months and years", () => {
    expect(writeOffExpiresAt(30, at("2026-11-26T07:00:00Z"))?.toISOString()).toBe("2026-12-26T16:00:00.000Z");
    expect(writeOffExpiresAt(1, at("2026-12-31T17:00:00Z"))?.toISOString()).toBe("2027-01-02T16:00:00.000Z");
    expect(writeOffExpiresAt(1, at("2028-02-28T03:00:00Z"))?.toISOString()).toBe("2028-02-29T16:00:00.000Z");
  });

  it("an expired code is past its expiry, not before", () => {
    const exp = writeOffExpiresAt(0, at("2026-11-26T07:00:00Z"))!;
    expect(writeOffExpired(exp, at("2026-11-26T15:59:59.999Z"))).toBe(false);
    expect(writeOffExpired(exp, at("2026-11-26T16:00:00Z"))).toBe(true);
    expect(writeOffExpired(exp.toISOString(), at("2026-11-27T00:00:00Z"))).toBe(true);
  });

  it("refuses rules a product may not have", () => {
    expect(() => writeOffExpiresAt(-2, new Date())).toThrow(RangeError);
    expect(() => writeOffExpiresAt(1.5, new Date())).toThrow(RangeError);
    expect(isWriteOffRule(3650)).toBe(true);
    expect(isWriteOffRule(3651)).toBe(false);
    expect(isWriteOffRule("3")).toBe(false);
  });
});

describe("Beijing dates shown", () => {
  it("the last valid day is the Beijing day before the expiry instant", () => {
    expect(beijingLastDay("2026-11-26T16:00:00.000Z")).toBe("2026-11-26");
    expect(beijingLastDay(new Date("2026-12-26T16:00:00Z"))).toBe("2026-12-26");
  });
  it("times are shown in Beijing time", () => {
    expect(beijingTime("2026-11-26T16:30:00Z")).toBe("2026-11-27 00:30");
  });
  it("each rule has its text", () => {
    expect(writeOffRuleText(-1).key).toBe("order.virtual.ruleLongTerm");
    expect(writeOffRuleText(0).key).toBe("order.virtual.ruleSameDay");
    expect(writeOffRuleText(30)).toEqual({ key: "order.virtual.ruleDays", params: { days: 30 } });
  });
});

describe("write-off code format", () => {
  it("normalizes what a person types", () => {
    expect(normalizeWriteOffCode("7k2m-9qxr-4t0b")).toBe("7K2M9QXR4T0B");
    expect(normalizeWriteOffCode(" 7K2M 9QXR 4TOB ")).toBe("7K2M9QXR4T0B");
    expect(normalizeWriteOffCode("IL2M9QXR4T0B")).toBe("112M9QXR4T0B");
  });
  it("refuses what cannot be a code", () => {
    expect(normalizeWriteOffCode("7K2M9QXR4T0")).toBeNull();
    expect(normalizeWriteOffCode("7K2M9QXR4T0BB")).toBeNull();
    expect(normalizeWriteOffCode("7K2M9QXR4TUB")).toBeNull();
    expect(normalizeWriteOffCode("7K2M9QXR4T#B")).toBeNull();
  });
  it("shows codes in groups of four", () => {
    expect(formatWriteOffCode("7K2M9QXR4T0B")).toBe("7K2M-9QXR-4T0B");
  });
});

describe("completion and the refund rule", () => {
  const now = at("2026-11-26T10:00:00Z");
  const past = "2026-11-26T09:00:00Z";
  const future = "2026-11-27T09:00:00Z";

  it("an order is done when no code can be used any more", () => {
    expect(
      writeOffOrderDone(
        [
          { status: 1, expiresAt: null },
          { status: 2, expiresAt: null },
        ],
        now,
      ),
    ).toBe(true);
    expect(
      writeOffOrderDone(
        [
          { status: 1, expiresAt: null },
          { status: 0, expiresAt: past },
        ],
        now,
      ),
    ).toBe(true);
    expect(
      writeOffOrderDone(
        [
          { status: 1, expiresAt: null },
          { status: 0, expiresAt: future },
        ],
        now,
      ),
    ).toBe(false);
    expect(writeOffOrderDone([{ status: 0, expiresAt: null }], now)).toBe(false);
    expect(writeOffUsable({ status: 0, expiresAt: future }, now)).toBe(true);
  });

  it("non-refundable goods take no application", () => {
    expect(virtualRefundRule({ isRefund: [0], wholeOrder: false, returnGoods: false, usable: 2, units: 2 })).toEqual({
      ok: false,
      key: "refund.virtualNonRefundable",
    });
    expect(virtualRefundRule({ isRefund: [1, 0], wholeOrder: true, returnGoods: false, usable: 2, units: 2 })).toEqual({
      ok: false,
      key: "refund.virtualNonRefundable",
    });
  });

  it("refundable goods refund unused codes only, money only", () => {
    const base = { isRefund: [1], wholeOrder: false, returnGoods: false, units: 3 };
    expect(virtualRefundRule({ ...base, usable: 2 })).toEqual({ ok: true, max: 2 });
    expect(virtualRefundRule({ ...base, usable: 2, goodsNum: 2 })).toEqual({ ok: true, max: 2 });
    expect(virtualRefundRule({ ...base, usable: 2, goodsNum: 3 })).toEqual({
      ok: false,
      key: "refund.quantityTooLarge",
      params: { max: 2 },
    });
    expect(virtualRefundRule({ ...base, usable: 0 })).toMatchObject({ key: "refund.virtualNoUsableCodes" });
    expect(virtualRefundRule({ ...base, usable: 2, returnGoods: true })).toMatchObject({
      key: "refund.virtualRefundOnly",
    });
    expect(virtualRefundRule({ ...base, wholeOrder: true, usable: 2 })).toMatchObject({
      key: "refund.virtualCodesUsed",
    });
    expect(virtualRefundRule({ ...base, wholeOrder: true, usable: 3 })).toEqual({ ok: true, max: 3 });
  });
});
