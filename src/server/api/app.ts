/**
 * The mall API (mounted at /api): envelope {code, msg, data, success}, per-request locale from
 * Accept-Language, the one body limit table (src/server/http/body-limit.ts), /p/ paths need a
 * buyer token and /merchant/ paths a merchant token (A00004), unknown paths → A00013. One router
 * per feature (docs/architecture.md "The API edge"): a feature's buyer, public, merchant and
 * platform routes side by side in api/<feature>.ts (or api/<feature>/); every router reads its
 * input and answers through the kit (kit.ts). A refusal thrown outside the kit's run, or a zod
 * error thrown anywhere, is answered here the same way (refusal, issueMessage).
 */
import { Hono, type Context } from "hono";
import { ZodError } from "zod";
import { getT } from "../../i18n/index.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import { localeFromHeader, LANG_COOKIE, isLocale } from "../../lib/locale.ts";
import type { AppContext } from "../context.ts";
import { DomainError } from "../domain/kernel/domain-error.ts";
import { limitBody } from "../http/body-limit.ts";
import { describeError, requestLine } from "../error-log.ts";
import { logger } from "../log.ts";
import { CONTROL_CHARS_KEY } from "../../lib/text-rules.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, envelope } from "./envelope.ts";
import { issueMessage, peekText, refusal, sentTokenOrCookie } from "./kit.ts";
import { accountRouter } from "./account.ts";
import { addressRouter } from "./address.ts";
import { balanceRouter } from "./balance.ts";
import { cartRouter } from "./cart.ts";
import { catalogRouter } from "./catalog.ts";
import { chatRouter } from "./chat.ts";
import { collectionRouter } from "./collection.ts";
import { contentRouter } from "./content.ts";
import { couponMerchantRouter, couponRouter } from "./coupon.ts";
import { discountMerchantRouter, discountRouter } from "./discount.ts";
import { flashGateEntry, flashSaleMerchantRouter, flashSaleRouter } from "./flash-sale.ts";
import { flowAnalysisRouter } from "./flow-analysis.ts";
import { footprintRouter } from "./footprint.ts";
import { pictureRouter } from "./picture.ts";
import { groupBuyMerchantRouter, groupBuyRouter } from "./group-buy.ts";
import { invoiceMerchantRouter, invoiceRouter } from "./invoice.ts";
import { ledgerRouter } from "./ledger.ts";
import { memberRouter } from "./member.ts";
import { merchantRouter, requireMerchant } from "./merchant.ts";
import { renovationAuthoringRouter } from "./renovation-authoring.ts";
import { myOrderRouter } from "./order/my-order.ts";
import { orderMerchantRouter } from "./order/shop-orders.ts";
import { orderSubmitRouter } from "./order/submit.ts";
import { paymentRouter } from "./payment.ts";
import { pointsMallRouter } from "./points-mall.ts";
import { productRouter } from "./product.ts";
import { pointsRouter } from "./points.ts";
import { refundMerchantRouter, refundRouter } from "./refund.ts";
import { renovationRouter } from "./renovation.ts";
import { reviewMerchantRouter, reviewRouter } from "./review.ts";
import { shopRouter } from "./shop.ts";
import { storeApplicationRouter } from "./store-application.ts";
import { searchSynonymsRouter } from "./search-synonyms.ts";
import { renovationUploadRouter, uploadRouter } from "./upload.ts";
import { devClockRouter } from "./dev-clock.ts";

/** 413 with the envelope and the route's message, in the request's language. */
function tooLarge(c: Context<ApiEnv>, key: string) {
  return c.json(envelope(ResponseCode.SHOW_FAIL, null, (c.var.t ?? getT("zh"))(key)), 413);
}

/** The answer language: Accept-Language, else the lang cookie, else the default. */
export function requestLocale(header: string | undefined, cookie: string | undefined) {
  const fromCookie = cookie
    ?.split(/;\s*/)
    .find((p) => p.startsWith(`${LANG_COOKIE}=`))
    ?.slice(LANG_COOKIE.length + 1);
  if (header) return localeFromHeader(header);
  if (fromCookie && isLocale(decodeURIComponent(fromCookie)))
    return decodeURIComponent(fromCookie) as ReturnType<typeof localeFromHeader>;
  return localeFromHeader(undefined);
}

/** No route limit of the table is smaller than this (tests/unit/route-body-limits.test.ts). */
export const SMALLEST_ROUTE_BODY_LIMIT = 1024;

