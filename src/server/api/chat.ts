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
import { CHAT_PAGE_MAX, CHAT_PAGE_SIZE, checkOutgoing, MsgType, type ChatSide } from "../../lib/chat/chat.ts";
import { intField, intFieldDefault } from "../../lib/validation.ts";
import {
  agentConversation,
  agentSeenOverHttp,
  ChatError,
  conversationHeader,
  conversationOf,
  isAgentOnline,
  listConversations,
  sameSecret,
  unreadTotal,
} from "../domain/chat/chat.ts";
import { history, markRead, storeMessage } from "../domain/chat/chat-messages.ts";
import { findMerchantSession } from "../domain/merchant/merchant.ts";
import { chatFlood } from "../domain/chat/chat-rules.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parse, parseParams, parseQuery, readJson, run, sentToken } from "./kit.ts";
import { ID_MAX } from "../../lib/ids.ts";

type C = Context<ApiEnv>;

export const chatRouter = new Hono<ApiEnv>();

const listRule = z.object({ current: intFieldDefault(1, 100_000, 1), size: intFieldDefault(1, 50, 20) });
const shopRule = z.object({ shopId: intField(0, ID_MAX) });
const historyRule = z.object({
  before: intFieldDefault(0, Number.MAX_SAFE_INTEGER, 0),
  size: intFieldDefault(1, CHAT_PAGE_MAX, CHAT_PAGE_SIZE),
});
const readRule = z.object({ upTo: intField(1, Number.MAX_SAFE_INTEGER).optional() });

