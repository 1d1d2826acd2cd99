/**
 * The database client: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both are driven through the same drizzle schema and the same SQL migrations.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index.ts";
import { statementMeter, type StatementMeter } from "./statement-meter.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside db.transaction(async (tx) => …). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** Connections this process may hold at once (PostgreSQL pool; PGlite: 1). */
  poolSize: number;
  /** Statement durations and pool use of this handle (statement-meter.ts; the metrics read it). */
  meter: StatementMeter;
  migrate(): Promise<void>;
  /** Migrations of this build not yet applied to the database (0 = migrated; readiness). */
  pendingMigrations(): Promise<number>;
  close(): Promise<void>;
  /**
   * PostgreSQL with DATABASE_READ_URL: the streaming replica the public catalogue reads
   * (read-replica.ts decides when; docs/search.md "Read replica"). Never migrated nor written:
   * its sessions are read-only.
   */
  replica?: { db: Db; meter: StatementMeter };
  /** PGlite only: the whole data directory as a tarball, loadable with `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PostgreSQL only: LISTEN/NOTIFY (chat fan-out across processes, docs/chat.md). `listen` holds
   * one dedicated connection and re-listens after it reconnects; it resolves with its unlisten.
   */
  pubsub?: {
    listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
    notify(channel: string, payload: string): Promise<void>;
  };
}

export interface DbOptions {
  /** postgres://… to use PostgreSQL. */
  databaseUrl?: string;
  /** postgres://… of a streaming replica of databaseUrl for catalogue reads (DATABASE_READ_URL). */
  readUrl?: string;
  /** Folder for PGlite; omit (with no databaseUrl) for an in-memory database (tests). */
  dataDir?: string;
  /** PGlite only: start from a dump made with PGlite's dumpDataDir() (tests load a seeded state quickly). */
  loadDataDir?: Blob;
}

/**
 * The database the configuration names, for the command-line tools (migrate, seed, catalogue,
 * ops): DATABASE_URL's PostgreSQL, or PGlite in DATA_DIR/pglite.
 */
export function openConfiguredDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
}

function migrationsFolder(): string {
  // The folder sits beside this file in the source tree; builds keep the source path.
  const candidates = [
    path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations"),
    path.resolve("src/server/db/migrations"),
  ];
  return candidates.find((p) => fs.existsSync(path.join(p, "meta", "_journal.json"))) ?? candidates[1]!;
}

const POOL_SIZE = 10;

/**
 * Settings of every session of the app's PostgreSQL pools, primary and replica
 * (docs/performance.md "Searches nobody asked before"): no parallel workers. The app's statements
 * are many and short, up to the pool's size at once on a few cores; a parallel plan starts worker
 * processes for each (a search's ranking of ~700 matches at 100,000 products: 35 ms of work in
 * three processes, ~140-200 ms until its answer under 50 connections, 34 ms in one process).
 * Values are strings: postgres.js leaves out a parameter whose value is 0.
 */
export const SESSION_SETTINGS = { max_parallel_workers_per_gather: "0" } as const;

/** Entries of the migration journal that the database's drizzle migration table does not hold yet. */
async function pendingMigrations(db: Db): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  try {
    const rows = rowsOf<{ n: number | string }>(
      await db.execute("select count(*)::int as n from drizzle.__drizzle_migrations"),
    );
    return Math.max(0, journal.entries.length - Number(rows[0]?.n ?? 0));
  } catch {
    return journal.entries.length;
  }
}

