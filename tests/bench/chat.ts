/**
 * Chat budgets (docs/chat.md; part of `npm run bench`, or alone: `npx tsx tests/bench/chat.ts`).
 * On a fresh PostgreSQL database (PG_URL, default postgres://postgres@127.0.0.1:5432/test: a
 * database mall_bench_chat_<random> is made, migrated, seeded and dropped), with server
 * processes running tests/api/chat/chat-node.ts (the real API and chat socket):
 *  A. 1,000 buyer sockets on one process, each sending HEART_BEAT every 19 s (spread over the
 *     interval): the process's memory per socket (RSS after − before, / sockets) and its CPU while
 *     they only beat (BENCH_CHAT_SECONDS, default 20 s, about one heartbeat each).
 *  B. Fan-out across two processes: 200 buyers on process A send to the agents of 10 shops on
 *     process B at 200 messages/s in total for BENCH_CHAT_SECONDS; latency = the agent's socket
 *     receiving the message − the buyer's send, in this one process (same clock), after one untimed
 *     message per buyer (its conversation exists, as in steady use). Budget p99 ≤ 50 ms.
 * Prints the figures and returns them; never fails on the numbers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { agentSocketPath, HEARTBEAT_MS, userSocketPath } from "../../src/lib/chat/chat.ts";
import { hashToken, newToken } from "../../src/server/domain/account/tokens.ts";
import { startChatProcess } from "../api/chat/chat-helpers.ts";
import { withScratchDatabase } from "./scratch-db.ts";

export const CHAT_FANOUT_P99_BUDGET_MS = 50;
const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 1000);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20);
const RATE = 200;
const SENDERS = 200;
const SHOPS = 10;

export interface ChatBenchFigures {
  sockets: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerSocket: number;
  heartbeatSeconds: number;
  cpuPercentWhileBeating: number;
  fanout: {
    rate: number;
    sent: number;
    received: number;
    refused: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    budgetMs: number;
    withinBudget: boolean;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function procStat(pid: number): { rssKb: number; cpuTicks: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return { rssKb, cpuTicks: Number(stat[11]) + Number(stat[12]) };
}
const TICKS = 100;

/** The node process under the tsx wrapper (tsx spawns node as its child). */
function serverPid(proc: ChildProcess): number {
  const children = fs
    .readFileSync(`/proc/${proc.pid}/task/${proc.pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return children[0] ?? proc.pid!;
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

/** Resolves when the socket answered one heartbeat (it is registered). */
function beat(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    const on = (d: WebSocket.RawData) => {
      if ((JSON.parse(d.toString()) as { code: number }).code === 0) {
        ws.off("message", on);
        resolve();
      }
    };
    ws.on("message", on);
    ws.send(JSON.stringify({ content: "HEART_BEAT", msgType: 0 }));
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function benchChat(pgUrl: string): Promise<ChatBenchFigures> {
  return withScratchDatabase(pgUrl, "mall_bench_chat", (dbUrl) => chatOn(new URL(dbUrl)));
}

/** Section 8 on a fresh database `url` (dropped by the caller). */
async function chatOn(url: URL): Promise<ChatBenchFigures> {
  const { default: postgres } = await import("postgres");
  const { openDatabase } = await import("../../src/server/db/client.ts");
  const { seedDatabase } = await import("../../src/server/seed/index.ts");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-bench-chat-"));
  const procs: ChildProcess[] = [];
  const sockets: WebSocket[] = [];
  try {
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    await seedDatabase(database.db, { uploadsDir: path.join(dataDir, "uploads") });
    await database.close();
    const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
    const users = Array.from({ length: SOCKETS }, (_, i) => ({ userId: randomUUID(), token: newToken(), i }));
    for (let i = 0; i < users.length; i += 500) {
      const chunk = users.slice(i, i + 500);
      await sql`insert into users ${sql(chunk.map((u) => ({ user_id: u.userId, username: `bench_${u.i}_${u.userId.slice(0, 6)}`, nick_name: `bench ${u.i}` })))}`;
      await sql`insert into sessions ${sql(chunk.map((u) => ({ token_hash: hashToken(u.token), kind: "user", user_id: u.userId, expires_at: new Date(Date.now() + 86_400_000) })))}`;
    }
    await sql.end();

    const [a, b] = await Promise.all([
      startChatProcess(url.toString(), dataDir),
      startChatProcess(url.toString(), dataDir),
    ]);
    procs.push(a.proc, b.proc);
    const pidA = serverPid(a.proc);
    await sleep(1000);

    // A. sockets with heartbeats on process A
    const before = procStat(pidA);
    const wsBase = a.base.replace(/^http/, "ws");
    for (let i = 0; i < users.length; i += 50) {
      const batch = await Promise.all(
        users.slice(i, i + 50).map((u) => open(`${wsBase}${userSocketPath(u.token, u.userId)}`)),
      );
      await Promise.all(batch.map(beat));
      sockets.push(...batch);
    }
    await sleep(1000);
    const after = procStat(pidA);
    const kbPerSocket = (after.rssKb - before.rssKb) / sockets.length;
    console.log(
      `  [A] ${sockets.length} sockets on one process: RSS ${(before.rssKb / 1024).toFixed(0)} → ${(after.rssKb / 1024).toFixed(0)} MB, ${kbPerSocket.toFixed(1)} KB per socket`,
    );
    const timers = sockets.map((ws, i) => {
      const start = setTimeout(() => {
        ws.send(JSON.stringify({ content: "HEART_BEAT", msgType: 0 }));
        timers[i] = setInterval(() => ws.send(JSON.stringify({ content: "HEART_BEAT", msgType: 0 })), HEARTBEAT_MS);
      }, Math.random() * HEARTBEAT_MS);
      return start as ReturnType<typeof setTimeout> | ReturnType<typeof setInterval>;
    });
    const c0 = procStat(pidA).cpuTicks;
    const t0 = Date.now();
    await sleep(SECONDS * 1000);
    const cpuPercent = ((procStat(pidA).cpuTicks - c0) / TICKS / ((Date.now() - t0) / 1000)) * 100;
    for (const t of timers) clearTimeout(t as ReturnType<typeof setTimeout>);
    console.log(
      `  [A] CPU of that process while ${sockets.length} sockets beat every ${HEARTBEAT_MS / 1000} s: ${cpuPercent.toFixed(1)} % of one core over ${SECONDS} s`,
    );
    for (const ws of sockets.splice(SENDERS)) ws.close();

    // B. fan-out: SENDERS buyers on A → agents of SHOPS shops on B
    const agents: WebSocket[] = [];
    const bWs = b.base.replace(/^http/, "ws");
    const latencies: number[] = [];
    const sentAt = new Map<string, number>();
    for (let s = 1; s <= SHOPS; s++) {
      const login = (await (
        await fetch(`${b.base}/api/merchant/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.8.0.${s}` },
          body: JSON.stringify({ username: `shop${String(s).padStart(2, "0")}`, password: "Shop1234" }),
        })
      ).json()) as { data: { accessToken: string } };
      const ws = await open(`${bWs}${agentSocketPath("shop", login.data.accessToken)}`);
      ws.on("message", (d) => {
        const f = JSON.parse(d.toString()) as { code: number; data: { content?: string } };
        if (f.code !== 4 || !f.data.content) return;
        const t = sentAt.get(f.data.content);
        if (t !== undefined) latencies.push(performance.now() - t);
      });
      agents.push(ws);
    }
    await sleep(500);
    let refused = 0;
    for (const ws of sockets)
      ws.on("message", (d) => {
        if ((JSON.parse(d.toString()) as { code: number }).code === 9) refused++;
      });
    // Warm-up, not timed: every buyer's conversation exists (made by a first message), as in steady use.
    await Promise.all(
      sockets.map(
        (ws, i) =>
          new Promise<void>((resolve) => {
            const on = (d: WebSocket.RawData) => {
              if ((JSON.parse(d.toString()) as { code: number }).code === 5) {
                ws.off("message", on);
                resolve();
              }
            };
            ws.on("message", on);
            ws.send(JSON.stringify({ toId: (i % SHOPS) + 1, msgType: 0, content: `warm-up ${i}`, clientId: `w${i}` }));
          }),
      ),
    );
    await sleep(1500);
    let sent = 0;
    const total = RATE * SECONDS;
    const tStart = performance.now();
    while (sent < total) {
      const due = Math.floor(((performance.now() - tStart) / 1000) * RATE);
      while (sent < Math.min(due, total)) {
        const i = sent % SENDERS;
        const content = `bench ${sent}`;
        sentAt.set(content, performance.now());
        sockets[i]!.send(JSON.stringify({ toId: (i % SHOPS) + 1, msgType: 0, content, clientId: String(sent) }));
        sent++;
      }
      await sleep(5);
    }
    await sleep(2000);
    const sorted = [...latencies].sort((x, y) => x - y);
    const fanout = {
      rate: RATE,
      sent,
      received: latencies.length,
      refused,
      p50Ms: Math.round(pct(sorted, 50)),
      p99Ms: Math.round(pct(sorted, 99)),
      maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
      budgetMs: CHAT_FANOUT_P99_BUDGET_MS,
      withinBudget: pct(sorted, 99) <= CHAT_FANOUT_P99_BUDGET_MS,
    };
    console.log(
      `  [B] ${RATE} msg/s for ${SECONDS} s, ${SENDERS} buyers on process A → ${SHOPS} shops' agents on process B (PostgreSQL LISTEN/NOTIFY): sent ${sent}, received ${latencies.length}, refused ${refused}; p50 ${fanout.p50Ms} ms, p99 ${fanout.p99Ms} ms, max ${fanout.maxMs} ms — ${fanout.withinBudget ? "within" : "OVER"} budget (p99 ≤ ${CHAT_FANOUT_P99_BUDGET_MS} ms)`,
    );
    for (const ws of agents) ws.close();
    return {
      sockets: SOCKETS,
      rssBeforeMb: Math.round(before.rssKb / 1024),
      rssAfterMb: Math.round(after.rssKb / 1024),
      kbPerSocket: Math.round(kbPerSocket * 10) / 10,
      heartbeatSeconds: SECONDS,
      cpuPercentWhileBeating: Math.round(cpuPercent * 10) / 10,
      fanout,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
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
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(`[8] Chat (PostgreSQL, ${SOCKETS} sockets, ${SECONDS} s phases)`);
  benchChat(process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/test").then(
    (r) => {
      console.log(JSON.stringify(r));
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