export function createApi(app: AppContext) {
  const api = new Hono<ApiEnv>().basePath("/api");

  api.use("*", async (c, next) => {
    const locale = requestLocale(c.req.header("accept-language"), c.req.header("cookie"));
    c.set("app", app);
    c.set("locale", locale);
    c.set("t", getT(locale));
    await next();
    // A write may have changed content, a cart or a session: the next read looks at the changes at once.
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && !c.var.readOnly) app.content.feed.expire();
    c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
  });

  // The body limit of the route (the one table in src/server/http/body-limit.ts), before anything
  // else reads the body.
  api.use("*", limitBody(tooLarge));

  // NUL anywhere in a request (query string, path or body) is refused before any handler: no text
  // may contain it, and PostgreSQL can not store it. Other control characters are refused by the
  // text rules of each field (src/lib/text-rules.ts).
  api.use("*", async (c, next) => {
    const refuse = () => new ApiError(ResponseCode.SHOW_FAIL, c.var.t(CONTROL_CHARS_KEY));
    if (/%00|\u0000/i.test(c.req.url) || c.req.url.includes("\u0000")) throw refuse();
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (
      c.req.method !== "GET" &&
      c.req.method !== "HEAD" &&
      (type === "" || type.includes("json") || type.startsWith("text/"))
    ) {
      // A small JSON body of declared length (within every route's limit, checked above) is read
      // once: Hono keeps the text for the handler. Others are read from a copy (kit's peekText).
      const length = Number(c.req.header("content-length") ?? NaN);
      const once = type.includes("json") && length <= SMALLEST_ROUTE_BODY_LIMIT;
      const text = await peekText(c, { once });
      if (text.includes("\u0000") || /\\u0000/i.test(text)) throw refuse();
    }
    await next();
  });

  // A flash-sale rush: submits pass the in-memory gate before the token lookup, so attempts on a
  // sold-out flash SKU cost no database work (src/server/api/flash-sale.ts).
  api.use("/p/seckill/:orderPath/submit", flashGateEntry);

  // Paths under /p/ need a valid token (SPEC §6). The raw token is sent in Authorization (a
  // download opened by a link: the login cookie, kit.ts sentTokenOrCookie); its session comes from memory (src/server/domain/content/buyer-read-models.ts).
  api.use("/p/*", async (c, next) => {
    const raw = sentTokenOrCookie(c);
    if (!raw) throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
    const row = await app.buyers.session(raw);
    if (!row) throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
    c.set("userId", row.userId);
    c.set("sessionId", row.id);
    await next();
  });

  // Paths under /merchant/ need a merchant token (but login and logout): its shop and session
  // (api/merchant.ts). The merchant routes of every feature read them.
  api.use("/merchant/*", requireMerchant);

  api.get("/health", async (c) => {
    await app.database.db.execute("select 1");
    return c.json(envelope(ResponseCode.OK, { status: "ok", driver: app.database.driver }));
  });
  // Liveness: the process answers (restart it when this fails). Readiness: send it traffic — the
  // database answers, every migration of this build is applied and the process is not stopping.
  api.get("/health/live", (c) => c.json(envelope(ResponseCode.OK, { status: "live" })));
  api.get("/health/ready", async (c) => {
    const reasons: string[] = [];
    if (app.draining) reasons.push("stopping");
    try {
      await app.database.db.execute("select 1");
      const pending = await app.database.pendingMigrations();
      if (pending > 0) reasons.push(`${pending} migration(s) pending`);
    } catch {
      reasons.push("database unreachable");
    }
    c.header("Cache-Control", "no-store");
    if (reasons.length === 0)
      return c.json(envelope(ResponseCode.OK, { status: "ready", driver: app.database.driver }));
    return c.json(envelope(ResponseCode.SHOW_FAIL, { status: "not ready", reasons }, reasons.join("; ")), 503);
  });

  // Each feature's routers, side by side (public and buyer, then merchant and platform).
  api.route("/", contentRouter);
  api.route("/", catalogRouter);
  api.route("/", shopRouter);
  api.route("/", renovationRouter);
  api.route("/", flowAnalysisRouter);
  api.route("/", footprintRouter);
  api.route("/", accountRouter);
  api.route("/", uploadRouter);
  api.route("/", pictureRouter);
  api.route("/", addressRouter);
  api.route("/", collectionRouter);
  api.route("/", cartRouter);
  api.route("/", orderSubmitRouter);
  api.route("/", myOrderRouter);
  api.route("/", orderMerchantRouter);
  api.route("/", flashSaleRouter);
  api.route("/", flashSaleMerchantRouter);
  api.route("/", groupBuyRouter);
  api.route("/", groupBuyMerchantRouter);
  api.route("/", paymentRouter);
  api.route("/", reviewRouter);
  api.route("/", reviewMerchantRouter);
  api.route("/", invoiceRouter);
  api.route("/", invoiceMerchantRouter);
  api.route("/", refundRouter);
  api.route("/", refundMerchantRouter);
  api.route("/", merchantRouter);
  api.route("/", renovationAuthoringRouter);
  api.route("/", devClockRouter);
  api.route("/", productRouter);
  api.route("/", renovationUploadRouter);
  api.route("/", couponRouter);
  api.route("/", couponMerchantRouter);
  api.route("/", discountRouter);
  api.route("/", discountMerchantRouter);
  api.route("/", pointsRouter);
  api.route("/", balanceRouter);
  api.route("/", memberRouter);
  api.route("/", storeApplicationRouter);
  api.route("/", searchSynonymsRouter);
  api.route("/", ledgerRouter);
  api.route("/", pointsMallRouter);
  api.route("/", chatRouter);

  api.notFound((c) => c.json(envelope(ResponseCode.NOT_FOUND, null, getT(c.var.locale ?? "zh")("api.notFound")), 404));

  api.onError((err, c) => {
    const t = c.var.t ?? getT("zh");
    if (err instanceof ApiError) return c.json(envelope(err.code, null, err.message), err.httpStatus);
    if (err instanceof DomainError) return refusal(c, err);
    if (err instanceof ZodError) return c.json(envelope(ResponseCode.SHOW_FAIL, null, issueMessage(t, err.issues[0]!)));
    // Never the query string, the body or the query parameters: they carry personal data.
    logger.error(
      { reqId: c.req.header("x-request-id"), route: requestLine(c.req.method, c.req.path), err: describeError(err) },
      "api request failed",
    );
    return c.json(envelope(ResponseCode.SERVER_ERROR, null, t("api.serverError")), 500);
  });

  return api;
}
