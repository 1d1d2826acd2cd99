/**
 * Chat test harness: an HTTP server with the real API and the real chat socket on a free port, and
 * a websocket client that keeps every frame it got and waits for the one a test expects.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import WebSocket from "ws";
import { openChatBus } from "../../../src/server/domain/chat/chat-bus.ts";
import { createChatServer, type ChatServer } from "../../../src/server/http/chat-socket.ts";
import type { TestApp } from "../helpers.ts";

export interface Frame {
  code: number;
  data: unknown;
  success: boolean;
  msg: string | null;
}

export class ChatClient {
  readonly frames: Frame[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on("message", (d) => {
      this.frames.push(JSON.parse(d.toString()) as Frame);
      this.wake();
    });
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }
  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
  static open(base: string, path: string): Promise<ChatClient> {
    const ws = new WebSocket(base.replace(/^http/, "ws") + path);
    const client = new ChatClient(ws);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(client));
      ws.once("error", reject);
    });
  }
  send(frame: unknown) {
    this.ws.send(JSON.stringify(frame));
  }
  /** Sends a text frame exactly as given. */
  sendRaw(text: string) {
    this.ws.send(text);
  }
  /** The first frame (from `from` on) that matches; waits up to `ms`. */
  async next(match: (f: Frame) => boolean, ms = 5000, from = 0): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.frames.slice(from).find(match);
      if (hit) return hit;
      if (Date.now() > deadline)
        throw new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames).slice(0, 800)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 100);
      });
    }
  }
  async waitClose(ms = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + ms;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error("socket not closed");
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 100);
      });
    }
    return this.closed;
  }
  close() {
    this.ws.close();
  }
}

/** The app's API and chat socket served on 127.0.0.1:<free port>. */
export async function serveChat(app: TestApp): Promise<{ base: string; chat: ChatServer; close: () => Promise<void> }> {
  const bus = await openChatBus(app.ctx.database);
  app.ctx.chatBus = bus;
  const chat = createChatServer(app.ctx, bus);
  const listener = getRequestListener(app.api.fetch);
  const server = http.createServer((req, res) => void listener(req, res));
  server.on("upgrade", (req, socket, head) => chat.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    chat,
    async close() {
      await chat.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Starts tests/api/chat/chat-node.ts on the test database; resolves with its base URL. */
export async function startChatProcess(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ base: string; proc: ChildProcess }> {
  const proc = spawn(path.resolve("node_modules/.bin/tsx"), [path.resolve("tests/api/chat/chat-node.ts")], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: "test", JOBS: "0", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`chat process did not start: ${out}`)), 60_000);
    proc.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    proc.on("exit", (code) => reject(new Error(`chat process exited ${code}: ${out}`)));
  });
  return { base, proc };
}

/** A shop agent's login through the merchant API (from its own address, apart from the buyers' rate limits). */
export async function agentLogin(
  app: TestApp,
  username: string,
  ip: string,
): Promise<{ token: string; shopId: number }> {
  const res = await app.request<{ accessToken: string; shopId: number }>("/api/merchant/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify({ username, password: "Shop1234" }),
  });
  if (res.body.code !== "00000") throw new Error(`agent login ${username}: ${JSON.stringify(res.body)}`);
  return { token: res.body.data.accessToken, shopId: res.body.data.shopId };
}
