/**
 * What changed in public content, as tags (table content_changes, filled by the triggers of
 * migration 0006 from any process), and the tagged in-memory stores that drop only what depends
 * on a changed tag: the page render cache (src/server/http/render-cache/cache.ts) and the read models
 * of public content (src/server/domain/content/read-models.ts). docs/performance.md.
 *
 * Tags: "site", "home", "products", "product:<id>", "stock:<id>", "shops", "shop:<id>",
 * "shop-products:<shopId>", "flash" (a flash SKU sold out or got units back, migration 0032);
 * private ones of migration 0015 for the buyer read models: "cart:<userId>", "session:<id>";
 * "*" (a truncate) drops everything. An entry stored without tags depends on everything.
 */
import { and, gt, lt, max, or, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { contentChanges } from "./schema/index.ts";

/** Changed tags, or "all" (first read, a truncate, a read that failed). */
export type Changed = ReadonlySet<string> | "all";

export interface ChangeFeed {
  /**
   * Brings the feed up to date (at most one read per interval; concurrent callers share it) and
   * answers the position reached, or null when the changes can not be read (then nothing may be
   * served from or stored in a cache).
   */
  sync(): Promise<string | null>;
  /** The position of the last read (no database access). */
  readonly position: string | null;
  /** Whether sync() would answer without reading (the last read is recent enough): callers may skip it. */
  fresh(): boolean;
  /**
   * For answers that must not wait (cache hits): true when the last read is at most one more
   * interval old and nothing in this process expired it; a read is then started in the background
   * when one is due. False: wait for sync().
   */
  current(): boolean;
  /** The next sync() reads again (a write in this process just finished). */
  expire(): void;
  /** Called with the tags of every batch of changes. */
  subscribe(listener: (changed: Changed) => void): () => void;
}

export const DEFAULT_FEED_INTERVAL_MS = 1000;
/**
 * Ids are given out in insert order but transactions commit in any order: each read looks this
 * many ids back and skips the ones it has seen, so a change committed late is still picked up.
 */
const LOOK_BACK = 256;
/** Rows older than this are deleted (at most once per TRIM_EVERY_MS, by whichever process reads). */
const KEEP_MS = 60 * 60_000;
const TRIM_EVERY_MS = 10 * 60_000;

/** Whether an entry with `tags` must go when `changed` happened. */
export function isAffected(tags: ReadonlySet<string> | undefined, changed: Changed): boolean {
  if (changed === "all" || changed.has("*") || !tags || tags.size === 0) return true;
  for (const t of tags) if (changed.has(t)) return true;
  return false;
}

export interface RawChange {
  id: number;
  tag: string;
}

/**
 * A feed over a source of change rows. `read(after)` answers the rows with id > after (after =
 * null: only the current maximum id, as the starting position).
 */
export function changeFeed(
  read: (after: number | null, position: number) => Promise<{ maxId: number; rows: RawChange[] }>,
  opts: { intervalMs?: number; now?: () => number } = {},
): ChangeFeed {
  const intervalMs = opts.intervalMs ?? DEFAULT_FEED_INTERVAL_MS;
  const now = opts.now ?? Date.now;
  const listeners = new Set<(c: Changed) => void>();
  const seen = new Set<number>();
  let position: number | null = null;
  let base = 0;
  /** The generation (expire() count) and start time of the last completed read (current()). */
  let doneGeneration = -1;
  let doneAt = -Infinity;
  const done = (gen: number, startedAt: number, p: Promise<string | null>) =>
    p.then((v) => {
      if (gen >= doneGeneration) {
        doneGeneration = gen;
        doneAt = startedAt;
      }
      return v;
    });
  let readAt = -Infinity;
  let generation = 0;
  let pending: { generation: number; promise: Promise<string | null> } | null = null;
  const pos = () => (position === null ? null : String(position));

  const emit = (c: Changed) => {
    for (const l of listeners) l(c);
  };

  async function doRead(): Promise<string | null> {
    try {
      if (position === null) {
        const { maxId } = await read(null, 0);
        position = base = maxId;
        seen.clear();
        emit("all");
        return pos();
      }
      const { rows } = await read(Math.max(base, position - LOOK_BACK), position);
      const tags = new Set<string>();
      let top = position;
      for (const r of rows) {
        // Before the start (everything was dropped then), too old, or seen already.
        if (r.id <= base || r.id <= position - LOOK_BACK || seen.has(r.id)) continue;
        seen.add(r.id);
        tags.add(r.tag);
        if (r.id > top) top = r.id;
      }
      for (const id of seen) if (id <= top - LOOK_BACK) seen.delete(id);
      if (tags.size) {
        position = top;
        emit(tags);
      }
      return pos();
    } catch {
      // Unreadable: start over on the next read (and drop everything then).
      position = null;
      seen.clear();
      emit("all");
      return null;
    }
  }

  const feed: ChangeFeed = {
    get position() {
      return pos();
    },
    fresh() {
      return !pending && position !== null && now() - readAt < intervalMs;
    },
    current() {
      if (position === null || doneGeneration !== generation) return false;
      const age = now() - doneAt;
      if (age < intervalMs) return true;
      if (age >= 2 * intervalMs) return false;
      if (!pending) void feed.sync();
      return true;
    },
    sync() {
      const t = now();
      if (pending && pending.generation === generation) return pending.promise;
      if (!pending && position !== null && t - readAt < intervalMs) return Promise.resolve(pos());
      if (pending) {
        // A read under way started before expire(): chain a fresh one after it.
        const gen = generation;
        const promise = pending.promise.then(() => {
          readAt = now();
          return done(gen, readAt, doRead());
        });
        pending = { generation: gen, promise };
        void promise.finally(() => {
          if (pending?.promise === promise) pending = null;
        });
        return promise;
      }
      readAt = t;
      const gen = generation;
      const promise = done(gen, t, doRead());
      pending = { generation: gen, promise };
      void promise.finally(() => {
        if (pending?.promise === promise) pending = null;
      });
      return promise;
    },
    expire() {
      generation++;
      readAt = -Infinity;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return feed;
}

/** The feed of content_changes in `db`; also trims rows older than an hour now and then. */
export function dbChangeFeed(db: Db, opts: { intervalMs?: number; now?: () => number } = {}): ChangeFeed {
  let trimmedAt = Date.now();
  return changeFeed(async (after, position) => {
    if (after === null) {
      const [row] = await db.select({ maxId: max(contentChanges.id) }).from(contentChanges);
      return { maxId: Number(row?.maxId ?? 0), rows: [] };
    }
    if (Date.now() - trimmedAt > TRIM_EVERY_MS) {
      trimmedAt = Date.now();
      await db
        .delete(contentChanges)
        .where(lt(contentChanges.changedAt, sql`now() - ${`${KEEP_MS} milliseconds`}::interval`));
    }
    // New rows, and recent rows of the look-back window (a transaction that started more than a
    // minute ago and commits late is covered by the stores' one-minute age limit instead). Both lie
    // above `after` (≤ position): one range of the primary key. Written as "id > position or (id >
    // after and recent)" it was planned as a scan of the whole hour of changes (the table's
    // statistics lag behind its growth; 7.5 ms at 33,000 rows instead of 0.2 ms), once per
    // request that follows a write.
    const rows = await db
      .select({ id: contentChanges.id, tag: contentChanges.tag })
      .from(contentChanges)
      .where(
        and(
          gt(contentChanges.id, after),
          or(gt(contentChanges.id, position), gt(contentChanges.changedAt, sql`now() - interval '1 minute'`)),
        ),
      )
      .orderBy(contentChanges.id);
    return {
      maxId: rows.length ? rows[rows.length - 1]!.id : after,
      rows: rows.map((r) => ({ id: Number(r.id), tag: r.tag })),
    };
  }, opts);
}

/** The NOTIFY channel of content_change() (migration 0015): a change was committed somewhere. */
export const CHANGES_CHANNEL = "content_changes";

/**
 * PostgreSQL: the feed reads again on the next request after any process committed a change
 * (LISTEN on CHANGES_CHANNEL), instead of within its poll interval — so a cart line or a session
 * changed through another process shows at once there too. Resolves with the unlisten.
 */
export function wakeOnNotify(
  feed: ChangeFeed,
  pubsub: { listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> },
): Promise<() => Promise<void>> {
  return pubsub.listen(CHANGES_CHANNEL, () => feed.expire());
}

/**
 * A feed over a single version number (any change drops everything): for sources that only
 * count changes. Reads at most once per interval; a failed read answers null.
 */
export function versionFeed(
  source: () => Promise<number | string | null | undefined>,
  opts: { intervalMs?: number; now?: () => number } = {},
): ChangeFeed {
  let last: string | null = null;
  let gen = 0;
  return changeFeed(async (after) => {
    const raw = await source();
    if (raw === null || raw === undefined) throw new Error("no version");
    const v = String(raw);
    if (after === null) {
      last = v;
      return { maxId: gen, rows: [] };
    }
    if (v === last) return { maxId: gen, rows: [] };
    last = v;
    gen += LOOK_BACK + 1;
    return { maxId: gen, rows: [{ id: gen, tag: "*" }] };
  }, opts);
}

/** Default bound of a TaggedMemo: the estimated bytes of its values (approxBytes). */
export const DEFAULT_MEMO_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MEMO_MAX_ENTRIES = 200_000;

/**
 * A quick estimate of the memory a value holds in V8 (strings at two bytes a character, objects
 * and arrays with their slots), walked at most `depth` levels deep: what TaggedMemo counts
 * against its byte bound. Shared values are counted each time they are reached.
 */
export function approxBytes(value: unknown, depth = 12): number {
  switch (typeof value) {
    case "string":
      return 16 + 2 * value.length;
    case "number":
    case "bigint":
      return 16;
    case "boolean":
    case "undefined":
      return 8;
    case "object": {
      if (value === null) return 8;
      if (value instanceof Date) return 48;
      if (Buffer.isBuffer(value) || value instanceof Uint8Array) return 64 + value.byteLength;
      if (depth <= 0) return 64;
      let n = 32;
      if (Array.isArray(value)) {
        n += 8 * value.length;
        for (const v of value) n += approxBytes(v, depth - 1);
        return n;
      }
      if (value instanceof Map || value instanceof Set) {
        for (const v of value as Iterable<unknown>) n += 16 + approxBytes(v, depth - 1);
        return n;
      }
      for (const k in value) n += 16 + approxBytes((value as Record<string, unknown>)[k], depth - 1);
      return n;
    }
    default:
      return 16;
  }
}

/** Options of TaggedMemo.get (see there). */
export interface MemoGetOptions<T> {
  keep?: (value: T) => boolean;
  until?: (value: T) => number;
  maxAgeMs?: number;
}

interface MemoEntry {
  value: unknown;
  tags: ReadonlySet<string>;
  at: number;
  /** When it was last moved to the most recently used end. */
  usedAt: number;
  /** Its own age limit (ms) instead of the store's: get's `maxAgeMs`, less up to a quarter at random. */
  maxAge?: number;
  until: number;
  bytes: number;
}

/**
 * An in-memory store of values that depend on public content: each entry carries its tags and
 * the time it was made; a change to one of its tags drops it, and so does age (content that
 * changes with time alone). A value read while the feed moved is answered but not kept (it may
 * mix before and after). Bounded by the estimated bytes of its values (maxBytes, approxBytes),
 * least recently used first out; maxEntries only guards the bookkeeping.
 */
export class TaggedMemo {
  private readonly entries = new Map<string, MemoEntry>();
  private readonly loading = new Map<string, { position: string; promise: Promise<unknown> }>();
  private total = 0;

  constructor(
    readonly feed: ChangeFeed,
    private readonly opts: { maxAgeMs?: number; maxEntries?: number; maxBytes?: number; now?: () => number } = {},
  ) {
    feed.subscribe((changed) => {
      for (const [key, e] of this.entries) if (isAffected(e.tags, changed)) this.drop(key, e);
      if (changed === "all") this.loading.clear();
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Estimated bytes of the values held. */
  get bytes(): number {
    return this.total;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private drop(key: string, e: MemoEntry): void {
    if (this.entries.get(key) === e) {
      this.entries.delete(key);
      this.total -= e.bytes;
    }
  }

  /**
   * Marks an entry most recently used — at most once a second per entry: the site-wide entries are
   * read by every request, and moving a key to the end of a large Map on each read costs more than
   * the read (an approximate order is all the eviction needs).
   */
  private touch(key: string, e: MemoEntry, now: number): void {
    if (now - e.usedAt < 1000) return;
    e.usedAt = now;
    this.entries.delete(key);
    this.entries.set(key, e);
  }

  private store(key: string, e: MemoEntry): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    const maxBytes = this.opts.maxBytes ?? DEFAULT_MEMO_MAX_BYTES;
    if (e.bytes > maxBytes / 4) return; // one value never pushes out a quarter of the store
    this.entries.set(key, e);
    this.total += e.bytes;
    const maxEntries = this.opts.maxEntries ?? DEFAULT_MEMO_MAX_ENTRIES;
    for (const [k, v] of this.entries) {
      if (this.total <= maxBytes && this.entries.size <= maxEntries) break;
      this.drop(k, v);
    }
  }

  /** Whether an entry is past its age limit (its own, or the store's; 0 = none). */
  private tooOld(e: MemoEntry, now: number): boolean {
    const maxAge = e.maxAge ?? this.opts.maxAgeMs ?? 60_000;
    return maxAge > 0 && now - e.at >= maxAge;
  }

  /** The value under `key` when it is in memory, fresh and the feed is current (no waiting, no loading); else undefined. */
  peek<T>(key: string): T | undefined {
    if (!this.feed.current()) return undefined;
    const hit = this.entries.get(key);
    const now = (this.opts.now ?? Date.now)();
    if (!hit || this.tooOld(hit, now) || now >= hit.until) return undefined;
    this.touch(key, hit, now);
    return hit.value as T;
  }

  /**
   * Keeps `value`, read by another load that started when the feed stood at `position`, under
   * `key` (as get would keep what its load answers): only while the feed is still there and
   * nothing is kept or being loaded under that key. For a statement that answers two values.
   */
  prime<T>(key: string, tags: Iterable<string>, value: T, position: string | null, opts: MemoGetOptions<T> = {}): void {
    if (position === null || this.feed.position !== position || this.loading.has(key)) return;
    const now = (this.opts.now ?? Date.now)();
    const hit = this.entries.get(key);
    if (hit && !this.tooOld(hit, now) && now < hit.until) return;
    this.keep(key, tags, value, now, opts);
  }

  private keep<T>(key: string, tags: Iterable<string>, value: T, now: number, opts: MemoGetOptions<T>): void {
    if (!(opts.keep?.(value) ?? true)) return;
    const maxAge = opts.maxAgeMs === undefined ? undefined : opts.maxAgeMs * (1 - 0.25 * Math.random());
    this.store(key, {
      value,
      tags: new Set(tags),
      at: now,
      usedAt: now,
      until: opts.until?.(value) ?? Infinity,
      bytes: 64 + 2 * key.length + approxBytes(value),
      maxAge,
    });
  }

  /**
   * get() that answers a value in memory without waiting for the feed while its last read is at
   * most one interval late (peek: the read that is due runs in the background), as cached pages
   * are answered. For values asked on every request (sessions, carts).
   */
  getRecent<T>(
    key: string,
    tags: Iterable<string> | ((value: T) => Iterable<string>),
    load: () => Promise<T>,
    opts: MemoGetOptions<T> = {},
  ): Promise<T> {
    const hit = this.peek<T>(key);
    return hit !== undefined ? Promise.resolve(hit) : this.get(key, tags, load, opts);
  }

  /**
   * The value under `key`: from memory when present and fresh, else `load()` (concurrent callers
   * share one load). `tags` may depend on the value (e.g. the shop of a product). `keep` false:
   * answer the value without keeping it (e.g. "no such session", which anyone can ask about).
   * `until`: the time (ms) the value stops being true by itself (the next start or end of an
   * activity it shows), when that comes before the age limit. `maxAgeMs`: the age limit of a value
   * that nothing but its tags can change (a product's detail), longer than the store's; each entry
   * takes it less up to a quarter at random, so values loaded together are not all loaded again
   * in the same second.
   */
  async get<T>(
    key: string,
    tags: Iterable<string> | ((value: T) => Iterable<string>),
    load: () => Promise<T>,
    opts: MemoGetOptions<T> = {},
  ): Promise<T> {
    const position = this.feed.fresh() ? this.feed.position : await this.feed.sync();
    const now = (this.opts.now ?? Date.now)();
    const hit = this.entries.get(key);
    if (position !== null && hit && !this.tooOld(hit, now) && now < hit.until) {
      this.touch(key, hit, now);
      return hit.value as T;
    }
    if (hit) this.drop(key, hit);
    if (position === null) return load();
    const running = this.loading.get(key);
    if (running && running.position === position) return running.promise as Promise<T>;
    const promise = load().then((value) => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
      if (this.feed.position === position)
        this.keep(key, typeof tags === "function" ? tags(value) : tags, value, now, opts);
      return value;
    });
    promise.catch(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { position, promise });
    return promise;
  }
}
