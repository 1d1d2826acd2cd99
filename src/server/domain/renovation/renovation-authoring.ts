/**
 * Authoring renovations (docs/renovation.md): a shop (or the platform, shopId 0) creates drafts
 * from block JSON, lists, reads, updates, copies and deletes them, publishes one as its live page
 * (the previous live page is kept as an earlier version, status 2, and can be published again)
 * and unpublishes it. Every draft goes through `checkRenovation`: the block rules of
 * src/lib/renovation/block-schema.ts, the size limit, then what only the database can tell —
 * products, categories, shops, pages, coupons, activities and pictures must exist, be the shop's
 * own and be on. The first problem is refused with its place ("block 3 (goods_list): goodsList
 * item 2: product 9123 is not in your shop", composed at the edge by `problemMessage`).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { checkContent, type DraftInput } from "../../../lib/renovation/block-schema.ts";
import type { RenovationDetail, RenovationSummary } from "../../../lib/renovation/renovation-types.ts";
import type { Db } from "../../db/client.ts";
import { renovations } from "../../db/schema/index.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { RENOVATION_PC, shopPcHomes } from "../shop/shop-index.ts";
import { RenovationRefused, checkRenovation } from "./renovation-refs.ts";

/** status of a renovation row. */
export const RenovationStatus = { DRAFT: 0, LIVE: 1, EARLIER: 2 } as const;

// ---- drafts, versions, publishing --------------------------------------------------------------

type Row = typeof renovations.$inferSelect;

