/** The image calls: the size ladders of stored pictures ([image.md](../../../docs/image.md)). */
import type { ImageInfo } from "../../lib/image/ladder.ts";
import { api } from "../api.ts";

/** GET /pictures?paths=a,b: the ladder of each known path (unknown ones are left out). */
export function getPictures(paths: readonly string[]): Promise<Record<string, ImageInfo>> {
  return api.get<Record<string, ImageInfo>>("/pictures", { paths: paths.join(",") });
}
