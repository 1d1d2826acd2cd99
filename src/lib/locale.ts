/** The mall's three languages. zh is the default and has no URL prefix. */
export const LOCALES = ["zh", "zh-tw", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh";
export const LANG_COOKIE = "lang";

/** Text stored in the three languages, e.g. a category name. */
export type LocalizedText = Record<Locale, string>;

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (LOCALES as readonly string[]).includes(v);
}

/** Picks the text for a locale; zh-tw falls back to zh, en falls back to zh (SPEC §9). */
export function pickText(t: Partial<LocalizedText> | string | null | undefined, locale: Locale): string {
  if (t == null) return "";
  if (typeof t === "string") return t;
  return t[locale] || (locale === "zh-tw" ? t.zh : undefined) || t.zh || t.en || "";
}

/** Maps an Accept-Language header (or cookie value) to one of our locales. */
export function localeFromHeader(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase().replace("_", "-");
    if (!tag) continue;
    if (tag === "zh-tw" || tag === "zh-hk" || tag === "zh-mo" || tag === "zh-hant" || tag.startsWith("zh-hant"))
      return "zh-tw";
    if (tag.startsWith("zh")) return "zh";
    if (tag.startsWith("en")) return "en";
  }
  return DEFAULT_LOCALE;
}

/** URL prefix of a locale: "" for zh, "/zh-tw", "/en". */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/** Builds a localized path: localePath("en", "/list?st=1") → "/en/list?st=1". */
export function localePath(locale: Locale, path: string): string {
  const p = path.startsWith("/") ? path : `/${path}`;
  const prefix = localePrefix(locale);
  if (!prefix) return p;
  return p === "/" ? `${prefix}/` : `${prefix}${p}`;
}

/** Splits a pathname into its locale and the unprefixed rest. Unknown two-letter-ish prefixes are not locales. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const m = /^\/(zh-tw|en)(\/.*)?$/i.exec(pathname);
  if (m) return { locale: m[1]!.toLowerCase() as Locale, path: m[2] || "/" };
  return { locale: DEFAULT_LOCALE, path: pathname || "/" };
}

/** BCP 47 tag for <html lang> and hreflang. */
export function htmlLang(locale: Locale): string {
  return locale === "zh" ? "zh-CN" : locale === "zh-tw" ? "zh-TW" : "en";
}
