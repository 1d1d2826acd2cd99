/**
 * Chat storage (docs/chat.md): conversations between a buyer and a shop (shopId 0 = the
 * platform's official service), messages, read/delivered pointers and unread counters, who may
 * use a socket, and which agents are online. Every message is stored (one transaction with its
 * conversation's counters) before anyone is told about it.
 */
import { timingSafeEqual, createHash } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, like, or, sql, sum } from "drizzle-orm";
import {
  ChatCode,
  CHAT_TEXT_MAX,
  MsgType,
  noticeKey,
  PLATFORM_SHOP_ID,
  type ChatMessageDto,
  type ChatSide,
  type ConversationDto,
  type MsgTypeValue,
  type OrderCard,
  type ProductCard,
} from "../../../lib/chat/chat.ts";
import type { Page } from "../../../lib/api-types.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import { getT } from "../../../i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { imageInfoOf, imageRecords } from "../image/image-store.ts";
import { chatAgentPresence, chatConversations, chatMessages, sessions, shops, users } from "../../db/schema/index.ts";
import { hashToken } from "../account/tokens.ts";
import type { ReadState } from "./chat-rules.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { withProductsNow } from "./chat-cards.ts";
import { pageOf } from "../kernel/page.ts";

/**
 * A refusal: `key` is a chat.* message (the text limit as {{max}}); over HTTP it is A00001, on
 * the socket `frame` is the frame code it is answered with.
 */
export class ChatError extends DomainError {
  constructor(
    key: string,
    readonly frame: number = ChatCode.REFUSED,
  ) {
    super(key, { params: { max: CHAT_TEXT_MAX } });
  }
}

/**
 * Who holds a socket. `sessionId` and `expiresAt` are the login's (null for the official service,
 * whose platform token is configuration, not a login): the socket closes when that session ends.
 */
export type ChatIdentity =
  | { kind: "user"; userId: string; sessionId: number; expiresAt: Date }
  | { kind: "agent"; shopId: number; sessionId: number | null; expiresAt: Date | null };

export type SocketRoute =
  { kind: "user"; token: string; userId: string } | { kind: "shop" | "platform"; token: string };

/**
 * The socket URL: /im/websocket/online/user/{token}/{userId}, /im/websocket/online/shop/{token},
 * /im/websocket/online/platform/{token}; the token base64 and URL-encoded. Null when malformed.
 */
export function parseSocketPath(pathname: string): SocketRoute | null {
  const m = /^\/im\/websocket\/online\/(user|shop|platform)\/([^/]{1,400})(?:\/([^/]{1,100}))?\/?$/.exec(pathname);
  if (!m) return null;
  let token: string;
  let userId = "";
  try {
    const b64 = decodeURIComponent(m[2]!);
    if (!/^[A-Za-z0-9+/=_-]+$/.test(b64)) return null;
    token = Buffer.from(b64.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
    if (m[3] !== undefined) userId = decodeURIComponent(m[3]);
  } catch {
    return null;
  }
  if (!token || !/^[\x21-\x7e]+$/.test(token)) return null;
  if (m[1] === "user") return userId ? { kind: "user", token, userId } : null;
  return { kind: m[1] as "shop" | "platform", token };
}

/** Constant-time comparison of a sent secret with the configured one; "" (not configured) never matches. */
export function sameSecret(a: string, b: string): boolean {
  if (!b) return false;
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

/**
 * Who opens a socket: a buyer (user token whose user is the URL's), a shop agent (merchant
 * token) or the official service (the platform token). "relogin" for an unknown, expired or
 * revoked token; "forged" when a valid buyer token is used with another user's id.
 */
export async function authenticateSocket(
  db: Db,
  route: SocketRoute,
  platformToken: string,
  now: Date,
): Promise<ChatIdentity | "relogin" | "forged"> {
  if (route.kind === "platform")
    return sameSecret(route.token, platformToken)
      ? { kind: "agent", shopId: PLATFORM_SHOP_ID, sessionId: null, expiresAt: null }
      : "relogin";
  const kind = route.kind === "user" ? "user" : "merchant";
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, shopId: sessions.shopId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(route.token)),
        eq(sessions.kind, kind),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return "relogin";
  if (route.kind === "user")
    return row.userId === route.userId
      ? { kind: "user", userId: row.userId, sessionId: row.id, expiresAt: row.expiresAt }
      : "forged";
  return row.shopId != null
    ? { kind: "agent", shopId: row.shopId, sessionId: row.id, expiresAt: row.expiresAt }
    : "relogin";
}

/**
 * Which of these sessions are still live (not revoked, not expired, still there) with their end:
 * the sockets of the others close (logout, password change, expiry; docs/chat.md "Session ends").
 */
export async function liveSessions(db: Db, ids: readonly number[], now: Date): Promise<Map<number, Date>> {
  const live = new Map<number, Date>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: sessions.id, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(
        and(inArray(sessions.id, ids.slice(i, i + 1000)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
      );
    for (const r of rows) live.set(r.id, r.expiresAt);
  }
  return live;
}

// ---------------------------------------------------------------------------------------------
// Conversations
// ---------------------------------------------------------------------------------------------

export type ConversationRow = typeof chatConversations.$inferSelect;

export const readStateOf = (c: ConversationRow): ReadState => ({
  lastMsgId: c.lastMsgId,
  userUnread: c.userUnread,
  agentUnread: c.agentUnread,
  userReadId: c.userReadId,
  agentReadId: c.agentReadId,
});

/** The buyer's conversation with a shop (0 = official service), made on first use. Unknown shop → noShop. */
export async function conversationOf(db: Db, userId: string, shopId: number): Promise<ConversationRow> {
  const [found] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.userId, userId), eq(chatConversations.shopId, shopId)))
    .limit(1);
  if (found) return found;
  if (shopId !== PLATFORM_SHOP_ID) {
    const [shop] = await db.select({ shopId: shops.shopId }).from(shops).where(eq(shops.shopId, shopId)).limit(1);
    if (!shop) throw new ChatError("chat.errors.noShop");
  }
  await db.insert(chatConversations).values({ userId, shopId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.userId, userId), eq(chatConversations.shopId, shopId)))
    .limit(1);
  return row!;
}

