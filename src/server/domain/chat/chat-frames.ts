/**
 * What a chat socket frame may carry (docs/chat.md "The socket"): one zod rule per frame kind,
 * read before anything touches the database. A frame that breaks its rule is answered with its
 * refusal (a chat.* message key and the frame code) and changes nothing; a frame that passes holds
 * only values the database takes: ids within their column's range, integers where an integer is
 * meant, strings of bounded length — never an object whose String() or Number() reading throws.
 *
 * toId is the shop's id for a buyer (an integer 0..2^31-1, or its digits as a string) and the
 * buyer's userId for an agent (a string of 1..64 characters).
 */
import { z } from "zod";
import {
  CHAT_PAGE_MAX,
  CHAT_PAGE_SIZE,
  ChatCode,
  checkOutgoing,
  type ChatSide,
  type OutgoingMessage,
} from "../../../lib/chat/chat.ts";
import { hasControlChars } from "../../../lib/text-rules.ts";
import { ID_MAX } from "../../../lib/ids.ts";

/** The largest id of an int4 column (shops). */
/** Message ids are bigserial read as JS numbers. */
const MAX_MSG_ID = Number.MAX_SAFE_INTEGER;
const CLIENT_ID_MAX = 64;
const USER_ID_MAX = 64;

export type ChatFrame =
  | { kind: "heartbeat" }
  | { kind: "history"; toId: number | string; before: number | undefined; size: number }
  | { kind: "read"; toId: number | string; upTo: number | undefined }
  | { kind: "presence"; shopId: number }
  /** A presence question from an agent: not theirs to ask, left unanswered. */
  | { kind: "ignored" }
  | { kind: "message"; toId: number | string; message: OutgoingMessage };

export type FrameRefusal = { key: string; code: number };
export type FrameResult =
  | { ok: true; frame: ChatFrame; clientId: string | undefined }
  | { ok: false; refusal: FrameRefusal; clientId: string | undefined };

const BAD_FRAME = "chat.errors.badFrame";
const NO_SHOP = "chat.errors.noShop";
const NOT_YOURS = "chat.errors.notYours";

/** An integer as a JSON number, or a plain digit string ("12", never " 12", "1.0", "1e3", "0x10"). */
const digits = (v: unknown) => (typeof v === "string" && /^(0|[1-9]\d{0,15})$/.test(v) ? Number(v) : v);

const int = (min: number, max: number, key: string) =>
  z.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });

/** A buyer's toId: a shop (0 = the official service). */
const shopIdRule = z.preprocess(digits, int(0, ID_MAX, NO_SHOP));
/** An agent's toId: a buyer's userId. */
const userIdRule = z
  .string({ error: NOT_YOURS })
  .min(1, { error: NOT_YOURS })
  .max(USER_ID_MAX, { error: NOT_YOURS })
  .refine((s) => !hasControlChars(s), { error: NOT_YOURS });

const toIdRule = (side: ChatSide) => (side === "user" ? shopIdRule : userIdRule);
/** Absent or null: not given. */
const optional = <T extends z.ZodType>(rule: T) => z.preprocess((v) => (v === null ? undefined : v), rule.optional());

/** {history: 1, toId, before?, size?}: `before` a message id (0 or absent = the newest page), size 1..CHAT_PAGE_MAX. */
const historyRule = (side: ChatSide) =>
  z.object({
    toId: toIdRule(side),
    before: optional(z.preprocess(digits, int(0, MAX_MSG_ID, BAD_FRAME))),
    size: optional(z.preprocess(digits, int(1, CHAT_PAGE_MAX, BAD_FRAME))),
  });
/** {read: 1, toId, upTo?}: up to a message id (absent = everything). */
const readRule = (side: ChatSide) =>
  z.object({ toId: toIdRule(side), upTo: optional(z.preprocess(digits, int(1, MAX_MSG_ID, BAD_FRAME))) });
/** {onlineOrOffline: true, toId}: a buyer asks for a shop's presence. */
const presenceRule = z.object({ toId: shopIdRule });
/** {toId, msgType, content, clientId?}: the message itself is checked by checkOutgoing (shared with the page). */
const messageRule = (side: ChatSide) => z.object({ toId: toIdRule(side) });

function refusal(key: string): FrameRefusal {
  return { key, code: key === NOT_YOURS ? ChatCode.NOT_YOURS : ChatCode.REFUSED };
}

function firstKey(error: z.ZodError): string {
  const message = error.issues[0]?.message ?? BAD_FRAME;
  return message.startsWith("chat.errors.") ? message : BAD_FRAME;
}

/**
 * Reads one parsed JSON frame of a socket of this side. The kind is told by its marker field, as
 * the client sends it: a heartbeat (content "HEART_BEAT" without clientId), `history`, `read`,
 * `onlineOrOffline`, else a message. clientId (echoed in the answer) is kept when it is a string,
 * cut at 64 characters.
 */
export function parseChatFrame(side: ChatSide, value: unknown): FrameResult {
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { ok: false, refusal: refusal(BAD_FRAME), clientId: undefined };
  const f = value as Record<string, unknown>;
  const clientId = typeof f.clientId === "string" ? f.clientId.slice(0, CLIENT_ID_MAX) : undefined;
  const no = (key: string): FrameResult => ({ ok: false, refusal: refusal(key), clientId });
  const yes = (frame: ChatFrame): FrameResult => ({ ok: true, frame, clientId });

  if (f.content === "HEART_BEAT" && clientId === undefined) return yes({ kind: "heartbeat" });
  if (f.history !== undefined) {
    const r = historyRule(side).safeParse(f);
    if (!r.success) return no(firstKey(r.error));
    const before = r.data.before ? r.data.before : undefined;
    return yes({ kind: "history", toId: r.data.toId, before, size: r.data.size ?? CHAT_PAGE_SIZE });
  }
  if (f.read !== undefined) {
    const r = readRule(side).safeParse(f);
    return r.success ? yes({ kind: "read", toId: r.data.toId, upTo: r.data.upTo }) : no(firstKey(r.error));
  }
  if (f.onlineOrOffline !== undefined) {
    if (side !== "user") return yes({ kind: "ignored" });
    const r = presenceRule.safeParse(f);
    return r.success ? yes({ kind: "presence", shopId: r.data.toId }) : no(firstKey(r.error));
  }
  // A message: what it says first (the answer the page gives too), then to whom.
  const checked = checkOutgoing(f.msgType, f.content);
  if (!checked.ok) return no(checked.key);
  const r = messageRule(side).safeParse(f);
  return r.success ? yes({ kind: "message", toId: r.data.toId, message: checked.value }) : no(firstKey(r.error));
}
