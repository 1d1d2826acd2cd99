/**
 * Pure chat rules of the server (docs/chat.md): the per-user flood limit and the unread
 * counters of a conversation.
 */
import type { ChatSide } from "../../../lib/chat/chat.ts";

/** Flood limit per user (buyer or agent account) and process: a burst of 10 messages, then 2 a second. */
export const FLOOD_BURST = 10;
export const FLOOD_PER_SECOND = 2;

export interface Bucket {
  tokens: number;
  at: number;
}

/** Takes one message from the sender's bucket: refused (`ok: false`, bucket unchanged) when empty. */
export function takeToken(bucket: Bucket | undefined, now: number): { ok: boolean; bucket: Bucket } {
  const b = bucket ?? { tokens: FLOOD_BURST, at: now };
  const tokens = Math.min(FLOOD_BURST, b.tokens + (Math.max(0, now - b.at) / 1000) * FLOOD_PER_SECOND);
  if (tokens < 1) return { ok: false, bucket: { tokens, at: now } };
  return { ok: true, bucket: { tokens: tokens - 1, at: now } };
}

/** The read state of a conversation as stored. */
export interface ReadState {
  lastMsgId: number;
  userUnread: number;
  agentUnread: number;
  userReadId: number;
  agentReadId: number;
}

type CounterKey = "userUnread" | "agentUnread";
type PointerKey = "userReadId" | "agentReadId";

/**
 * What a message of `from` does to the counters: the other side gets one more unread; the sender
 * has read everything up to their own message (answering means having seen the conversation).
 * The one description both `afterMessage` and the storing SQL (chat.ts storeMessage) follow.
 */
export function messageEffect(from: ChatSide): { unreadUp: CounterKey; unreadClear: CounterKey; readTo: PointerKey } {
  return from === "user"
    ? { unreadUp: "agentUnread", unreadClear: "userUnread", readTo: "userReadId" }
    : { unreadUp: "userUnread", unreadClear: "agentUnread", readTo: "agentReadId" };
}

/** The read state after `from` sent message `msgId` (see messageEffect). */
export function afterMessage(s: ReadState, from: ChatSide, msgId: number): ReadState {
  const e = messageEffect(from);
  return {
    ...s,
    lastMsgId: Math.max(s.lastMsgId, msgId),
    [e.unreadUp]: s[e.unreadUp] + 1,
    [e.unreadClear]: 0,
    [e.readTo]: Math.max(s[e.readTo], msgId),
  };
}

/**
 * `side` has read up to `upTo` (never beyond the last message, never backwards). Unread = the
 * other side's messages after the new read pointer; `otherIdsAfter` are the ids of the other
 * side's messages after the old pointer (only needed when reading part of the conversation).
 */
export function afterRead(
  s: ReadState,
  side: ChatSide,
  upTo: number,
  otherIdsAfter: readonly number[] = [],
): ReadState {
  const key = side === "user" ? "userReadId" : "agentReadId";
  const readId = Math.max(s[key], Math.min(upTo, s.lastMsgId));
  const unread = readId >= s.lastMsgId ? 0 : otherIdsAfter.filter((id) => id > readId).length;
  return side === "user"
    ? { ...s, userReadId: readId, userUnread: unread }
    : { ...s, agentReadId: readId, agentUnread: unread };
}

/** The flood buckets of this process, one per sender key ("u:<userId>", "s:<shopId>:<session>"). */
export class FloodLimiter {
  private readonly buckets = new Map<string, Bucket>();
  /** Whether `key` may send one more message now. */
  take(key: string, now = Date.now()): boolean {
    const r = takeToken(this.buckets.get(key), now);
    this.buckets.set(key, r.bucket);
    if (this.buckets.size > 10_000) this.prune(now);
    return r.ok;
  }
  /** Forgets buckets that are full again anyway. */
  prune(now = Date.now()): void {
    for (const [k, b] of this.buckets) if (now - b.at > (FLOOD_BURST / FLOOD_PER_SECOND) * 1000) this.buckets.delete(k);
  }
}

/** One limiter per process, shared by the socket and the HTTP door. */
export const chatFlood = new FloodLimiter();
