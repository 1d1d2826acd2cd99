import { describe, expect, it } from "vitest";
import {
  canonicalNotification,
  canonicalRefundNotification,
  sandboxNotification,
  SandboxPaymentProvider,
  signNotification,
  signRefundNotification,
  verifyNotification,
  verifyRefundNotification,
} from "../../providers/payment.ts";
import { asNotification } from "./payment.ts";
import {
  earliest,
  newPayNo,
  PAY_ORDERS_MAX,
  parseOrderNumbers,
  paymentState,
  payRefusal,
  payTypeAllowed,
  providerExpiresAt,
  safeReturnUrl,
} from "./payment-rules.ts";

const NOW = new Date("2026-03-01T10:00:00Z");
const later = (min: number) => new Date(NOW.getTime() + min * 60_000);

describe("parseOrderNumbers", () => {
  it("splits, trims and de-duplicates", () => {
    expect(parseOrderNumbers("1, 2,2,,3")).toEqual(["1", "2", "3"]);
    expect(parseOrderNumbers(["11", 12])).toEqual(["11", "12"]);
  });
  it("refuses empty, malformed and too many", () => {
    for (const v of ["", " , ", "1,a", "1;2", "-1", "1.5", null, undefined, 5, {}, "1".repeat(33)])
      expect(parseOrderNumbers(v), String(v)).toBeNull();
    expect(parseOrderNumbers(Array.from({ length: PAY_ORDERS_MAX + 1 }, (_, i) => String(i + 1)).join(","))).toBeNull();
    expect(parseOrderNumbers(Array.from({ length: PAY_ORDERS_MAX }, (_, i) => String(i + 1)).join(","))).toHaveLength(
      PAY_ORDERS_MAX,
    );
  });
});

describe("payRefusal", () => {
  const unpaid = { status: 1, closeType: null, payDeadline: later(10) };
  it("unpaid before the deadline is payable", () => {
    expect(payRefusal([unpaid, unpaid], NOW)).toBeNull();
  });
  it("deadline reached or closed by the timeout → order expired", () => {
    expect(payRefusal([unpaid, { ...unpaid, payDeadline: NOW }], NOW)).toBe("payment.orderExpired");
    expect(payRefusal([{ status: 6, closeType: 1, payDeadline: later(-1) }], NOW)).toBe("payment.orderExpired");
  });
  it("paid statuses → already paid; cancelled or unknown → cannot pay", () => {
    for (const s of [2, 3, 5, 7]) expect(payRefusal([unpaid, { ...unpaid, status: s }], NOW)).toBe("payment.orderPaid");
    expect(payRefusal([{ status: 6, closeType: 4, payDeadline: later(10) }], NOW)).toBe("order.cannotPay");
    expect(payRefusal([{ ...unpaid, status: 4 }], NOW)).toBe("order.cannotPay");
  });
});

describe("payTypeAllowed", () => {
  const all = { aliPaySwitch: true, wxPaySwitch: true, balancePaySwitch: true, payPalSwitch: true };
  const none = { aliPaySwitch: false, wxPaySwitch: false, balancePaySwitch: false, payPalSwitch: false };
  it("follows the switches", () => {
    expect([9, 3, 2].map((p) => payTypeAllowed(all, p, "1"))).toEqual([true, true, true]);
    expect([9, 3, 2].map((p) => payTypeAllowed(none, p, "1"))).toEqual([false, false, false]);
    expect(payTypeAllowed({ ...none, wxPaySwitch: true }, 3, "1")).toBe(true);
    expect(payTypeAllowed({ ...none, wxPaySwitch: true }, 2, "1")).toBe(false);
  });
  it("points (0) only for a zero amount; unknown types never", () => {
    expect(payTypeAllowed(none, 0, "0.00")).toBe(true);
    expect(payTypeAllowed(all, 0, "0.01")).toBe(false);
    for (const p of [1, 10, 12, -1]) expect(payTypeAllowed(all, p, "1")).toBe(false);
    // Cards follow the configured provider: no site switch (docs/payment-card.md).
    expect(payTypeAllowed(none, 4, "1")).toBe(true);
  });
});

describe("times and states", () => {
  it("a QR payment lasts PAY_QR_MINUTES, never past the earliest deadline", () => {
    expect(providerExpiresAt(NOW, [later(30)])).toEqual(later(5));
    expect(providerExpiresAt(NOW, [later(30), later(2)])).toEqual(later(2));
    expect(earliest([later(3), later(1), later(2)])).toEqual(later(1));
  });
  it("payment state", () => {
    expect(paymentState({ status: 0, expiresAt: later(1) }, NOW)).toBe("waiting");
    expect(paymentState({ status: 0, expiresAt: NOW }, NOW)).toBe("expired");
    expect(paymentState({ status: 1, expiresAt: later(-9) }, NOW)).toBe("paid");
    expect(paymentState({ status: 2, expiresAt: later(9) }, NOW)).toBe("closed");
  });
  it("pay numbers: 20 digits, time first, unique", () => {
    const a = newPayNo(NOW);
    expect(a).toMatch(/^260301100000\d{8}$/);
    expect(new Set(Array.from({ length: 50 }, () => newPayNo(NOW))).size).toBeGreaterThan(45);
  });
});