/** An agent's conversation by id, only when it is their shop's (else "not your responsibility"). */
export async function agentConversation(db: Db, shopId: number, conversationId: number): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.conversationId, conversationId))
    .limit(1);
  if (!row) throw new ChatError("chat.errors.noConversation");
  if (row.shopId !== shopId) throw new ChatError("chat.errors.notYours", ChatCode.NOT_YOURS);
  return row;
}

/** An agent's conversation with a buyer (by userId), only one that exists. */
export async function agentConversationWith(db: Db, shopId: number, userId: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.userId, userId), eq(chatConversations.shopId, shopId)))
    .limit(1);
  if (!row) throw new ChatError("chat.errors.notYours", ChatCode.NOT_YOURS);
  return row;
}

function preview(msgType: number, content: string, locale: Locale): string {
  if (msgType === MsgType.NOTICE) {
    const key = noticeKey(content);
    return key ? getT(locale)(key) : "";
  }
  if (msgType === MsgType.PRODUCT || msgType === MsgType.ORDER) {
    try {
      const card = JSON.parse(content) as ProductCard | OrderCard;
      return pickText(card.prodName, locale);
    } catch {
      return "";
    }
  }
  return content;
}

/**
 * Conversations with a message, newest first: the buyer's (`side` user, names of the shops) or a
 * shop's (`side` agent, names of the buyers). `officialName` names shopId 0.
 */
export async function listConversations(
  db: Db,
  who: { side: "user"; userId: string } | { side: "agent"; shopId: number },
  q: { current: number; size: number },
  locale: Locale,
  officialName: string,
): Promise<Page<ConversationDto>> {
  const where = and(
    who.side === "user" ? eq(chatConversations.userId, who.userId) : eq(chatConversations.shopId, who.shopId),
    gt(chatConversations.lastMsgId, 0),
  );
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(chatConversations)
    .where(where)) as [{ total: number }];
  const rows = await db
    .select({
      c: chatConversations,
      shopName: shops.shopName,
      shopLogo: shops.shopLogo,
      shopStatus: shops.shopStatus,
      nickName: users.nickName,
      userPic: users.pic,
      msgType: chatMessages.msgType,
      content: chatMessages.content,
    })
    .from(chatConversations)
    .leftJoin(shops, eq(shops.shopId, chatConversations.shopId))
    .leftJoin(users, eq(users.userId, chatConversations.userId))
    .leftJoin(chatMessages, eq(chatMessages.msgId, chatConversations.lastMsgId))
    .where(where)
    .orderBy(desc(chatConversations.lastMsgId))
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  const records = rows.map((r) => conversationDto(r.c, r, who.side, locale, officialName));
  return pageOf(records, total, q);
}

/**
 * A conversation as `side` sees it, from its row and what was read beside it: the shop's name,
 * logo and status, the buyer's nickname and picture, the last message (null when not read or
 * none). The platform's conversations (shopId 0) are named `officialName` and always open.
 */
function conversationDto(
  c: ConversationRow,
  beside: {
    shopName?: LocalizedText | null;
    shopLogo?: string | null;
    shopStatus?: number | null;
    nickName?: string | null;
    userPic?: string | null;
    msgType: number | null;
    content: string | null;
  },
  side: ChatSide,
  locale: Locale,
  officialName: string,
): ConversationDto {
  const official = c.shopId === PLATFORM_SHOP_ID;
  const mine = side === "user";
  return {
    conversationId: c.conversationId,
    shopId: c.shopId,
    chatType: official ? 1 : 2,
    friendName: mine
      ? official
        ? officialName
        : pickText(beside.shopName ?? null, locale)
      : (beside.nickName ?? c.userId),
    pic: mine ? (official ? null : (beside.shopLogo ?? null)) : (beside.userPic ?? null),
    userId: c.userId,
    latestMsg: beside.content == null ? null : preview(beside.msgType ?? 0, beside.content, locale),
    type: (beside.msgType ?? null) as MsgTypeValue | null,
    unread: mine ? c.userUnread : c.agentUnread,
    shopStatus: official ? 1 : (beside.shopStatus ?? -1),
    timeStr: c.lastMsgAt ? c.lastMsgAt.toISOString() : null,
    lastMsgId: c.lastMsgId,
    otherDeliveredId: mine ? c.agentDeliveredId : c.userDeliveredId,
    otherReadId: mine ? c.agentReadId : c.userReadId,
  };
}

