/**
 * Scheduled publications of renovations (docs/renovation.md "Scheduled windows"): a shop picks a
 * draft (or an earlier version) and a window — a start and, optionally, an end (a flash sale's
 * page). The window lives in the `jobs` table (domain/jobs), so it survives restarts and runs
 * exactly once on any process: job `renovationStart` publishes the page at the start,
 * `renovationEnd` takes it off at the end and, when the window's start put it live, brings back
 * the home page it replaced (none: the shop's plain page). A job's `refKey` is `<shopId>:<renovationId>`; one
 * window per page (scheduling again moves it). Each handler runs with the job runner's `now`,
 * so tests (and `npm run ops -- jobs run --now …`) drive it with a controllable clock.
 */
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { jobs, renovations } from "../../db/schema/index.ts";
import { dropPendingJobs, registerJobHandler, scheduleJob } from "../jobs/jobs.ts";
import { DomainError } from "../kernel/domain-error.ts";
import type { RenovationWindow } from "../../../lib/renovation/renovation-types.ts";
import { shopPcHomes } from "../shop/shop-index.ts";
import { publishRenovation, RenovationStatus, readRenovation, unpublishRenovation } from "./renovation-authoring.ts";

export const RENOVATION_START_JOB = "renovationStart";
export const RENOVATION_END_JOB = "renovationEnd";
/** A window starts at most this far ahead, and lasts at most this long. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 86_400_000;

const refKey = (shopId: number, renovationId: number) => `${shopId}:${renovationId}`;

/**
 * Why a window can not be scheduled (an i18n key of decorate.schedule), or null. Pure: the start
 * must lie ahead (at most a year), the end after the start; a live page can only be given an end.
 */
export function windowProblem(
  status: number,
  startAt: Date | null,
  endAt: Date | null,
  now: Date,
): { key: string } | null {
  const k = (name: string) => ({ key: `renovation.schedule.${name}` });
  if (!startAt && !endAt) return k("empty");
  if (status === RenovationStatus.LIVE && startAt) return k("alreadyLive");
  if (status !== RenovationStatus.LIVE && !startAt) return k("startRequired");
  if (startAt && startAt.getTime() <= now.getTime()) return k("startPast");
  if (startAt && startAt.getTime() - now.getTime() > SCHEDULE_MAX_AHEAD_MS) return k("tooFar");
  if (endAt && endAt.getTime() <= (startAt ?? now).getTime()) return k("endBeforeStart");
  if (endAt && endAt.getTime() - (startAt ?? now).getTime() > SCHEDULE_MAX_AHEAD_MS) return k("tooFar");
  return null;
}

/** Pending windows of a shop's pages (by page). */
export async function listWindows(db: Db | Tx, shopId: number, renovationIds?: number[]): Promise<RenovationWindow[]> {
  const rows = await db
    .select({ kind: jobs.kind, refKey: jobs.refKey, dueAt: jobs.dueAt })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [RENOVATION_START_JOB, RENOVATION_END_JOB]),
        isNull(jobs.doneAt),
        sql`${jobs.refKey} like ${`${shopId}:%`}`,
        renovationIds
          ? inArray(
              jobs.refKey,
              renovationIds.map((id) => refKey(shopId, id)),
            )
          : undefined,
      ),
    );
  const byId = new Map<number, RenovationWindow>();
  for (const r of rows) {
    const id = Number(r.refKey.split(":")[1]);
    const w = byId.get(id) ?? { renovationId: id, startAt: null, endAt: null };
    if (r.kind === RENOVATION_START_JOB) w.startAt = r.dueAt.toISOString();
    else w.endAt = r.dueAt.toISOString();
    byId.set(id, w);
  }
  return [...byId.values()].sort((a, b) => (a.startAt ?? a.endAt ?? "").localeCompare(b.startAt ?? b.endAt ?? ""));
}

