/**
 * One page of a list, as every list endpoint answers it (CONTRACT §1.3, mall4j's `IPage`):
 * `records`, `total`, `size`, `current`, `pages`. An empty list has one (empty) page: `pages` is
 * never 0, as the product search has always answered, so a pager shows "1 / 1" everywhere.
 */
import { count, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Page } from "../../../lib/api-types.ts";
import type { Db, Tx } from "../../db/client.ts";

/** How many pages `total` rows fill at `size` a page; at least 1. */
export function pagesOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The page `at` asked for (`current` 1-based, `size` rows), holding `records` of `total` rows. */
export function pageOf<T>(records: T[], total: number, at: { current: number; size: number }): Page<T> {
  return { records, total, size: at.size, current: at.current, pages: pagesOf(total, at.size) };
}

/**
 * The rows of one table that `where` keeps, counted, and those of page `at` in `order`: the two
 * reads of a list whose records are whole rows of one table.
 */
export async function readPage<T extends PgTable>(
  q: Db | Tx,
  table: T,
  where: SQL | undefined,
  order: readonly (SQL | PgColumn)[],
  at: { current: number; size: number },
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const { rows, total } = await countThenPage(
    q
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
    (limit, offset) =>
      q
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    at,
  );
  return { rows: rows as T["$inferSelect"][], total };
}

/**
 * The two reads of a list: `counted` (one row: how many the list holds), then, unless it holds
 * none, `rows(limit, offset)` of page `at`.
 */
export async function countThenPage<R>(
  counted: PromiseLike<{ n: number }[]>,
  rows: (limit: number, offset: number) => PromiseLike<R[]>,
  at: { current: number; size: number },
): Promise<{ rows: R[]; total: number }> {
  const [c] = await counted;
  const total = Number(c?.n ?? 0);
  return { rows: total === 0 ? [] : await rows(at.size, (at.current - 1) * at.size), total };
}
