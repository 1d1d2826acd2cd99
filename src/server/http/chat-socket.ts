/**
 * The chat websocket (docs/chat.md), on the server's own port (`ws`, noServer mode):
 *   /im/websocket/online/user/{base64 token}/{userId}   a buyer
 *   /im/websocket/online/shop/{base64 merchant token}   an agent of that token's shop
 *   /im/websocket/online/platform/{base64 platform token} the official service (shopId 0)
 * Frames in: HEART_BEAT {content: "HEART_BEAT", msgType: 0}; send {toId, msgType, content, clientId};
 * history {history: 1, toId, before?, size?}; read {read: 1, toId, upTo?}; presence
 * {onlineOrOffline: true, toId}. toId is the shopId for a buyer and the buyer's userId for an agent.
 * Each frame is read by its kind's rule (domain/chat/chat-frames.ts) before anything else: a frame
 * that breaks it is answered code 9 (15 for another shop's buyer) and changes nothing.
 * Frames out: {code, data, success, msg} with the codes of src/lib/chat/chat.ts. Each process holds the
 * sockets it accepted; stored messages reach the others through the chat bus (LISTEN/NOTIFY).
 * A socket lives as long as its login: a session revoked (logout, password change) or changed in
 * any process shows in the change feed as `session:<id>`, and an expired one by its end time; its
 * sockets then close with 4401 (docs/chat.md "Session ends"). A login holds at most
 * SOCKETS_PER_SESSION sockets in a process.
 */
import type http from "node:http";
import type { Duplex } from "node:stream";
import { randomUUID } from "node:crypto";
import type { TFunction } from "i18next";
import { WebSocketServer, type WebSocket, type RawData } from "ws";
import { getT } from "../../i18n/index.ts";
import {
  ChatClose,
  ChatCode,
  CHAT_FRAME_HARD_MAX,
  CHAT_FRAME_MAX,
  IDLE_TIMEOUT_MS,
  SOCKETS_PER_SESSION,
  type ChatSide,
} from "../../lib/chat/chat.ts";
import { isLocale, type Locale } from "../../lib/locale.ts";
import type { AppContext } from "../context.ts";
import type { Changed } from "../db/content-changes.ts";
import type { ChatBus, ChatEvent } from "../domain/chat/chat-bus.ts";
import {
  agentConversationWith,
  agentOffline,
  agentOnline,
  authenticateSocket,
  ChatError,
  conversationHeader,
  conversationOf,
  isAgentOnline,
  liveSessions,
  parseSocketPath,
  type ChatIdentity,
} from "../domain/chat/chat.ts";
import { history, markDelivered, markRead, storeMessage } from "../domain/chat/chat-messages.ts";
import { chatFlood } from "../domain/chat/chat-rules.ts";
import { parseChatFrame } from "../domain/chat/chat-frames.ts";
import { requestLocale } from "../api/app.ts";
import { logger } from "../log.ts";
import { describeError } from "../error-log.ts";

interface Conn {
  id: string;
  ws: WebSocket;
  who: ChatIdentity;
  t: TFunction;
  lastSeen: number;
  /** When its session was last confirmed live in the database. */
  lastAuthCheck: number;
  /** When its session ends (ms; Infinity for the official service's platform token). */
  expiresAt: number;
  /** Shops whose agents' presence this buyer asked for. */
  watching: Set<number>;
  /** Conversations this socket already used, by toId (their ids never change; counters are read under lock when storing). */
  conversations: Map<string, Awaited<ReturnType<typeof conversationOf>>>;
}

export interface ChatServer {
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Sockets open in this process. */
  readonly size: number;
  close(): Promise<void>;
}

const SWEEP_MS = 20_000;
/**
 * How often the change feed is read for ended sessions and end times are compared (while sockets
 * are open): a logout in any process closes its sockets within about this long.
 */
const SESSION_CHECK_MS = 1_000;
/** Every socket's session is also confirmed in the database at least this often (feed or no feed). */
const AUTH_RECHECK_MS = 60_000;

