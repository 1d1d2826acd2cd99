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

const fixed = new Map<Locale, TFunction>();

/**
 * The fixed translator of a locale, made once. A key asked without options is looked up once
 * and remembered (the resources never change at run time): a page asks hundreds of them.
 */
export function getT(locale: Locale): TFunction {
  let t = fixed.get(locale);
  if (!t) {
    const base = instance.getFixedT(locale);
    const plain = new Map<string, string>();
    t = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length === 0 && typeof key === "string") {
        let v = plain.get(key);
        if (v === undefined) {
          v = String((base as (k: string) => unknown)(key));
          plain.set(key, v);
        }
        return v;
      }
      return (base as unknown as (...a: unknown[]) => unknown)(key, ...rest);
    }) as unknown as TFunction;
    fixed.set(locale, t);
  }
  return t;
}

export { instance as i18n };
