/**
 * API test harness: the real Hono app (createApi) over a real, seeded database.
 *   DB_DRIVER=pglite  in-memory PGlite loaded from the dump made once by global-setup.ts
 *   DB_DRIVER=pg      a fresh PostgreSQL database mall_t_<run>_<random> per test file: copied from
 *                     the run's seeded template (global-setup.ts), and dropped again by close()
 * Use `describe.skipIf(!dbReady)` so api-pg is skipped (with the global-setup warning) when
 * PostgreSQL is unreachable outside CI.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { Envelope } from "../../src/lib/api-types.ts";
import { createApi } from "../../src/server/api/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { setAppContext, type AppContext } from "../../src/server/context.ts";
import { openDatabase, type Database } from "../../src/server/db/client.ts";
import { DevOutboxSmsProvider } from "../../src/server/providers/sms.ts";
import { LocalFileStorage } from "../../src/server/providers/storage.ts";
import { dbChangeFeed } from "../../src/server/db/content-changes.ts";
import { primaryReads, replicaReads } from "../../src/server/db/read-replica.ts";
import { BuyerReadModels } from "../../src/server/domain/content/buyer-read-models.ts";
import { PublicReadModels } from "../../src/server/domain/content/read-models.ts";

export const dbDriver: "pglite" | "pg" = process.env.DB_DRIVER === "pg" ? "pg" : "pglite";
export const dbReady: boolean = inject("dbReady");

export interface TestResponse<T> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

export interface TestApp {
  api: ReturnType<typeof createApi>;
  ctx: AppContext;
  /** Calls the API in-process; `path` starts with /api. The body is parsed as JSON. */
  request<T = unknown>(path: string, init?: RequestInit): Promise<TestResponse<T>>;
  /** GET with an Accept-Language header. */
  get<T = unknown>(path: string, lang?: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

async function openPglite(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const dump = await fs.readFile(inject("pgliteDumpFile"));
  const database = await openDatabase({ loadDataDir: new Blob([dump]) });
  await database.migrate();
  return { database, drop: async () => {} };
}

async function openPg(
  readReplica?: (primaryUrl: string) => Promise<string>,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const base = inject("pgBaseUrl");
  const name = `mall_t_${inject("pgRunId")}_${randomBytes(4).toString("hex")}`;
  const { default: postgres } = await import("postgres");
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  // Copies of one template may not overlap on every server version; a short retry covers that.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`create database "${name}" template "${inject("pgTemplate")}"`);
      break;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) {
        await admin.end({ timeout: 5 });
        throw err;
      }
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const drop = async () => {
    try {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await admin.end({ timeout: 5 });
    }
  };
  try {
    const readUrl = readReplica ? await readReplica(url.toString()) : undefined;
    const database = await openDatabase({ databaseUrl: url.toString(), readUrl });
    return { database, url: url.toString(), drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

/**
 * feedIntervalMs: how often the change feed is read (default 0: every request sees the changes before it).
 * readReplica (PostgreSQL): called with the new database's URL once it exists, answers the URL of
 * its read replica, which the catalogue then reads (tests/api/catalog/read-replica.test.ts).
 */
export async function createTestApp(
  opts: { feedIntervalMs?: number; readReplica?: (primaryUrl: string) => Promise<string> } = {},
): Promise<TestApp> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "mall-api-test-"));
  const opened = dbDriver === "pg" ? await openPg(opts.readReplica) : { ...(await openPglite()), url: undefined };
  const { database } = opened;
  const config = loadConfig({
    ...process.env,
    DATA_DIR: tmp,
    DATABASE_URL: opened.url ?? "",
    AUTO_SEED: "0",
    NODE_ENV: "test",
  });
  // By default every request sees the changes before it (tests write to the database directly too).
  const feed = dbChangeFeed(database.db, { intervalMs: opts.feedIntervalMs ?? 0 });
  const reads = database.replica ? replicaReads(database.db, database.replica.db, feed) : primaryReads(database.db);
  const content = new PublicReadModels(database.db, feed, { reads });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    reads,
    sms: new DevOutboxSmsProvider(tmp, () => {}),
    storage: new LocalFileStorage(path.join(tmp, "uploads")),
    content,
    buyers: new BuyerReadModels(database.db, content.feed),
  };
  setAppContext(ctx);
  const api = createApi(ctx);

  async function request<T = unknown>(p: string, init?: RequestInit): Promise<TestResponse<T>> {
    const res = await api.request(p, init);
    const text = await res.text();
    let body: Envelope<T>;
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`${p}: answer is not JSON (status ${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, headers: res.headers, body };
  }

  return {
    api,
    ctx,
    request,
    get: (p, lang, headers = {}) =>
      request(p, { headers: { ...(lang ? { "Accept-Language": lang } : {}), ...headers } }),
    async close() {
      setAppContext(undefined);
      reads.stop();
      try {
        await database.close();
      } finally {
        await opened.drop();
        await fs.rm(tmp, { recursive: true, force: true });
      }
    },
  };
}

/** Asserts a successful envelope and returns its data. */
export function okData<T>(res: TestResponse<T>): T {
  if (res.body.code !== "00000" || res.body.success !== true) {
    throw new Error(`expected success, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  }
  return res.body.data;
}

/** A 1×1 PNG: the smallest picture the upload routes take. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** The value of one sample of a Prometheus text answer, e.g. `metricValue(text, 'x_count{operation="insert"}')`. */
export function metricValue(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`no ${series} in the metrics`);
  return Number(line.slice(series.length + 1));
}
