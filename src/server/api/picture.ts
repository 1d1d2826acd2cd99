/**
 * What the image pipeline knows of pictures, for the islands' picture component (docs/image.md
 * "Showing a picture"), public:
 *   GET /pictures?paths=/uploads/a.jpg,/uploads/b.png → { [path]: {width, height, color, hash, alpha} }
 *       for each path it knows, `animated: true` added for one that moves (at most 100 paths; an
 *       unknown one is left out: shown as it is).
 * The same answer for everyone: cacheable for a minute.
 */
import { Hono } from "hono";
import { picturePathsQuery } from "../../lib/validation.ts";
import type { ImageInfo } from "../../lib/image/ladder.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseQuery } from "./kit.ts";

export const pictureRouter = new Hono<ApiEnv>();

pictureRouter.get("/pictures", async (c) => {
  const { paths } = parseQuery(c, picturePathsQuery);
  const infos = await Promise.all(paths.map((p) => c.var.app.content.pictures.lookup(p)));
  const out: Record<string, ImageInfo> = {};
  paths.forEach((p, i) => {
    const info = infos[i];
    if (info) out[p] = info;
  });
  cachePublic(c);
  return ok(c, out);
});
