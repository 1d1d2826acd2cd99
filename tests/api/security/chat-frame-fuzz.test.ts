/**
 * Fuzz of the chat socket's frames (docs/security.md "Security tests", docs/chat.md): a buyer's
 * and an agent's socket each get a seeded sample of malformed frames — every frame kind (message,
 * history, read, presence) with each field given a hostile value: ids beyond int4, negative and
 * fractional cursors, objects whose String() throws ({"toString": 1}), wrong types, control
 * characters, huge text — plus raw frames that are no JSON object. Every answer is a refusal in
 * the socket's language (code 9 or 15), never the server-error answer; nothing is logged as an
 * error; the socket stays open and answers a valid frame after; the chat tables are unchanged.
 *
 * FUZZ_SEED=<n> replays another sample; FUZZ_CASES=<n> sets the frames per side (default 160).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { agentSocketPath, ChatCode, MsgType, userSocketPath } from "../../../src/lib/chat/chat.ts";
import { rowsOf } from "../../../src/server/db/client.ts";
import { useLogSink } from "../../../src/server/log.ts";
import { createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbDriver, dbReady, okData, type TestApp } from "../helpers.ts";
import { ChatClient, serveChat, type Frame } from "../chat/chat-helpers.ts";
import { BAD_VALUES, NUMERIC_STRINGS, pick, rng } from "./fuzz-cases.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
const CASES = Number(process.env.FUZZ_CASES ?? 160);
const SERVER_ERROR = "The server had a small error";

/** Values that broke the frame reading before its rules: beyond int4, fractional, negative, objects. */
const RECEIVER_BREAKERS: readonly unknown[] = [
  2 ** 31,
  2 ** 31 + 5,
  2 ** 53 + 2,
  -1,
  1.5,
  -0.5,
  { toString: 1 },
  { valueOf: 1 },
  { toString: "x", valueOf: "y" },
  [1],
  [[]],
  "2147483648",
  "9".repeat(30),
  "ad\u200bmin",
  "\u0000",
];
const CURSOR_BREAKERS: readonly unknown[] = [
  -1,
  -(2 ** 31),
  0.5,
  1.5,
  2 ** 53 + 2,
  1e308,
  { toString: 1 },
  [5],
  "1.5",
  "-1",
  true,
];

type Kind = "message" | "history" | "read" | "presence";
const KINDS: readonly Kind[] = ["message", "history", "read", "presence"];

/** Raw frames sent as they are. */
const RAW_FRAMES: readonly string[] = [
  "",
  "{",
  "null",
  "[]",
  "1",
  '"HEART_BEAT"',
  '{"toId":' + "[".repeat(5000) + "]".repeat(5000) + "}",
  '{"__proto__":{"toId":1},"msgType":0,"content":"x"}',
  '{"toId":1,"toId":{"toString":1},"msgType":0,"content":"x"}',
  '{"history":1,"toId":1e999}',
];

