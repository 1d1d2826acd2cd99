/**
 * The Prometheus metrics of one server process (docs/operations.md "Metrics"), with prom-client.
 * Each process has its own registry; Prometheus scrapes every process and sums. Served by main.ts
 * at `/metrics` only to a scraper that sends `Authorization: Bearer $METRICS_TOKEN` — without the
 * variable the path does not exist (404), so nothing is public by default.
 */
import { timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { STATEMENT_KINDS } from "../../db/statement-meter.ts";
import { jobBacklog } from "../../domain/jobs/jobs.ts";
import { logger } from "../../log.ts";
import type { RenderCacheStats } from "../render-cache/cache.ts";

export interface MetricsSources {
  /** METRICS_TOKEN: the bearer token a scraper must send; none = /metrics does not exist (404). */
  token?: string | undefined;
  /** The database handle whose statements and pool use are measured (one registry per handle). */
  database: Database;
  renderCache: () => RenderCacheStats;
  /** The read models' stores (public and buyers): entries and estimated bytes of each. */
  readModels?: () => { store: string; entries: number; bytes: number }[];
  /** Catalogue reads given to the read replica and to the primary so far (db/read-replica.ts). */
  catalogueReads?: () => { replica: number; primary: number };
  /** Open HTTP connections and chat sockets of this process. */
  connections: () => Promise<number>;
  chatSockets: () => number;
}

export interface ServerMetrics {
  registry: Registry;
  /** Counts one answered request: method, route pattern (route-pattern.ts), status. */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** Answers `GET /metrics` from an allowed scraper (true), or leaves the request alone (false). */
  serve(req: http.IncomingMessage, res: http.ServerResponse, reqId: string): boolean;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

export function createMetrics(src: MetricsSources): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "mall_" });

  const requests = new Counter({
    name: "mall_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status class",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "mall_http_request_duration_seconds",
    help: "Time from the request to the end of the answer, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  new Gauge({
    name: "mall_render_cache_entries",
    help: "Pages kept by the render cache",
    registers: [registry],
    collect() {
      this.set(src.renderCache().entries);
    },
  });
  new Gauge({
    name: "mall_render_cache_bytes",
    help: "Bytes kept by the render cache",
    registers: [registry],
    collect() {
      this.set(src.renderCache().bytes);
    },
  });
  new Counter({
    name: "mall_render_cache_lookups_total",
    help: "Render cache lookups by outcome (hit, miss, bypass, stale)",
    labelNames: ["outcome"] as const,
    registers: [registry],
    collect() {
      const s = src.renderCache();
      this.reset();
      this.inc({ outcome: "hit" }, s.hits);
      this.inc({ outcome: "miss" }, s.misses);
      this.inc({ outcome: "bypass" }, s.bypasses);
      this.inc({ outcome: "stale" }, s.stale);
    },
  });

  new Gauge({
    name: "mall_read_model_bytes",
    help: "Estimated bytes of the values the read models keep (approxBytes), by store",
    labelNames: ["store"] as const,
    registers: [registry],
    collect() {
      for (const r of src.readModels?.() ?? []) this.set({ store: r.store }, r.bytes);
    },
  });
  new Counter({
    name: "mall_catalogue_reads_total",
    help: "Public catalogue reads (search, lists, categories) by the server read: replica (DATABASE_READ_URL) or primary",
    labelNames: ["server"] as const,
    registers: [registry],
    collect() {
      const reads = src.catalogueReads?.();
      if (!reads) return;
      this.reset();
      this.inc({ server: "replica" }, reads.replica);
      this.inc({ server: "primary" }, reads.primary);
    },
  });
  new Gauge({
    name: "mall_read_model_entries",
    help: "Values the read models keep, by store",
    labelNames: ["store"] as const,
    registers: [registry],
    collect() {
      for (const r of src.readModels?.() ?? []) this.set({ store: r.store }, r.entries);
    },
  });

  new Gauge({
    name: "mall_open_connections",
    help: "Open HTTP connections and chat sockets of this process",
    labelNames: ["kind"] as const,
    registers: [registry],
    async collect() {
      this.set({ kind: "http" }, await src.connections());
      this.set({ kind: "chat" }, src.chatSockets());
    },
  });

  const { database } = src;
  new Gauge({
    name: "mall_db_pool_connections",
    help: "Database connections this process may hold (pool size; PGlite has one)",
    registers: [registry],
    collect() {
      this.set(database.driver === "postgres" ? database.poolSize : 1);
    },
  });
  // Every statement through this process's database handle, by kind (db/statement-meter.ts).
  const statements = new Histogram({
    name: "mall_db_query_duration_seconds",
    help: "Time of each statement of this process through its database handle, from sending to the answer, by kind",
    labelNames: ["operation"] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // One child per kind, made up front: the series exist from the start and observing is a lookup.
  const byKind = new Map(
    STATEMENT_KINDS.map((k) => {
      statements.zero({ operation: k });
      return [k, statements.labels({ operation: k })];
    }),
  );
  database.meter.onStatement = (kind, seconds) => byKind.get(kind)?.observe(seconds);
  new Gauge({
    name: "mall_db_pool_in_use",
    help: "Pool connections this process uses: open transactions and statements outside one, at most the pool size",
    registers: [registry],
    collect() {
      const use = database.meter.pool();
      this.set(use.inUse);
      poolIdle.set(use.idle);
      poolWaiting.set(use.waiting);
      inFlight.set(use.inFlight);
    },
  });
  const poolIdle = new Gauge({
    name: "mall_db_pool_idle",
    help: "Pool connections this process does not use at the scrape",
    registers: [registry],
  });
  const poolWaiting = new Gauge({
    name: "mall_db_pool_waiting",
    help: "Statements and transactions of this process waiting for a pool connection (demand beyond the pool size)",
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: "mall_db_queries_in_flight",
    help: "Statements of this process sent and not answered yet, in transactions or not",
    registers: [registry],
  });
  new Gauge({
    name: "mall_db_ping_seconds",
    help: "Round trip of `select 1` at the last scrape",
    registers: [registry],
    async collect() {
      const t0 = performance.now();
      await database.db.execute("select 1");
      this.set((performance.now() - t0) / 1000);
    },
  });
  new Gauge({
    name: "mall_db_statement_seconds_total",
    help: "Time the database spent executing statements of this database, all clients (pg_stat_database.active_time)",
    registers: [registry],
    async collect() {
      const rows = rowsOf<{ ms: number | string | null }>(
        await database.db.execute(
          "select coalesce(active_time, 0) as ms from pg_stat_database where datname = current_database()",
        ),
      );
      this.set(Number(rows[0]?.ms ?? 0) / 1000);
    },
  });

  new Gauge({
    name: "mall_jobs_due",
    help: "Due-time jobs due and not done (unpaid-order close, auto-confirm, …)",
    registers: [registry],
    async collect() {
      const b = await jobBacklog(database.db);
      this.set(b.due);
      lag.set(b.lagSeconds);
      failed.set(b.failed);
    },
  });
  const lag = new Gauge({
    name: "mall_jobs_lag_seconds",
    help: "Seconds since the oldest due job was due",
    registers: [registry],
  });
  const failed = new Gauge({
    name: "mall_jobs_failed",
    help: "Jobs that gave up after their last attempt",
    registers: [registry],
  });

  return {
    registry,
    serve(req, res, reqId) {
      if (req.url !== "/metrics" || req.method !== "GET" || !metricsAllowed(src.token, req.headers.authorization))
        return false;
      void registry.metrics().then(
        (text) => {
          res.setHeader("Content-Type", registry.contentType);
          res.setHeader("Cache-Control", "no-store");
          res.end(text);
        },
        (err: unknown) => {
          logger.error({ reqId, err: String(err) }, "metrics failed");
          res.statusCode = 500;
          res.end();
        },
      );
      return true;
    },
    observe(method, route, status, seconds) {
      const m = METHODS.has(method) ? method : "OTHER";
      const s = `${Math.floor(status / 100)}xx`;
      requests.inc({ method: m, route, status: s });
      latency.observe({ method: m, route }, seconds);
    },
  };
}

/** Whether the request may read the metrics: a token is configured and sent as a bearer token. */
export function metricsAllowed(token: string | undefined, authorization: string | undefined): boolean {
  if (!token) return false;
  const sent = /^Bearer (.+)$/.exec(authorization ?? "")?.[1] ?? "";
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
