/**
 * Pages say what they show (content tags of src/server/db/content-changes.ts) so the render
 * cache drops them only when that changes (docs/performance.md "Finer invalidation"). Pages
 * whose path has default tags (src/server/http/render-cache/page-policy.ts pageCacheTags) need not call it.
 */
/** The page names no content it could be dropped by: the render cache keeps it at most `ms` (the shortest limit wins). */
export function limitCacheAge(locals: App.Locals, ms: number): void {
  const age = locals.cacheAge;
  if (age && (age.maxAgeMs === undefined || ms < age.maxAgeMs)) age.maxAgeMs = ms;
}

export function addCacheTags(locals: App.Locals, tags: Iterable<string>): void {
  const set = locals.cacheTags;
  if (!set) return;
  for (const t of tags) set.add(t);
}
