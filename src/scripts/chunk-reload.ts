/**
 * Reloads the page once when a lazily loaded chunk cannot be fetched (e.g. after a deployment
 * replaced the hashed files): Vite's vite:preloadError event and unhandled import rejections.
 * A sessionStorage timestamp keeps it to one reload per 60 s (SPEC §8/§9).
 */
import { CHUNK_RELOAD_KEY, isChunkLoadError, shouldReload } from "./chunk-reload-guard.ts";

function readLast(): number | null {
  try {
    const v = sessionStorage.getItem(CHUNK_RELOAD_KEY);
    return v === null ? null : Number(v);
  } catch {
    return null;
  }
}

/** Reloads unless it already did within the guard window; true when a reload was started. */
function reloadOnce(): boolean {
  const now = Date.now();
  if (!shouldReload(now, readLast())) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Without storage the guard cannot hold: do not risk a reload loop.
    return false;
  }
  window.location.reload();
  return true;
}

window.addEventListener("vite:preloadError", (event) => {
  if (reloadOnce()) event.preventDefault();
});

window.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
  if (isChunkLoadError(event.reason) && reloadOnce()) event.preventDefault();
});
