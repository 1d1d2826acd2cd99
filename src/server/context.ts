/**
 * The process-wide services (database, configuration, providers). main.ts creates them once and
 * registers them here; API handlers and Astro pages (which are bundled separately by the Astro
 * build) both read them from this one registry, so there is only ever one database connection.
 */
import type { AppConfig } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { CatalogueReads } from "./db/read-replica.ts";
import type { ChatBus } from "./domain/chat/chat-bus.ts";
import type { BuyerReadModels } from "./domain/content/buyer-read-models.ts";
import type { PublicReadModels } from "./domain/content/read-models.ts";
import type { SmsProvider } from "./providers/sms.ts";
import type { FileStorage } from "./providers/storage.ts";

export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  /**
   * The handle of public catalogue reads (search, suggestions, lists, categories): the read replica
   * when DATABASE_READ_URL is set and current enough, else `db` (src/server/db/read-replica.ts).
   * Everything else — writes, a buyer's or a shop's own data — reads `db`.
   */
  reads: CatalogueReads;
  /** SMS delivery (dev: log + DATA_DIR/sms-outbox.jsonl). */
  sms: SmsProvider;
  /** Uploaded files (DATA_DIR/uploads, served under /uploads). */
  storage: FileStorage;
  /** Public content kept in memory, dropped by tag when it changes (docs/performance.md). */
  content: PublicReadModels;
  /** Sessions, carts and shop discounts kept in memory, on the same change feed (docs/performance.md). */
  buyers: BuyerReadModels;
  /** Chat events to every process's sockets (set by main.ts; absent where no socket is served). */
  chatBus?: ChatBus;
  /** Set by main.ts when the process is shutting down: readiness answers 503 so proxies drain it. */
  draining?: boolean;
}

const KEY = Symbol.for("mall.appContext");
type Holder = { [KEY]?: AppContext };

export function setAppContext(ctx: AppContext | undefined): void {
  (globalThis as Holder)[KEY] = ctx;
}

export function getAppContext(): AppContext {
  const ctx = (globalThis as Holder)[KEY];
  if (!ctx) throw new Error("app context not initialised (start the server through src/server/main.ts)");
  return ctx;
}
