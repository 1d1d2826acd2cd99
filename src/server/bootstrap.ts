/** Opens the database, applies migrations and seeds demo data into an empty database. */
import path from "node:path";
import type { AppConfig } from "./config.ts";
import { setAppContext, type AppContext } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import { isDatabaseEmpty, seedDatabase } from "./seed/index.ts";

export async function bootstrap(config: AppConfig, opts: { seed?: boolean; log?: (msg: string) => void } = {}): Promise<AppContext> {
  const log = opts.log ?? (() => {});
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") });
  await database.migrate();
  const ctx: AppContext = { config, database, db: database.db };
  if ((opts.seed ?? config.autoSeed) && (await isDatabaseEmpty(database.db))) {
    const started = Date.now();
    log("empty database: seeding demo data…");
    await seedDatabase(database.db, { uploadsDir: path.join(config.dataDir, "uploads") });
    log(`demo data seeded in ${Date.now() - started} ms`);
  }
  setAppContext(ctx);
  return ctx;
}
