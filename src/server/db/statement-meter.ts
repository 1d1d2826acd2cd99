/**
 * Per-process measures of the app's database handle (docs/operations.md "Metrics"): how long each
 * statement takes, by kind (select, insert, update, delete, other — never the SQL text or its
 * values), and how much of the connection pool is in use.
 *
 * Every statement drizzle runs — both drivers, in and outside transactions — passes through
 * `PgPreparedQuery.queryWithCache` with the driver call; that method is wrapped once, and a
 * statement is measured when its prepared query belongs to a metered database (its drizzle
 * `logger` is a StatementMeter: the sessions of transactions share the database's options, so
 * they carry it too). Other drizzle instances of the process are left alone.
 *
 * Neither driver tells what its pool is doing (postgres.js keeps its connection queues private;
 * PGlite has one connection), so the meter counts what the app asks for: every open transaction
 * holds a connection, and every statement outside a transaction needs one while it runs. In use =
 * that demand up to the pool size, idle = the rest of the pool, waiting = demand beyond it
 * (statements queued — or, on postgres.js, pipelined behind another — until a connection is free).
 */
import type { Logger } from "drizzle-orm/logger";
import { PgPreparedQuery } from "drizzle-orm/pg-core";

export const STATEMENT_KINDS = ["select", "insert", "update", "delete", "other"] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

const LEADING_VERB = /^\s*(select|insert|update|delete)\b/i;

/** The kind of a statement: drizzle's own note of the builder when there is one, else its first word. */
export function statementKind(sqlText: string, builderType?: string): StatementKind {
  if (builderType === "select" || builderType === "insert" || builderType === "update" || builderType === "delete")
    return builderType;
  const verb = LEADING_VERB.exec(sqlText)?.[1];
  return verb ? (verb.toLowerCase() as StatementKind) : "other";
}

export interface PoolUse {
  size: number;
  inUse: number;
  idle: number;
  waiting: number;
  /** Statements sent and not answered yet, in transactions or not. */
  inFlight: number;
  openTransactions: number;
}

/** The drizzle logger of a metered database: it logs nothing, it marks the database's statements. */
export class StatementMeter implements Logger {
  /** Statements running outside a transaction, and in one. */
  outside = 0;
  inside = 0;
  openTransactions = 0;
  /** Called once per statement when it ends (answered or failed). */
  onStatement: ((kind: StatementKind, seconds: number) => void) | null = null;

  constructor(
    /** The driver client of the database itself: a statement on any other client runs in a transaction. */
    readonly baseClient: unknown,
    readonly poolSize: number,
  ) {}

  logQuery(): void {}

  pool(): PoolUse {
    const demand = this.openTransactions + this.outside;
    const inUse = Math.min(demand, this.poolSize);
    return {
      size: this.poolSize,
      inUse,
      idle: this.poolSize - inUse,
      waiting: demand - inUse,
      inFlight: this.outside + this.inside,
      openTransactions: this.openTransactions,
    };
  }
}

interface MeteredQuery {
  logger?: unknown;
  client?: unknown;
  queryMetadata?: { type?: string };
}
type QueryWithCache = (
  this: MeteredQuery,
  sqlText: string,
  params: unknown[],
  run: () => Promise<unknown>,
) => Promise<unknown>;

let wrapped = false;

/** Wraps PgPreparedQuery.queryWithCache once per process (see the file comment). */
function wrapPreparedQueries(): void {
  if (wrapped) return;
  const proto = PgPreparedQuery.prototype as unknown as { queryWithCache?: QueryWithCache };
  const original = proto.queryWithCache;
  // A drizzle upgrade that renames the method must not silently stop the measures.
  if (typeof original !== "function") throw new Error("drizzle-orm: PgPreparedQuery.queryWithCache is missing");
  proto.queryWithCache = function (sqlText, params, run) {
    const meter = this.logger;
    if (!(meter instanceof StatementMeter)) return original.call(this, sqlText, params, run);
    const inside = this.client !== meter.baseClient;
    if (inside) meter.inside++;
    else meter.outside++;
    const t0 = performance.now();
    const done = () => {
      if (inside) meter.inside--;
      else meter.outside--;
      meter.onStatement?.(statementKind(sqlText, this.queryMetadata?.type), (performance.now() - t0) / 1000);
    };
    return original.call(this, sqlText, params, run).then(
      (result) => {
        done();
        return result;
      },
      (err: unknown) => {
        done();
        throw err;
      },
    );
  };
  wrapped = true;
}

/**
 * A meter for a database about to be opened: pass it as drizzle's `logger`; client.ts counts the
 * handle's open transactions into it.
 */
export function statementMeter(baseClient: unknown, poolSize: number): StatementMeter {
  wrapPreparedQueries();
  return new StatementMeter(baseClient, poolSize);
}
