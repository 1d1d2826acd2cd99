/**
 * The operator's view (docs/operations.md "Health, logs and metrics"): liveness and readiness,
 * the job backlog, and the metrics one process exposes.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { jobs, sessions } from "../../../src/server/db/schema/index.ts";
import { rowsOf } from "../../../src/server/db/client.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { jobBacklog, scheduleJob } from "../../../src/server/domain/jobs/jobs.ts";
import { trackRequest } from "../../../src/server/http/observability/access-log.ts";
import { createMetrics } from "../../../src/server/http/observability/metrics.ts";
import { DEMO_USER } from "../../../src/server/seed/index.ts";
import { createTestApp, dbReady, metricValue, PNG_1X1, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("health, job backlog and metrics", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("liveness answers while the process runs; readiness when the database is migrated", async () => {
    const live = await app.get<{ status: string }>("/api/health/live");
    expect(live.status).toBe(200);
    expect(live.body.data.status).toBe("live");
    const ready = await app.get<{ status: string; driver: string }>("/api/health/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: "ready", driver: app.ctx.database.driver });
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await app.ctx.database.pendingMigrations()).toBe(0);
  });

  it("readiness answers 503 while the process stops, so a proxy drains it", async () => {
    app.ctx.draining = true;
    try {
      const res = await app.get<{ status: string; reasons: string[] }>("/api/health/ready");
      expect(res.status).toBe(503);
      expect(res.body.data).toEqual({ status: "not ready", reasons: ["stopping"] });
      expect((await app.get("/api/health/live")).status).toBe(200);
    } finally {
      app.ctx.draining = false;
    }
  });

  it("readiness answers 503 while a migration of this build is not applied", async () => {
    const db = app.ctx.db;
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`),
    );
    expect(last).toBeDefined();
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      expect(await app.ctx.database.pendingMigrations()).toBe(1);
      const res = await app.get<{ reasons: string[] }>("/api/health/ready");
      expect(res.status).toBe(503);
      expect(res.body.data.reasons).toEqual(["1 migration(s) pending"]);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await app.get("/api/health/ready")).status).toBe(200);
  });

  it("the job backlog counts due jobs, the oldest one's lag and the jobs that gave up", async () => {
    const db = app.ctx.db;
    const now = new Date();
    await db.update(jobs).set({ doneAt: now });
    expect(await jobBacklog(db, now)).toEqual({ due: 0, lagSeconds: 0, failed: 0 });
    await scheduleJob(db, "observabilityProbe", "a", new Date(now.getTime() - 90_000));
    await scheduleJob(db, "observabilityProbe", "b", new Date(now.getTime() - 30_000));
    await scheduleJob(db, "observabilityProbe", "later", new Date(now.getTime() + 60_000));
    await scheduleJob(db, "observabilityProbe", "gave-up", new Date(now.getTime() - 600_000));
    await db.update(jobs).set({ attempts: 10 }).where(eq(jobs.refKey, "gave-up"));
    const backlog = await jobBacklog(db, now);
    expect(backlog.due).toBe(2);
    expect(backlog.failed).toBe(1);
    expect(backlog.lagSeconds).toBeGreaterThanOrEqual(89);
    expect(backlog.lagSeconds).toBeLessThan(92);
    await db.update(jobs).set({ doneAt: now }).where(eq(jobs.kind, "observabilityProbe"));
  });

  it("the metrics count requests by route pattern and read the cache, sockets, database and jobs", async () => {
    const metrics = createMetrics({
      database: app.ctx.database,
      renderCache: () => ({
        entries: 3,
        bytes: 4096,
        hits: 5,
        misses: 2,
        bypasses: 1,
        invalidations: 0,
        notAdmitted: 0,
        stale: 0,
        version: null,
      }),
      readModels: () => [{ store: "public", entries: 12, bytes: 34_000 }],
      catalogueReads: () => ({ replica: 40, primary: 3 }),
      connections: async () => 7,
      chatSockets: () => 2,
    });
    metrics.observe("GET", "/detail/:id", 200, 0.012);
    metrics.observe("GET", "/detail/:id", 200, 0.3);
    metrics.observe("POST", "/api/p/order/submit", 500, 0.05);
    metrics.observe("BREW", "unmatched", 404, 0.001);
    const text = await metrics.registry.metrics();
    expect(text).toContain('mall_http_requests_total{method="GET",route="/detail/:id",status="2xx"} 2');
    expect(text).toContain('mall_http_requests_total{method="POST",route="/api/p/order/submit",status="5xx"} 1');
    expect(text).toContain('mall_http_requests_total{method="OTHER",route="unmatched",status="4xx"} 1');
    expect(text).toContain('mall_http_request_duration_seconds_bucket{le="0.025",method="GET",route="/detail/:id"} 1');
    expect(text).toContain('mall_render_cache_lookups_total{outcome="hit"} 5');
    expect(text).toContain("mall_render_cache_bytes 4096");
    expect(text).toContain('mall_render_cache_lookups_total{outcome="stale"} 0');
    expect(text).toContain('mall_read_model_bytes{store="public"} 34000');
    expect(text).toContain('mall_read_model_entries{store="public"} 12');
    expect(text).toContain('mall_catalogue_reads_total{server="replica"} 40');
    expect(text).toContain('mall_catalogue_reads_total{server="primary"} 3');
    expect(text).toContain('mall_open_connections{kind="http"} 7');
    expect(text).toContain('mall_open_connections{kind="chat"} 2');
    expect(text).toContain(`mall_db_pool_connections ${app.ctx.database.driver === "postgres" ? 10 : 1}`);
    expect(text).toMatch(/^mall_db_ping_seconds \d/m);
    expect(text).toMatch(/^mall_db_statement_seconds_total \d/m);
    expect(text).toMatch(/^mall_jobs_due \d+$/m);
    expect(text).toMatch(/^mall_jobs_lag_seconds \d/m);
    expect(text).toMatch(/^mall_process_resident_memory_bytes \d/m);
  });

  it("GET /metrics with the token: statement durations by kind and pool use of this process move with requests", async () => {
    const token = "metrics-test-token-0123456789";
    const metrics = createMetrics({
      token,
      database: app.ctx.database,
      renderCache: () => ({
        entries: 0,
        bytes: 0,
        hits: 0,
        misses: 0,
        bypasses: 0,
        invalidations: 0,
        notAdmitted: 0,
        stale: 0,
        version: null,
      }),
      connections: async () => 1,
      chatSockets: () => 0,
    });
    // The server's own order (main.ts): request id, access line and counting, /metrics, then the API.
    const api = getRequestListener(app.api.fetch);
    const server = http.createServer((req, res) => {
      const reqId = trackRequest(req, res, metrics);
      if (metrics.serve(req, res, reqId)) return;
      void api(req, res);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const scrape = async () => {
      const res = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return res.text();
    };
    try {
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer wrong" } })).status).toBe(404);

      const before = await scrape();
      for (const kind of ["select", "insert", "update", "delete", "other"])
        expect(before).toContain(`mall_db_query_duration_seconds_count{operation="${kind}"}`);
      expect(before).not.toMatch(/mall_db_query_duration_seconds\S*\{[^}]*(sql|query|where|from)[^}]*\}/i);
      const size = app.ctx.database.poolSize;
      expect(metricValue(before, "mall_db_pool_in_use")).toBe(0);
      expect(metricValue(before, "mall_db_pool_idle")).toBe(size);
      expect(metricValue(before, "mall_db_pool_waiting")).toBe(0);
      expect(metricValue(before, "mall_db_queries_in_flight")).toBe(0);

      // One upload: its rows (upload_owners, rate_limits) are inserts of this process; scrapes only read.
      const session = newToken();
      await app.ctx.db.insert(sessions).values({
        tokenHash: hashToken(session),
        kind: "user",
        userId: DEMO_USER.userId,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      const afterSession = await scrape();
      const form = new FormData();
      form.append("file", new File([PNG_1X1], "me.png", { type: "image/png" }));
      const up = await fetch(`${base}/api/p/file/upload?folder=review`, {
        method: "POST",
        headers: { Authorization: session },
        body: form,
      });
      expect(up.status).toBe(200);
      const after = await scrape();
      const inserts = (t: string) => metricValue(t, 'mall_db_query_duration_seconds_count{operation="insert"}');
      expect(inserts(afterSession)).toBeGreaterThan(inserts(before));
      expect(inserts(after)).toBeGreaterThan(inserts(afterSession));
      expect(metricValue(after, 'mall_db_query_duration_seconds_sum{operation="insert"}')).toBeGreaterThan(
        metricValue(afterSession, 'mall_db_query_duration_seconds_sum{operation="insert"}'),
      );
      const selects = (t: string) => metricValue(t, 'mall_db_query_duration_seconds_count{operation="select"}');
      expect(selects(after)).toBeGreaterThan(selects(afterSession));
      expect(after).toContain('mall_http_requests_total{method="POST",route="/api/p/file/upload",status="2xx"} 1');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("pool use: open transactions hold connections, statements beyond the pool wait", async () => {
    const { database } = app.ctx;
    const size = database.poolSize;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const begun: Promise<void>[] = [];
    const transactions = Array.from({ length: size }, () => {
      let started = () => {};
      begun.push(new Promise<void>((r) => (started = r)));
      return database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started();
        await held;
      });
    });
    await Promise.all(begun);
    expect(database.meter.pool()).toMatchObject({ size, inUse: size, idle: 0, waiting: 0, openTransactions: size });
    // A statement outside them needs a connection of its own: none is free.
    const extra = database.db.execute(sql`select 1`).then(() => undefined);
    await new Promise((r) => setImmediate(r));
    expect(database.meter.pool()).toMatchObject({ inUse: size, idle: 0, waiting: 1, inFlight: 1 });
    release();
    await Promise.all([...transactions, extra]);
    expect(database.meter.pool()).toEqual({ size, inUse: 0, idle: size, waiting: 0, inFlight: 0, openTransactions: 0 });
  });
});
