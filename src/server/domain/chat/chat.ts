/**
 * Chat storage (docs/chat.md): conversations between a buyer and a shop (shopId 0 = the
 * platform's official service), messages, read/delivered pointers and unread counters, who may
 * use a socket, and which agents are online. Every message is stored (one transaction with its
 * conversation's counters) before anyone is told about it.
 */
import { timingSafeEqual, createHash } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, like, lt, or, sql, sum } from "drizzle-orm";
import {
  ChatCode,
  CHAT_PAGE_SIZE,
  CHAT_TEXT_MAX,
  MsgType,
  noticeKey,
  parseCard,
  PLATFORM_SHOP_ID,
  type CardProductNow,
  type ChatMessageDto,
  type ChatSide,
  type ConversationDto,
  type MsgTypeValue,
  type OrderCard,
  type OutgoingMessage,
  type ProductCard,
} from "../../../lib/chat/chat.ts";
import type { Page } from "../../../lib/api-types.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import { getT } from "../../../i18n/index.ts";
import { rowsOf, type Db } from "../../db/client.ts";
import { imageRecords } from "../image/image-store.ts";
import {
  chatAgentPresence,
  chatConversations,
  chatMessages,
  orderItems,
  orders,
  products,
  productTranslations,
  sessions,
  shops,
  users,
} from "../../db/schema/index.ts";
import { hashToken } from "../account/tokens.ts";
import { afterRead, messageEffect, type ReadState } from "./chat-rules.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { displayStatus } from "../collection/collection.ts";
import { assertOwnUploads, UploadError } from "../upload/upload-owner.ts";

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

type ConversationRow = typeof chatConversations.$inferSelect;

const readStateOf = (c: ConversationRow): ReadState => ({
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
  const records = rows.map((r): ConversationDto => {
    const c = r.c;
    const official = c.shopId === PLATFORM_SHOP_ID;
    const mine = who.side === "user";
    return {
      conversationId: c.conversationId,
      shopId: c.shopId,
      chatType: official ? 1 : 2,
      friendName: mine
        ? official
          ? officialName
          : pickText(r.shopName as LocalizedText | null, locale)
        : (r.nickName ?? c.userId),
      pic: mine ? (official ? null : r.shopLogo) : (r.userPic ?? null),
      userId: c.userId,
      latestMsg: r.content == null ? null : preview(r.msgType ?? 0, r.content, locale),
      type: (r.msgType ?? null) as MsgTypeValue | null,
      unread: mine ? c.userUnread : c.agentUnread,
      shopStatus: official ? 1 : (r.shopStatus ?? -1),
      timeStr: c.lastMsgAt ? c.lastMsgAt.toISOString() : null,
      lastMsgId: c.lastMsgId,
      otherDeliveredId: mine ? c.agentDeliveredId : c.userDeliveredId,
      otherReadId: mine ? c.agentReadId : c.userReadId,
    };
  });
  return { records, total, current: q.current, size: q.size, pages: Math.ceil(total / q.size) };
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
  const mine = side === "user";
  return {
    conversationId: c.conversationId,
    shopId: c.shopId,
    chatType: official ? 1 : 2,
    friendName: mine
      ? official
        ? officialName
        : pickText(shop?.shopName ?? null, locale)
      : (user?.nickName ?? c.userId),
    pic: mine ? (shop?.shopLogo ?? null) : (user?.pic ?? null),
    userId: c.userId,
    latestMsg: last ? preview(last.msgType, last.content, locale) : null,
    type: (last?.msgType ?? null) as MsgTypeValue | null,
    unread: mine ? c.userUnread : c.agentUnread,
    shopStatus: official ? 1 : (shop?.shopStatus ?? -1),
    timeStr: c.lastMsgAt ? c.lastMsgAt.toISOString() : null,
    lastMsgId: c.lastMsgId,
    otherDeliveredId: mine ? c.agentDeliveredId : c.userDeliveredId,
    otherReadId: mine ? c.agentReadId : c.userReadId,
  };
}

/** The buyer's unread messages over all conversations (top bar badge). */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sum(chatConversations.userUnread) })
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

