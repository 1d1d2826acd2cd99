/// <reference types="astro/client" />
import type { Locale } from "./lib/locale.ts";
import type { TFunction } from "i18next";

declare global {
  namespace App {
    interface Locals {
      /** The page locale, from the URL prefix (none = zh, /zh-tw, /en). */
      locale: Locale;
      /** Fixed translator for this request's locale. */
      t: TFunction;
      /** The path without its locale prefix, e.g. "/list?st=1" for /en/list?st=1. */
      pathNoLocale: string;
      /** Set when the server renders the 404 page for an unmatched URL. */
      notFound?: boolean;
      /** Set when the server renders the 400 page (a query parameter with control characters). */
      badRequest?: boolean;
      /**
       * What the page shows, as content tags (src/server/db/content-changes.ts): the render cache
       * keeps the page until one of them changes. Filled by pages through addCacheTags.
       */
      cacheTags?: Set<string>;
      /** A shorter age limit (ms) of the page in the render cache than its default (limitCacheAge). */
      cacheAge?: { maxAgeMs?: number };
    }
  }
}
export {};
