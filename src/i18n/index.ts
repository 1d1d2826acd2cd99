/**
 * The one i18next setup, used by server pages, the API (error messages) and islands.
 * Pages and API handlers take a fixed translator per request: getT(locale) — never change the
 * shared language, so concurrent requests in different languages never mix.
 */
import i18next, { type TFunction } from "i18next";
import { translations } from "./resources.ts";
import { DEFAULT_LOCALE, type Locale } from "../lib/locale.ts";

export const resources = {
  zh: { translation: translations.zh },
  "zh-tw": { translation: translations["zh-tw"] },
  en: { translation: translations.en },
} as const;

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: { "zh-tw": ["zh"], en: ["zh"], default: ["zh"] },
  supportedLngs: ["zh", "zh-tw", "en"],
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export type T = TFunction;

export function getT(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}

export { instance as i18n };