type MessageRow = typeof chatMessages.$inferSelect;

const toDto = (m: MessageRow, c: Pick<ConversationRow, "shopId" | "userId">): ChatMessageDto => ({
  msgId: m.msgId,
  conversationId: m.conversationId,
  shopId: c.shopId,
  userId: c.userId,
  from: m.sender === 1 ? "user" : "agent",
  msgType: m.msgType as MsgTypeValue,
  content: m.content,
  createTime: m.createdAt.toISOString(),
});

/** The products of product cards as they are now (status as in the collections, stock), by id. */
async function productsNow(db: Db, prodIds: readonly number[]): Promise<Map<number, CardProductNow>> {
  if (prodIds.length === 0) return new Map();
  const rows = await db
    .select({
      prodId: products.prodId,
      status: products.status,
      totalStocks: products.totalStocks,
      shopStatus: shops.shopStatus,
    })
    .from(products)
    .leftJoin(shops, eq(shops.shopId, products.shopId))
    .where(inArray(products.prodId, [...new Set(prodIds)]));
  return new Map(
    rows.map((r) => [r.prodId, { status: displayStatus(r.status, r.shopStatus), totalStocks: r.totalStocks }]),
  );
}

/** The messages with their product cards' products as they are now (`prodNow`). */
async function withProductsNow(db: Db, msgs: ChatMessageDto[]): Promise<ChatMessageDto[]> {
  const cardProd = (m: ChatMessageDto) => {
    if (m.msgType !== MsgType.PRODUCT) return null;
    const id = (parseCard(m.msgType, m.content) as ProductCard | null)?.prodId;
    return typeof id === "number" && Number.isSafeInteger(id) ? id : null;
  };
  const now = await productsNow(
    db,
    msgs.map(cardProd).filter((id): id is number => id !== null),
  );
  return msgs.map((m) => {
    const id = cardProd(m);
    const p = id === null ? undefined : now.get(id);
    return p ? { ...m, prodNow: p } : m;
  });
}

/**
 * The picture messages with what the image pipeline knows of their picture (`picture`: size,
 * placeholder colour, hash — the ladder's URLs follow from it, docs/image.md), so that every
 * reader shows the ladder and never the stored upload. An animated picture (no variants) or one
 * the pipeline does not know has none.
 */
async function withPictures(db: Db, msgs: ChatMessageDto[]): Promise<ChatMessageDto[]> {
  const paths = msgs.filter((m) => m.msgType === MsgType.IMAGE).map((m) => m.content);
  if (paths.length === 0) return msgs;
  const known = await imageRecords(db, paths);
  return msgs.map((m) => {
    const r = m.msgType === MsgType.IMAGE ? known.get(m.content) : undefined;
    return r && !r.animated
      ? { ...m, picture: { width: r.width, height: r.height, color: r.color, hash: r.hash, alpha: r.alpha } }
      : m;
  });
}

/** The messages as readers get them: product cards' products as they are now, pictures' ladder. */
async function readable(db: Db, msgs: ChatMessageDto[]): Promise<ChatMessageDto[]> {
  return withPictures(db, await withProductsNow(db, msgs));
}

/** A page of history before `before` (exclusive; none = the latest), oldest first, and whether older ones exist. */
export async function history(
  db: Db,
  c: ConversationRow,
  before: number | undefined,
  size = CHAT_PAGE_SIZE,
): Promise<{ records: ChatMessageDto[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, c.conversationId), before ? lt(chatMessages.msgId, before) : undefined))
    .orderBy(desc(chatMessages.msgId))
    .limit(size + 1);
  const hasMore = rows.length > size;
  return {
    records: await readable(
      db,
      rows
        .slice(0, size)
        .reverse()
        .map((m) => toDto(m, c)),
    ),
    hasMore,
  };
}

