/**
 * The catalogue's read handle (docs/search.md "Read replica"): public catalogue reads (search,
 * suggestions, product lists, the category tree, hot words, brands of a category) go to a
 * PostgreSQL streaming replica when DATABASE_READ_URL is set, everything else — every write,
 * everything of one buyer or one shop — to the primary.
 *
 * Read-your-own-writes without sticky sessions: whenever this process's change feed reports a
 * change (its own writes expire the feed, other processes' arrive by NOTIFY or the next poll),
 * the gate asks the primary for its WAL position (pg_current_wal_lsn(), which is at or past the
 * change's commit). A catalogue read then uses the replica only once the replica has replayed up
 * to that position (pg_last_wal_replay_lsn()); it waits up to `waitMs` for it and otherwise reads
 * the primary. So a merchant who saves a product and then searches for it, or a cached list
 * dropped by a change and loaded again, never sees the replica's older state. A replica that does
 * not answer is left alone for `downMs`: its reads go to the primary meanwhile.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./client.ts";
import type { ChangeFeed } from "./content-changes.ts";

export interface CatalogueReads {
  /** Whether DATABASE_READ_URL gave a replica (false: every read is the primary's). */
  readonly replica: boolean;
  /** The handle for one public catalogue read now: the replica when it is current enough, else the primary. */
  db(): Promise<Db>;
  /** Reads given to the replica and to the primary (waited too long, or the replica is down) so far. */
  readonly stats: { replica: number; primary: number };
  /** Stops following the feed (the replica's connections are closed by its owner). */
  stop(): void;
}

/** No replica: every catalogue read is the primary's. */
export function primaryReads(db: Db): CatalogueReads {
  const stats = { replica: 0, primary: 0 };
  return {
    replica: false,
    stats,
    async db() {
      stats.primary++;
      return db;
    },
    stop() {},
  };
}

/** A WAL position "hi/lo" (hex) as a number, or null when it is not one. */
export function parseLsn(lsn: string): bigint | null {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn.trim());
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

/** Whether WAL position `replayed` is at or past `target` (false when either is not a position). */
export function lsnReached(replayed: string, target: string): boolean {
  const a = parseLsn(replayed);
  const b = parseLsn(target);
  return a !== null && b !== null && a >= b;
}

export interface LsnSource {
  /** The primary's current WAL position. */
  primaryLsn(): Promise<string>;
  /** The replica's replayed WAL position; null when it is not in recovery (then it is read as it is). */
  replayedLsn(): Promise<string | null>;
}

export interface GateOptions {
  /** How long a read waits for the replica to catch up before it reads the primary (default 200 ms). */
  waitMs?: number;
  /** How often the replica's position is asked while waiting (default 10 ms). */
  pollMs?: number;
  /** A replica found current is asked again after this long even without a change (default 1 s): a replica gone is noticed. */
  checkEveryMs?: number;
  /** After a failed question the replica is skipped this long (default 5 s). */
  downMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The decision of catalogue reads (pure apart from its two questions): `changed()` when the feed
 * reported a change, `ready()` before a read — true: the replica has replayed the primary's
 * position of the last change, read it; false: read the primary. Concurrent reads share one wait;
 * after a wait that ran out, reads go to the primary at once for `waitMs` (a replica far behind
 * costs each read nothing), then one waits again.
 */
export function lsnGate(src: LsnSource, opts: GateOptions = {}) {
  const waitMs = opts.waitMs ?? 200;
  const pollMs = opts.pollMs ?? 10;
  const checkEveryMs = opts.checkEveryMs ?? 1_000;
  const downMs = opts.downMs ?? 5_000;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  /** The primary's position to reach (resolves null when the primary could not say: ask again). */
  let target: Promise<string | null> | null = null;
  /** The highest replayed position seen, and when. */
  let reached: string | null = null;
  let reachedAt = -Infinity;
  /** Until then the replica is not asked: it failed (down) or ran out of time (behind). */
  let skipUntil = -Infinity;
  /** The wait under way, shared by concurrent reads. */
  let waiting: { goal: string; result: Promise<boolean> } | null = null;

  const ask = () => {
    const p = src.primaryLsn().then(
      (v): string | null => v,
      () => null,
    );
    target = p;
    return p;
  };

  async function waitFor(goal: string): Promise<boolean> {
    const deadline = now() + waitMs;
    for (;;) {
      let replayed: string | null;
      try {
        replayed = await src.replayedLsn();
      } catch {
        skipUntil = now() + downMs;
        return false;
      }
      // Not in recovery: a server that is not a standby is read as it is.
      if (replayed === null || lsnReached(replayed, goal)) {
        const at = replayed ?? goal;
        if (reached === null || lsnReached(at, reached)) reached = at;
        reachedAt = now();
        return true;
      }
      if (now() >= deadline) {
        skipUntil = now() + waitMs;
        return false;
      }
      await sleep(pollMs);
    }
  }

  return {
    /** A change was reported: the replica must reach the primary's position of now. */
    changed(): void {
      void ask();
    },
    async ready(): Promise<boolean> {
      if (now() < skipUntil) return false;
      const goal = (await (target ?? ask())) ?? (await ask());
      if (goal === null) return false;
      if (reached !== null && lsnReached(reached, goal) && now() - reachedAt < checkEveryMs) return true;
      if (waiting?.goal !== goal) {
        const result = waitFor(goal);
        const w = { goal, result };
        waiting = w;
        void result.finally(() => {
          if (waiting === w) waiting = null;
        });
      }
      return waiting.result;
    },
  };
}

/**
 * Catalogue reads over `replica`, current as of `feed`'s changes (the feed of the primary this
 * process writes to).
 */
export function replicaReads(primary: Db, replica: Db, feed: ChangeFeed, opts: GateOptions = {}): CatalogueReads {
  const stats = { replica: 0, primary: 0 };
  const gate = lsnGate(
    {
      async primaryLsn() {
        const [row] = rowsOf<{ lsn: string }>(await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`));
        return row!.lsn;
      },
      async replayedLsn() {
        const [row] = rowsOf<{ lsn: string | null }>(
          await replica.execute(
            sql`select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as lsn`,
          ),
        );
        return row?.lsn ?? null;
      },
    },
    opts,
  );
  const unsubscribe = feed.subscribe(() => gate.changed());
  return {
    replica: true,
    stats,
    async db() {
      // The changes this process has not read yet (its own write just now) first: a no-op when the
      // feed was read within its interval.
      await feed.sync();
      if (await gate.ready()) {
        stats.replica++;
        return replica;
      }
      stats.primary++;
      return primary;
    },
    stop: unsubscribe,
  };
}