/** One conversation as its header shows it (also before any message: opening a new chat). */
export async function conversationHeader(
  db: Db,
  c: ConversationRow,
  side: ChatSide,
  locale: Locale,
  officialName: string,
): Promise<ConversationDto> {
  const official = c.shopId === PLATFORM_SHOP_ID;
  const [shop] = official
    ? []
    : await db
        .select({ shopName: shops.shopName, shopLogo: shops.shopLogo, shopStatus: shops.shopStatus })
        .from(shops)
        .where(eq(shops.shopId, c.shopId))
        .limit(1);
  const [user] =
    side === "agent"
      ? await db
          .select({ nickName: users.nickName, pic: users.pic })
          .from(users)
          .where(eq(users.userId, c.userId))
          .limit(1)
      : [];
  const [last] = c.lastMsgId
    ? await db
        .select({ msgType: chatMessages.msgType, content: chatMessages.content })
        .from(chatMessages)
        .where(eq(chatMessages.msgId, c.lastMsgId))
        .limit(1)
    : [];
  return conversationDto(
    c,
    {
      ...shop,
      nickName: user?.nickName,
      userPic: user?.pic,
      msgType: last?.msgType ?? null,
      content: last?.content ?? null,
    },
    side,
    locale,
    officialName,
  );
}

/** The buyer's unread messages over all conversations (top bar badge). */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sum(chatConversations.userUnread) })
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * The picture messages with what the image pipeline knows of their picture (`picture`: size,
 * placeholder colour, hash — the ladder's URLs follow from it, docs/image.md), so that every
 * reader shows the ladder and never the stored upload (an animated GIF's is animated WebP and GIF,
 * `animated: true`). A picture the pipeline does not know has none.
 */
async function withPictures(db: Db, msgs: ChatMessageDto[]): Promise<ChatMessageDto[]> {
  const paths = msgs.filter((m) => m.msgType === MsgType.IMAGE).map((m) => m.content);
  if (paths.length === 0) return msgs;
  const known = await imageRecords(db, paths);
  return msgs.map((m) => {
    const r = m.msgType === MsgType.IMAGE ? known.get(m.content) : undefined;
    return r ? { ...m, picture: imageInfoOf(r) } : m;
  });
}

/** The messages as readers get them: product cards' products as they are now, pictures' ladder. */
export async function readable(db: Db, msgs: ChatMessageDto[]): Promise<ChatMessageDto[]> {
  return withPictures(db, await withProductsNow(db, msgs));
}

// ---------------------------------------------------------------------------------------------
// Agents online (any process)
// ---------------------------------------------------------------------------------------------

/** A presence row older than this is a socket of a process that died. */
export const PRESENCE_STALE_MS = 60_000;
/**
 * An agent who works over HTTP (the merchant / platform chat API, `npm run ops -- chat`) has no
 * socket: each of its calls counts as being online for this long.
 */
export const HTTP_PRESENCE_MS = 5 * 60_000;
const HTTP_CONN = "http:";

export async function agentOnline(db: Db, connId: string, shopId: number, now: Date): Promise<void> {
  await db
    .insert(chatAgentPresence)
    .values({ connId, shopId, seenAt: now })
    .onConflictDoUpdate({ target: chatAgentPresence.connId, set: { seenAt: now } });
}

export async function agentOffline(db: Db, connIds: string[]): Promise<void> {
  if (connIds.length) await db.delete(chatAgentPresence).where(inArray(chatAgentPresence.connId, connIds));
}

/** An agent's call over HTTP: the shop counts as online (HTTP_PRESENCE_MS). Answers whether it was offline before (a presence event is due). */
export async function agentSeenOverHttp(db: Db, shopId: number, now: Date): Promise<boolean> {
  const before = await isAgentOnline(db, shopId, now);
  await agentOnline(db, `${HTTP_CONN}${shopId}`, shopId, now);
  return !before;
}

/** Whether any agent of the shop (0 = official service) has a socket open in any process, or worked over HTTP lately. */
export async function isAgentOnline(db: Db, shopId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ connId: chatAgentPresence.connId })
    .from(chatAgentPresence)
    .where(
      and(
        eq(chatAgentPresence.shopId, shopId),
        or(
          gt(chatAgentPresence.seenAt, new Date(now.getTime() - PRESENCE_STALE_MS)),
          and(
            like(chatAgentPresence.connId, `${HTTP_CONN}%`),
            gt(chatAgentPresence.seenAt, new Date(now.getTime() - HTTP_PRESENCE_MS)),
          ),
        ),
      ),
    )
    .limit(1);
  return !!row;
}
