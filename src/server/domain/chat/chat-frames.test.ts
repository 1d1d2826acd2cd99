import { describe, expect, it } from "vitest";
import { CHAT_PAGE_MAX, CHAT_PAGE_SIZE, ChatCode, MsgType } from "../../../lib/chat/chat.ts";
import { parseChatFrame } from "./chat-frames.ts";

const refusedWith = (side: "user" | "agent", frame: unknown) => {
  const r = parseChatFrame(side, frame);
  return r.ok ? null : r.refusal;
};

/** Values whose String() or Number() reading throws or misleads. */
const OBJECTS: unknown[] = [{ toString: 1 }, Object.create(null), { valueOf: () => 1 }, [1], [], {}, true, null];

describe("chat frame rules", () => {
  it("reads the five kinds of frame the client sends", () => {
    expect(parseChatFrame("user", { content: "HEART_BEAT", msgType: 0 })).toEqual({
      ok: true,
      frame: { kind: "heartbeat" },
      clientId: undefined,
    });
    expect(parseChatFrame("user", { history: 1, toId: 3, before: 120, size: 10 })).toMatchObject({
      ok: true,
      frame: { kind: "history", toId: 3, before: 120, size: 10 },
    });
    expect(parseChatFrame("user", { history: 1, toId: "0" })).toMatchObject({
      ok: true,
      frame: { kind: "history", toId: 0, before: undefined, size: CHAT_PAGE_SIZE },
    });
    expect(parseChatFrame("agent", { read: 1, toId: "u-1", upTo: 7 })).toMatchObject({
      ok: true,
      frame: { kind: "read", toId: "u-1", upTo: 7 },
    });
    expect(parseChatFrame("user", { onlineOrOffline: true, toId: 2 })).toMatchObject({
      ok: true,
      frame: { kind: "presence", shopId: 2 },
    });
    expect(parseChatFrame("agent", { onlineOrOffline: true, toId: { toString: 1 } })).toMatchObject({
      ok: true,
      frame: { kind: "ignored" },
    });
    expect(
      parseChatFrame("user", { toId: 2, msgType: MsgType.TEXT, content: " hi ", clientId: "c".repeat(80) }),
    ).toEqual({
      ok: true,
      frame: { kind: "message", toId: 2, message: { msgType: MsgType.TEXT, content: "hi" } },
      clientId: "c".repeat(64),
    });
  });

  it("refuses a buyer's receiver that is no shop id: beyond int4, negative, fractional, other spellings, objects", () => {
    for (const toId of [2 ** 31, 2 ** 53, -1, 1.5, "2147483648", " 1", "01", "1e3", "0x10", "", ...OBJECTS]) {
      for (const frame of [
        { toId, msgType: 0, content: "hi" },
        { history: 1, toId },
        { read: 1, toId },
        { onlineOrOffline: true, toId },
      ])
        expect(refusedWith("user", frame), JSON.stringify(frame)).toEqual({
          key: "chat.errors.noShop",
          code: ChatCode.REFUSED,
        });
    }
  });

  it("refuses an agent's receiver that is no userId with 'not your responsibility'", () => {
    for (const toId of [1, "", "x".repeat(65), "a\u0000b", ...OBJECTS])
      for (const frame of [
        { toId, msgType: 0, content: "hi" },
        { history: 1, toId },
        { read: 1, toId },
      ])
        expect(refusedWith("agent", frame), JSON.stringify(frame)).toEqual({
          key: "chat.errors.notYours",
          code: ChatCode.NOT_YOURS,
        });
  });

  it("refuses a cursor, page size or read pointer that is not a whole number in range", () => {
    const bad = [-1, 1.5, 0.1, 2 ** 53, 1e308, "x", "1.0", ...OBJECTS.filter((v) => v !== null)];
    for (const before of bad)
      expect(refusedWith("user", { history: 1, toId: 1, before })).toEqual({
        key: "chat.errors.badFrame",
        code: ChatCode.REFUSED,
      });
    for (const size of [0, CHAT_PAGE_MAX + 1, ...bad])
      expect(refusedWith("user", { history: 1, toId: 1, size })?.key).toBe("chat.errors.badFrame");
    for (const upTo of [0, ...bad])
      expect(refusedWith("user", { read: 1, toId: 1, upTo })?.key).toBe("chat.errors.badFrame");
    // null or 0 mean "not given", as over HTTP
    expect(parseChatFrame("user", { history: 1, toId: 1, before: 0, size: null })).toMatchObject({
      ok: true,
      frame: { before: undefined, size: CHAT_PAGE_SIZE },
    });
  });

  it("refuses what a message says before whom it is for, and any frame that is no object", () => {
    expect(refusedWith("user", { toId: { toString: 1 }, msgType: 0, content: "" })?.key).toBe("chat.errors.empty");
    expect(refusedWith("user", { toId: 1, msgType: { toString: 1 }, content: "x" })?.key).toBe("chat.errors.badType");
    expect(refusedWith("user", { toId: 1, msgType: 0, content: Object.create(null) })?.key).toBe("chat.errors.empty");
    for (const v of [null, 1, "x", [], [{ toId: 1 }]]) expect(refusedWith("user", v)?.key).toBe("chat.errors.badFrame");
    // a clientId that is no string is not echoed
    expect(parseChatFrame("user", { toId: 1, msgType: 0, content: "", clientId: { toString: 1 } }).clientId).toBe(
      undefined,
    );
  });
});
