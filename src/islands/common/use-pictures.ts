/**
 * What the image pipeline knows of the pictures an island shows (GET /api/pictures, docs/image.md
 * "Showing a picture"): asked together for every picture that mounts in the same moment, kept for
 * the page's life. undefined while the answer is on its way, null when the pipeline does not know
 * the picture (shown as it is).
 */
import { useEffect, useSyncExternalStore } from "react";
import type { ImageInfo } from "../../lib/image/ladder.ts";
import { isPrivateUpload } from "../../lib/image/private.ts";
import { getPictures } from "../../client/data/image.ts";

/** Most paths one request asks about (the API's limit). */
const BATCH = 100;

const known = new Map<string, ImageInfo | null>();
const asked = new Set<string>();
const waiting = new Set<string>();
const listeners = new Set<() => void>();
let scheduled = false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function flush(): Promise<void> {
  scheduled = false;
  const paths = [...waiting];
  waiting.clear();
  for (let i = 0; i < paths.length; i += BATCH) {
    const chunk = paths.slice(i, i + BATCH);
    let answer: Record<string, ImageInfo> = {};
    try {
      answer = await getPictures(chunk);
    } catch {
      // Shown as they are: a picture without its ladder rather than none.
    }
    for (const p of chunk) known.set(p, answer[p] ?? null);
  }
  for (const l of listeners) l();
}

function ask(src: string): void {
  if (asked.has(src)) return;
  asked.add(src);
  waiting.add(src);
  if (!scheduled) {
    scheduled = true;
    setTimeout(() => void flush(), 0);
  }
}

/**
 * Whether the pipeline may know the picture at `src`: only uploads go through it, and private ones
 * (a store application's documents) have no public variants — never asked about.
 */
export function isPipelinePicture(src: string): boolean {
  return src.startsWith("/uploads/") && !isPrivateUpload(src);
}

/**
 * What the pipeline knows of `src`: undefined until answered. `given`: what an answer already said
 * of it (a chat message carries its picture's), so it is not asked about.
 */
export function usePicture(src: string, given?: ImageInfo): ImageInfo | null | undefined {
  const info = useSyncExternalStore(
    subscribe,
    () => (isPipelinePicture(src) ? (known.get(src) ?? given) : null),
    () => (isPipelinePicture(src) ? given : null),
  );
  useEffect(() => {
    if (isPipelinePicture(src) && !given) ask(src);
  }, [src, given]);
  return info;
}
