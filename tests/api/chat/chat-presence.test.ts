/**
 * Presence and read ticks of an agent who works over HTTP (the merchant chat API, `npm run ops --
 * chat`; docs/chat.md "Presence"): the buyer watching the shop learns it came online with its first
 * call, its answer turns the buyer's message "read", and so does its read call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  ChatCode,
  MsgType,
  userSocketPath,
  type ChatMessageDto,
  type ConversationDto,
} from "../../../src/lib/chat/chat.ts";
import type { Page } from "../../../src/lib/api-types.ts";
import { chatAgentPresence } from "../../../src/server/db/schema/index.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { ChatClient, serveChat, type Frame } from "./chat-helpers.ts";

interface Receipt {
  conversationId: number;
  side: string;
  deliveredId: number;
  readId: number;
}
const agentReceipt = (f: Frame, atLeast: number) =>
  f.code === ChatCode.RECEIPT && (f.data as Receipt).side === "agent" && (f.data as Receipt).readId >= atLeast;

describe.skipIf(!dbReady)("chat: an agent over HTTP", () => {
  let app: TestApp;
  let served: Awaited<ReturnType<typeof serveChat>>;
  let call: ReturnType<typeof caller>;
  let buyer: TestUser;
  let shopToken: string;
  let shopId: number;
  let socket: ChatClient | null = null;
  const agentCall = <T>(path: string, body?: unknown) =>
    app.request<T>(`/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: shopToken, "Accept-Language": "en", "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    app = await createTestApp();
    served = await serveChat(app);
    call = caller(app);
    buyer = await createTestUser(app, "presence");
    const login = okData(
      await app.request<{ accessToken: string; shopId: number }>("/api/merchant/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.9.3.3" },
        body: JSON.stringify({ username: "shop03", password: "Shop1234" }),
      }),
    );
    shopToken = login.accessToken;
    shopId = login.shopId;
    // No agent of this shop has been seen yet.
    await app.ctx.db.delete(chatAgentPresence).where(eq(chatAgentPresence.shopId, shopId));
  });
  afterAll(async () => {
    socket?.close();
    await served?.close();
    await app?.close();
  });

  it("comes online with its first call, and its answer and its read call turn the buyer's messages read", async () => {
    const a = (socket = await ChatClient.open(served.base, `${userSocketPath(buyer.token, buyer.userId)}?lang=en`));
    a.send({ onlineOrOffline: true, toId: shopId });
    expect((await a.next((f) => f.code === ChatCode.PRESENCE)).data).toEqual({ shopId, online: false });
    a.send({ toId: shopId, msgType: MsgType.TEXT, content: "is it in stock?", clientId: "q1" });
    const asked = ((await a.next((f) => f.code === ChatCode.ACK)).data as { message: ChatMessageDto }).message;

    // The agent lists its conversations over HTTP: the buyer is told the shop is online.
    const from = a.frames.length;
    const list = okData(await agentCall<Page<ConversationDto>>("/merchant/chat/conversations"));
    const conv = list.records.find((r) => r.userId === buyer.userId)!;
    expect(conv).toBeTruthy();
    expect((await a.next((f) => f.code === ChatCode.PRESENCE, 5000, from)).data).toEqual({ shopId, online: true });
    const header = okData(await call<{ online: boolean }>(`/p/chat/conversation?shopId=${shopId}`, { user: buyer }));
    expect(header.online).toBe(true);

    // Its answer arrives with a receipt: the question was read.
    okData(await agentCall(`/merchant/chat/conversations/${conv.conversationId}/messages`, { content: "yes" }));
    const answer = (await a.next((f) => f.code === ChatCode.MESSAGE && (f.data as ChatMessageDto).content === "yes"))
      .data as ChatMessageDto;
    const r1 = (await a.next((f) => agentReceipt(f, asked.msgId))).data as Receipt;
    expect(r1).toMatchObject({ conversationId: conv.conversationId, readId: answer.msgId });

    // A later message, read (not answered) by the agent over HTTP: read too.
    a.send({ toId: shopId, msgType: MsgType.TEXT, content: "thanks", clientId: "q2" });
    const thanks = (
      (await a.next((f) => f.code === ChatCode.ACK && (f.data as { clientId: string }).clientId === "q2")).data as {
        message: ChatMessageDto;
      }
    ).message;
    okData(await agentCall(`/merchant/chat/conversations/${conv.conversationId}/read`, {}));
    expect(((await a.next((f) => agentReceipt(f, thanks.msgId))).data as Receipt).readId).toBe(thanks.msgId);
  });
});