/** Removes a page's pending window (nothing to remove is fine). */
async function dropWindow(db: Db | Tx, shopId: number, renovationId: number): Promise<void> {
  await dropPendingJobs(db, [RENOVATION_START_JOB, RENOVATION_END_JOB], refKey(shopId, renovationId));
}

/**
 * Schedules a window for one of the shop's pages: a draft or an earlier version goes live at
 * `startAt` (and off at `endAt`, when given); the live page can be given an end alone. Replaces the
 * page's earlier window. Refusals: decorate.schedule.* (and "not found" for another shop's page).
 */
export async function scheduleRenovation(
  db: Db,
  shopId: number,
  renovationId: number,
  window: { startAt: Date | null; endAt: Date | null },
  now: Date,
): Promise<RenovationWindow> {
  const row = await readRenovation(db, shopId, renovationId);
  const problem = windowProblem(row.status, window.startAt, window.endAt, now);
  if (problem) throw new DomainError(problem.key);
  await db.transaction(async (tx) => {
    await dropWindow(tx, shopId, renovationId);
    if (window.startAt) await scheduleJob(tx, RENOVATION_START_JOB, refKey(shopId, renovationId), window.startAt);
    if (window.endAt) await scheduleJob(tx, RENOVATION_END_JOB, refKey(shopId, renovationId), window.endAt);
  });
  return {
    renovationId,
    startAt: window.startAt?.toISOString() ?? null,
    endAt: window.endAt?.toISOString() ?? null,
  };
}

/** Cancels a page's pending window; another shop's page is "not found". */
export async function cancelSchedule(db: Db, shopId: number, renovationId: number): Promise<void> {
  await readRenovation(db, shopId, renovationId);
  await dropWindow(db, shopId, renovationId);
}

function parseRef(ref: string): { shopId: number; renovationId: number } {
  const [shopId, renovationId] = ref.split(":").map(Number);
  return { shopId: shopId!, renovationId: renovationId! };
}

/** A job whose page was deleted, or changed state meanwhile, has nothing left to do. */
const isNoop = (err: unknown) =>
  err instanceof DomainError &&
  ["renovation.authoring.notFound", "renovation.authoring.notLive", "renovation.authoring.notDraft"].includes(err.key);

registerJobHandler(RENOVATION_START_JOB, {
  run: async (tx, ref, now) => {
    const { shopId, renovationId } = parseRef(ref);
    await publishRenovation(tx as unknown as Db, shopId, renovationId, now);
  },
  isNoop,
});

registerJobHandler(RENOVATION_END_JOB, {
  run: async (tx, ref, now) => {
    const { shopId, renovationId } = parseRef(ref);
    const row = await readRenovation(tx as unknown as Db, shopId, renovationId);
    // Published by hand meanwhile, or already off: the window's end changes nothing else.
    if (row.status !== RenovationStatus.LIVE) return;
    await unpublishRenovation(tx as unknown as Db, shopId, renovationId, now);
    if (row.homeStatus !== 1) return;
    // The page it replaced comes back: the home page publishRenovation demoted when this one went
    // live (an earlier version is never edited, so its updatedAt is that moment); none = the plain page.
    // Only when the window's own start put it live (an end alone just takes the page off).
    if (!row.publishedAt) return;
    const [started] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, RENOVATION_START_JOB), eq(jobs.refKey, ref), eq(jobs.doneAt, new Date(row.publishedAt))))
      .limit(1);
    if (!started) return;
    const [before] = await tx
      .select({ id: renovations.renovationId })
      .from(renovations)
      .where(
        and(
          shopPcHomes(shopId),
          eq(renovations.status, RenovationStatus.EARLIER),
          ne(renovations.renovationId, renovationId),
          eq(renovations.updatedAt, new Date(row.publishedAt)),
        ),
      )
      .orderBy(desc(renovations.publishedAt), desc(renovations.renovationId))
      .limit(1);
    if (before) await publishRenovation(tx as unknown as Db, shopId, before.id, now);
  },
  isNoop,
});
