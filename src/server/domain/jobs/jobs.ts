/**
 * Due-time jobs stored in the `jobs` table (docs/order.md "Jobs"): one row per (kind, refKey)
 * with the time it is due. `runDueJobs` claims one due row at a time with
 * `FOR UPDATE SKIP LOCKED` inside a transaction and runs its handler in the same transaction, so
 * several server processes can run jobs against one PostgreSQL and a job is done exactly once:
 * either the handler's changes and the job's done mark commit together, or neither does.
 *
 * Kinds are not known here: each feature registers its handlers with `registerJobHandler` (the
 * order lifecycle registers orderPayTimeout and orderAutoConfirm), and `src/server/all-jobs.ts` imports every
 * feature module that does, so this module depends on none of them (no import cycle).
 * A handler refusal its feature declares expected (`isNoop`, e.g. the order was paid, cancelled or
 * confirmed meanwhile) is a no-op: the job is marked done. An unexpected error, or a kind nobody
 * registered, is recorded and the job retried later.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";
import { logger } from "../../log.ts";
import { describeError } from "../../error-log.ts";

/** A job kind: a feature's name for one kind of due-time work ("orderPayTimeout"). */
export type JobKind = string;

export interface JobHandler {
  /**
   * Does the work for `refKey` inside the job's transaction (a savepoint). Answering
   * "rescheduled" means the handler moved its own job to a later time (scheduleJob): the job stays
   * pending instead of being marked done (e.g. auto-confirm waits while a refund is open).
   */
  run: (tx: Tx, refKey: string, now: Date) => Promise<void | "rescheduled">;
  /** true for an error that means there is nothing left to do (the job is done, counted as skipped). */
  isNoop?: (err: unknown) => boolean;
}

const HANDLERS = new Map<JobKind, JobHandler>();

/** Registers the handler of `kind`; registering a kind twice is a programming error. */
export function registerJobHandler(kind: JobKind, handler: JobHandler): void {
  if (HANDLERS.has(kind) && HANDLERS.get(kind) !== handler) throw new Error(`job kind ${kind} registered twice`);
  HANDLERS.set(kind, handler);
}

/** Marks the pending jobs of `kind` for these refKeys done: they have nothing left to do (an order paid before its pay timeout). */
export async function finishJobs(tx: Tx, kind: JobKind, refKeys: readonly string[], now: Date): Promise<void> {
  if (refKeys.length === 0) return;
  await tx
    .update(jobs)
    .set({ doneAt: now })
    .where(and(eq(jobs.kind, kind), inArray(jobs.refKey, [...refKeys]), isNull(jobs.doneAt)));
}

/** Removes the pending jobs of these kinds for `refKey` (a window withdrawn); nothing to remove is fine. */
export async function dropPendingJobs(tx: Tx | Db, kinds: readonly JobKind[], refKey: string): Promise<void> {
  await tx.delete(jobs).where(and(inArray(jobs.kind, [...kinds]), eq(jobs.refKey, refKey), isNull(jobs.doneAt)));
}

/** A failed job is retried after this delay times its attempts (at most MAX_ATTEMPTS tries). */
const RETRY_MS = 60_000;
const MAX_ATTEMPTS = 10;

/**
 * Schedules (or moves) the job of `kind` for `refKey`; a done job is scheduled again. With
 * `keepPending` a job that is still pending keeps its time (a recurring job put in place at start).
 */
export async function scheduleJob(
  tx: Tx | Db,
  kind: JobKind,
  refKey: string,
  dueAt: Date,
  opts: { keepPending?: boolean } = {},
): Promise<void> {
  await tx
    .insert(jobs)
    .values({ kind, refKey, dueAt })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.refKey],
      set: { dueAt, doneAt: null, attempts: 0, lastError: null },
      ...(opts.keepPending ? { setWhere: sql`${jobs.doneAt} is not null or ${jobs.attempts} >= ${MAX_ATTEMPTS}` } : {}),
    });
}

export interface JobRunSummary {
  /** Jobs whose handler changed something. */
  done: number;
  /** Jobs that had nothing left to do (order already moved on). */
  skipped: number;
  /** Jobs that failed and will be retried. */
  failed: number;
}

/**
 * Runs the jobs due at `now`, at most `limit` of them (only those of `kinds`, when given). Safe to
 * call from several processes at once.
 */
export async function runDueJobs(
  db: Db,
  now: Date = new Date(),
  limit = 100,
  kinds?: readonly JobKind[],
): Promise<JobRunSummary> {
  const summary: JobRunSummary = { done: 0, skipped: 0, failed: 0 };
  for (let i = 0; i < limit; i++) {
    let failure: { id: number; attempts: number; error: string } | null = null;
    const claimed = await db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(
          and(
            isNull(jobs.doneAt),
            lte(jobs.dueAt, now),
            sql`${jobs.attempts} < ${MAX_ATTEMPTS}`,
            kinds ? inArray(jobs.kind, [...kinds]) : undefined,
          ),
        )
        .orderBy(asc(jobs.dueAt), asc(jobs.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!job) return false;
      const handler = HANDLERS.get(job.kind);
      let outcome: "done" | "skipped" = "done";
      let rescheduled = false;
      try {
        if (!handler) throw new Error(`unknown job kind ${job.kind}`);
        rescheduled = (await tx.transaction(async (sp) => handler.run(sp, job.refKey, now))) === "rescheduled";
      } catch (err) {
        if (handler?.isNoop?.(err)) outcome = "skipped";
        else {
          failure = {
            id: job.id,
            attempts: job.attempts + 1,
            error: String((err as Error)?.message ?? err).slice(0, 500),
          };
          return true;
        }
      }
      if (!rescheduled)
        await tx
          .update(jobs)
          .set({ doneAt: now, attempts: job.attempts + 1 })
          .where(eq(jobs.id, job.id));
      summary[outcome]++;
      return true;
    });
    if (!claimed) break;
    if (failure) {
      const f: { id: number; attempts: number; error: string } = failure;
      summary.failed++;
      await db
        .update(jobs)
        .set({ attempts: f.attempts, lastError: f.error, dueAt: new Date(now.getTime() + RETRY_MS * f.attempts) })
        .where(eq(jobs.id, f.id));
    }
  }
  return summary;
}

/** Runs due jobs every `intervalMs` until the returned stop() is called. Overlapping runs are skipped. */
export function startJobRunner(
  db: Db,
  intervalMs = 15_000,
  onError: (err: unknown) => void = (e) => logger.error({ err: describeError(e) }, "job run failed"),
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runDueJobs(db, new Date())
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    if (running) await running;
  };
}

export interface JobBacklog {
  /** Jobs due and not done (still to try). */
  due: number;
  /** Seconds since the oldest of them was due (0 when none). */
  lagSeconds: number;
  /** Jobs that gave up after MAX_ATTEMPTS tries (need an operator). */
  failed: number;
}

/** What the job runners still owe at `now` (metrics: docs/operations.md "Metrics"). */
export async function jobBacklog(db: Db, now: Date = new Date()): Promise<JobBacklog> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${jobs.attempts} < ${MAX_ATTEMPTS})::int`,
      oldest: sql<Date | string | null>`min(${jobs.dueAt}) filter (where ${jobs.attempts} < ${MAX_ATTEMPTS})`,
      failed: sql<number>`count(*) filter (where ${jobs.attempts} >= ${MAX_ATTEMPTS})::int`,
    })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.dueAt, now)));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    due: Number(row?.due ?? 0),
    lagSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    failed: Number(row?.failed ?? 0),
  };
}
