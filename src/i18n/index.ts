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

const fixed = new Map<Locale, TFunction>();

/** The languages a key is looked up in, in order (i18next's fallbackLng above). */
const LOOKUP: Record<Locale, readonly string[]> = { zh: ["zh"], "zh-tw": ["zh-tw", "zh"], en: ["en", "zh"] };
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * A resource string split at its simple placeholders ({{name}}), or null when i18next itself must
 * answer: the key is missing, it has plural forms, or its text holds anything else i18next
 * interprets ({{ with spaces, a format or a path, $t( nesting).
 */
type Template = { parts: string[]; names: string[] } | null;

function templateOf(locale: Locale, key: string): Template {
  let text: unknown;
  for (const lng of LOOKUP[locale]) {
    text = instance.getResource(lng, "translation", key);
    if (typeof text === "string") break;
  }
  if (typeof text !== "string" || text.includes("$t(")) return null;
  if (
    LOOKUP[locale].some((lng) =>
      ["zero", "one", "two", "few", "many", "other"].some(
        (f) => instance.getResource(lng, "translation", `${key}_${f}`) !== undefined,
      ),
    )
  )
    return null;
  const parts: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, m.index));
    names.push(m[1]!);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  if (parts.some((p) => p.includes("{{"))) return null;
  return { parts, names };
}

/** The text of a simple template with string or number values for all of its names, else undefined. */
function fill(template: Template, options: Record<string, unknown>): string | undefined {
  if (!template) return undefined;
  for (const k in options) {
    const v = options[k];
    if ((typeof v !== "string" && typeof v !== "number") || (k !== "count" && !template.names.includes(k)))
      return undefined;
  }
  let out = template.parts[0]!;
  for (let i = 0; i < template.names.length; i++) {
    const v = options[template.names[i]!];
    if (v === undefined) return undefined;
    out += String(v) + template.parts[i + 1]!;
  }
  return out;
}

/**
 * The fixed translator of a locale, made once. The resources never change at run time and a page
 * asks hundreds of keys, so: a key asked without options is looked up once and remembered; a key
 * asked with values for its simple placeholders ({{n}}, {{name}}) is split once and filled in
 * (the same text i18next makes: escapeValue is off). Anything else goes to i18next.
 */
export function getT(locale: Locale): TFunction {
  let t = fixed.get(locale);
  if (!t) {
    const base = instance.getFixedT(locale);
    const plain = new Map<string, string>();
    const templates = new Map<string, Template>();
    t = ((key: unknown, ...rest: unknown[]) => {
      if (typeof key === "string") {
        if (rest.length === 0) {
          let v = plain.get(key);
          if (v === undefined) {
            v = String((base as (k: string) => unknown)(key));
            plain.set(key, v);
          }
          return v;
        }
        const options = rest[0];
        if (rest.length === 1 && typeof options === "object" && options !== null && !Array.isArray(options)) {
          let template = templates.get(key);
          if (template === undefined) templates.set(key, (template = templateOf(locale, key)));
          const text = fill(template, options as Record<string, unknown>);
          if (text !== undefined) return text;
        }
      }
      return (base as unknown as (...a: unknown[]) => unknown)(key, ...rest);
    }) as unknown as TFunction;
    fixed.set(locale, t);
  }
  return t;
}

export { instance as i18n };
