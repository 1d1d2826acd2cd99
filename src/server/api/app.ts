/**
 * The mall API (mounted at /api): envelope {code, msg, data, success}, per-request locale from
 * Accept-Language, zod failures → A00001 with a translated message, /p/ paths need a token
 * (A00004), unknown paths → A00013. Routers are one per domain (ARCHITECTURE.md).
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ZodError } from "zod";
import { getT } from "../../i18n/index.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import { localeFromHeader, LANG_COOKIE, isLocale } from "../../lib/locale.ts";
import { messageKeyOf } from "../../lib/validation.ts";
import type { AppContext } from "../context.ts";
import { bodyLimitFor, bodyTooLargeKey } from "../http/body-limit.ts";
import { describeError, requestLine } from "../http/error-log.ts";
import { CONTROL_CHARS_KEY } from "../../lib/text-rules.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, envelope } from "./envelope.ts";
import { sysRouter } from "./sys.ts";
import { adjustmentRouter } from "./adjustment.ts";
import { pointsMallRouter } from "./points-mall.ts";
import { catalogRouter } from "./catalog.ts";
import { shopRouter } from "./shop.ts";
import { noticeRouter } from "./notice.ts";
import { productListRouter } from "./product-list.ts";
import { productDetailRouter } from "./product-detail.ts";
import { shopListRouter } from "./shop-list.ts";
import { shopIndexRouter } from "./shop-index.ts";
import { renovationRouter } from "./renovation.ts";
import { flowAnalysisRouter } from "./flow-analysis.ts";
import { footprintRouter } from "./footprint.ts";
import { authRouter } from "./auth.ts";
import { userRouter } from "./user.ts";
import { uploadRouter } from "./upload.ts";
import { reviewRouter } from "./review.ts";
import { invoiceRouter } from "./invoice.ts";
import { refundRouter } from "./refund.ts";
import { addressRouter } from "./address.ts";
import { areaRouter } from "./area.ts";
import { collectionRouter } from "./collection.ts";
import { footprintListRouter } from "./footprint-list.ts";
import { cartRouter } from "./cart.ts";
import { orderSubmitRouter } from "./order-submit.ts";
import { paymentRouter } from "./payment.ts";
import { myOrderRouter } from "./my-order.ts";
import { merchantRouter } from "./merchant.ts";
import { couponRouter } from "./coupon.ts";
import { discountRouter } from "./discount.ts";
import { pointsRouter } from "./points.ts";
import { balanceRouter } from "./balance.ts";
import { memberRouter } from "./member.ts";
import { storeApplicationRouter } from "./store-application.ts";
import { flashGateEntry, flashSaleRouter } from "./flash-sale.ts";
import { groupBuyRouter } from "./group-buy.ts";
import { platformMarketingRouter } from "./marketing-admin.ts";
import { chatRouter } from "./chat.ts";

/** 413 with the envelope, in the request's language. */
function tooLarge(c: Context<ApiEnv>) {
  return c.json(envelope(ResponseCode.SHOW_FAIL, null, (c.var.t ?? getT("zh"))(bodyTooLargeKey(c.req.path))), 413);
}

/** The answer language: Accept-Language, else the lang cookie, else the default. */
export function requestLocale(header: string | undefined, cookie: string | undefined) {
  const fromCookie = cookie?.split(/;\s*/).find((p) => p.startsWith(`${LANG_COOKIE}=`))?.slice(LANG_COOKIE.length + 1);
  if (header) return localeFromHeader(header);
  if (fromCookie && isLocale(decodeURIComponent(fromCookie))) return decodeURIComponent(fromCookie) as ReturnType<typeof localeFromHeader>;
  return localeFromHeader(undefined);
}

