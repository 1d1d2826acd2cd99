/**
 * The background worker that makes the ladder of every recorded picture (docs/image.md): it claims
 * one pending row of the table images at a time (several processes share the table; a claim
 * whose process died is taken again once its lease passed, so the work survives a restart),
 * makes the variants through the bounded queue of image-store.ts and marks the picture ready.
 * An upload in this process wakes it at once; otherwise it looks every `intervalMs`.
 */
import type { Db } from "../../db/client.ts";
import { describeError } from "../../error-log.ts";
import { logger } from "../../log.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { buildVariants, claimPendingImage, finishImage } from "./image-store.ts";

const wakers = new Set<() => void>();

/** Wakes this process's worker (a picture was just recorded). */
export function wakeImageWorker(): void {
  for (const w of wakers) w();
}

/** Makes the variants of pending pictures until none is left; answers how many pictures it finished. */
export async function drainImages(
  db: Db,
  storage: FileStorage,
  opts: { limit?: number; stopped?: () => boolean; onImage?: (path: string, ok: boolean) => void } = {},
): Promise<number> {
  let n = 0;
  while (n < (opts.limit ?? Infinity) && !opts.stopped?.()) {
    const job = await claimPendingImage(db, new Date());
    if (!job) break;
    let error: string | null = null;
    try {
      await buildVariants(storage, job.path, job);
    } catch (err) {
      error = describeError(err);
      logger.warn({ path: job.path, err: describeError(err) }, "image variants failed");
    }
    await finishImage(db, job.path, job.hash, error);
    opts.onImage?.(job.path, error === null);
    n++;
  }
  return n;
}

/** Starts the worker; the returned stop() waits for the picture in hand. */
export function startImageWorker(db: Db, storage: FileStorage, intervalMs = 2000): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running || stopped) return;
    running = drainImages(db, storage, { stopped: () => stopped })
      .catch((err) => logger.error({ err: describeError(err) }, "image worker failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  wakers.add(tick);
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    wakers.delete(tick);
    if (running) await running;
  };
}
