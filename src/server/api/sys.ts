/** Site configuration: PC config, service / pay switches, terms, exchange rate (CONTRACT §2, §3.1; SPEC §7). */
import { Hono } from "hono";
import type { ExchangeRateAnswer } from "../../lib/api-types.ts";
import { termsQuery, webConfigQuery } from "../../lib/validation.ts";
import { getExchangeRate, getPaySwitch, getPcWebConfig, getServiceSwitch, getTerms, getTermsHtml } from "../domain/content/site.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseQuery } from "./validate.ts";

export const sysRouter = new Hono<ApiEnv>();

sysRouter.get("/webConfig/getPcWebConfig", async (c) => {
  parseQuery(c, webConfigQuery);
  cachePublic(c);
  return ok(c, await getPcWebConfig(c.var.app.db));
});

sysRouter.get("/sys/config/info/getSysServiceSwitch", async (c) => {
  cachePublic(c);
  return ok(c, await getServiceSwitch(c.var.app.db));
});

sysRouter.get("/sys/config/info/getSysPaySwitch", async (c) => {
  cachePublic(c);
  return ok(c, await getPaySwitch(c.var.app.db));
});

sysRouter.get("/sys/config/info/serviceTerms", async (c) => {
  cachePublic(c);
  return ok(c, await getTermsHtml(c.var.app.db, c.var.locale, 0));
});

sysRouter.get("/sys/config/info/servicePolicy", async (c) => {
  cachePublic(c);
  return ok(c, await getTermsHtml(c.var.app.db, c.var.locale, 1));
});

sysRouter.get("/sys/config/info/terms", async (c) => {
  const { sts } = parseQuery(c, termsQuery);
  cachePublic(c);
  return ok(c, await getTerms(c.var.app.db, c.var.locale, sts === 1 ? 1 : 0));
});

/** SPEC §7: the exchange-rate host answers {code: 200, data: {rate}} — not the mall envelope. */
sysRouter.get("/cyExchange", async (c) => {
  const answer: ExchangeRateAnswer = { code: 200, msg: null, data: { rate: await getExchangeRate(c.var.app.db) }, success: true };
  cachePublic(c, 3600);
  return c.json(answer);
});
