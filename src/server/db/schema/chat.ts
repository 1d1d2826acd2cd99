/** Chat (domain/chat; docs/chat.md). */
import { bigint, bigserial, index, integer, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, ts } from "./columns.ts";

/**
 * One conversation per buyer and shop; shopId 0 = the platform's official service.
 * Read state: the highest message id each side has read (`userReadId`, `agentReadId`) and has
 * received on a socket (`…DeliveredId`); unread counters are kept beside them in the same
 * transaction as each message (the conversation list and the top bar badge read them directly).
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    conversationId: serial("conversation_id").primaryKey(),
    userId: text("user_id").notNull(),
    shopId: integer("shop_id").notNull(),
    lastMsgId: bigint("last_msg_id", { mode: "number" }).notNull().default(0),
    lastMsgAt: ts("last_msg_at"),
    userUnread: integer("user_unread").notNull().default(0),
    agentUnread: integer("agent_unread").notNull().default(0),
    userReadId: bigint("user_read_id", { mode: "number" }).notNull().default(0),
    agentReadId: bigint("agent_read_id", { mode: "number" }).notNull().default(0),
    userDeliveredId: bigint("user_delivered_id", { mode: "number" }).notNull().default(0),
    agentDeliveredId: bigint("agent_delivered_id", { mode: "number" }).notNull().default(0),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("chat_conversations_user_shop_uq").on(t.userId, t.shopId),
    index("chat_conversations_shop_idx").on(t.shopId, t.lastMsgAt),
  ],
);

/** sender: 1 buyer, 2 agent (the shop's or the official service). msgType: 0 text, 1 image, 2 product card, 3 order card. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    msgId: bigserial("msg_id", { mode: "number" }).primaryKey(),
    conversationId: integer("conversation_id").notNull(),
    sender: smallint("sender").notNull(),
    msgType: smallint("msg_type").notNull().default(0),
    content: text("content").notNull(),
    createdAt: created(),
  },
  (t) => [index("chat_messages_conversation_idx").on(t.conversationId, t.msgId)],
);

/** Agent sockets open now, in any process (a row per socket; rows not seen for 60 s count as gone). */
export const chatAgentPresence = pgTable(
  "chat_agent_presence",
  {
    connId: text("conn_id").primaryKey(),
    shopId: integer("shop_id").notNull(),
    seenAt: ts("seen_at").notNull().defaultNow(),
  },
  (t) => [index("chat_agent_presence_shop_idx").on(t.shopId)],
);
