/** The one form of a category list URL (category menu, breadcrumbs, sitemap): /list?cpid=&cid=&thCid=&st=0. */
export interface CategoryLevel {
  level: number;
  categoryId: number;
}

/** Path (without locale prefix) of the product list of the deepest of these levels (1..3, top first). */
export function categoryListPath(levels: readonly CategoryLevel[]): string {
  const q = new URLSearchParams();
  for (const x of levels) q.set(x.level === 1 ? "cpid" : x.level === 2 ? "cid" : "thCid", String(x.categoryId));
  q.set("st", "0");
  return `/list?${q}`;
}
