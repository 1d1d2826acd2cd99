/**
 * Published page renovations (CONTRACT §3.2, §10): content is a JSON string of the refreshed
 * blocks. Drafts are never served here; the merchant previews them on the page
 * /select-decorate with a signed token (src/server/domain/renovation/renovation-preview.ts).
 */
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { renovationHomeQuery, renovationInfoQuery } from "../../lib/catalog/catalog-params.ts";
import { getHomeRenovation, getRenovation, toRenovationAnswer } from "../domain/renovation/renovation.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { cacheGoods } from "./http-cache.ts";
import { parseQuery } from "./kit.ts";

export const renovationRouter = new Hono<ApiEnv>();

/** The platform home page; data null when none is published (the client then shows the default home). */
renovationRouter.get("/shopRenovation/homepage", async (c) => {
  const { renovationType } = parseQuery(c, renovationHomeQuery);
  const home = await getHomeRenovation(c.var.app.db, c.var.locale, renovationType);
  cacheGoods(c);
  return ok(c, home ? toRenovationAnswer(home) : null);
});

renovationRouter.get("/shopRenovation/info", async (c) => {
  const q = parseQuery(c, renovationInfoQuery);
  const found = await getRenovation(c.var.app.db, c.var.locale, {
    renovationId: q.renovationId,
    shopId: q.shopId,
    includeDraft: false,
  });
  if (!found) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("catalog.renovationNotFound"));
  cacheGoods(c);
  return ok(c, toRenovationAnswer(found));
});
