/**
 * The backfill of the image pipeline (docs/image.md "Backfill"; `npm run ops -- image-backfill`):
 * makes the ladder of variants for every upload that is already stored. Two steps, both safe to
 * stop at any moment and to run again:
 *
 * 1. **Record**: every picture an upload route stored (a random "/uploads/<folder>/<uuid>.<ext>"
 *    name of jpg/png/gif/webp, private folders excepted: they get no public variants) that the
 *    table images does not know yet — stored before the pipeline existed — is read, measured
 *    (upright size, placeholder colour, content hash) and recorded as pending.
 * 2. **Build**: the pending pictures (these, and any the worker has not reached: the seed's, a
 *    burst of uploads) are made through the worker's own claims (image-worker.ts drainImages),
 *    so a server's worker running at the same time never makes the same picture twice; a picture
 *    stopped half-way keeps the variants it has and only the missing ones are made next time.
 *
 * A second run finds nothing to record and nothing pending: it makes nothing.
 */
import type { Db } from "../../db/client.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { describeStored } from "../image/image-pipeline.ts";
import { imageRecords, pendingImageCount, readAll, recordImage } from "../image/image-store.ts";
import { drainImages } from "../image/image-worker.ts";
import { isPrivateUpload } from "../../../lib/image/private.ts";
import { isStoredUpload } from "./upload.ts";

const PICTURE = /\.(?:jpg|png|gif|webp)$/;

/** Where the backfill is: the step, pictures done of the step's total, the last picture. */
export interface BackfillProgress {
  step: "record" | "build";
  done: number;
  /** The step's total: for "record" the files looked at so far (the listing is read in batches). */
  total: number;
  path: string;
  ok: boolean;
}

export interface BackfillSummary {
  /** Stored pictures the table images did not know, now recorded. */
  recorded: number;
  /** Stored files that are not readable pictures (left as they are). */
  unreadable: number;
  /** Pictures whose variants were made. */
  built: number;
  /** Pictures whose variants failed (retried by the worker until their last attempt). */
  failed: number;
  /** Whether it stopped before the end (asked to); running it again goes on. */
  stopped: boolean;
}

/** Whether the stored file at `p` is an upload the backfill records: a picture of an upload route, not private. */
export function isBackfillCandidate(p: string): boolean {
  return isStoredUpload(p) && PICTURE.test(p) && !isPrivateUpload(p);
}

/** Records the stored pictures the pipeline does not know, then makes the variants of every pending one. */
export async function backfillImages(
  db: Db,
  storage: FileStorage,
  opts: { now?: Date; stopped?: () => boolean; onProgress?: (p: BackfillProgress) => void } = {},
): Promise<BackfillSummary> {
  const summary: BackfillSummary = { recorded: 0, unreadable: 0, built: 0, failed: 0, stopped: false };
  const stopped = () => (summary.stopped ||= opts.stopped?.() ?? false);
  let seen = 0;
  let looked = 0;
  for await (const batch of storage.storedBefore(opts.now ?? new Date())) {
    const candidates = batch.filter(isBackfillCandidate);
    seen += candidates.length;
    const known = await imageRecords(db, candidates);
    for (const path of candidates) {
      if (stopped()) return summary;
      let ok = true;
      if (!known.has(path)) {
        const bytes = await readAll(storage, path);
        const info = bytes ? await describeStored(bytes) : null;
        if (info) {
          await recordImage(db, path, info, info.animated);
          summary.recorded++;
        } else {
          summary.unreadable++;
          ok = false;
        }
      }
      opts.onProgress?.({ step: "record", done: ++looked, total: seen, path, ok });
    }
  }
  const total = await pendingImageCount(db);
  let done = 0;
  await drainImages(db, storage, {
    stopped,
    onImage: (path, ok) => {
      if (ok) summary.built++;
      else summary.failed++;
      opts.onProgress?.({ step: "build", done: ++done, total: Math.max(total, done), path, ok });
    },
  });
  return summary;
}
