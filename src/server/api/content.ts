/**
 * Site content (rules in src/server/domain/content/), public:
 *   notices of the platform (shopId 0) and of shops (CONTRACT §3.2);
 *   site configuration: PC config, service / pay switches, terms, exchange rate (CONTRACT §2, §3.1; SPEC §7).
 */
import { Hono } from "hono";
import { ResponseCode, type ExchangeRateAnswer } from "../../lib/api-types.ts";
import { noticeIdParams, pageParams, shopIdParams, termsQuery, webConfigQuery } from "../../lib/validation.ts";
import { getNotice, getTopNotices, listNotices } from "../domain/content/notice.ts";
import {
  getExchangeRate,
  getPaySwitch,
  getPcWebConfig,
  getServiceSwitch,
  getTerms,
  getTermsHtml,
} from "../domain/kernel/site.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseParams, parseQuery } from "./kit.ts";

export const contentRouter = new Hono<ApiEnv>();

// ---- notices ----------------------------------------------------------------------------------

contentRouter.get("/shop/notice/topNoticeList/:shopId", async (c) => {
  const { shopId } = parseParams(c, shopIdParams);
  cachePublic(c);
  return ok(c, await getTopNotices(c.var.app.db, c.var.locale, shopId));
});

contentRouter.get("/shop/notice/noticeList/:shopId", async (c) => {
  const { shopId } = parseParams(c, shopIdParams);
  const page = parseQuery(c, pageParams);
  cachePublic(c);
  return ok(c, await listNotices(c.var.app.db, c.var.locale, shopId, page));
});

contentRouter.get("/shop/notice/info/:id", async (c) => {
  const { id } = parseParams(c, noticeIdParams);
  const notice = await getNotice(c.var.app.db, c.var.locale, id);
  if (!notice) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.noticeNotFound"));
  cachePublic(c);
  return ok(c, notice);
});

// ---- site configuration -------------------------------------------------------------------------

contentRouter.get("/webConfig/getPcWebConfig", async (c) => {
  parseQuery(c, webConfigQuery);
  cachePublic(c);
  return ok(c, await getPcWebConfig(c.var.app.db));
});

contentRouter.get("/sys/config/info/getSysServiceSwitch", async (c) => {
  cachePublic(c);
  return ok(c, await getServiceSwitch(c.var.app.db));
});

contentRouter.get("/sys/config/info/getSysPaySwitch", async (c) => {
  cachePublic(c);
  return ok(c, await getPaySwitch(c.var.app.db));
});

contentRouter.get("/sys/config/info/serviceTerms", async (c) => {
  cachePublic(c);
  return ok(c, await getTermsHtml(c.var.app.db, c.var.locale, 0));
});

contentRouter.get("/sys/config/info/servicePolicy", async (c) => {
  cachePublic(c);
  return ok(c, await getTermsHtml(c.var.app.db, c.var.locale, 1));
});

contentRouter.get("/sys/config/info/terms", async (c) => {
  const { sts } = parseQuery(c, termsQuery);
  cachePublic(c);
  return ok(c, await getTerms(c.var.app.db, c.var.locale, sts === 1 ? 1 : 0));
});

/** SPEC §7: the exchange-rate host answers {code: 200, data: {rate}} — not the mall envelope. */
contentRouter.get("/cyExchange", async (c) => {
  const answer: ExchangeRateAnswer = {
    code: 200,
    msg: null,
    data: { rate: await getExchangeRate(c.var.app.db) },
    success: true,
  };
  cachePublic(c, 3600);
  return c.json(answer);
});