function summary(r: Omit<Row, "content" | "renovationType" | "createdAt">): RenovationSummary {
  return {
    renovationId: r.renovationId,
    shopId: r.shopId,
    name: r.name,
    page: r.homeStatus === 1 ? "home" : "page",
    status: r.status,
    homeStatus: r.homeStatus,
    publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

const notFound = () => new DomainError("renovation.authoring.notFound");

/** The shop's PC renovations: live first, then drafts and earlier versions, newest first. */
export async function listRenovations(db: Db, shopId: number): Promise<RenovationSummary[]> {
  const rows = await db
    .select({
      renovationId: renovations.renovationId,
      shopId: renovations.shopId,
      name: renovations.name,
      homeStatus: renovations.homeStatus,
      status: renovations.status,
      publishedAt: renovations.publishedAt,
      updatedAt: renovations.updatedAt,
    })
    .from(renovations)
    .where(and(eq(renovations.shopId, shopId), eq(renovations.renovationType, RENOVATION_PC)))
    .orderBy(sql`${renovations.status} = 1 desc`, desc(renovations.updatedAt), desc(renovations.renovationId));
  return rows.map(summary);
}

async function ownRow(db: Db, shopId: number, renovationId: number, lock = false): Promise<Row> {
  const q = db
    .select()
    .from(renovations)
    .where(
      and(
        eq(renovations.renovationId, renovationId),
        eq(renovations.shopId, shopId),
        eq(renovations.renovationType, RENOVATION_PC),
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound();
  return row;
}

/** One of the shop's renovations with its content as stored; another shop's is "not found". */
export async function readRenovation(db: Db, shopId: number, renovationId: number): Promise<RenovationDetail> {
  const row = await ownRow(db, shopId, renovationId);
  return { ...summary(row), content: row.content };
}

/** A new draft (checked); answers its id. */
export async function createDraft(db: Db, shopId: number, input: DraftInput, now: Date): Promise<number> {
  const content = await checkRenovation(db, shopId, input.content);
  const [row] = await db
    .insert(renovations)
    .values({
      shopId,
      name: input.name.trim(),
      renovationType: RENOVATION_PC,
      homeStatus: input.page === "page" ? 0 : 1,
      status: RenovationStatus.DRAFT,
      content,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: renovations.renovationId });
  return row!.id;
}

/**
 * Replaces a draft's name, page and content (drafts only: a live page or an earlier version is
 * copied first). With `baseUpdatedAt` (the `updatedAt` the editor last read) a draft that someone
 * else saved meanwhile is refused with decorate.authoring.conflict (409, data: the stored
 * `updatedAt` and `name`) and nothing changes: the editor keeps its blocks and decides. Answers
 * the new `updatedAt`.
 */
export async function updateDraft(
  db: Db,
  shopId: number,
  renovationId: number,
  input: DraftInput & { baseUpdatedAt?: string },
  now: Date,
): Promise<{ updatedAt: string }> {
  const row = await ownRow(db, shopId, renovationId);
  if (row.status !== RenovationStatus.DRAFT) throw new DomainError("renovation.authoring.notDraft");
  const conflict = (stored: { updatedAt: Date; name: string }) =>
    new DomainError("renovation.authoring.conflict", {
      httpStatus: 409,
      params: { name: stored.name },
      data: { conflict: true, updatedAt: stored.updatedAt.toISOString(), name: stored.name },
    });
  const base = input.baseUpdatedAt === undefined ? null : new Date(input.baseUpdatedAt);
  if (base && row.updatedAt.getTime() !== base.getTime()) throw conflict(row);
  const content = await checkRenovation(db, shopId, input.content);
  // Never the same instant twice: the next editor's base tells this save from the one before.
  const at = new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
  const changed = await db
    .update(renovations)
    .set({
      name: input.name.trim(),
      homeStatus: input.page === undefined ? row.homeStatus : input.page === "page" ? 0 : 1,
      content,
      updatedAt: at,
    })
    .where(
      and(
        eq(renovations.renovationId, renovationId),
        eq(renovations.status, RenovationStatus.DRAFT),
        base ? eq(renovations.updatedAt, base) : undefined,
      ),
    )
    .returning({ id: renovations.renovationId });
  if (changed.length === 0) {
    const latest = await ownRow(db, shopId, renovationId);
    if (latest.status !== RenovationStatus.DRAFT) throw new DomainError("renovation.authoring.notDraft");
    throw conflict(latest);
  }
  return { updatedAt: at.toISOString() };
}

/** A new draft with the content of any of the shop's renovations (a live page, a version or a draft). */
export async function copyRenovation(
  db: Db,
  shopId: number,
  renovationId: number,
  now: Date,
  name?: string,
): Promise<number> {
  const row = await ownRow(db, shopId, renovationId);
  const [copy] = await db
    .insert(renovations)
    .values({
      shopId,
      name: (name ?? row.name).slice(0, 60),
      renovationType: RENOVATION_PC,
      homeStatus: row.homeStatus,
      status: RenovationStatus.DRAFT,
      content: row.content,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: renovations.renovationId });
  return copy!.id;
}

/** Deletes a draft or an earlier version; the live page must be unpublished first. */
export async function deleteRenovation(db: Db, shopId: number, renovationId: number): Promise<void> {
  const row = await ownRow(db, shopId, renovationId);
  if (row.status === RenovationStatus.LIVE) throw new DomainError("renovation.authoring.deleteLive");
  await db
    .delete(renovations)
    .where(and(eq(renovations.renovationId, renovationId), eq(renovations.status, row.status)));
}

/**
 * Makes a draft (or an earlier version: restoring it) the shop's live page in one transaction.
 * A home page takes the place of the live home page, which becomes an earlier version; another
 * page just goes live. The shop's pages are locked for the transaction (an advisory lock per
 * shop), and the unique partial index renovations_one_live_home backs it: concurrent publishes
 * leave exactly one live home page. The content goes through the block rules again.
 */
export async function publishRenovation(db: Db, shopId: number, renovationId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4101, ${shopId})`);
    const row = await ownRow(tx as unknown as Db, shopId, renovationId, true);
    if (row.status === RenovationStatus.LIVE) return;
    // The rules again (a row written before them, or by hand); references were checked when it
    // was saved, and whatever left the shelf since is left out when the page is served.
    const checked = checkContent(row.content);
    if (!checked.ok)
      throw new RenovationRefused(
        checked.problem,
        row.content.map((b) => String(b.type)),
      );
    if (row.homeStatus === 1)
      await tx
        .update(renovations)
        .set({ status: RenovationStatus.EARLIER, updatedAt: now })
        .where(and(shopPcHomes(shopId), eq(renovations.status, RenovationStatus.LIVE)));
    await tx
      .update(renovations)
      .set({ status: RenovationStatus.LIVE, publishedAt: now, updatedAt: now })
      .where(eq(renovations.renovationId, renovationId));
  });
}

/** Takes a live page off (it is kept as an earlier version): the shop shows its plain page again. */
export async function unpublishRenovation(db: Db, shopId: number, renovationId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4101, ${shopId})`);
    const row = await ownRow(tx as unknown as Db, shopId, renovationId, true);
    if (row.status !== RenovationStatus.LIVE) throw new DomainError("renovation.authoring.notLive");
    await tx
      .update(renovations)
      .set({ status: RenovationStatus.EARLIER, updatedAt: now })
      .where(eq(renovations.renovationId, renovationId));
  });
}