describe("safeReturnUrl", () => {
  it("keeps same-site paths only", () => {
    expect(safeReturnUrl("/order-detail?orderNumber=1")).toBe("/order-detail?orderNumber=1");
    expect(safeReturnUrl(" /en/order-detail?orderNumber=1 ")).toBe("/en/order-detail?orderNumber=1");
    for (const v of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "order",
      "/a b",
      "/a\nb",
      `/${"a".repeat(600)}`,
      5,
      null,
      "/./..//evil.example",
      "/..//evil.example/x",
    ]) {
      expect(safeReturnUrl(v), String(v)).toBeUndefined();
    }
  });
});

describe("notification signature", () => {
  const body = { payNo: "P1", tradeNo: "T1", amount: "12.30", status: "SUCCESS" };
  it("signs the canonical string with HMAC-SHA256", () => {
    expect(canonicalNotification(body)).toBe("amount=12.30&payNo=P1&status=SUCCESS&tradeNo=T1");
    expect(signNotification("k", body)).toMatch(/^[0-9a-f]{64}$/);
  });
  it("verifies only an untouched body signed with the same secret", () => {
    const sign = signNotification("secret", body);
    expect(verifyNotification("secret", { ...body, sign })).toBe(true);
    expect(verifyNotification("secret", { ...body, sign: sign.toUpperCase() })).toBe(true);
    expect(verifyNotification("other", { ...body, sign })).toBe(false);
    expect(verifyNotification("", { ...body, sign: signNotification("", body) })).toBe(false);
    for (const k of ["payNo", "tradeNo", "amount", "status"] as const)
      expect(verifyNotification("secret", { ...body, [k]: `${body[k]}x`, sign })).toBe(false);
    expect(verifyNotification("secret", { ...body, sign: sign.slice(2) })).toBe(false);
    expect(verifyNotification("secret", { ...body, sign: "zz" + sign.slice(2) })).toBe(false);
  });
  it("the sandbox builds a verifiable SUCCESS notification", () => {
    const n = sandboxNotification("s", "P9", "1.00");
    expect(n).toMatchObject({ payNo: "P9", amount: "1.00", status: "SUCCESS" });
    expect(verifyNotification("s", n)).toBe(true);
  });
  it("asNotification accepts string fields only", () => {
    expect(asNotification({ ...body, sign: "x" })).toEqual({ ...body, sign: "x" });
    expect(asNotification({ ...body, amount: 12.3, sign: "x" })).toMatchObject({ amount: "12.3" });
    expect(asNotification({ ...body })).toBeNull();
    expect(asNotification(null)).toBeNull();
    expect(asNotification({ ...body, payNo: { a: 1 }, sign: "x" })).toBeNull();
  });
});

describe("refund notification signature", () => {
  const body = { refundSn: "R1", refundNo: "SBXR1", amount: "5.00", status: "SUCCESS" };
  it("signs the canonical string; verifies only an untouched body with the same secret", () => {
    expect(canonicalRefundNotification(body)).toBe("amount=5.00&refundNo=SBXR1&refundSn=R1&status=SUCCESS");
    const sign = signRefundNotification("secret", body);
    expect(verifyRefundNotification("secret", { ...body, sign })).toBe(true);
    expect(verifyRefundNotification("other", { ...body, sign })).toBe(false);
    for (const k of ["refundSn", "refundNo", "amount", "status"] as const)
      expect(verifyRefundNotification("secret", { ...body, [k]: `${body[k]}x`, sign })).toBe(false);
    // A payment notification's signature is not a refund notification's.
    expect(
      verifyRefundNotification("secret", {
        ...body,
        sign: signNotification("secret", { payNo: "R1", tradeNo: "SBXR1", amount: "5.00", status: "SUCCESS" }),
      }),
    ).toBe(false);
  });
  it("the sandbox accepts a refund, then answers a signed SUCCESS for it", async () => {
    const sandbox = new SandboxPaymentProvider("http://mall.test", "s");
    const { refundNo } = await sandbox.refund({ payNo: "P1", providerTradeNo: "T1", refundSn: "R1", amount: "5.00" });
    const n = await sandbox.queryRefund({ refundSn: "R1", refundNo, amount: "5.00" });
    expect(n).toMatchObject({ refundSn: "R1", refundNo, amount: "5.00", status: "SUCCESS" });
    expect(verifyRefundNotification("s", n!)).toBe(true);
    expect(verifyRefundNotification("other", n!)).toBe(false);
  });
});
