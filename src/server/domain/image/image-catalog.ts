/**
 * What pages need to know of the pictures they show (docs/image.md "Showing a picture"): size,
 * placeholder colour and content hash of each path, from the table images, kept in process memory
 * so that a page rendered from warm read models reads no database for its pictures. The lookups
 * of one render are asked together (one query for every picture of the page). An entry is kept
 * for `maxAgeMs` (a picture recorded later, e.g. an older upload given its ladder, shows within
 * that time) and dropped at once when everything changes (a reseed).
 */
import type { ImageInfo } from "../../../lib/image/ladder.ts";
import type { Db } from "../../db/client.ts";
import type { ChangeFeed } from "../../db/content-changes.ts";
import { imageInfoOf, imageRecords, type PictureRecord } from "./image-store.ts";

interface Entry {
  info: ImageInfo | null;
  at: number;
}

export class PictureCatalog {
  private readonly entries = new Map<string, Entry>();
  private batch: Map<string, ((info: ImageInfo | null) => void)[]> | null = null;

  constructor(
    private readonly db: Db,
    feed?: ChangeFeed,
    private readonly opts: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {},
  ) {
    feed?.subscribe((changed) => {
      if (changed === "all" || changed.has("*")) this.entries.clear();
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the pipeline knows of the picture at `path`, or null (not an upload, or not recorded). */
  lookup(path: string): Promise<ImageInfo | null> {
    if (!path.startsWith("/uploads/")) return Promise.resolve(null);
    const now = (this.opts.now ?? Date.now)();
    const hit = this.entries.get(path);
    if (hit && now - hit.at < (this.opts.maxAgeMs ?? 60_000)) return Promise.resolve(hit.info);
    return new Promise((resolve) => {
      if (!this.batch) {
        this.batch = new Map();
        setImmediate(() => void this.flush());
      }
      const waiting = this.batch.get(path);
      if (waiting) waiting.push(resolve);
      else this.batch.set(path, [resolve]);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.batch!;
    this.batch = null;
    let found: Map<string, PictureRecord>;
    try {
      found = await imageRecords(this.db, [...batch.keys()]);
    } catch {
      // The pictures show as they are rather than the page failing; nothing is kept.
      for (const waiting of batch.values()) for (const r of waiting) r(null);
      return;
    }
    const now = (this.opts.now ?? Date.now)();
    const max = this.opts.maxEntries ?? 50_000;
    for (const [path, waiting] of batch) {
      const rec = found.get(path);
      const info = rec ? imageInfoOf(rec) : null;
      this.entries.delete(path);
      this.entries.set(path, { info, at: now });
      for (const r of waiting) r(info);
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size <= max) break;
      this.entries.delete(key);
    }
  }
}
