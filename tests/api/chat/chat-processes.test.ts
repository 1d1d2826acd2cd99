/**
 * Two server processes on one PostgreSQL (docs/chat.md "Several processes"): a buyer's socket on
 * process A and the shop agent's on process B exchange messages both ways, through LISTEN/NOTIFY;
 * a logout through one process closes that login's sockets on the other.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../../src/server/db/schema/index.ts";
import {
  agentSocketPath,
  ChatClose,
  ChatCode,
  MsgType,
  userSocketPath,
  type ChatMessageDto,
} from "../../../src/lib/chat/chat.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbDriver, dbReady, okData, type TestApp } from "../helpers.ts";
import { ChatClient, startChatProcess } from "./chat-helpers.ts";

describe.skipIf(!dbReady || dbDriver !== "pg")("chat across two server processes", () => {
  let app: TestApp;
  let tmp: string;
  const procs: ChildProcess[] = [];
  let a: string;
  let b: string;
  let buyer: TestUser;
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), "mall-chat-procs-"));
    buyer = await createTestUser(app, "multi");
    const [pa, pb] = await Promise.all([
      startChatProcess(app.ctx.config.databaseUrl!, tmp),
      startChatProcess(app.ctx.config.databaseUrl!, tmp),
    ]);
    procs.push(pa.proc, pb.proc);
    a = pa.base;
    b = pb.base;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((r) => {
            if (p.exitCode !== null) return r();
            p.once("exit", () => r());
            p.kill("SIGTERM");
          }),
      ),
    );
    await app?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it("a buyer on process A and the agent on process B talk both ways", async () => {
    const login = await fetch(`${b}/api/merchant/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "shop03", password: "Shop1234" }),
    });
    const { accessToken, shopId } = okData({
      status: login.status,
      headers: login.headers,
      body: await login.json(),
    }) as { accessToken: string; shopId: number };
    const agent = await ChatClient.open(b, agentSocketPath("shop", accessToken));
    agent.send({ content: "HEART_BEAT", msgType: 0 });
    await agent.next((f) => f.code === ChatCode.HEARTBEAT);
    const user = await ChatClient.open(a, `${userSocketPath(buyer.token, buyer.userId)}?lang=en`);
    clients.push(agent, user);
    // The agent's presence (process B) is visible to the buyer on process A.
    user.send({ onlineOrOffline: true, toId: shopId });
    expect((await user.next((f) => f.code === ChatCode.PRESENCE)).data).toEqual({ shopId, online: true });

    user.send({ toId: shopId, msgType: MsgType.TEXT, content: "hello from A", clientId: "x1" });
    const got = (await agent.next((f) => f.code === ChatCode.MESSAGE)).data as ChatMessageDto;
    expect(got).toMatchObject({ content: "hello from A", userId: buyer.userId, shopId });
    agent.send({ toId: buyer.userId, msgType: MsgType.TEXT, content: "answer from B", clientId: "y1" });
    expect(((await user.next((f) => f.code === ChatCode.MESSAGE)).data as ChatMessageDto).content).toBe(
      "answer from B",
    );
    // Delivered receipts cross too: the buyer learns the agent's socket got the message.
    await user.next(
      (f) =>
        f.code === ChatCode.RECEIPT &&
        (f.data as { side: string; deliveredId: number }).side === "agent" &&
        (f.data as { deliveredId: number }).deliveredId >= got.msgId,
    );

    // A second login of the buyer, with a socket on process B, closes the socket on process A.
    const token2 = newToken();
    await app.ctx.db.insert(sessions).values({
      tokenHash: hashToken(token2),
      kind: "user",
      userId: buyer.userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const second = await ChatClient.open(b, userSocketPath(token2, buyer.userId));
    clients.push(second);
    expect((await user.waitClose()).code).toBe(ChatClose.ELSEWHERE);
    expect(second.closed).toBeNull();
  });

  it("a logout through one process closes that login's sockets on the other, buyer's and agent's", async () => {
    const login = await fetch(`${a}/api/merchant/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "shop04", password: "Shop1234" }),
    });
    const { accessToken } = okData({ status: login.status, headers: login.headers, body: await login.json() }) as {
      accessToken: string;
    };
    const other = await createTestUser(app, "multi-out");
    const user = await ChatClient.open(a, userSocketPath(other.token, other.userId));
    const agent = await ChatClient.open(b, agentSocketPath("shop", accessToken));
    clients.push(user, agent);
    for (const c of [user, agent]) {
      c.send({ content: "HEART_BEAT", msgType: 0 });
      await c.next((f) => f.code === ChatCode.HEARTBEAT);
    }
    const started = Date.now();
    await fetch(`${b}/api/logOut`, { method: "POST", headers: { Authorization: other.token } });
    expect((await user.waitClose(5000)).code).toBe(ChatClose.RELOGIN);
    await fetch(`${a}/api/merchant/logout`, { method: "POST", headers: { Authorization: accessToken } });
    expect((await agent.waitClose(5000)).code).toBe(ChatClose.RELOGIN);
    expect(Date.now() - started).toBeLessThan(8000);
  });
});
