/**
 * What the image pipeline knows of the pictures a page shows (src/server/domain/image/image-catalog.ts),
 * for the picture component: kept in process memory, asked together within one render.
 */
import type { ImageInfo } from "../lib/image/ladder.ts";
import type { PictureCatalog } from "../server/domain/image/image-catalog.ts";
import { getAppContext } from "../server/context.ts";

function pictures(): PictureCatalog | null {
  try {
    return getAppContext().content.pictures;
  } catch {
    // Rendered outside the server (Astro's container in component tests): pictures show as they are.
    return null;
  }
}

/** What the pipeline knows of the picture at `src` (null: not an upload it recorded). */
export function pictureInfo(src: string): Promise<ImageInfo | null> {
  const catalog = pictures();
  return catalog ? catalog.lookup(src) : Promise.resolve(null);
}

/** The same for several pictures, in their order. */
export function pictureInfos(srcs: readonly string[]): Promise<(ImageInfo | null)[]> {
  return Promise.all(srcs.map(pictureInfo));
}