export async function openDatabase(opts: DbOptions): Promise<Database> {
  // loadConfig refuses DATABASE_READ_URL without DATABASE_URL first, saying why (config.ts).
  if (opts.readUrl && !opts.databaseUrl) throw new Error("a read replica (readUrl) needs PostgreSQL (databaseUrl)");
  if (opts.databaseUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(opts.databaseUrl, { max: POOL_SIZE, onnotice: () => {}, connection: SESSION_SETTINGS });
    const meter = statementMeter(client, POOL_SIZE);
    const db = drizzle(client, { schema, logger: meter });
    countTransactions(db as unknown as Db, meter);
    retryTransactions(db as unknown as Db);
    const replica = opts.readUrl ? await openReplica(opts.readUrl) : undefined;
    return {
      db: db as unknown as Db,
      driver: "postgres",
      poolSize: POOL_SIZE,
      meter,
      pendingMigrations: () => pendingMigrations(db as unknown as Db),
      async migrate() {
        await client`create extension if not exists pg_trgm`;
        await migrate(db, { migrationsFolder: migrationsFolder() });
      },
      async close() {
        await Promise.all([client.end({ timeout: 5 }), replica?.close()]);
      },
      ...(replica ? { replica: { db: replica.db, meter: replica.meter } } : {}),
      pubsub: {
        async listen(channel, onMessage) {
          const sub = await client.listen(channel, onMessage);
          return () => sub.unlisten();
        },
        async notify(channel, payload) {
          await client.notify(channel, payload);
        },
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const meter = statementMeter(client, 1);
  const db = drizzle(client, { schema, logger: meter });
  countTransactions(db as unknown as Db, meter);
  return {
    db: db as unknown as Db,
    driver: "pglite",
    poolSize: 1,
    meter,
    pendingMigrations: () => pendingMigrations(db as unknown as Db),
    async migrate() {
      await client.exec("create extension if not exists pg_trgm");
      await migrate(db, { migrationsFolder: migrationsFolder() });
    },
    async close() {
      await client.close();
    },
    async dumpDataDir() {
      return client.dumpDataDir("none");
    },
  };
}

/** The replica's pool: sessions read-only, so a write sent there by mistake fails instead of diverging. */
async function openReplica(url: string): Promise<{ db: Db; meter: StatementMeter; close(): Promise<void> }> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, {
    max: POOL_SIZE,
    onnotice: () => {},
    connection: { ...SESSION_SETTINGS, application_name: "mall-read", default_transaction_read_only: true },
  });
  const meter = statementMeter(client, POOL_SIZE);
  const db = drizzle(client, { schema, logger: meter }) as unknown as Db;
  return { db, meter, close: () => client.end({ timeout: 5 }) };
}

/** SQLSTATEs of a transaction that lost a race and may simply run again: serialization failure, deadlock. */
const RETRYABLE = new Set(["40001", "40P01"]);
/** Attempts of one transaction (the first and two retries). */
export const TRANSACTION_ATTEMPTS = 3;

/** The SQLSTATE of an error or of one of its causes (drizzle wraps the driver's error). */
export function sqlStateOf(err: unknown): string | undefined {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Every top-level `db.transaction(fn)` runs again (up to TRANSACTION_ATTEMPTS, after a short
 * random pause) when PostgreSQL aborts it with a serialization failure or a deadlock: the
 * transaction was rolled back as a whole, so running `fn` again is safe. Transaction functions
 * therefore only touch the database (providers are called outside them). One lock order
 * everywhere keeps deadlocks rare in the first place (docs/order.md "Lock order").
 */
function retryTransactions(db: Db): void {
  const original = db.transaction.bind(db);
  const retrying: typeof original = async (fn, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await original(fn, config);
      } catch (err) {
        const state = sqlStateOf(err);
        if (attempt >= TRANSACTION_ATTEMPTS || !state || !RETRYABLE.has(state)) throw err;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
      }
    }
  };
  (db as { transaction: typeof original }).transaction = retrying;
}

/** Counts the open top-level transactions of `db` into its meter (each holds a connection while it runs). */
function countTransactions(db: Db, meter: StatementMeter): void {
  const original = db.transaction.bind(db);
  const counted: typeof original = async (fn, config) => {
    meter.openTransactions++;
    try {
      return await original(fn, config);
    } finally {
      meter.openTransactions--;
    }
  };
  (db as { transaction: typeof original }).transaction = counted;
}

/** Rows of db.execute(): PGlite answers {rows}, postgres-js answers the array itself. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
