/**
 * The islands' translator: a few lines instead of the i18next runtime in the browser. Same key
 * form as the server ("<namespace>.<path>") over the same JSON resources (src/i18n/<locale>/),
 * so the server's i18next and the islands read one source. An island gets only the namespaces it
 * needs, in the page's locale, from the page (props) — never all three languages.
 *
 * Supported (all the resources use): nested keys, `{{name}}` interpolation, i18next plural
 * suffixes (`key_one`, `key_other`, … chosen with Intl.PluralRules when `count` is given) and
 * `defaultValue`. A missing key gives the key itself (as i18next does), which the i18n parity
 * test (tests/unit/i18n.test.ts) keeps from happening.
 */
import type { Locale } from "./locale.ts";
import type { translations } from "../i18n/resources.ts";

/** One namespace's texts (nested objects of strings). */
export type NamespaceResources = { readonly [key: string]: string | NamespaceResources };
/** The texts an island gets: namespace → texts, one locale. */
export type IslandResources = Readonly<Record<string, NamespaceResources>>;

type AllResources = (typeof translations)["zh"];
type Leaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** Every translation key ("cart.page.title"), derived from the zh resources. */
export type MessageKey = { [N in keyof AllResources & string]: Leaves<AllResources[N], `${N}.`> }[keyof AllResources &
  string];
/** Keys without their plural suffix are valid too (t("x", { count }) picks x_one / x_other). */
type PluralBase<K> = K extends `${infer B}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? B : never;
export type TranslationKey = MessageKey | PluralBase<MessageKey>;

export interface TranslateOptions {
  /** Picks the plural form and fills {{count}}. */
  count?: number;
  /** Text when the key is missing. */
  defaultValue?: string;
  [name: string]: string | number | undefined | null;
}

/**
 * A literal key must be a known key (checked by tsc); a key computed at run time (a rule's
 * message key, a status name) is accepted as a string and checked by the i18n tests.
 */
export type Translate = <K extends string>(
  key: K & (string extends K ? string : TranslationKey),
  options?: TranslateOptions,
) => string;

const BCP47: Record<Locale, string> = { zh: "zh-CN", "zh-tw": "zh-TW", en: "en-US" };

/** The Intl locale of one of our locales (dates, numbers, plural rules). */
export function intlLocale(locale: Locale): string {
  return BCP47[locale];
}

function lookup(resources: IslandResources, key: string): string | undefined {
  let node: string | NamespaceResources | undefined = resources;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** A translator over the given resources of one locale. */
export function createTranslator(locale: Locale, resources: IslandResources): Translate {
  let plural: Intl.PluralRules | undefined;
  return (key: string, options?: TranslateOptions) => {
    let text: string | undefined;
    const count = options?.count;
    if (typeof count === "number") {
      plural ??= new Intl.PluralRules(BCP47[locale]);
      text = lookup(resources, `${key}_${plural.select(count)}`) ?? lookup(resources, `${key}_other`);
    }
    text ??= lookup(resources, key) ?? options?.defaultValue ?? key;
    if (!options) return text;
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
      const v = options[name];
      return v === undefined || v === null ? whole : String(v);
    });
  };
}
