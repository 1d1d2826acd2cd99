import { describe, expect, it } from "vitest";
import {
  cardProductFlag,
  CHAT_TEXT_MAX,
  ChatClose,
  checkOutgoing,
  messageState,
  MsgType,
  reconnectDecision,
  RECONNECT_DELAY_MS,
  userSocketPath,
} from "./chat.ts";

describe("reconnect policy", () => {
  it("reconnects at most 3 times, 2 s apart", () => {
    expect(reconnectDecision(0, 1006)).toEqual({ reconnect: true, delayMs: RECONNECT_DELAY_MS, attempt: 1 });
    expect(reconnectDecision(2, 1001)).toEqual({ reconnect: true, delayMs: 2000, attempt: 3 });
    expect(reconnectDecision(3, 1006)).toEqual({ reconnect: false, reason: "exhausted" });
  });
  it("never reconnects after another login took the session or the token was refused", () => {
    for (const code of [ChatClose.ELSEWHERE, ChatClose.RELOGIN, ChatClose.FORGED, ChatClose.BAD_URL]) {
      expect(reconnectDecision(0, code)).toEqual({ reconnect: false, reason: "final" });
    }
    expect(reconnectDecision(0, ChatClose.IDLE).reconnect).toBe(true);
  });
});

describe("message validation", () => {
  it("trims text and keeps line breaks", () => {
    expect(checkOutgoing(MsgType.TEXT, "  hi\r\nthere ")).toEqual({
      ok: true,
      value: { msgType: 0, content: "hi\nthere" },
    });
  });
  it("refuses empty, too long and control characters", () => {
    expect(checkOutgoing(MsgType.TEXT, "   ")).toEqual({ ok: false, key: "chat.errors.empty" });
    expect(checkOutgoing(MsgType.TEXT, "字".repeat(CHAT_TEXT_MAX)).ok).toBe(true);
    expect(checkOutgoing(MsgType.TEXT, "字".repeat(CHAT_TEXT_MAX + 1))).toEqual({
      ok: false,
      key: "chat.errors.tooLong",
    });
    expect(checkOutgoing(MsgType.TEXT, "a\u0007b")).toEqual({ ok: false, key: "chat.errors.controlChars" });
    expect(checkOutgoing(MsgType.TEXT, "a\u0085b")).toEqual({ ok: false, key: "chat.errors.controlChars" });
    expect(checkOutgoing(MsgType.TEXT, 42)).toEqual({ ok: false, key: "chat.errors.empty" });
  });
  it("counts characters, not UTF-16 units (emoji)", () => {
    expect(checkOutgoing(MsgType.TEXT, "😀".repeat(CHAT_TEXT_MAX)).ok).toBe(true);
  });
  it("takes only uploaded chat images and numeric card references", () => {
    expect(checkOutgoing(MsgType.IMAGE, "/uploads/chat/0f0e0d0c-0b0a-4908-8706-050403020100.png").ok).toBe(true);
    expect(checkOutgoing(MsgType.IMAGE, "/uploads/avatar/0f0e0d0c-0b0a-4908-8706-050403020100.png")).toEqual({
      ok: false,
      key: "chat.errors.badImage",
    });
    expect(checkOutgoing(MsgType.IMAGE, "javascript:alert(1)").ok).toBe(false);
    expect(checkOutgoing(MsgType.PRODUCT, "12").ok).toBe(true);
    expect(checkOutgoing(MsgType.PRODUCT, "<b>").ok).toBe(false);
    expect(checkOutgoing(MsgType.ORDER, "1700000000001").ok).toBe(true);
    expect(checkOutgoing(7, "x")).toEqual({ ok: false, key: "chat.errors.badType" });
  });
});

describe("message state and socket path", () => {
  it("derives sent / delivered / read from the other side's pointers", () => {
    expect(messageState(5, 4, 3)).toBe("sent");
    expect(messageState(5, 5, 3)).toBe("delivered");
    expect(messageState(5, 9, 5)).toBe("read");
  });
  it("encodes the token (base64, URL-encoded) and the user id", () => {
    expect(userSocketPath("ab-_c", "u 1")).toBe(`/im/websocket/online/user/${encodeURIComponent(btoa("ab-_c"))}/u%201`);
  });
});

describe("product card flag", () => {
  it("reads the product as it is now: off shelf before sold out, sold out at 0 only", () => {
    expect(cardProductFlag(undefined)).toBeNull();
    expect(cardProductFlag({ status: 1, totalStocks: 5 })).toBeNull();
    expect(cardProductFlag({ status: 1, totalStocks: 0 })).toBe("soldOut");
    // A negative count is uncounted stock (isSoldOut), not sold out.
    expect(cardProductFlag({ status: 1, totalStocks: -1 })).toBeNull();
    for (const status of [0, 2, -1]) expect(cardProductFlag({ status, totalStocks: 0 })).toBe("offShelf");
  });
});