/** The body's fields: a body that is not a JSON object has none (each rule then says what is missing). */
async function body(c: C): Promise<Record<string, unknown>> {
  const v = await readJson(c).catch(() => ({}));
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

const official = (c: C) => c.var.t("chat.officialService");

/**
 * Checks and stores a message of `from`, then hands it to the chat bus (every process's sockets).
 * What it says is checked before its conversation is looked up (a buyer's is made on first use),
 * so a refused message leaves no conversation behind.
 */
async function send(
  c: C,
  conversation: () => Promise<Awaited<ReturnType<typeof conversationOf>>>,
  from: ChatSide,
  msgType: unknown,
  content: unknown,
) {
  const checked = checkOutgoing(msgType, content);
  if (!checked.ok) throw new ChatError(checked.key);
  const conv = await conversation();
  if (!chatFlood.take(from === "user" ? `u:${conv.userId}` : `s:${conv.shopId}:http`))
    throw new ChatError("chat.errors.flood");
  const m = await storeMessage(c.var.app.db, conv, from, checked.value, new Date());
  await c.var.app.chatBus?.publish({ t: "msg", m });
  return m;
}

async function receipt(
  c: C,
  conv: Awaited<ReturnType<typeof conversationOf>>,
  side: ChatSide,
  r: { readId: number; deliveredId: number },
) {
  await c.var.app.chatBus?.publish({
    t: "receipt",
    conversationId: conv.conversationId,
    shopId: conv.shopId,
    userId: conv.userId,
    side,
    ...r,
  });
}

// ---- buyer ---------------------------------------------------------------------------------------

const conversations = async (c: C) => {
  const q = parseQuery(c, listRule);
  return ok(
    c,
    await listConversations(c.var.app.db, { side: "user", userId: c.var.userId }, q, c.var.locale, official(c)),
  );
};
chatRouter.get("/p/user/conversations", conversations);
chatRouter.post("/p/user/conversations", conversations);

chatRouter.get("/p/chat/conversation", async (c) => {
  const { shopId } = parseQuery(c, shopRule);
  return run(c, async () => {
    const conv = await conversationOf(c.var.app.db, c.var.userId, shopId);
    const header = await conversationHeader(c.var.app.db, conv, "user", c.var.locale, official(c));
    return { ...header, online: await isAgentOnline(c.var.app.db, shopId, new Date()) };
  });
});

chatRouter.get("/p/chat/messages", async (c) => {
  const { shopId } = parseQuery(c, shopRule);
  const q = parseQuery(c, historyRule);
  return run(c, async () =>
    history(c.var.app.db, await conversationOf(c.var.app.db, c.var.userId, shopId), q.before || undefined, q.size),
  );
});

chatRouter.post("/p/chat/messages", async (c) => {
  const b = await body(c);
  const { shopId } = parse(c, shopRule, b);
  return run(c, async () =>
    send(c, () => conversationOf(c.var.app.db, c.var.userId, shopId), "user", b.msgType ?? MsgType.TEXT, b.content),
  );
});

chatRouter.post("/p/chat/read", async (c) => {
  const b = await body(c);
  const { shopId } = parse(c, shopRule, b);
  const { upTo } = parse(c, readRule, b);
  return run(c, async () => {
    const conv = await conversationOf(c.var.app.db, c.var.userId, shopId);
    await receipt(c, conv, "user", await markRead(c.var.app.db, conv, "user", upTo));
    return { unread: await unreadTotal(c.var.app.db, c.var.userId) };
  });
});

chatRouter.get("/p/chat/unread", async (c) => ok(c, { unread: await unreadTotal(c.var.app.db, c.var.userId) }));

// ---- agents --------------------------------------------------------------------------------------

/** The shop the agent answers for: the merchant token's shop, or 0 for the platform token. */
async function agentShop(c: C): Promise<number> {
  const token = sentToken(c);
  if (c.req.path.startsWith("/api/platform/")) {
    if (!sameSecret(token, c.var.app.config.platformApiToken))
      throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
    return 0;
  }
  const session = await findMerchantSession(c.var.app.db, token, new Date());
  if (!session) throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
  return session.shopId;
}

/** The agent's shop (agentShop); the call counts as the agent being online (buyers watching it are told). */
async function agentAt(c: C): Promise<number> {
  const shopId = await agentShop(c);
  if (await agentSeenOverHttp(c.var.app.db, shopId, new Date()))
    await c.var.app.chatBus?.publish({ t: "presence", shopId });
  return shopId;
}

const SCOPE = "/:scope{merchant|platform}/chat";
const idRule = z.object({ conversationId: intField(1, ID_MAX) });

chatRouter.get(`${SCOPE}/conversations`, async (c) => {
  const shopId = await agentAt(c);
  const q = parseQuery(c, listRule);
  return ok(c, await listConversations(c.var.app.db, { side: "agent", shopId }, q, c.var.locale, official(c)));
});

chatRouter.get(`${SCOPE}/conversations/:conversationId/messages`, async (c) => {
  const shopId = await agentAt(c);
  const { conversationId } = parseParams(c, idRule);
  const q = parseQuery(c, historyRule);
  return run(c, async () => {
    const conv = await agentConversation(c.var.app.db, shopId, conversationId);
    return {
      ...(await history(c.var.app.db, conv, q.before || undefined, q.size)),
      conversation: await conversationHeader(c.var.app.db, conv, "agent", c.var.locale, official(c)),
    };
  });
});

chatRouter.post(`${SCOPE}/conversations/:conversationId/messages`, async (c) => {
  const shopId = await agentAt(c);
  const { conversationId } = parseParams(c, idRule);
  const b = await body(c);
  return run(c, async () =>
    send(
      c,
      () => agentConversation(c.var.app.db, shopId, conversationId),
      "agent",
      b.msgType ?? MsgType.TEXT,
      b.content,
    ),
  );
});

chatRouter.post(`${SCOPE}/conversations/:conversationId/read`, async (c) => {
  const shopId = await agentAt(c);
  const { conversationId } = parseParams(c, idRule);
  const { upTo } = parse(c, readRule, await body(c));
  return run(c, async () => {
    const conv = await agentConversation(c.var.app.db, shopId, conversationId);
    const r = await markRead(c.var.app.db, conv, "agent", upTo);
    await receipt(c, conv, "agent", r);
    return r;
  });
});
