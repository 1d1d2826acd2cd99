/**
 * The demo CLIs' database (`npm run db:seed`, `npm run catalog`): opened like the server does
 * (PGlite in DATA_DIR/pglite, or DATABASE_URL) and migrated; refused in production unless
 * ALLOW_DEMO_SEED=1, since both fill it with demo data.
 */
import type { AppConfig } from "../config.ts";
import { openConfiguredDatabase } from "../db/client.ts";
import { REFUSED_EXIT_CODE } from "../production-guard.ts";

type Database = Awaited<ReturnType<typeof openConfiguredDatabase>>;

/** Runs `work` on the migrated database and closes it; in production without ALLOW_DEMO_SEED prints `refusal` and exits 78. */
export async function withDemoDatabase(
  config: AppConfig,
  refusal: string,
  work: (database: Database) => Promise<void>,
): Promise<void> {
  if (config.production && !config.allow.demoSeed) {
    console.error(refusal);
    process.exitCode = REFUSED_EXIT_CODE;
    return;
  }
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    await work(database);
  } finally {
    await database.close();
  }
}
