/**
 * The public content version (content_versions, bumped by database triggers on any change to
 * public tables, from any process), read at most once per interval: a version source the render
 * cache can follow when no change feed is given.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentVersions } from "../../db/schema/index.ts";

export const DEFAULT_VERSION_INTERVAL_MS = 1000;

export type VersionSource = () => Promise<number | string | null | undefined>;

/** The public content version from content_versions (scope 'public'); null when the row is missing. */
export function dbVersionSource(db: Db, scope = "public"): VersionSource {
  return async () => {
    const [row] = await db
      .select({ version: contentVersions.version })
      .from(contentVersions)
      .where(eq(contentVersions.scope, scope))
      .limit(1);
    return row ? row.version : null;
  };
}

/**
 * Reads the version at most once per `intervalMs`; concurrent callers share one query. A failed
 * read answers null (callers then neither serve nor store) and is retried after the interval.
 * `expire()` makes the next call read again (a write in this process just finished); a read that
 * was already under way when expire() was called does not count as fresh.
 */
export function throttledVersion(
  source: VersionSource,
  intervalMs = DEFAULT_VERSION_INTERVAL_MS,
  now: () => number = Date.now,
): (() => Promise<string | null>) & { expire(): void } {
  let value: string | null = null;
  let readAt = -Infinity;
  let pending: { generation: number; id: number; promise: Promise<string | null> } | null = null;
  let generation = 0;
  let reads = 0;
  const read = (): Promise<string | null> => {
    if (now() - readAt < intervalMs) return Promise.resolve(value);
    if (pending && pending.generation === generation) return pending.promise;
    const started = generation;
    const id = ++reads;
    const promise = (async () => {
      let v: string | null;
      try {
        const raw = await Promise.resolve().then(source);
        v = raw === null || raw === undefined ? null : String(raw);
      } catch {
        v = null;
      }
      if (started === generation) {
        value = v;
        readAt = now();
      }
      if (pending?.id === id) pending = null;
      return v;
    })();
    pending = { generation: started, id, promise };
    return promise;
  };
  return Object.assign(read, {
    expire() {
      generation++;
      readAt = -Infinity;
    },
  });
}
