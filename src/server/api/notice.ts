/** Notices of the platform (shopId 0) and of shops (CONTRACT §3.2). */
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { noticeIdParams, pageParams, shopIdParams } from "../../lib/validation.ts";
import { getNotice, getTopNotices, listNotices } from "../domain/content/notice.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseParams, parseQuery } from "./validate.ts";

export const noticeRouter = new Hono<ApiEnv>();

noticeRouter.get("/shop/notice/topNoticeList/:shopId", async (c) => {
  const { shopId } = parseParams(c, shopIdParams);
  cachePublic(c);
  return ok(c, await getTopNotices(c.var.app.db, c.var.locale, shopId));
});

noticeRouter.get("/shop/notice/noticeList/:shopId", async (c) => {
  const { shopId } = parseParams(c, shopIdParams);
  const page = parseQuery(c, pageParams);
  cachePublic(c);
  return ok(c, await listNotices(c.var.app.db, c.var.locale, shopId, page));
});

noticeRouter.get("/shop/notice/info/:id", async (c) => {
  const { id } = parseParams(c, noticeIdParams);
  const notice = await getNotice(c.var.app.db, c.var.locale, id);
  if (!notice) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.noticeNotFound"));
  cachePublic(c);
  return ok(c, notice);
});