/** No route sets itself a smaller body limit than this (tests/unit/route-body-limits.test.ts reads the routers). */
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

  // One body limit for every route (src/server/http/body-limit.ts): chunked bodies are counted as
  // they stream in; main.ts already refused a Content-Length over the limit (checked again here
  // from the header alone, which lets the body be read without a web stream in between).
  api.use("*", async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const limit = bodyLimitFor(c.req.path);
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
      return Number(declared) <= limit ? next() : tooLarge(c);
    }
    return bodyLimit({ maxSize: limit, onError: (cc) => tooLarge(cc as Context<ApiEnv>) })(c, next);
  });

  // NUL anywhere in a request (query string, path or body) is refused before any handler: no text
  // may contain it, and PostgreSQL can not store it. Other control characters are refused by the
  // text rules of each field (src/lib/text-rules.ts).
  api.use("*", async (c, next) => {
    const refuse = () => new ApiError(ResponseCode.SHOW_FAIL, c.var.t(CONTROL_CHARS_KEY));
    if (/%00|\u0000/i.test(c.req.url) || c.req.url.includes("\u0000")) throw refuse();
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && (type === "" || type.includes("json") || type.startsWith("text/"))) {
      // A small JSON body of declared length is read once (Hono keeps the text for the handler):
      // no route limit is smaller. Others are read from a copy, so the handlers (and their own
      // smaller body limits) still read the original stream, byte for byte.
      const length = Number(c.req.header("content-length") ?? NaN);
      const once = type.includes("json") && length <= SMALLEST_ROUTE_BODY_LIMIT;
      const text = once ? await c.req.text() : await c.req.raw.clone().text();
      if (text.includes("\u0000") || /\\u0000/i.test(text)) throw refuse();
    }
    await next();
  });

  // A flash-sale rush: submits pass the in-memory gate before the token lookup, so attempts on a
  // sold-out flash SKU cost no database work (src/server/api/flash-sale.ts).
  api.use("/p/seckill/:orderPath/submit", flashGateEntry);

  // Paths under /p/ need a valid token (SPEC §6). The raw token is sent in Authorization; its
  // session comes from memory (src/server/domain/content/buyer-read-models.ts).
  api.use("/p/*", async (c, next) => {
    const raw = (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "").trim();
    if (!raw) throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
    const row = await app.buyers.session(raw);
    if (!row) throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
    c.set("userId", row.userId);
    c.set("sessionId", row.id);
    await next();
  });

  api.get("/health", async (c) => {
    await app.database.db.execute("select 1");
    return c.json(envelope(ResponseCode.OK, { status: "ok", driver: app.database.driver }));
  });

  api.route("/", sysRouter);
  api.route("/", catalogRouter);
  api.route("/", shopRouter);
  api.route("/", noticeRouter);
  api.route("/", productListRouter);
  api.route("/", productDetailRouter);
  api.route("/", shopListRouter);
  api.route("/", shopIndexRouter);
  api.route("/", renovationRouter);
  api.route("/", flowAnalysisRouter);
  api.route("/", footprintRouter);
  api.route("/", authRouter);
  api.route("/", userRouter);
  api.route("/", uploadRouter);
  api.route("/", addressRouter);
  api.route("/", areaRouter);
  api.route("/", collectionRouter);
  api.route("/", footprintListRouter);
  api.route("/", cartRouter);
  api.route("/", orderSubmitRouter);
  api.route("/", flashSaleRouter);
  api.route("/", groupBuyRouter);
  api.route("/", paymentRouter);
  api.route("/", myOrderRouter);
  api.route("/", reviewRouter);
  api.route("/", invoiceRouter);
  api.route("/", refundRouter);
  api.route("/", merchantRouter);
  api.route("/", couponRouter);
  api.route("/", discountRouter);
  api.route("/", pointsRouter);
  api.route("/", balanceRouter);
  api.route("/", memberRouter);
  api.route("/", storeApplicationRouter);
  api.route("/", adjustmentRouter);
  api.route("/", pointsMallRouter);
  api.route("/", platformMarketingRouter);
  api.route("/", chatRouter);

  api.notFound((c) => c.json(envelope(ResponseCode.NOT_FOUND, null, getT(c.var.locale ?? "zh")("api.notFound")), 404));

  api.onError((err, c) => {
    const t = c.var.t ?? getT("zh");
    if (err instanceof ApiError) return c.json(envelope(err.code, null, err.message), err.httpStatus);
    if (err instanceof ZodError) {
      const issue = err.issues[0]!;
      const field = String(issue.path[issue.path.length - 1] ?? "");
      const label = field ? t(`validation.fields.${field}`, { defaultValue: field }) : "";
      const params: Record<string, unknown> = { field: label };
      if ("maximum" in issue) params.max = issue.maximum;
      if ("minimum" in issue) params.min = issue.minimum;
      return c.json(envelope(ResponseCode.SHOW_FAIL, null, t(messageKeyOf(issue), params)));
    }
    // Never the query string, the body or the query parameters: they carry personal data.
    console.error(`[api] ${requestLine(c.req.method, c.req.path)} ${describeError(err)}`);
    return c.json(envelope(ResponseCode.SERVER_ERROR, null, t("api.serverError")), 500);
  });

  return api;
}
