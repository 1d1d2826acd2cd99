/**
 * Chat rules shared by the /chat island and the server (docs/chat.md): the socket's frame codes
 * and close codes, the heartbeat and reconnect policy (SPEC §4/§9), what a buyer or an agent may
 * send (length, control characters, kinds), and the sent / delivered / read state of a message.
 */
import { hasControlChars, hasHiddenChars } from "../text-rules.ts";
import type { LocalizedText } from "../locale.ts";
import { isSoldOut } from "../catalog/stock.ts";
import type { ImageInfo } from "../image/ladder.ts";

/** The client sends HEART_BEAT this often (SPEC §9). */
export const HEARTBEAT_MS = 19_000;
/** A socket that sent nothing for this long is closed by the server (three heartbeats missed). */
export const IDLE_TIMEOUT_MS = 60_000;
/** Reconnect: at most 3 attempts, 2 s apart (SPEC §4/§9). */
export const RECONNECT_DELAY_MS = 2_000;
export const RECONNECT_MAX = 3;
/** A text message: 1 to 500 characters (line breaks allowed, other control characters not). */
export const CHAT_TEXT_MAX = 500;
/** One history page (paged upward). */
export const CHAT_PAGE_SIZE = 20;
export const CHAT_PAGE_MAX = 50;
/** shopId of the platform's official service. */
export const PLATFORM_SHOP_ID = 0;

/**
 * A frame's size: up to CHAT_FRAME_MAX bytes is read; a larger one, up to CHAT_FRAME_HARD_MAX, is
 * refused with code 9 and the socket stays open; beyond that the websocket library stops reading
 * it and closes the socket with 1009 (message too big) — a client of this protocol never sends one.
 */
export const CHAT_FRAME_MAX = 16 * 1024;
export const CHAT_FRAME_HARD_MAX = 256 * 1024;

/** Server → client frame codes ({code, data, success, msg}). */
export const ChatCode = {
  /** Answer to HEART_BEAT. */
  HEARTBEAT: 0,
  /** A history page (answer to {history: 1}). */
  HISTORY: 2,
  /** A new message (from the other side, or the sender's own from another tab). */
  MESSAGE: 4,
  /** The sender's message is stored: {clientId, message}. */
  ACK: 5,
  /** The other side received / read up to a message: {conversationId, deliveredId, readId}. */
  RECEIPT: 6,
  /** Whether an agent of a shop is online: {shopId, online}. */
  PRESENCE: 7,
  /** A frame was refused (too long, flooding, bad card…); the connection stays usable. */
  REFUSED: 9,
  /** Unknown or forged token / user: the socket is closed. */
  NO_USER: 10,
  /** Logged in elsewhere: the socket is closed and not reopened. */
  ELSEWHERE: 11,
  /** The token expired or was revoked: log in again. */
  RELOGIN: 13,
  /** The conversation is not the sender's ("not your responsibility", SPEC §8 chat code 15). */
  NOT_YOURS: 15,
} as const;

/** Close codes of the chat socket (4000-4999 are the application's). */
export const ChatClose = {
  /** The URL is not /im/websocket/online/user/{token}/{userId} (or the agent form). */
  BAD_URL: 4400,
  /** Token unknown, expired or revoked: log in again. */
  RELOGIN: 4401,
  /** The token is valid but belongs to another user than the URL says. */
  FORGED: 4403,
  /** No frame (not even a heartbeat) for IDLE_TIMEOUT_MS. */
  IDLE: 4408,
  /** Another login of the same account opened a socket. */
  ELSEWHERE: 4409,
  /** The login already has SOCKETS_PER_SESSION sockets open in this process: this one is refused. */
  TOO_MANY: 4429,
} as const;

/** Sockets one login (buyer or shop session) may hold open in one process; the next is refused (4429). */
export const SOCKETS_PER_SESSION = 5;

/** Closes after which the client must not reconnect by itself. */
const FINAL_CLOSES: ReadonlySet<number> = new Set([
  ChatClose.BAD_URL,
  ChatClose.RELOGIN,
  ChatClose.FORGED,
  ChatClose.ELSEWHERE,
  ChatClose.TOO_MANY,
]);

export type ReconnectDecision =
  { reconnect: true; delayMs: number; attempt: number } | { reconnect: false; reason: "final" | "exhausted" };

/**
 * After a close: reconnect (attempt `attempts + 1`, after 2 s) unless the close was final (kicked by
 * another login, token refused, forged) or 3 attempts were already made since the last open.
 */
export function reconnectDecision(attempts: number, closeCode: number): ReconnectDecision {
  if (FINAL_CLOSES.has(closeCode)) return { reconnect: false, reason: "final" };
  if (attempts >= RECONNECT_MAX) return { reconnect: false, reason: "exhausted" };
  return { reconnect: true, delayMs: RECONNECT_DELAY_MS, attempt: attempts + 1 };
}

/**
 * Message kinds: 0 text, 1 image (an uploaded /uploads/chat/… path), 2 product card, 3 order card,
 * 4 a notice the mall writes itself (the official service's greeting): its content is a key among
 * CHAT_NOTICES, shown in the reader's language (chat.notice.{key}); nobody can send one.
 */
export const MsgType = { TEXT: 0, IMAGE: 1, PRODUCT: 2, ORDER: 3, NOTICE: 4 } as const;

/** The notices the mall writes (MsgType.NOTICE content). */
export const CHAT_NOTICES = ["welcome"] as const;

/** The i18n key of a notice's text; null for an unknown notice. */
export function noticeKey(content: string): string | null {
  return (CHAT_NOTICES as readonly string[]).includes(content) ? `chat.notice.${content}` : null;
}
export type MsgTypeValue = (typeof MsgType)[keyof typeof MsgType];

