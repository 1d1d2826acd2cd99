/**
 * The platform's category tree as the list pages walk it (docs/catalog.md): the category levels of a
 * URL resolved to one chain, its breadcrumbs, the tree's rows.
 */
import { and, eq } from "drizzle-orm";
import { pickText, type Locale } from "../../../lib/locale.ts";
import type { CategoryCrumbItem } from "../../../lib/catalog/product-types.ts";
import type { Db } from "../../db/client.ts";
import { categories } from "../../db/schema/index.ts";
import { categoryRowColumns, type CategoryRow } from "./catalog.ts";

/** Category levels of /list: cpid (level 1), cid (level 2), thCid (level 3). */
export interface CategoryLevels {
  cpid?: number | undefined;
  cid?: number | undefined;
  thCid?: number | undefined;
}

export type CategoryChainResult =
  /** No category given. */
  | { kind: "none" }
  /** The first given category is unknown or inactive: nothing can match. */
  | { kind: "unknown" }
  /** The deepest consistent category and its path from level 1. */
  | { kind: "ok"; categoryId: number; path: CategoryRow[] };

/**
 * Resolves cpid/cid/thCid against the active platform tree: the first given level must exist;
 * each deeper given level must be a child of the level above it (a cid that is not a child of
 * cpid is ignored together with everything below it). Answers the deepest accepted category
 * and its full path from level 1 (e.g. thCid alone → its 3 levels).
 */
export function resolveCategoryChain(rows: readonly CategoryRow[], levels: CategoryLevels): CategoryChainResult {
  const given = [levels.cpid, levels.cid, levels.thCid]
    .map((v, i) => ({ id: v, level: i }))
    .filter((x) => x.id !== undefined && x.id !== null) as { id: number; level: number }[];
  if (given.length === 0) return { kind: "none" };
  const byId = new Map(rows.filter((r) => r.status === 1).map((r) => [r.categoryId, r]));
  const first = byId.get(given[0]!.id);
  if (!first) return { kind: "unknown" };
  let current = first;
  let currentLevel = given[0]!.level;
  for (const g of given.slice(1)) {
    const next = byId.get(g.id);
    // Must be a direct child when the level right below is given; a grandchild when a level was skipped.
    if (!next) break;
    let ok = false;
    let p: CategoryRow | undefined = next;
    for (let up = g.level - currentLevel; up > 0 && p; up--) {
      p = byId.get(p.parentId);
      if (up === 1) ok = p?.categoryId === current.categoryId;
    }
    if (!ok) break;
    current = next;
    currentLevel = g.level;
  }
  const path: CategoryRow[] = [];
  const seen = new Set<number>();
  for (
    let cur: CategoryRow | undefined = current;
    cur && !seen.has(cur.categoryId);
    cur = cur.parentId === 0 ? undefined : byId.get(cur.parentId)
  ) {
    seen.add(cur.categoryId);
    path.unshift(cur);
  }
  return { kind: "ok", categoryId: current.categoryId, path };
}

export function toCrumbs(path: readonly CategoryRow[], locale: Locale): CategoryCrumbItem[] {
  return path
    .slice(0, 3)
    .map((r, i) => ({ categoryId: r.categoryId, categoryName: pickText(r.name, locale), level: (i + 1) as 1 | 2 | 3 }));
}

export async function loadPlatformCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .select(categoryRowColumns)
    .from(categories)
    .where(and(eq(categories.shopId, 0), eq(categories.status, 1)));
}

/**
 * Breadcrumb of /list?cpid=&cid=&thCid=: [{categoryId, categoryName, level}] from level 1 down
 * to the deepest consistent given level; [] when none is given or the first is unknown.
 */
export async function categoryPath(db: Db, locale: Locale, levels: CategoryLevels): Promise<CategoryCrumbItem[]> {
  const res = resolveCategoryChain(await loadPlatformCategories(db), levels);
  return res.kind === "ok" ? toCrumbs(res.path, locale) : [];
}
