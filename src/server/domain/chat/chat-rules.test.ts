import { describe, expect, it } from "vitest";
import { afterMessage, afterRead, FLOOD_BURST, takeToken, type Bucket, type ReadState } from "./chat-rules.ts";

const empty: ReadState = { lastMsgId: 0, userUnread: 0, agentUnread: 0, userReadId: 0, agentReadId: 0 };

describe("flood limit", () => {
  it("allows a burst, then refuses until time refills the bucket", () => {
    let b: Bucket | undefined;
    for (let i = 0; i < FLOOD_BURST; i++) {
      const r = takeToken(b, 1000);
      expect(r.ok).toBe(true);
      b = r.bucket;
    }
    const refused = takeToken(b, 1000);
    expect(refused.ok).toBe(false);
    expect(takeToken(refused.bucket, 1400).ok).toBe(false);
    expect(takeToken(refused.bucket, 1500).ok).toBe(true);
  });
  it("never holds more than the burst after a long pause", () => {
    const r = takeToken({ tokens: 0, at: 0 }, 3_600_000);
    expect(r.bucket.tokens).toBe(FLOOD_BURST - 1);
  });
});

describe("unread counting", () => {
  it("counts the other side's messages and clears the sender's", () => {
    let s = afterMessage(empty, "agent", 1);
    s = afterMessage(s, "agent", 2);
    expect(s.userUnread).toBe(2);
    s = afterMessage(s, "user", 3);
    expect(s).toMatchObject({ userUnread: 0, userReadId: 3, agentUnread: 1, lastMsgId: 3 });
  });
  it("reading to the end clears, reading part leaves the later ones", () => {
    let s = afterMessage(afterMessage(afterMessage(empty, "agent", 5), "agent", 6), "agent", 9);
    expect(afterRead(s, "user", 9)).toMatchObject({ userUnread: 0, userReadId: 9 });
    s = afterRead(s, "user", 6, [5, 6, 9]);
    expect(s).toMatchObject({ userUnread: 1, userReadId: 6 });
  });
  it("never moves the pointer backwards or past the last message", () => {
    const s = afterRead(afterMessage(empty, "user", 4), "agent", 100);
    expect(s.agentReadId).toBe(4);
    expect(afterRead(s, "agent", 1).agentReadId).toBe(4);
  });
});
