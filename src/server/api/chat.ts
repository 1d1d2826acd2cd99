/**
 * Chat over HTTP (docs/chat.md); the live part is the websocket (src/server/http/chat-socket.ts).
 * Buyer (token):
 *   GET|POST /p/user/conversations?current=&size=          → Page<ConversationDto>, newest first
 *   GET  /p/chat/conversation?shopId=                      → ConversationDto & {online} (made on first use; 0 = official service)
 *   GET  /p/chat/messages?shopId=&before=&size=            → {records (oldest first), hasMore}: history paged upward
 *   POST /p/chat/messages {shopId, msgType, content}       → ChatMessageDto (stored, then delivered)
 *   POST /p/chat/read {shopId, upTo?}                      → {unread} (the buyer's unread total after it)
 *   GET  /p/chat/unread                                    → {unread} (top bar badge)
 * Agents — a shop's merchant token under /merchant/chat, the platform token under /platform/chat
 * (the official service, shopId 0); only conversations of their own shop:
 *   GET  /{merchant|platform}/chat/conversations?current=&size=
 *   GET  /{merchant|platform}/chat/conversations/{conversationId}/messages?before=&size=
 *   POST /{merchant|platform}/chat/conversations/{conversationId}/messages {msgType?, content}
 *   POST /{merchant|platform}/chat/conversations/{conversationId}/read {upTo?}
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { CHAT_PAGE_MAX, CHAT_PAGE_SIZE, CHAT_TEXT_MAX, checkOutgoing, MsgType, type ChatSide } from "../../lib/chat/chat.ts";
import { intField, intFieldDefault } from "../../lib/validation.ts";
import {
  agentConversation, ChatError, conversationHeader, conversationOf, history, isAgentOnline, listConversations, markRead, sameSecret, storeMessage,
  unreadTotal,
} from "../domain/chat/chat.ts";
import { findMerchantSession } from "../domain/merchant/merchant.ts";
import { chatFlood } from "../domain/chat/chat-rules.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";

type C = Context<ApiEnv>;

export const chatRouter = new Hono<ApiEnv>();

const MAX_INT = 2_147_483_647;
const listRule = z.object({ current: intFieldDefault(1, 100_000, 1), size: intFieldDefault(1, 50, 20) });
const shopRule = z.object({ shopId: intField(0, MAX_INT) });
const historyRule = z.object({ before: intFieldDefault(0, Number.MAX_SAFE_INTEGER, 0), size: intFieldDefault(1, CHAT_PAGE_MAX, CHAT_PAGE_SIZE) });
const readRule = z.object({ upTo: intField(1, Number.MAX_SAFE_INTEGER).optional() });

async function body(c: C): Promise<Record<string, unknown>> {
  try {
    const v = (await c.req.json()) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Runs a chat operation; a ChatError becomes A00001 with its message. */
async function run<T>(c: C, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ChatError) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(err.key, { max: CHAT_TEXT_MAX }));
    throw err;
  }
}

const official = (c: C) => c.var.t("chat.officialService");

/** Checks and stores a message of `from`, then hands it to the chat bus (every process's sockets). */
async function send(c: C, conv: Awaited<ReturnType<typeof conversationOf>>, from: ChatSide, msgType: unknown, content: unknown) {
  const checked = checkOutgoing(msgType, content);
  if (!checked.ok) throw new ChatError(checked.key);
  if (!chatFlood.take(from === "user" ? `u:${conv.userId}` : `s:${conv.shopId}:http`)) throw new ChatError("chat.errors.flood");
  const m = await storeMessage(c.var.app.db, conv, from, checked.value, new Date());
  await c.var.app.chatBus?.publish({ t: "msg", m });
  return m;
}

async function receipt(c: C, conv: Awaited<ReturnType<typeof conversationOf>>, side: ChatSide, r: { readId: number; deliveredId: number }) {
  await c.var.app.chatBus?.publish({ t: "receipt", conversationId: conv.conversationId, shopId: conv.shopId, userId: conv.userId, side, ...r });
}

// ---- buyer ---------------------------------------------------------------------------------------

const conversations = async (c: C) => {
  const q = listRule.parse(c.req.query());
  return ok(c, await listConversations(c.var.app.db, { side: "user", userId: c.var.userId }, q, c.var.locale, official(c)));
};
chatRouter.get("/p/user/conversations", conversations);
chatRouter.post("/p/user/conversations", conversations);

