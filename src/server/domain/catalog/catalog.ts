/**
 * Catalogue reads: category tree (platform or a shop's own), brands of a category, hot search
 * words. Used by the API (src/server/api/catalog.ts) and by Astro pages (header, category panel,
 * /list filters).
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { BrandItem, CategoryNode, HotSearchItem } from "../../../lib/api-types.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import type { Db } from "../../db/client.ts";
import { brands, categories, categoryBrands, hotSearches } from "../../db/schema/index.ts";

/** The platform tree has three levels (grade 0, 1, 2). */
export const CATEGORY_MAX_DEPTH = 3;

/** The columns of a category row the tree needs. */
export interface CategoryRow {
  categoryId: number;
  parentId: number;
  name: LocalizedText;
  pic: string | null;
  icon: string | null;
  seq: number;
  grade: number;
  status: number;
}

const bySeq = (a: { seq: number; categoryId: number }, b: { seq: number; categoryId: number }) =>
  a.seq - b.seq || a.categoryId - b.categoryId;

/** parentId → active children ordered by seq (then id). */
export function groupByParent(rows: readonly CategoryRow[]): Map<number, CategoryRow[]> {
  const map = new Map<number, CategoryRow[]>();
  for (const r of rows) {
    if (r.status !== 1) continue;
    const list = map.get(r.parentId);
    if (list) list.push(r);
    else map.set(r.parentId, [r]);
  }
  for (const list of map.values()) list.sort(bySeq);
  return map;
}

/**
 * Builds the localized tree under `parentId` (0 = top level) from flat rows: active categories
 * only (an inactive or unknown parent gives []), ordered by seq, at most `maxDepth` levels deep.
 * Cycles in bad data are cut.
 */
export function buildCategoryTree(
  rows: readonly CategoryRow[],
  locale: Locale,
  parentId = 0,
  maxDepth = CATEGORY_MAX_DEPTH,
): CategoryNode[] {
  // Below an unknown or inactive parent there is nothing to show.
  if (parentId !== 0 && !rows.some((r) => r.categoryId === parentId && r.status === 1)) return [];
  const children = groupByParent(rows);
  const seen = new Set<number>();
  const build = (pid: number, depth: number): CategoryNode[] => {
    if (depth > maxDepth) return [];
    const out: CategoryNode[] = [];
    for (const r of children.get(pid) ?? []) {
      if (seen.has(r.categoryId)) continue;
      seen.add(r.categoryId);
      out.push({
        categoryId: r.categoryId,
        parentId: r.parentId,
        categoryName: pickText(r.name, locale),
        pic: r.pic ?? "",
        icon: r.icon ?? "",
        seq: r.seq,
        grade: r.grade,
        status: r.status,
        categories: build(r.categoryId, depth + 1),
      });
    }
    return out;
  };
  return build(parentId, 1);
}

/** `rootId` and the ids of all its active descendants (breadth first, cycle safe). */
export function collectDescendantIds(rows: readonly CategoryRow[], rootId: number): number[] {
  const children = groupByParent(rows);
  const out = [rootId];
  const seen = new Set(out);
  for (let i = 0; i < out.length; i++) {
    for (const c of children.get(out[i]!) ?? []) {
      if (seen.has(c.categoryId)) continue;
      seen.add(c.categoryId);
      out.push(c.categoryId);
    }
  }
  return out;
}

/** The path from the top level down to `categoryId` (inclusive); [] when unknown. */
export function categoryPath(rows: readonly CategoryRow[], categoryId: number): CategoryRow[] {
  const byId = new Map(rows.map((r) => [r.categoryId, r]));
  const path: CategoryRow[] = [];
  const seen = new Set<number>();
  let cur = byId.get(categoryId);
  while (cur && !seen.has(cur.categoryId)) {
    seen.add(cur.categoryId);
    path.unshift(cur);
    cur = cur.parentId === 0 ? undefined : byId.get(cur.parentId);
  }
  return path;
}

/** The columns of a CategoryRow, for every query that reads category rows. */
export const categoryRowColumns = {
  categoryId: categories.categoryId,
  parentId: categories.parentId,
  name: categories.name,
  pic: categories.pic,
  icon: categories.icon,
  seq: categories.seq,
  grade: categories.grade,
  status: categories.status,
};

async function loadCategoryRows(db: Db, shopId: number): Promise<CategoryRow[]> {
  return db
    .select(categoryRowColumns)
    .from(categories)
    .where(and(eq(categories.shopId, shopId), eq(categories.status, 1)));
}

/**
 * Active categories under `parentId` (0 = top level) of the platform (shopId 0) or of a shop,
 * each with its children down to level 3. Unknown parent → [].
 */
export async function getCategoryTree(
  db: Db,
  locale: Locale,
  opts: { parentId?: number; shopId?: number } = {},
): Promise<CategoryNode[]> {
  const rows = await loadCategoryRows(db, opts.shopId ?? 0);
  return buildCategoryTree(rows, locale, opts.parentId ?? 0);
}

/** Brands offered in a platform category: its own links plus those of its descendants, de-duplicated, by seq. */
export async function getBrandsByCategory(db: Db, locale: Locale, categoryId: number): Promise<BrandItem[]> {
  const rows = await loadCategoryRows(db, 0);
  if (!rows.some((r) => r.categoryId === categoryId)) return [];
  const ids = collectDescendantIds(rows, categoryId);
  const found = await db
    .selectDistinct({
      brandId: brands.brandId,
      name: brands.name,
      imgUrl: brands.imgUrl,
      firstLetter: brands.firstLetter,
      seq: brands.seq,
    })
    .from(brands)
    .innerJoin(categoryBrands, eq(categoryBrands.brandId, brands.brandId))
    .where(and(inArray(categoryBrands.categoryId, ids), eq(brands.status, 1)))
    .orderBy(asc(brands.seq), asc(brands.brandId));
  return found.map((b) => {
    const name = pickText(b.name, locale);
    return {
      brandId: b.brandId,
      name,
      brandName: name,
      imgUrl: b.imgUrl ?? "",
      firstLetter: b.firstLetter,
      seq: b.seq,
    };
  });
}

/**
 * Platform hot search words. type 1 product keywords, 2 shop keywords; sort 1 = by seq ascending,
 * 0 = newest first; at most `number`.
 */
export async function getHotSearches(
  db: Db,
  locale: Locale,
  opts: { number: number; sort: number; type?: number },
): Promise<HotSearchItem[]> {
  const order =
    opts.sort === 1
      ? [asc(hotSearches.seq), asc(hotSearches.hotSearchId)]
      : [desc(hotSearches.createdAt), desc(hotSearches.hotSearchId)];
  const rows = await db
    .select({ hotSearchId: hotSearches.hotSearchId, title: hotSearches.title, content: hotSearches.content })
    .from(hotSearches)
    .where(and(eq(hotSearches.shopId, 0), eq(hotSearches.status, 1), eq(hotSearches.type, opts.type ?? 1)))
    .orderBy(...order)
    .limit(Math.max(0, opts.number));
  return rows.map((r) => ({
    hotSearchId: r.hotSearchId,
    title: pickText(r.title, locale),
    content: pickText(r.content, locale),
  }));
}
