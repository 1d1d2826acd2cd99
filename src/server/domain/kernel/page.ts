/**
 * One page of a list, as every list endpoint answers it (CONTRACT §1.3, mall4j's `IPage`):
 * `records`, `total`, `size`, `current`, `pages`. An empty list has one (empty) page: `pages` is
 * never 0, as the product search has always answered, so a pager shows "1 / 1" everywhere.
 */
import type { Page } from "../../../lib/api-types.ts";

/** How many pages `total` rows fill at `size` a page; at least 1. */
export function pagesOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The page `at` asked for (`current` 1-based, `size` rows), holding `records` of `total` rows. */
export function pageOf<T>(records: T[], total: number, at: { current: number; size: number }): Page<T> {
  return { records, total, size: at.size, current: at.current, pages: pagesOf(total, at.size) };
}