function frame(code: number, data: unknown, msg: string | null = null, success = true): string {
  return JSON.stringify({ code, data, success, msg });
}

/** Bytes of a received frame (one buffer, fragments, or an ArrayBuffer). */
function frameSize(raw: RawData): number {
  if (Array.isArray(raw)) return raw.reduce((n, b) => n + b.length, 0);
  return raw instanceof ArrayBuffer ? raw.byteLength : raw.length;
}

function toWhom(e: ChatEvent): { userId?: string; shopId?: number } {
  if (e.t === "msg") return { userId: e.m.userId, shopId: e.m.shopId };
  if (e.t === "receipt") return { userId: e.userId, shopId: e.shopId };
  return {};
}

export function createChatServer(
  ctx: AppContext,
  bus: ChatBus,
  opts: { sweepMs?: number; idleMs?: number; sessionCheckMs?: number } = {},
): ChatServer {
  // The library's own limit is the hard one (it closes with 1009): a frame between the two limits
  // is answered with code 9 and the socket stays usable (docs/chat.md "Frames").
  const wss = new WebSocketServer({ noServer: true, maxPayload: CHAT_FRAME_HARD_MAX });
  const users = new Map<string, Set<Conn>>();
  const agents = new Map<number, Set<Conn>>();
  /** Sockets of each login (buyers' and shops' sessions), for its end and the per-session cap. */
  const bySession = new Map<number, Set<Conn>>();
  const db = ctx.db;
  const idleMs = opts.idleMs ?? IDLE_TIMEOUT_MS;

  const add = <K>(m: Map<K, Set<Conn>>, k: K, c: Conn) => {
    let s = m.get(k);
    if (!s) m.set(k, (s = new Set()));
    s.add(c);
  };
  const remove = <K>(m: Map<K, Set<Conn>>, k: K, c: Conn) => {
    const s = m.get(k);
    if (!s) return;
    s.delete(c);
    if (s.size === 0) m.delete(k);
  };
  const send = (c: Conn, data: string) => {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(data);
  };
  const shutWith = (ws: WebSocket, code: number, msg: string, close: number) => {
    if (ws.readyState === ws.OPEN) ws.send(frame(code, null, msg, false));
    ws.close(close, msg.slice(0, 60).replace(/[^\x20-\x7e]/g, "") || "closed");
  };
  const sideOf = (c: Conn): ChatSide => (c.who.kind === "user" ? "user" : "agent");
  const floodKey = (c: Conn) =>
    c.who.kind === "user" ? `u:${c.who.userId}` : `s:${c.who.shopId}:${c.who.sessionId ?? "p"}`;

  // ---- events from any process ----------------------------------------------------------------
  bus.subscribe((e) => void onEvent(e).catch((err) => logger.error({ err: describeError(err) }, "chat event failed")));

  async function onEvent(e: ChatEvent): Promise<void> {
    const { userId, shopId } = toWhom(e);
    const userConns = userId ? [...(users.get(userId) ?? [])] : [];
    const agentConns = shopId !== undefined ? [...(agents.get(shopId) ?? [])] : [];
    if (e.t === "msg") {
      const out = frame(ChatCode.MESSAGE, e.m);
      let reached = false;
      const recipient: ChatSide = e.m.from === "user" ? "agent" : "user";
      // Answering means having read the conversation (storeMessage moved the sender's read pointer
      // to this message): the buyer's ticks turn "read" with the agent's answer.
      const answered =
        e.m.from === "agent"
          ? frame(ChatCode.RECEIPT, {
              conversationId: e.m.conversationId,
              side: "agent",
              deliveredId: e.m.msgId,
              readId: e.m.msgId,
            })
          : null;
      for (const c of [...userConns, ...agentConns]) {
        if (answered) send(c, answered);
        if (c.id === e.connId) continue;
        send(c, out);
        if (sideOf(c) === recipient) reached = true;
      }
      if (reached) {
        const moved = await markDelivered(db, e.m.conversationId, recipient, e.m.msgId);
        if (moved)
          await bus.publish({
            t: "receipt",
            conversationId: e.m.conversationId,
            shopId: e.m.shopId,
            userId: e.m.userId,
            side: recipient,
            ...moved,
          });
      }
    } else if (e.t === "receipt") {
      const out = frame(ChatCode.RECEIPT, {
        conversationId: e.conversationId,
        side: e.side,
        deliveredId: e.deliveredId,
        readId: e.readId,
      });
      for (const c of [...userConns, ...agentConns]) send(c, out);
    } else if (e.t === "kick") {
      for (const c of users.get(e.userId) ?? []) {
        if (c.who.kind === "user" && c.who.sessionId !== e.sessionId && c.id !== e.connId)
          shutWith(c.ws, ChatCode.ELSEWHERE, c.t("chat.errors.elsewhere"), ChatClose.ELSEWHERE);
      }
    } else if (e.t === "presence") {
      const watchers = [...users.values()].flatMap((s) => [...s]).filter((c) => c.watching.has(e.shopId));
      if (watchers.length === 0) return;
      const online = await isAgentOnline(db, e.shopId, new Date());
      for (const c of watchers) send(c, frame(ChatCode.PRESENCE, { shopId: e.shopId, online }));
    }
  }

  // ---- frames from a socket -------------------------------------------------------------------
  async function conversationFor(c: Conn, toId: number | string) {
    const key = String(toId);
    const known = c.conversations.get(key);
    if (known) return known;
    const conv = await findConversation(c, toId);
    if (c.conversations.size < 200) c.conversations.set(key, conv);
    return conv;
  }

  /** toId as its frame rule read it: a shop id for a buyer, a userId for an agent (chat-frames.ts). */
  async function findConversation(c: Conn, toId: number | string) {
    if (c.who.kind === "user") return conversationOf(db, c.who.userId, toId as number);
    return agentConversationWith(db, c.who.shopId, toId as string);
  }

  async function onFrame(c: Conn, raw: RawData): Promise<void> {
    c.lastSeen = Date.now();
    if (frameSize(raw) > CHAT_FRAME_MAX) {
      send(c, frame(ChatCode.REFUSED, null, c.t("chat.errors.frameTooLarge"), false));
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw.toString()) as unknown;
    } catch {
      send(c, frame(ChatCode.REFUSED, null, c.t("chat.errors.badFrame"), false));
      return;
    }
    const parsed = parseChatFrame(sideOf(c), value);
    const clientId = parsed.clientId;
    try {
      if (c.ws.readyState !== c.ws.OPEN) return;
      if (!parsed.ok) throw new ChatError(parsed.refusal.key, parsed.refusal.code);
      const f = parsed.frame;
      if (f.kind === "ignored") return;
      if (f.kind === "heartbeat") {
        send(c, frame(ChatCode.HEARTBEAT, "HEART_BEAT"));
        return;
      }
      if (f.kind === "history") {
        // Read fresh: the header shows the counters.
        const conv = await findConversation(c, f.toId);
        const page = await history(db, conv, f.before, f.size);
        const header = await conversationHeader(db, conv, sideOf(c), localeOf(c), c.t("chat.officialService"));
        send(c, frame(ChatCode.HISTORY, { ...page, conversation: header }));
        return;
      }
      if (f.kind === "read") {
        const conv = await conversationFor(c, f.toId);
        const side = sideOf(c);
        const r = await markRead(db, conv, side, f.upTo);
        await bus.publish({
          t: "receipt",
          conversationId: conv.conversationId,
          shopId: conv.shopId,
          userId: conv.userId,
          side,
          deliveredId: r.deliveredId,
          readId: r.readId,
        });
        return;
      }
      if (f.kind === "presence") {
        c.watching.add(f.shopId);
        send(c, frame(ChatCode.PRESENCE, { shopId: f.shopId, online: await isAgentOnline(db, f.shopId, new Date()) }));
        return;
      }
      // A message.
      if (!chatFlood.take(floodKey(c))) throw new ChatError("chat.errors.flood");
      const conv = await conversationFor(c, f.toId);
      const m = await storeMessage(db, conv, sideOf(c), f.message, new Date());
      // Stored: acknowledge, then tell every process (the other side and this buyer's other tabs).
      send(c, frame(ChatCode.ACK, { clientId: clientId ?? null, message: m }));
      await bus.publish({ t: "msg", m, connId: c.id });
    } catch (err) {
      if (err instanceof ChatError) {
        send(c, frame(err.frame, { clientId: clientId ?? null }, c.t(err.key, err.params), false));
        return;
      }
      logger.error({ err: describeError(err) }, "chat frame failed");
      send(c, frame(ChatCode.REFUSED, { clientId: clientId ?? null }, c.t("api.serverError"), false));
    }
  }

  const locales = new WeakMap<Conn, Locale>();
  const localeOf = (c: Conn): Locale => locales.get(c) ?? "zh";

  async function accept(ws: WebSocket, req: http.IncomingMessage, url: URL): Promise<void> {
    const lang = url.searchParams.get("lang");
    const locale: Locale = isLocale(lang) ? lang : requestLocale(req.headers["accept-language"], req.headers.cookie);
    const t = getT(locale);
    // Frames that arrive while the token is checked wait for it.
    const early: RawData[] = [];
    const hold = (d: RawData) => void early.push(d);
    ws.on("message", hold);
    ws.on("error", () => {});
    const changesAtStart = sessionChanges;
    const route = parseSocketPath(url.pathname);
    if (!route) return shutWith(ws, ChatCode.NO_USER, t("chat.errors.unauthenticated"), ChatClose.BAD_URL);
    let who: Awaited<ReturnType<typeof authenticateSocket>>;
    try {
      who = await authenticateSocket(db, route, ctx.config.platformApiToken, new Date());
    } catch (err) {
      logger.error({ err: describeError(err) }, "chat authentication failed");
      return void ws.close(1011, "server error");
    }
    if (who === "relogin") return shutWith(ws, ChatCode.RELOGIN, t("chat.errors.relogin"), ChatClose.RELOGIN);
    if (who === "forged") return shutWith(ws, ChatCode.NO_USER, t("chat.errors.forged"), ChatClose.FORGED);
    if (ws.readyState !== ws.OPEN) return;
    const sessionId = who.sessionId;
    if (sessionId !== null && (bySession.get(sessionId)?.size ?? 0) >= SOCKETS_PER_SESSION)
      return shutWith(
        ws,
        ChatCode.REFUSED,
        t("chat.errors.tooManySockets", { max: SOCKETS_PER_SESSION }),
        ChatClose.TOO_MANY,
      );
    const now = Date.now();
    const c: Conn = {
      id: randomUUID(),
      ws,
      who,
      t,
      lastSeen: now,
      lastAuthCheck: now,
      expiresAt: who.expiresAt?.getTime() ?? Infinity,
      watching: new Set(),
      conversations: new Map(),
    };
    locales.set(c, locale);
    if (who.kind === "user") add(users, who.userId, c);
    else add(agents, who.shopId, c);
    if (sessionId !== null) add(bySession, sessionId, c);
    // The session ended while it was checked (its change came before this socket was counted).
    if (sessionId !== null && sessionChanges !== changesAtStart) void recheck([sessionId]);
    ws.on("close", () => {
      if (sessionId !== null) remove(bySession, sessionId, c);
      if (who.kind === "user") remove(users, who.userId, c);
      else {
        remove(agents, who.shopId, c);
        void agentOffline(db, [c.id])
          .then(() => bus.publish({ t: "presence", shopId: who.shopId }))
          .catch(() => {});
      }
    });
    // Older sockets of other logins close; an agent counts as online — before any frame is answered.
    if (who.kind === "user")
      await bus.publish({ t: "kick", userId: who.userId, sessionId: who.sessionId, connId: c.id });
    else {
      await agentOnline(db, c.id, who.shopId, new Date());
      // Closed meanwhile: its close already ran, so take the row back out.
      if (ws.readyState !== ws.OPEN) return void agentOffline(db, [c.id]).catch(() => {});
      await bus.publish({ t: "presence", shopId: who.shopId });
    }
    // Frames are handled one after another per socket (a reply never overtakes an earlier one).
    let chain = Promise.resolve();
    const handle = (d: RawData) => {
      chain = chain.then(() => onFrame(c, d));
    };
    ws.off("message", hold);
    ws.on("message", handle);
    for (const d of early) handle(d);
  }

  // ---- sessions that end: logout, password change, expiry, in any process --------------------
  const relogin = (c: Conn) => shutWith(c.ws, ChatCode.RELOGIN, c.t("chat.errors.relogin"), ChatClose.RELOGIN);
  /** Session changes seen (a socket whose token check spanned one checks its session again). */
  let sessionChanges = 0;
  /** Confirms these sessions in the database; the sockets of the ones that ended close. */
  async function recheck(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    let live: Map<number, Date>;
    try {
      live = await liveSessions(db, ids, new Date());
    } catch (err) {
      // Unreadable now: the sockets stay until a later check can tell.
      logger.error({ err: describeError(err) }, "chat session check failed");
      return;
    }
    const checkedAt = Date.now();
    for (const id of ids) {
      const end = live.get(id);
      for (const c of bySession.get(id) ?? []) {
        if (end === undefined) relogin(c);
        else {
          c.lastAuthCheck = checkedAt;
          c.expiresAt = end.getTime();
        }
      }
    }
  }
  // Every process reads the change feed (a session row updated or deleted is tagged session:<id>,
  // and PostgreSQL's NOTIFY wakes the feed of every process at commit).
  const unfollow = ctx.content.feed.subscribe((changed: Changed) => {
    let ids: number[];
    if (changed === "all" || changed.has("*")) ids = [...bySession.keys()];
    else {
      ids = [];
      for (const tag of changed) {
        if (!tag.startsWith("session:")) continue;
        const id = Number(tag.slice("session:".length));
        ids.push(id);
      }
      if (ids.length === 0) return;
      ids = ids.filter((id) => bySession.has(id));
    }
    sessionChanges++;
    void recheck(ids);
  });
  const sessionCheck = setInterval(() => {
    if (bySession.size === 0) return;
    void ctx.content.feed.sync();
    const now = Date.now();
    for (const set of bySession.values()) for (const c of set) if (c.expiresAt <= now) relogin(c);
  }, opts.sessionCheckMs ?? SESSION_CHECK_MS);
  sessionCheck.unref();

  // ---- housekeeping: idle sockets, agents' presence rows, old flood buckets -------------------
  const sweep = setInterval(() => {
    const now = Date.now();
    const alive: { id: string; shopId: number }[] = [];
    const unconfirmed = new Set<number>();
    for (const set of [...users.values(), ...agents.values()]) {
      for (const c of set) {
        if (now - c.lastSeen > idleMs) c.ws.close(ChatClose.IDLE, "idle");
        else {
          if (c.who.kind === "agent") alive.push({ id: c.id, shopId: c.who.shopId });
          if (c.who.sessionId !== null && now - c.lastAuthCheck >= AUTH_RECHECK_MS) unconfirmed.add(c.who.sessionId);
        }
      }
    }
    void recheck([...unconfirmed]);
    chatFlood.prune(now);
    void (async () => {
      for (const a of alive) await agentOnline(db, a.id, a.shopId, new Date());
    })().catch(() => {});
  }, opts.sweepMs ?? SWEEP_MS);
  sweep.unref();

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (!url.pathname.startsWith("/im/websocket/")) {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(
        req,
        socket,
        head,
        (ws) =>
          void accept(ws, req, url).catch((err) => {
            logger.error({ err: describeError(err) }, "chat accept failed");
            ws.terminate();
          }),
      );
    },
    get size() {
      return wss.clients.size;
    },
    async close() {
      clearInterval(sweep);
      clearInterval(sessionCheck);
      unfollow();
      const agentIds = [...agents.values()].flatMap((s) => [...s]).map((c) => c.id);
      for (const ws of wss.clients) ws.close(1001, "server stopping");
      await agentOffline(db, agentIds).catch(() => {});
      await bus.close();
      wss.close();
    },
  };
}
