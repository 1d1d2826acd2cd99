import { describe, expect, it } from "vitest";
import {
  REFUND_SELLER_DAYS,
  REFUND_SHIP_DAYS,
  REFUND_WINDOW_DAYS,
  refundApplyRule,
  refundDueAt,
  refundRefuseRule,
  withinRefundWindow,
} from "./refund-rules.ts";

const DAY = 86_400_000;
const t0 = new Date("2026-03-01T08:00:00Z");

describe("refund timeouts and window", () => {
  it("the shop answers within REFUND_SELLER_DAYS, the return parcel is due REFUND_SHIP_DAYS after acceptance", () => {
    expect(refundDueAt("seller", t0)).toEqual(new Date(t0.getTime() + REFUND_SELLER_DAYS * DAY));
    expect(refundDueAt("ship", t0)).toEqual(new Date(t0.getTime() + REFUND_SHIP_DAYS * DAY));
    expect(REFUND_SELLER_DAYS).toBe(3);
    expect(REFUND_SHIP_DAYS).toBe(7);
  });
  it("a completed order takes applications for REFUND_WINDOW_DAYS (the seven-day no-reason return), not a moment longer", () => {
    const end = t0.getTime() + REFUND_WINDOW_DAYS * DAY;
    expect(withinRefundWindow(t0, t0)).toBe(true);
    expect(withinRefundWindow(t0, new Date(end))).toBe(true);
    expect(withinRefundWindow(t0, new Date(end + 1))).toBe(false);
  });
});

describe("refund application rules", () => {
  const ok = {
    orderNumber: "123",
    refundType: 2,
    orderItemId: 5,
    applyType: 1,
    buyerReason: 0,
    refundAmount: "9.90",
    buyerMobile: "13800138000",
  };
  const firstError = (v: unknown) => {
    const r = refundApplyRule.safeParse(v);
    return r.success ? null : r.error.issues[0]!.message;
  };
  it("accepts a complete application and normalises it", () => {
    expect(
      refundApplyRule.parse({
        ...ok,
        refundAmount: 9.9,
        buyerReason: "0",
        photoFiles: "/uploads/refund/a.png,/uploads/refund/b.png",
      }),
    ).toMatchObject({
      refundAmount: "9.90",
      buyerReason: 0,
      buyerDesc: "",
      photoFiles: ["/uploads/refund/a.png", "/uploads/refund/b.png"],
    });
  });
  it("refuses each bad field with its message key", () => {
    expect(firstError({ ...ok, refundType: 3 })).toBe("refund.typeInvalid");
    expect(firstError({ ...ok, orderItemId: undefined })).toBe("refund.itemRequired");
    expect(firstError({ ...ok, buyerReason: 7 })).toBe("refund.reasonInvalid");
    expect(firstError({ ...ok, goodsNum: 0 })).toBe("refund.quantityInvalid");
    expect(firstError({ ...ok, refundAmount: "1.234" })).toBe("refund.amountInvalid");
    expect(firstError({ ...ok, buyerMobile: "1380013800" })).toBe("refund.mobileInvalid");
    expect(firstError({ ...ok, buyerDesc: "x".repeat(201) })).not.toBeNull();
    expect(firstError({ ...ok, photoFiles: Array(6).fill("/uploads/refund/a.png") })).toBe("refund.tooManyPhotos");
  });
  it("a refusal needs a reason of 1-200 characters", () => {
    expect(refundRefuseRule.safeParse({ reason: "  " }).success).toBe(false);
    expect(refundRefuseRule.safeParse({ reason: "x".repeat(201) }).success).toBe(false);
    expect(refundRefuseRule.parse({ reason: " Used " })).toEqual({ reason: "Used" });
  });
});
