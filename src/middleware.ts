/**
 * Per-request locale for pages (Astro i18n, manual routing). The server (src/server/main.ts)
 * maps "/zh-tw/…" and "/en/…" onto the unprefixed routes and passes the locale in locals;
 * a foreign locale prefix such as "/fr/list" is answered with the 404 page there.
 * Each request gets its own fixed translator, so concurrent languages never mix.
 *
 * An error a page throws is logged here as `describeError` writes it (docs/security.md "Logs":
 * no query parameters, no raw input, one line per cause) and answered 500 — instead of Astro's
 * own error log, which prints the whole message (a failed query with its parameters).
 */
import { defineMiddleware } from "astro:middleware";
import { getT } from "./i18n/index.ts";
import { isLocale, splitLocalePath } from "./lib/locale.ts";
import { describeError, requestLine } from "./server/error-log.ts";
import { logger } from "./server/log.ts";

export const onRequest = defineMiddleware(async (context, next) => {
  if (!isLocale(context.locals.locale)) {
    const { locale, path } = splitLocalePath(context.url.pathname);
    context.locals.locale = locale;
    context.locals.pathNoLocale = path + context.url.search;
  }
  context.locals.t = getT(context.locals.locale);
  try {
    return await next();
  } catch (err) {
    logger.error(
      { route: requestLine(context.request.method, context.url.pathname), err: describeError(err) },
      "page failed",
    );
    return new Response(null, { status: 500 });
  }
});