/**
 * The stored content of a card: the product or order as it is now. A card that does not belong to
 * the conversation (another shop's product or order, someone else's order) is refused with
 * "inquiry invalid because started on another page". The official service takes any of the buyer's.
 */
async function cardContent(db: Db, c: ConversationRow, msg: OutgoingMessage): Promise<string> {
  const invalid = () => new ChatError("chat.errors.cardInvalid");
  if (msg.msgType === MsgType.PRODUCT) {
    const prodId = Number(msg.content);
    const [p] = await db
      .select({
        prodId: products.prodId,
        shopId: products.shopId,
        pic: products.pic,
        price: products.price,
        status: products.status,
      })
      .from(products)
      .where(eq(products.prodId, prodId))
      .limit(1);
    if (!p || p.status === -1 || (c.shopId !== PLATFORM_SHOP_ID && p.shopId !== c.shopId)) throw invalid();
    const names = await db
      .select({ locale: productTranslations.locale, prodName: productTranslations.prodName })
      .from(productTranslations)
      .where(eq(productTranslations.prodId, prodId));
    const prodName = Object.fromEntries(names.map((n) => [n.locale, n.prodName])) as LocalizedText;
    const card: ProductCard = { prodId, prodName, pic: p.pic, price: p.price };
    return JSON.stringify(card);
  }
  const [o] = await db
    .select({
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      shopId: orders.shopId,
      actualTotal: orders.actualTotal,
      productNums: orders.productNums,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.orderNumber, msg.content))
    .limit(1);
  if (!o || o.userId !== c.userId || (c.shopId !== PLATFORM_SHOP_ID && o.shopId !== c.shopId)) throw invalid();
  const [item] = await db
    .select({ prodName: orderItems.prodName, pic: orderItems.pic })
    .from(orderItems)
    .where(eq(orderItems.orderNumber, o.orderNumber))
    .orderBy(asc(orderItems.orderItemId))
    .limit(1);
  const card: OrderCard = {
    orderNumber: o.orderNumber,
    orderFlag: true,
    prodName: item?.prodName ?? { zh: "", "zh-tw": "", en: "" },
    pic: item?.pic ?? "",
    actualTotal: o.actualTotal,
    productNums: o.productNums,
    status: o.status,
  };
  return JSON.stringify(card);
}

/**
 * A picture must be an upload of its sender (the buyer, or the conversation's shop) or one already
 * shown in this conversation; anything else (another account's upload) is refused.
 */
async function checkPicture(db: Db, c: ConversationRow, from: ChatSide, path: string): Promise<void> {
  const [shown] = await db
    .select({ id: chatMessages.msgId })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, c.conversationId),
        eq(chatMessages.msgType, MsgType.IMAGE),
        eq(chatMessages.content, path),
      ),
    )
    .limit(1);
  if (shown) return;
  const owner = from === "user" ? { userId: c.userId, shopId: null } : { userId: null, shopId: c.shopId };
  try {
    await assertOwnUploads(db, [path], owner);
  } catch (err) {
    if (err instanceof UploadError) throw new ChatError(err.key);
    throw err;
  }
}

/**
 * Stores a message of `from` in conversation `c` (checked by `checkOutgoing` before) with the
 * conversation's counters (messageEffect), in one statement: the insert and the counters'
 * update commit together or not at all. Returns the stored message.
 */
