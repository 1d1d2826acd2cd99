/**
 * Pure parts of the chunk-reload guard (SPEC §8/§9): a failed dynamic import reloads the page,
 * but at most once per CHUNK_RELOAD_GUARD_MS, so a broken deployment cannot loop forever.
 */

/** A chunk-load failure reloads the page at most once within this window. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

export const CHUNK_RELOAD_KEY = "mall:chunk-reload-at";

/** True when the last reload (ms timestamp, or null) is old enough to reload again. */
export function shouldReload(
  now: number,
  lastReloadAt: number | null,
  guardMs: number = CHUNK_RELOAD_GUARD_MS,
): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  return now - lastReloadAt >= guardMs || now < lastReloadAt;
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed/i;

/** Whether an error (or rejection reason) is a failed chunk / dynamic import. */
export function isChunkLoadError(reason: unknown): boolean {
  if (reason == null) return false;
  const message =
    typeof reason === "string" ? reason : reason instanceof Error ? `${reason.name}: ${reason.message}` : "";
  return CHUNK_ERROR.test(message);
}
