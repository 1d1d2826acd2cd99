/**
 * How chat events reach every process (docs/chat.md "Several processes"): on PostgreSQL each
 * event is a NOTIFY on one channel that every server process LISTENs to (the sender's process
 * too, so there is one path for local and remote sockets); on PGlite (one process) events go
 * straight to the local subscribers. Events are sent after the message is stored.
 */
import type { ChatMessageDto, ChatSide } from "../../../lib/chat/chat.ts";
import type { Database } from "../../db/client.ts";
import { logger } from "../../log.ts";
import { describeError } from "../../error-log.ts";

export const CHAT_CHANNEL = "mall_chat";

export type ChatEvent =
  /** A stored message: to the buyer's sockets and the shop's agents. */
  | { t: "msg"; m: ChatMessageDto; clientId?: string; connId?: string }
  /** `side` of a conversation received / read up to these ids: to the other side. */
  | {
      t: "receipt";
      conversationId: number;
      shopId: number;
      userId: string;
      side: ChatSide;
      deliveredId: number;
      readId: number;
    }
  /** A buyer opened a socket with `sessionId`: sockets of other sessions of that buyer close. */
  | { t: "kick"; userId: string; sessionId: number; connId: string }
  /** An agent of the shop came or went: buyers watching the shop ask again. */
  | { t: "presence"; shopId: number };

export interface ChatBus {
  publish(e: ChatEvent): Promise<void>;
  subscribe(fn: (e: ChatEvent) => void): void;
  close(): Promise<void>;
}

/** The bus of this process for the database it runs on. */
export async function openChatBus(database: Pick<Database, "pubsub">): Promise<ChatBus> {
  const subs: ((e: ChatEvent) => void)[] = [];
  const dispatch = (e: ChatEvent) => {
    for (const fn of subs) {
      try {
        fn(e);
      } catch (err) {
        logger.error({ err: describeError(err) }, "chat subscriber failed");
      }
    }
  };
  const pubsub = database.pubsub;
  if (!pubsub) {
    return {
      async publish(e) {
        queueMicrotask(() => dispatch(e));
      },
      subscribe: (fn) => void subs.push(fn),
      async close() {},
    };
  }
  const unlisten = await pubsub.listen(CHAT_CHANNEL, (payload) => {
    let e: ChatEvent;
    try {
      e = JSON.parse(payload) as ChatEvent;
    } catch {
      return;
    }
    dispatch(e);
  });
  return {
    publish: (e) => pubsub.notify(CHAT_CHANNEL, JSON.stringify(e)),
    subscribe: (fn) => void subs.push(fn),
    close: () => unlisten(),
  };
}
