/**
 * Chat over real websockets and HTTP (docs/chat.md): two buyers and a shop agent, the official
 * service, refusals that keep the socket usable, history paged upward, unread counts, kicked on a
 * second login, forged / expired tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  agentSocketPath,
  cardProductFlag,
  ChatClose,
  ChatCode,
  MsgType,
  userSocketPath,
  type ChatMessageDto,
  type ConversationDto,
} from "../../../src/lib/chat/chat.ts";
import type { Page } from "../../../src/lib/api-types.ts";
import { products, sessions } from "../../../src/server/db/schema/index.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { conversationOf } from "../../../src/server/domain/chat/chat.ts";
import { storeMessage } from "../../../src/server/domain/chat/chat-messages.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";
import { ChatClient, serveChat, type Frame } from "./chat-helpers.ts";

const isMsg = (f: Frame, content: string) =>
  f.code === ChatCode.MESSAGE && (f.data as ChatMessageDto).content === content;

describe.skipIf(!dbReady)("chat", () => {
  let app: TestApp;
  let served: Awaited<ReturnType<typeof serveChat>>;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let shopToken: string;
  let shopId: number;
  let otherShopToken: string;
  const open: ChatClient[] = [];
  const connect = async (path: string) => {
    const c = await ChatClient.open(served.base, path);
    open.push(c);
    return c;
  };
  const agentCall = <T>(path: string, token: string, body?: unknown) =>
    app.request<T>(`/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: token, "Accept-Language": "en", "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    app = await createTestApp();
    served = await serveChat(app);
    call = caller(app);
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
    const login = async (username: string) =>
      okData(
        await app.request<{ accessToken: string; shopId: number }>("/api/merchant/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.0.${username.length}` },
          body: JSON.stringify({ username, password: "Shop1234" }),
        }),
      );
    const s1 = await login("shop01");
    shopToken = s1.accessToken;
    shopId = s1.shopId;
    otherShopToken = (await login("shop02")).accessToken;
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await served?.close();
    await app?.close();
  });

  it("refuses a malformed, unknown or forged socket URL with a clear close code", async () => {
    const bad = await connect("/im/websocket/online/user/%%%/x");
    expect((await bad.waitClose()).code).toBe(ChatClose.BAD_URL);
    const unknown = await connect(`${userSocketPath(newToken(), alice.userId)}?lang=en`);
    expect((await unknown.next((f) => f.code === ChatCode.RELOGIN)).msg).toBe("Account offline, please log in again");
    expect((await unknown.waitClose()).code).toBe(ChatClose.RELOGIN);
    const forged = await connect(`${userSocketPath(alice.token, bob.userId)}?lang=en`);
    expect((await forged.next((f) => f.code === ChatCode.NO_USER)).msg).toBe(
      "This chat link does not belong to your account",
    );
    expect((await forged.waitClose()).code).toBe(ChatClose.FORGED);
    const agent = await connect(agentSocketPath("platform", "wrong-secret"));
    expect((await agent.waitClose()).code).toBe(ChatClose.RELOGIN);
  });

  it("two buyers and an agent exchange messages; each buyer sees only their own", async () => {
    const agent = await connect(`${agentSocketPath("shop", shopToken)}?lang=en`);
    // Registered (and marked online) once it answers a heartbeat.
    agent.send({ content: "HEART_BEAT", msgType: 0 });
    await agent.next((f) => f.code === ChatCode.HEARTBEAT);
    const a = await connect(`${userSocketPath(alice.token, alice.userId)}?lang=en`);
    const b = await connect(`${userSocketPath(bob.token, bob.userId)}?lang=en`);
    a.send({ content: "HEART_BEAT", msgType: 0 });
    expect((await a.next((f) => f.code === ChatCode.HEARTBEAT)).data).toBe("HEART_BEAT");
    a.send({ onlineOrOffline: true, toId: shopId });
    expect((await a.next((f) => f.code === ChatCode.PRESENCE)).data).toEqual({ shopId, online: true });

    const html = "<img src=x onerror=alert(1)> hello";
    a.send({ toId: shopId, msgType: MsgType.TEXT, content: html, clientId: "c1" });
    const ack = (await a.next((f) => f.code === ChatCode.ACK)).data as { clientId: string; message: ChatMessageDto };
    expect(ack.clientId).toBe("c1");
    expect(ack.message).toMatchObject({ from: "user", content: html, shopId, userId: alice.userId });
    const got = (await agent.next((f) => isMsg(f, html))).data as ChatMessageDto;
    expect(got.msgId).toBe(ack.message.msgId);
    // The agent's socket got it: Alice sees "delivered".
    const receipt = await a.next((f) => f.code === ChatCode.RECEIPT && (f.data as { side: string }).side === "agent");
    expect((receipt.data as { deliveredId: number }).deliveredId).toBe(ack.message.msgId);

    b.send({ toId: shopId, msgType: MsgType.TEXT, content: "from bob", clientId: "b1" });
    await agent.next((f) => isMsg(f, "from bob"));
    agent.send({ toId: alice.userId, msgType: MsgType.TEXT, content: "hi alice", clientId: "r1" });
    await a.next((f) => isMsg(f, "hi alice"));
    agent.send({ toId: bob.userId, msgType: MsgType.TEXT, content: "hi bob", clientId: "r2" });
    await b.next((f) => isMsg(f, "hi bob"));
    expect(a.frames.some((f) => isMsg(f, "from bob") || isMsg(f, "hi bob"))).toBe(false);
    expect(b.frames.some((f) => isMsg(f, "hi alice") || isMsg(f, html))).toBe(false);

    // Unread: one reply waiting for Alice; reading clears it and tells the agent.
    expect(okData(await call<{ unread: number }>("/p/chat/unread", { user: alice })).unread).toBe(1);
    const list = okData(await call<Page<ConversationDto>>("/p/user/conversations", { user: alice }));
    expect(list.records[0]).toMatchObject({ shopId, chatType: 2, unread: 1, latestMsg: "hi alice" });
    expect(okData(await call<{ unread: number }>("/p/chat/read", { user: alice, body: { shopId } })).unread).toBe(0);
    await agent.next(
      (f) =>
        f.code === ChatCode.RECEIPT &&
        (f.data as { side: string; readId: number }).side === "user" &&
        (f.data as { readId: number }).readId > 0,
    );

    // The shop's agent lists both buyers; another shop sees none of them and may not answer.
    const mine = okData(await agentCall<Page<ConversationDto>>("/merchant/chat/conversations", shopToken));
    expect(
      mine.records
        .map((r) => r.userId)
        .filter((u) => u === alice.userId || u === bob.userId)
        .sort(),
    ).toEqual([alice.userId, bob.userId].sort());
    const other = okData(await agentCall<Page<ConversationDto>>("/merchant/chat/conversations", otherShopToken));
    expect(other.records.some((r) => r.userId === alice.userId)).toBe(false);
    const convId = mine.records.find((r) => r.userId === alice.userId)!.conversationId;
    const refused = await agentCall(`/merchant/chat/conversations/${convId}/messages`, otherShopToken, {
      content: "hijack",
    });
    expect(refused.body).toMatchObject({ code: "A00001", msg: "This conversation is not your responsibility" });
    agent.send({ toId: "someone-else", msgType: MsgType.TEXT, content: "x", clientId: "r3" });
    expect((await agent.next((f) => f.code === ChatCode.NOT_YOURS)).msg).toBe(
      "This conversation is not your responsibility",
    );

    // An agent's HTTP reply (the CLI's way) reaches the buyer's socket at once.
    okData(await agentCall(`/merchant/chat/conversations/${convId}/messages`, shopToken, { content: "via http" }));
    await a.next((f) => isMsg(f, "via http"));
  });

  it("refuses too long, flooding and foreign cards with a message and keeps the socket usable", async () => {
    const a = await connect(`${userSocketPath(alice.token, alice.userId)}?lang=en`);
    a.send({ toId: shopId, msgType: MsgType.TEXT, content: "x".repeat(501), clientId: "long" });
    expect((await a.next((f) => f.code === ChatCode.REFUSED)).msg).toBe("A message has at most 500 characters");
    a.send({ toId: shopId, msgType: MsgType.TEXT, content: "bad\u0007", clientId: "ctl" });
    expect(
      (await a.next((f) => f.code === ChatCode.REFUSED && (f.data as { clientId: string }).clientId === "ctl")).msg,
    ).toContain("characters that cannot be sent");

    const own = await pickSku(app, { shopId });
    a.send({ toId: shopId, msgType: MsgType.PRODUCT, content: String(own.prodId), clientId: "p1" });
    const card = (
      (await a.next((f) => f.code === ChatCode.ACK && (f.data as { clientId: string }).clientId === "p1")).data as {
        message: ChatMessageDto;
      }
    ).message;
    expect(JSON.parse(card.content)).toMatchObject({ prodId: own.prodId, price: own.price });
    // The card's product as it is now: on sale with its stock; history reads it again (sold out).
    const [stock] = await app.ctx.db
      .select({ totalStocks: products.totalStocks })
      .from(products)
      .where(eq(products.prodId, own.prodId));
    expect(card.prodNow).toEqual({ status: 1, totalStocks: stock!.totalStocks });
    await app.ctx.db.update(products).set({ totalStocks: 0 }).where(eq(products.prodId, own.prodId));
    try {
      const shown = okData(
        await call<{ records: ChatMessageDto[] }>(`/p/chat/messages?shopId=${shopId}&size=50`, { user: alice }),
      ).records.find((m) => m.msgId === card.msgId)!;
      expect(shown.prodNow).toEqual({ status: 1, totalStocks: 0 });
      expect(cardProductFlag(shown.prodNow)).toBe("soldOut");
    } finally {
      await app.ctx.db.update(products).set({ totalStocks: stock!.totalStocks }).where(eq(products.prodId, own.prodId));
    }
    const [foreign] = await app.ctx.db
      .select({ prodId: products.prodId, shopId: products.shopId })
      .from(products)
      .where(and(eq(products.status, 1)))
      .limit(400);
    const elsewhere =
      (await app.ctx.db.select({ prodId: products.prodId, shopId: products.shopId }).from(products)).find(
        (p) => p.shopId !== shopId,
      ) ?? foreign!;
    a.send({ toId: shopId, msgType: MsgType.PRODUCT, content: String(elsewhere.prodId), clientId: "p2" });
    expect((await a.next((f) => (f.data as { clientId?: string } | null)?.clientId === "p2")).msg).toBe(
      "Inquiry invalid because it was started on another page",
    );
    const order = await createOrder(app, { userId: bob.userId, items: [{ skuId: own.skuId, prodCount: 1 }] });
    a.send({ toId: shopId, msgType: MsgType.ORDER, content: order.orderNumber, clientId: "o1" });
    expect((await a.next((f) => (f.data as { clientId?: string } | null)?.clientId === "o1")).msg).toBe(
      "Inquiry invalid because it was started on another page",
    );

    const before = a.frames.length;
    for (let i = 0; i < 14; i++) a.send({ toId: 0, msgType: MsgType.TEXT, content: `burst ${i}`, clientId: `f${i}` });
    expect(
      (
        await a.next(
          (f) => f.code === ChatCode.REFUSED && f.msg === "You are sending too fast; wait a moment",
          5000,
          before,
        )
      ).success,
    ).toBe(false);
    a.send({ content: "HEART_BEAT", msgType: 0 });
    await a.next((f) => f.code === ChatCode.HEARTBEAT, 5000, before);
    expect(a.closed).toBeNull();
    // The official service got the burst's first messages: the platform lists Alice.
    const platform = okData(
      await agentCall<Page<ConversationDto>>("/platform/chat/conversations", "dev-platform-token"),
    );
    expect(platform.records.some((r) => r.userId === alice.userId && r.latestMsg?.startsWith("burst"))).toBe(true);
  });

  it("a frame over 16 KB answers code 9 and keeps the socket; one over 256 KB closes it with 1009", async () => {
    const dave = await createTestUser(app, "dave");
    const d = await connect(`${userSocketPath(dave.token, dave.userId)}?lang=en`);
    for (const [size, id] of [
      [16 * 1024 + 1, "17k"],
      [200 * 1024, "200k"],
    ] as const) {
      const before = d.frames.length;
      // The frame is `size` bytes of JSON: a text message padded with spaces.
      const body = JSON.stringify({ toId: shopId, msgType: MsgType.TEXT, content: "big", clientId: id });
      d.sendRaw(body.slice(0, -1) + " ".repeat(size - body.length) + "}");
      const answer = await d.next((f) => f.code === ChatCode.REFUSED, 5000, before);
      expect(answer).toMatchObject({ success: false, msg: "The message is too large to be sent", data: null });
    }
    // Still open and usable: a message of exactly 16 KB of JSON is read and stored.
    const exact = JSON.stringify({ toId: shopId, msgType: MsgType.TEXT, content: "fits", clientId: "16k" });
    d.sendRaw(exact.slice(0, -1) + " ".repeat(16 * 1024 - exact.length) + "}");
    await d.next((f) => f.code === ChatCode.ACK && (f.data as { clientId?: string }).clientId === "16k");
    expect(d.closed).toBeNull();
    d.sendRaw("x".repeat(256 * 1024 + 1));
    expect((await d.waitClose()).code).toBe(1009);
  });

  it("pages history upward over HTTP and the socket", async () => {
    const carol = await createTestUser(app, "carol");
    const conv = await conversationOf(app.ctx.db, carol.userId, shopId);
    for (let i = 1; i <= 25; i++)
      await storeMessage(app.ctx.db, conv, i % 2 ? "agent" : "user", { msgType: 0, content: `m${i}` }, new Date());
    const p1 = okData(
      await call<{ records: ChatMessageDto[]; hasMore: boolean }>(`/p/chat/messages?shopId=${shopId}&size=10`, {
        user: carol,
      }),
    );
    expect(p1.records.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m${16 + i}`));
    expect(p1.hasMore).toBe(true);
    const p2 = okData(
      await call<{ records: ChatMessageDto[]; hasMore: boolean }>(
        `/p/chat/messages?shopId=${shopId}&size=10&before=${p1.records[0]!.msgId}`,
        { user: carol },
      ),
    );
    expect(p2.records[0]!.content).toBe("m6");
    const c = await connect(userSocketPath(carol.token, carol.userId));
    c.send({ history: 1, toId: shopId, size: 10, before: p2.records[0]!.msgId });
    const p3 = (await c.next((f) => f.code === ChatCode.HISTORY)).data as {
      records: ChatMessageDto[];
      hasMore: boolean;
      conversation: ConversationDto;
    };
    expect(p3.records.map((m) => m.content)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(p3.hasMore).toBe(false);
    // Answering reads: only the agent's last message (after Carol's last) is unread.
    expect(p3.conversation.unread).toBe(1);
    const bad = await call(`/p/chat/messages?shopId=abc`, { user: carol });
    expect(bad.body.code).toBe("A00001");
    expect((await call(`/p/chat/conversation?shopId=99999`, { user: carol })).body.msg).toBe(
      "This shop does not exist",
    );
  });

  it("a second login closes the first socket with 'logged in elsewhere'; an expired token must log in again", async () => {
    const dave = await createTestUser(app, "dave");
    const first = await connect(`${userSocketPath(dave.token, dave.userId)}?lang=en`);
    const sameSession = await connect(`${userSocketPath(dave.token, dave.userId)}?lang=en`);
    // Both are registered (a heartbeat is answered only after the token check).
    for (const c of [first, sameSession]) {
      c.send({ content: "HEART_BEAT", msgType: 0 });
      await c.next((f) => f.code === ChatCode.HEARTBEAT);
    }
    const token2 = newToken();
    await app.ctx.db.insert(sessions).values({
      tokenHash: hashToken(token2),
      kind: "user",
      userId: dave.userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const second = await connect(`${userSocketPath(token2, dave.userId)}?lang=en`);
    expect((await first.next((f) => f.code === ChatCode.ELSEWHERE)).msg).toBe("Logged in elsewhere, please refresh");
    expect((await first.waitClose()).code).toBe(ChatClose.ELSEWHERE);
    expect((await sameSession.waitClose()).code).toBe(ChatClose.ELSEWHERE);
    second.send({ content: "HEART_BEAT", msgType: 0 });
    await second.next((f) => f.code === ChatCode.HEARTBEAT);
    expect(second.closed).toBeNull();

    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token2)));
    const again = await connect(`${userSocketPath(token2, dave.userId)}?lang=zh`);
    expect((await again.next((f) => f.code === ChatCode.RELOGIN)).msg).toBe("账号已离线，请重新登录");
    expect((await again.waitClose()).code).toBe(ChatClose.RELOGIN);
  });
});
