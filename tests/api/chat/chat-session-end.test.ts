/**
 * A chat socket lives as long as its login (docs/chat.md "Session ends"): logout of a buyer or a
 * shop, a password change and a session's expiry close every socket of that session within
 * seconds, without the client sending anything; a login holds at most SOCKETS_PER_SESSION sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  agentSocketPath,
  ChatClose,
  ChatCode,
  MsgType,
  SOCKETS_PER_SESSION,
  userSocketPath,
} from "../../../src/lib/chat/chat.ts";
import { sessions, users } from "../../../src/server/db/schema/index.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { hashPassword } from "../../../src/server/domain/kernel/password.ts";
import { caller, createTestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { ChatClient, serveChat } from "./chat-helpers.ts";

/** Closed within this long of the session's end (the check runs every second). */
const WITHIN_MS = 5000;

describe.skipIf(!dbReady)("chat sockets end with their session", () => {
  let app: TestApp;
  let served: Awaited<ReturnType<typeof serveChat>>;
  let call: ReturnType<typeof caller>;
  const open: ChatClient[] = [];
  const connect = async (path: string) => {
    const c = await ChatClient.open(served.base, path);
    open.push(c);
    return c;
  };
  /** Opened and registered: a heartbeat is answered only after the token check. */
  const ready = async (path: string) => {
    const c = await connect(path);
    c.send({ content: "HEART_BEAT", msgType: 0 });
    await c.next((f) => f.code === ChatCode.HEARTBEAT);
    return c;
  };
  const merchantLogin = async (username: string) =>
    okData(
      await app.request<{ accessToken: string; shopId: number }>("/api/merchant/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.38.0.1" },
        body: JSON.stringify({ username, password: "Shop1234" }),
      }),
    );

  beforeAll(async () => {
    app = await createTestApp();
    served = await serveChat(app);
    call = caller(app);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await served?.close();
    await app?.close();
  });

  it("a buyer's logout closes every socket of that login, silent ones too; another login's stays", async () => {
    const buyer = await createTestUser(app, "logout");
    const path = `${userSocketPath(buyer.token, buyer.userId)}?lang=en`;
    const tabs = [await ready(path), await ready(path)];
    const other = await createTestUser(app, "stays");
    const stays = await ready(userSocketPath(other.token, other.userId));

    const started = Date.now();
    expect((await call("/logOut", { method: "POST", user: buyer })).status).toBe(200);
    for (const tab of tabs) {
      expect((await tab.next((f) => f.code === ChatCode.RELOGIN, WITHIN_MS)).msg).toBe(
        "Account offline, please log in again",
      );
      expect((await tab.waitClose(WITHIN_MS)).code).toBe(ChatClose.RELOGIN);
    }
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    stays.send({ content: "HEART_BEAT", msgType: 0 });
    await stays.next((f) => f.code === ChatCode.HEARTBEAT, 5000, stays.frames.length);
    expect(stays.closed).toBeNull();
  });

  it("a shop's logout closes its agent sockets; another session of the shop keeps chatting", async () => {
    const first = await merchantLogin("shop01");
    const second = await merchantLogin("shop01");
    const agent = await ready(`${agentSocketPath("shop", first.accessToken)}?lang=zh`);
    const colleague = await ready(agentSocketPath("shop", second.accessToken));

    const out = await app.request("/api/merchant/logout", {
      method: "POST",
      headers: { Authorization: first.accessToken },
    });
    expect(out.status).toBe(200);
    expect((await agent.next((f) => f.code === ChatCode.RELOGIN, WITHIN_MS)).msg).toBe("账号已离线，请重新登录");
    expect((await agent.waitClose(WITHIN_MS)).code).toBe(ChatClose.RELOGIN);
    colleague.send({ history: 1, toId: "nobody" });
    await colleague.next((f) => f.code === ChatCode.NOT_YOURS);
    expect(colleague.closed).toBeNull();
  });

  it("a password change closes the sockets of every earlier login of the buyer", async () => {
    const buyer = await createTestUser(app, "pwchange");
    await app.ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword("Old-pass-1") })
      .where(eq(users.userId, buyer.userId));
    const socket = await ready(userSocketPath(buyer.token, buyer.userId));
    const changed = await call<{ accessToken: string }>("/p/user/updatePassword", {
      method: "PUT",
      user: buyer,
      body: { oldPassword: "Old-pass-1", newPassword: "New-pass-2" },
    });
    const fresh = okData(changed).accessToken;
    expect((await socket.waitClose(WITHIN_MS)).code).toBe(ChatClose.RELOGIN);
    // The new login's socket works.
    const again = await ready(userSocketPath(fresh, buyer.userId));
    expect(again.closed).toBeNull();
  });

  it("a session that expires closes its sockets at its end, buyer's and agent's alike", async () => {
    const buyer = await createTestUser(app, "expiry");
    const token = newToken();
    const end = new Date(Date.now() + 2500);
    await app.ctx.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), kind: "user", userId: buyer.userId, expiresAt: end });
    const shop = await merchantLogin("shop02");
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: end })
      .where(eq(sessions.tokenHash, hashToken(shop.accessToken)));
    const user = await ready(userSocketPath(token, buyer.userId));
    const agent = await ready(agentSocketPath("shop", shop.accessToken));
    for (const c of [user, agent]) {
      expect((await c.waitClose(end.getTime() - Date.now() + 2000)).code).toBe(ChatClose.RELOGIN);
      expect(Date.now()).toBeGreaterThanOrEqual(end.getTime());
    }
  });

  it(`a login holds at most ${SOCKETS_PER_SESSION} sockets: the next is refused with 4429 and the others stay`, async () => {
    const buyer = await createTestUser(app, "sockets");
    const path = `${userSocketPath(buyer.token, buyer.userId)}?lang=en`;
    const tabs: ChatClient[] = [];
    for (let i = 0; i < SOCKETS_PER_SESSION; i++) tabs.push(await ready(path));
    const extra = await connect(path);
    const refused = await extra.next((f) => f.code === ChatCode.REFUSED);
    expect(refused.msg).toBe(
      `Chat is already open in ${SOCKETS_PER_SESSION} windows of this login; close one of them to chat here`,
    );
    expect(await extra.waitClose()).toMatchObject({ code: ChatClose.TOO_MANY });
    for (const tab of tabs) expect(tab.closed).toBeNull();
    tabs[0]!.send({ toId: 1, msgType: MsgType.TEXT, content: "still here", clientId: "c1" });
    await tabs[0]!.next((f) => f.code === ChatCode.ACK);
    // One closed: a new one is accepted.
    tabs[1]!.close();
    await tabs[1]!.waitClose();
    await new Promise((r) => setTimeout(r, 100));
    const next = await ready(path);
    expect(next.closed).toBeNull();
  });
});
