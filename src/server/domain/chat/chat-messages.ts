/**
 * Chat messages (docs/chat.md): a conversation's history with its product cards as they are now,
 * storing a message (cards and pictures checked), read and delivered marks.
 */
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import {
  CHAT_PAGE_SIZE,
  MsgType,
  PLATFORM_SHOP_ID,
  type ChatMessageDto,
  type ChatSide,
  type MsgTypeValue,
  type OrderCard,
  type OutgoingMessage,
  type ProductCard,
} from "../../../lib/chat/chat.ts";
import type { LocalizedText } from "../../../lib/locale.ts";
import { rowsOf, type Db } from "../../db/client.ts";
import {
  chatConversations,
  chatMessages,
  orderItems,
  orders,
  products,
  productTranslations,
} from "../../db/schema/index.ts";
import { afterRead, messageEffect } from "./chat-rules.ts";
import { assertOwnUploads, UploadError } from "../upload/upload-owner.ts";
import { ChatError, type ConversationRow, readStateOf, readable } from "./chat.ts";

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
