/** The chat's HTTP calls (CONTRACT §9; the live part goes over the socket, [chat.md](../../../docs/chat.md)). */
import type { Page } from "../../lib/api-types.ts";
import type { ChatMessageDto, ConversationDto, OutgoingMessage } from "../../lib/chat/chat.ts";
import { api, type RequestOptions } from "../api.ts";

/** A conversation's header, with whether one of the shop's agents is online. */
export type ConversationHeadDto = ConversationDto & { online: boolean };

/** A page of messages, newest last. */
export interface ChatMessagePage {
  records: ChatMessageDto[];
  hasMore: boolean;
}

/** GET /p/user/conversations */
export function listConversations(): Promise<Page<ConversationDto>> {
  return api.get<Page<ConversationDto>>("/p/user/conversations", { current: 1, size: 50 });
}

/** GET /p/chat/conversation?shopId=: the header, made on first use. */
export function getConversation(shopId: number): Promise<ConversationHeadDto> {
  return api.get<ConversationHeadDto>("/p/chat/conversation", { shopId });
}

/** GET /p/chat/messages: the latest page, or the one before `before`. */
export function listMessages(shopId: number, size: number, before?: number): Promise<ChatMessagePage> {
  return api.get<ChatMessagePage>("/p/chat/messages", before === undefined ? { shopId, size } : { shopId, size, before });
}

/** POST /p/chat/messages: a message sent over HTTP when the socket is down. */
export function sendMessage(shopId: number, message: OutgoingMessage): Promise<ChatMessageDto> {
  return api.post<ChatMessageDto>("/p/chat/messages", { shopId, ...message }, { silent: true });
}

/** POST /p/chat/read: answers the user's unread count left. */
export function markRead(shopId: number): Promise<{ unread: number }> {
  return api.post<{ unread: number }>("/p/chat/read", { shopId }, { silent: true });
}

/** GET /p/chat/unread: the top bar's badge. */
export function getUnread(opts?: RequestOptions): Promise<{ unread?: unknown }> {
  return api.get<{ unread?: unknown }>("/p/chat/unread", undefined, opts);
}