describe.skipIf(!dbReady)(`fuzz: chat socket frames (${dbDriver})`, () => {
  let app: TestApp;
  let served: Awaited<ReturnType<typeof serveChat>>;
  let buyer: TestUser;
  let shopToken: string;
  let shopId: number;
  const errors: string[] = [];
  let restoreLog = () => {};
  const open: ChatClient[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    served = await serveChat(app);
    buyer = await createTestUser(app, "fuzzchat");
    const login = okData(
      await app.request<{ accessToken: string; shopId: number }>("/api/merchant/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.88.0.1" },
        body: JSON.stringify({ username: "shop01", password: "Shop1234" }),
      }),
    );
    shopToken = login.accessToken;
    shopId = login.shopId;
    restoreLog = useLogSink((line) => {
      if (["error", "fatal"].includes((JSON.parse(line) as { level: string }).level)) errors.push(line);
    });
  });
  afterAll(async () => {
    restoreLog();
    for (const c of open) c.close();
    await served?.close();
    await app?.close();
  });

  /** Rows of the chat tables, as a fingerprint (count and an order-independent hash). */
  async function chatTables(): Promise<string> {
    const rows = rowsOf<{ fp: string }>(
      await app.ctx.db.execute(
        sql`select (select count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text from chat_messages x)
          || '/' || (select count(*)::text || ':' || coalesce(sum(hashtext(y::text)::bigint), 0)::text from chat_conversations y) as fp`,
      ),
    );
    return rows[0]!.fp;
  }

  /** One malformed frame of a kind: one field hostile, the others as a client sends them. */
  function badFrame(r: () => number, kind: Kind, side: "user" | "agent", i: number): Record<string, unknown> {
    const validTo = side === "user" ? shopId : buyer.userId;
    const base: Record<string, unknown> =
      kind === "message"
        ? { toId: validTo, msgType: MsgType.TEXT, content: "hello", clientId: `f${i}` }
        : kind === "history"
          ? { history: 1, toId: validTo, before: 1, size: 5 }
          : kind === "read"
            ? { read: 1, toId: validTo, upTo: 1 }
            : { onlineOrOffline: true, toId: validTo };
    const fields = Object.keys(base).filter(
      (k) =>
        !["history", "read", "onlineOrOffline", "clientId"].includes(k) && !(kind === "message" && k === "msgType"),
    );
    const field = pick(r, fields);
    const hostile =
      field === "toId"
        ? pick(r, [...RECEIVER_BREAKERS, ...BAD_VALUES, ...NUMERIC_STRINGS])
        : field === "content"
          ? pick(r, [...BAD_VALUES, "", " ", "a\u202eb", "x".repeat(501), "<img src=x onerror=alert(1)>\u0007"])
          : // null means "not given" and 2^31 is a message id (bigint): valid frames, which may open the conversation
            pick(r, [...CURSOR_BREAKERS, ...BAD_VALUES.filter((v) => v !== null && v !== 2 ** 31)]);
    // a valid text message with a receiver the frame takes would be stored: keep the text hostile too
    return { ...base, [field]: hostile, ...(kind === "message" && field === "toId" ? { content: "" } : {}) };
  }

  /** Sends a frame, then a heartbeat; resolves with the frames answered in between. */
  async function exchange(c: ChatClient, text: string): Promise<Frame[]> {
    const from = c.frames.length;
    c.sendRaw(text);
    c.send({ content: "HEART_BEAT", msgType: 0 });
    const beat = await c.next((f) => f.code === ChatCode.HEARTBEAT, 10_000, from);
    return c.frames.slice(from, c.frames.indexOf(beat, from));
  }

  it(
    "refuses every malformed frame in the socket's language, changes nothing, and the socket keeps working",
    {
      timeout: 180_000,
    },
    async () => {
      const before = await chatTables();
      const failures: string[] = [];
      const sockets = {
        user: await ChatClient.open(served.base, `${userSocketPath(buyer.token, buyer.userId)}?lang=en`),
        agent: await ChatClient.open(served.base, `${agentSocketPath("shop", shopToken)}?lang=en`),
      };
      open.push(sockets.user, sockets.agent);
      let sent = 0;
      for (const side of ["user", "agent"] as const) {
        const c = sockets[side];
        const r = rng(SEED ^ (side === "user" ? 1 : 2));
        const texts = [
          ...RAW_FRAMES,
          ...Array.from({ length: CASES }, (_, i) => JSON.stringify(badFrame(r, KINDS[i % KINDS.length]!, side, i))),
        ];
        for (const text of texts) {
          const answers = await exchange(c, text);
          sent++;
          const where = `${side} ${text.slice(0, 140)} (FUZZ_SEED=${SEED})`;
          for (const a of answers) {
            if (a.msg === SERVER_ERROR) failures.push(`${where}: server error`);
            else if (a.code === ChatCode.ACK || a.code === ChatCode.MESSAGE) failures.push(`${where}: stored`);
            else if (a.code === ChatCode.REFUSED || a.code === ChatCode.NOT_YOURS) {
              if (a.success || !a.msg || /[\u4e00-\u9fff]/.test(a.msg)) failures.push(`${where}: refusal ${a.msg}`);
            }
          }
          if (c.closed) {
            failures.push(`${where}: socket closed ${JSON.stringify(c.closed)}`);
            break;
          }
        }
      }
      console.log(`[chat frame fuzz ${dbDriver}] ${sent} frames (FUZZ_SEED=${SEED})`);
      expect(failures).toEqual([]);
      expect(errors).toEqual([]);
      expect(await chatTables()).toBe(before);

      // Both sockets still work: the buyer writes, the agent answers.
      const user = sockets.user;
      user.send({ toId: shopId, msgType: MsgType.TEXT, content: "after the fuzz", clientId: "ok1" });
      const ack = await user.next((f) => f.code === ChatCode.ACK);
      expect(ack.data).toMatchObject({ clientId: "ok1", message: { content: "after the fuzz" } });
      const agent = sockets.agent;
      agent.send({ toId: buyer.userId, msgType: MsgType.TEXT, content: "answer", clientId: "ok2" });
      expect((await agent.next((f) => f.code === ChatCode.ACK)).data).toMatchObject({ clientId: "ok2" });
    },
  );
});