export async function storeMessage(
  db: Db,
  c: ConversationRow,
  from: ChatSide,
  msg: OutgoingMessage,
  now: Date,
): Promise<ChatMessageDto> {
  if (msg.msgType === MsgType.IMAGE) await checkPicture(db, c, from, msg.content);
  const content =
    msg.msgType === MsgType.PRODUCT || msg.msgType === MsgType.ORDER ? await cardContent(db, c, msg) : msg.content;
  const e = messageEffect(from);
  const col = (k: keyof typeof chatConversations.$inferSelect) => sql.raw(`"${chatConversations[k].name}"`);
  const result = await db.execute(sql`
    with m as (
      insert into chat_messages (conversation_id, sender, msg_type, content, created_at)
      values (${c.conversationId}, ${from === "user" ? 1 : 2}, ${msg.msgType}, ${content}, ${now.toISOString()})
      returning msg_id, created_at
    )
    update chat_conversations set
      last_msg_id = greatest(last_msg_id, m.msg_id), last_msg_at = m.created_at,
      ${col(e.unreadUp)} = ${col(e.unreadUp)} + 1, ${col(e.unreadClear)} = 0, ${col(e.readTo)} = greatest(${col(e.readTo)}, m.msg_id)
    from m where conversation_id = ${c.conversationId}
    returning m.msg_id as "msgId", m.created_at as "createdAt"`);
  const [row] = rowsOf<{ msgId: number | string; createdAt: Date | string }>(result);
  if (!row) throw new Error(`conversation ${c.conversationId} is gone`);
  const dto = toDto(
    {
      msgId: Number(row.msgId),
      conversationId: c.conversationId,
      sender: from === "user" ? 1 : 2,
      msgType: msg.msgType,
      content,
      createdAt: new Date(row.createdAt),
    },
    c,
  );
  return msg.msgType === MsgType.PRODUCT || msg.msgType === MsgType.IMAGE
    ? ((await readable(db, [dto]))[0] ?? dto)
    : dto;
}

/** `side` has read the conversation up to `upTo` (default: everything). Returns the new pointers of that side. */
export async function markRead(
  db: Db,
  c: ConversationRow,
  side: ChatSide,
  upTo?: number,
): Promise<{ readId: number; deliveredId: number; unread: number }> {
  return db.transaction(async (tx) => {
    const [cur] = await tx
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.conversationId, c.conversationId))
      .for("update");
    const s0 = readStateOf(cur!);
    const target = upTo ?? s0.lastMsgId;
    const oldRead = side === "user" ? s0.userReadId : s0.agentReadId;
    const others =
      target < s0.lastMsgId
        ? (
            await tx
              .select({ id: chatMessages.msgId })
              .from(chatMessages)
              .where(
                and(
                  eq(chatMessages.conversationId, c.conversationId),
                  gt(chatMessages.msgId, oldRead),
                  eq(chatMessages.sender, side === "user" ? 2 : 1),
                ),
              )
          ).map((r) => r.id)
        : [];
    const s = afterRead(s0, side, target, others);
    const readId = side === "user" ? s.userReadId : s.agentReadId;
    const deliveredKey = side === "user" ? "userDeliveredId" : "agentDeliveredId";
    const deliveredId = Math.max(cur![deliveredKey], readId);
    await tx
      .update(chatConversations)
      .set({ ...s, [deliveredKey]: deliveredId })
      .where(eq(chatConversations.conversationId, c.conversationId));
    return { readId, deliveredId, unread: side === "user" ? s.userUnread : s.agentUnread };
  });
}

/** A socket of `side` received message `msgId`: its delivered pointer moves (never backwards). */
export async function markDelivered(
  db: Db,
  conversationId: number,
  side: ChatSide,
  msgId: number,
): Promise<{ deliveredId: number; readId: number } | null> {
  const col = side === "user" ? chatConversations.userDeliveredId : chatConversations.agentDeliveredId;
  const rows = await db
    .update(chatConversations)
    .set({ [side === "user" ? "userDeliveredId" : "agentDeliveredId"]: sql`greatest(${col}, ${msgId})` })
    .where(and(eq(chatConversations.conversationId, conversationId), lt(col, msgId)))
    .returning({
      deliveredId: col,
      readId: side === "user" ? chatConversations.userReadId : chatConversations.agentReadId,
    });
  return rows[0] ?? null;
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
