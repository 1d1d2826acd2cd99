import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChatClose, HEARTBEAT_MS, RECONNECT_DELAY_MS } from "../../lib/chat/chat.ts";
import { openChatConnection, type ConnStatus } from "./chat-connection.ts";

/** A stand-in for the browser's WebSocket: the test opens and closes it. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe("chat connection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("beats every 19 s and reconnects at most 3 times, 2 s apart", () => {
    const statuses: ConnStatus[] = [];
    openChatConnection("ws://x/im", { onFrame: () => {}, onStatus: (s) => statuses.push(s) });
    FakeSocket.all[0]!.open();
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(FakeSocket.all[0]!.sent).toEqual([JSON.stringify({ content: "HEART_BEAT", msgType: 0 })]);
    FakeSocket.all[0]!.drop(1006);
    expect(statuses.at(-1)).toBe("reconnecting");
    for (let i = 1; i <= 3; i++) {
      vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
      expect(FakeSocket.all).toHaveLength(i);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(i + 1);
      FakeSocket.all[i]!.drop(1006);
    }
    expect(statuses.at(-1)).toBe("broken");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it("a successful reconnect starts the count again", () => {
    openChatConnection("ws://x/im", { onFrame: () => {}, onStatus: () => {} });
    FakeSocket.all[0]!.drop(1006);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    FakeSocket.all[1]!.open();
    FakeSocket.all[1]!.drop(1006);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it("never reconnects after another login took the session, the token was refused or the login has too many sockets", () => {
    for (const [code, status] of [
      [ChatClose.ELSEWHERE, "elsewhere"],
      [ChatClose.RELOGIN, "relogin"],
      [ChatClose.TOO_MANY, "tooMany"],
    ] as const) {
      FakeSocket.all = [];
      const statuses: ConnStatus[] = [];
      openChatConnection("ws://x/im", { onFrame: () => {}, onStatus: (s) => statuses.push(s) });
      FakeSocket.all[0]!.open();
      FakeSocket.all[0]!.drop(code);
      vi.advanceTimersByTime(10_000);
      expect(FakeSocket.all).toHaveLength(1);
      expect(statuses.at(-1)).toBe(status);
    }
  });

  it("hands frames to the page and refuses to send while closed", () => {
    const frames: unknown[] = [];
    const c = openChatConnection("ws://x/im", { onFrame: (f) => frames.push(f), onStatus: () => {} });
    expect(c.send({ a: 1 })).toBe(false);
    FakeSocket.all[0]!.open();
    expect(c.send({ a: 1 })).toBe(true);
    FakeSocket.all[0]!.onmessage?.({ data: '{"code":4,"data":{},"success":true,"msg":null}' });
    FakeSocket.all[0]!.onmessage?.({ data: "not json" });
    expect(frames).toEqual([{ code: 4, data: {}, success: true, msg: null }]);
  });
});
