/**
 * A tiny translator for the client's own messages (namespace "client", src/i18n/<locale>/client.json).
 * Only the current locale's JSON is loaded, lazily, so a page never carries all three languages.
 */
import type zhClient from "../i18n/zh/client.json";
import { DEFAULT_LOCALE, isLocale, splitLocalePath, type Locale } from "../lib/locale.ts";

export type ClientMessages = typeof zhClient;
export type ClientKey = keyof ClientMessages;

const loaders: Record<Locale, () => Promise<ClientMessages>> = {
  zh: () => import("../i18n/zh/client.json").then((m) => m.default),
  "zh-tw": () => import("../i18n/zh-tw/client.json").then((m) => m.default),
  en: () => import("../i18n/en/client.json").then((m) => m.default),
};

const cache = new Map<Locale, Promise<ClientMessages | null>>();

/**
 * The locale of the page: <html data-locale> (set from the URL by the layout), else the URL's
 * prefix (/en/…, /zh-tw/…), else zh. Every request and message of the page uses it; the lang
 * cookie never does (it only chooses where `/` sends a new visitor).
 */
export function pageLocale(): Locale {
  const fromHtml = typeof document === "undefined" ? undefined : document.documentElement?.dataset?.locale;
  if (isLocale(fromHtml)) return fromHtml;
  return typeof location === "undefined" ? DEFAULT_LOCALE : splitLocalePath(location.pathname).locale;
}

/** Loads (once) the client messages of a locale; null if the chunk cannot be loaded. */
export function loadClientMessages(locale: Locale): Promise<ClientMessages | null> {
  let p = cache.get(locale);
  if (!p) {
    p = loaders[locale]().catch(() => {
      cache.delete(locale);
      return null;
    });
    cache.set(locale, p);
  }
  return p;
}

/** Translates a client message for the page locale (falls back to zh, then to the key). */
export async function clientT(key: ClientKey, locale: Locale = pageLocale()): Promise<string> {
  const messages = await loadClientMessages(locale);
  const text = messages?.[key];
  if (text) return text;
  if (locale !== DEFAULT_LOCALE) return clientT(key, DEFAULT_LOCALE);
  return key;
}