chatRouter.get("/p/chat/conversation", async (c) => {
  const { shopId } = shopRule.parse(c.req.query());
  return ok(c, await run(c, async () => {
    const conv = await conversationOf(c.var.app.db, c.var.userId, shopId);
    const header = await conversationHeader(c.var.app.db, conv, "user", c.var.locale, official(c));
    return { ...header, online: await isAgentOnline(c.var.app.db, shopId, new Date()) };
  }));
});

chatRouter.get("/p/chat/messages", async (c) => {
  const { shopId } = shopRule.parse(c.req.query());
  const q = historyRule.parse(c.req.query());
  return ok(c, await run(c, async () => history(c.var.app.db, await conversationOf(c.var.app.db, c.var.userId, shopId), q.before || undefined, q.size)));
});

chatRouter.post("/p/chat/messages", async (c) => {
  const b = await body(c);
  const { shopId } = shopRule.parse(b);
  return ok(c, await run(c, async () => send(c, await conversationOf(c.var.app.db, c.var.userId, shopId), "user", b.msgType ?? MsgType.TEXT, b.content)));
});

chatRouter.post("/p/chat/read", async (c) => {
  const b = await body(c);
  const { shopId } = shopRule.parse(b);
  const { upTo } = readRule.parse(b);
  return ok(c, await run(c, async () => {
    const conv = await conversationOf(c.var.app.db, c.var.userId, shopId);
    await receipt(c, conv, "user", await markRead(c.var.app.db, conv, "user", upTo));
    return { unread: await unreadTotal(c.var.app.db, c.var.userId) };
  }));
});

chatRouter.get("/p/chat/unread", async (c) => ok(c, { unread: await unreadTotal(c.var.app.db, c.var.userId) }));

// ---- agents --------------------------------------------------------------------------------------

/** The shop the agent answers for: the merchant token's shop, or 0 for the platform token. */
async function agentShop(c: C): Promise<number> {
  const token = (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "").trim();
  if (c.req.path.startsWith("/api/platform/")) {
    if (!sameSecret(token, c.var.app.config.platformApiToken)) throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
    return 0;
  }
  const session = await findMerchantSession(c.var.app.db, token, new Date());
  if (!session) throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
  return session.shopId;
}

const SCOPE = "/:scope{merchant|platform}/chat";
const idRule = z.object({ conversationId: intField(1, MAX_INT) });

chatRouter.get(`${SCOPE}/conversations`, async (c) => {
  const shopId = await agentShop(c);
  const q = listRule.parse(c.req.query());
  return ok(c, await listConversations(c.var.app.db, { side: "agent", shopId }, q, c.var.locale, official(c)));
});

chatRouter.get(`${SCOPE}/conversations/:conversationId/messages`, async (c) => {
  const shopId = await agentShop(c);
  const { conversationId } = idRule.parse(c.req.param());
  const q = historyRule.parse(c.req.query());
  return ok(c, await run(c, async () => {
    const conv = await agentConversation(c.var.app.db, shopId, conversationId);
    return { ...(await history(c.var.app.db, conv, q.before || undefined, q.size)), conversation: await conversationHeader(c.var.app.db, conv, "agent", c.var.locale, official(c)) };
  }));
});

chatRouter.post(`${SCOPE}/conversations/:conversationId/messages`, async (c) => {
  const shopId = await agentShop(c);
  const { conversationId } = idRule.parse(c.req.param());
  const b = await body(c);
  return ok(c, await run(c, async () => send(c, await agentConversation(c.var.app.db, shopId, conversationId), "agent", b.msgType ?? MsgType.TEXT, b.content)));
});

chatRouter.post(`${SCOPE}/conversations/:conversationId/read`, async (c) => {
  const shopId = await agentShop(c);
  const { conversationId } = idRule.parse(c.req.param());
  const { upTo } = readRule.parse(await body(c));
  return ok(c, await run(c, async () => {
    const conv = await agentConversation(c.var.app.db, shopId, conversationId);
    const r = await markRead(c.var.app.db, conv, "agent", upTo);
    await receipt(c, conv, "agent", r);
    return r;
  }));
});
