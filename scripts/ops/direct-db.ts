/**
 * Commands that work on the database (and the upload storage) directly, not through the API:
 * `jobs run`, `image-backfill`. They open what the server opens (DATABASE_URL, else
 * DATA_DIR/pglite; STORAGE, DATA_DIR/uploads) — and refuse while a mall holds the embedded
 * database, which allows one process per data directory.
 */
import path from "node:path";
import type { Db } from "../../src/server/db/client.ts";
import type { FileStorage } from "../../src/server/providers/storage.ts";
import { OpsError } from "./args.ts";
import type { OpsIO } from "./client.ts";
import type { CommandContext } from "./command.ts";

export interface DirectDb {
  db: Db;
  driver: string;
  /** The upload storage the server uses (absent from a test's opener that has none). */
  storage?: FileStorage;
  close: () => Promise<void>;
}

async function defaultOpenDb(env: OpsIO["env"]): Promise<DirectDb> {
  const { loadConfig } = await import("../../src/server/config.ts");
  const { openConfiguredDatabase } = await import("../../src/server/db/client.ts");
  const { fileStorageFor } = await import("../../src/server/providers/storage.ts");
  const config = loadConfig(env as NodeJS.ProcessEnv);
  const database = await openConfiguredDatabase(config);
  return {
    db: database.db,
    driver: database.driver,
    storage: fileStorageFor(config.storage, database.db, path.join(config.dataDir, "uploads")),
    close: () => database.close(),
  };
}

/**
 * Opens the database (io.openDb in tests); refuses, unless --force, while a mall on the embedded
 * database answers at the CLI's URL: `what` says what that mall's own process does instead.
 */
export async function openDirect({ v, io, client }: CommandContext, what: string): Promise<DirectDb> {
  if (!io.openDb && !io.env.DATABASE_URL && !v.force) {
    const health = await client.raw<{ driver: string }>("GET", "/health").catch(() => null);
    if (health?.data?.driver === "pglite") {
      throw new OpsError(
        `a mall is running on ${client.url} with the embedded database: ${what} (stop it first to run this here, or use DATABASE_URL)`,
      );
    }
  }
  return (io.openDb ?? (() => defaultOpenDb(io.env)))();
}
