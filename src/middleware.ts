/**
 * Per-request locale for pages (Astro i18n, manual routing). The server (src/server/main.ts)
 * maps "/zh-tw/…" and "/en/…" onto the unprefixed routes and passes the locale in locals;
 * a foreign locale prefix such as "/fr/list" is answered with the 404 page there.
 * Each request gets its own fixed translator, so concurrent languages never mix.
 */
import { defineMiddleware } from "astro:middleware";
import { getT } from "./i18n/index.ts";
import { isLocale, splitLocalePath } from "./lib/locale.ts";

export const onRequest = defineMiddleware(async (context, next) => {
  if (!isLocale(context.locals.locale)) {
    const { locale, path } = splitLocalePath(context.url.pathname);
    context.locals.locale = locale;
    context.locals.pathNoLocale = path + context.url.search;
  }
  context.locals.t = getT(context.locals.locale);
  return next();
});
