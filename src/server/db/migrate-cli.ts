/** `npm run db:migrate`: opens the database (PGlite in DATA_DIR/pglite, or DATABASE_URL), applies migrations, closes. */
import { loadConfig } from "../config.ts";
import { loadDotEnv } from "../env-file.ts";
import { openConfiguredDatabase } from "./client.ts";

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const t0 = performance.now();
    await database.migrate();
    console.log(`[migrate] ${database.driver}: migrations applied in ${Math.round(performance.now() - t0)} ms`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error("[migrate] failed:", err);
  process.exitCode = 1;
});