/** What a person sends: text, an image path, a prodId or an orderNumber (cards are built by the server). */
export interface OutgoingMessage {
  msgType: MsgTypeValue;
  content: string;
}

export type ChatRuleResult = { ok: true; value: OutgoingMessage } | { ok: false; key: string };

const IMAGE_PATH = /^\/uploads\/chat\/[0-9a-f-]{36}\.(?:jpg|png|gif|webp)$/;

/** Checks an outgoing message; `key` is a chat.* message of the locale files. */
export function checkOutgoing(msgType: unknown, content: unknown): ChatRuleResult {
  if (typeof content !== "string") return { ok: false, key: "chat.errors.empty" };
  switch (msgType) {
    case MsgType.TEXT: {
      const text = content.replace(/\r\n?/g, "\n").trim();
      if (!text) return { ok: false, key: "chat.errors.empty" };
      if ([...text].length > CHAT_TEXT_MAX) return { ok: false, key: "chat.errors.tooLong" };
      if (hasControlChars(text, true)) return { ok: false, key: "chat.errors.controlChars" };
      if (hasHiddenChars(text)) return { ok: false, key: "chat.errors.hiddenChars" };
      return { ok: true, value: { msgType, content: text } };
    }
    case MsgType.IMAGE:
      return IMAGE_PATH.test(content)
        ? { ok: true, value: { msgType, content } }
        : { ok: false, key: "chat.errors.badImage" };
    case MsgType.PRODUCT:
      return /^\d{1,9}$/.test(content.trim())
        ? { ok: true, value: { msgType, content: content.trim() } }
        : { ok: false, key: "chat.errors.cardInvalid" };
    case MsgType.ORDER:
      return /^\d{1,30}$/.test(content.trim())
        ? { ok: true, value: { msgType, content: content.trim() } }
        : { ok: false, key: "chat.errors.cardInvalid" };
    default:
      return { ok: false, key: "chat.errors.badType" };
  }
}

/** The stored content of a product card (JSON in `content`). */
export interface ProductCard {
  prodId: number;
  prodName: LocalizedText;
  pic: string;
  price: string;
}
/** The stored content of an order card. */
export interface OrderCard {
  orderNumber: string;
  orderFlag: true;
  prodName: LocalizedText;
  pic: string;
  actualTotal: string;
  productNums: number;
  status: number;
}

export type ChatSide = "user" | "agent";

export interface ChatMessageDto {
  msgId: number;
  conversationId: number;
  shopId: number;
  userId: string;
  from: ChatSide;
  msgType: MsgTypeValue;
  /** Text, an image path, or a card as JSON. */
  content: string;
  createTime: string;
  /** A product card's product as it is now (the card keeps what was sent); absent for other messages. */
  prodNow?: CardProductNow;
  /**
   * A picture message's picture as the image pipeline knows it (docs/image.md): its variants'
   * URLs follow from it (src/lib/image/ladder.ts); an animated one (a GIF) says `animated: true`
   * and is served as animated WebP and GIF. Absent for other messages, and for a picture unknown
   * to the pipeline: shown as it is.
   */
  picture?: ImageInfo;
}

/**
 * A product card's product as it is at reading time: `status` 1 only when on sale in an open shop
 * (as the collections' status), `totalStocks` its stock over the SKUs on sale.
 */
export interface CardProductNow {
  status: number;
  totalStocks: number;
}

/**
 * What a product card says over its picture: "offShelf" when the product is no longer on sale
 * (or gone), "soldOut" when on sale without stock (isSoldOut, src/lib/catalog/stock.ts), else null.
 */
export function cardProductFlag(now: CardProductNow | undefined): "offShelf" | "soldOut" | null {
  if (!now) return null;
  if (now.status !== 1) return "offShelf";
  return isSoldOut(now.totalStocks) ? "soldOut" : null;
}

export interface ConversationDto {
  conversationId: number;
  shopId: number;
  /** 1 platform official service, 2 shop (CONTRACT §9 chatType). */
  chatType: 1 | 2;
  /** The shop's name (the buyer's nickname for agents). */
  friendName: string;
  pic: string | null;
  userId: string;
  latestMsg: string | null;
  type: MsgTypeValue | null;
  unread: number;
  shopStatus: number;
  timeStr: string | null;
  lastMsgId: number;
  /** Up to which message the other side has received / read (for the sender's ticks). */
  otherDeliveredId: number;
  otherReadId: number;
}

export type MessageState = "sent" | "delivered" | "read";

/** The tick of one of my messages, from the other side's pointers. */
export function messageState(msgId: number, otherDeliveredId: number, otherReadId: number): MessageState {
  if (msgId <= otherReadId) return "read";
  if (msgId <= otherDeliveredId) return "delivered";
  return "sent";
}

/** Parses a stored card; null when `content` is not a card of that kind. */
export function parseCard(msgType: number, content: string): ProductCard | OrderCard | null {
  if (msgType !== MsgType.PRODUCT && msgType !== MsgType.ORDER) return null;
  try {
    const v = JSON.parse(content) as ProductCard | OrderCard;
    return v && typeof v === "object" ? v : null;
  } catch {
    return null;
  }
}

/** The socket path of a buyer: /im/websocket/online/user/{encoded token}/{userId}. The token is base64, then URL-encoded. */
export function userSocketPath(token: string, userId: string): string {
  return `/im/websocket/online/user/${encodeURIComponent(btoa(token))}/${encodeURIComponent(userId)}`;
}
/** The socket path of a shop agent (merchant token) or the official service (platform token). */
export function agentSocketPath(kind: "shop" | "platform", token: string): string {
  return `/im/websocket/online/${kind}/${encodeURIComponent(btoa(token))}`;
}
