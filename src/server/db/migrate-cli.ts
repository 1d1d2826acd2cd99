/** `npm run db:migrate`: opens the database (PGlite in DATA_DIR/pglite, or DATABASE_URL), applies migrations, closes. */
import path from "node:path";
import { loadConfig } from "../config.ts";
import { loadDotEnv } from "../env-file.ts";
import { openDatabase } from "./client.ts";

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
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
