/** Opens the database, applies migrations and seeds demo data into an empty database. */
import path from "node:path";
import type { AppConfig } from "./config.ts";
import { setAppContext, type AppContext } from "./context.ts";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "./db/client.ts";
import { siteConfig } from "./db/schema/index.ts";
import { DevOutboxSmsProvider, type SmsProvider } from "./providers/sms.ts";
import { fileStorageFor } from "./providers/storage.ts";
import { dbChangeFeed, wakeOnNotify } from "./db/content-changes.ts";
import { primaryReads, replicaReads } from "./db/read-replica.ts";
import { BuyerReadModels } from "./domain/content/buyer-read-models.ts";
import { PublicReadModels } from "./domain/content/read-models.ts";
import { followChanges } from "./domain/catalog/search-index.ts";

export async function bootstrap(
  config: AppConfig,
  opts: { seed?: boolean; log?: (msg: string) => void } = {},
): Promise<AppContext> {
  const log = opts.log ?? (() => {});
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, readUrl: config.databaseReadUrl }
      : { dataDir: path.join(config.dataDir, "pglite") },
  );
  await database.migrate();
  const feed = dbChangeFeed(database.db, { intervalMs: config.contentPollMs });
  // Catalogue reads on the replica once it has replayed what the feed reported (read-replica.ts).
  const reads = database.replica ? replicaReads(database.db, database.replica.db, feed) : primaryReads(database.db);
  if (database.replica) log("catalogue reads: the read replica of DATABASE_READ_URL");
  const content = new PublicReadModels(database.db, feed, { maxBytes: config.readModelMaxBytes, reads });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    reads,
    sms: smsProviderFor(config),
    storage: fileStorageFor(config.storage, database.db, path.join(config.dataDir, "uploads")),
    content,
    buyers: new BuyerReadModels(database.db, content.feed, { maxBytes: Math.floor(config.readModelMaxBytes / 2) }),
  };
  // Several processes on one PostgreSQL: a change committed by any of them is read at once.
  if (database.pubsub) await wakeOnNotify(content.feed, database.pubsub);
  // The seed (and its data and converters) is loaded only when the database is empty.
  if ((opts.seed ?? config.autoSeed) && (await hasNoSiteConfig(database.db))) {
    const seed = await import("./seed/index.ts");
    const started = Date.now();
    log("empty database: seeding demo data…");
    await seed.seedDatabase(database.db, { storage: ctx.storage });
    log(`demo data seeded in ${Date.now() - started} ms`);
  }
  // The search index follows every writer's product changes (docs/search.md "One interface").
  followChanges(database.db, content.feed, {
    readDb: database.replica?.db,
    onError: (err) => log(`search index: ${String(err)}`),
  });
  setAppContext(ctx);
  return ctx;
}

/** The configured SMS delivery (config.smsProvider); an unknown name is an error, never a silent fallback. */
function smsProviderFor(config: AppConfig): SmsProvider {
  if (config.smsProvider === "dev-outbox") return new DevOutboxSmsProvider(config.dataDir);
  throw new Error(`unknown SMS_PROVIDER "${config.smsProvider}"`);
}

/** An empty database has no site configuration (the seed re-checks under its lock). */
async function hasNoSiteConfig(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(siteConfig);
  return Number(row?.n ?? 0) === 0;
}
