/**
 * i18n for React islands: a fresh i18next instance per island root (never the shared server one),
 * holding only the current locale. Keys are "<namespace>.<key>" as on the server (one JSON file
 * per namespace under src/i18n/<locale>/). Resources come either from the page (`resources`
 * prop, rendered synchronously, SSR-safe) or are imported lazily: only the files of the current
 * locale, optionally limited to `namespaces`.
 */
import { useEffect, useState, type ReactNode } from "react";
import i18next, { type i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { DEFAULT_LOCALE, type Locale } from "../../lib/locale.ts";
import { pageLocale } from "../../client/i18n.ts";

export type NamespaceResources = Record<string, unknown>;

const files = import.meta.glob<{ default: NamespaceResources }>("../../i18n/*/*.json");

/** Loads the namespaces of one locale (all of them when `namespaces` is omitted). */
export async function loadLocaleResources(locale: Locale, namespaces?: readonly string[]): Promise<Record<string, NamespaceResources>> {
  const prefix = `../../i18n/${locale}/`;
  const entries = Object.entries(files).filter(([path]) => {
    if (!path.startsWith(prefix)) return false;
    const ns = path.slice(prefix.length).replace(/\.json$/, "");
    return !namespaces || namespaces.includes(ns);
  });
  const loaded = await Promise.all(
    entries.map(async ([path, load]) => [path.slice(prefix.length).replace(/\.json$/, ""), (await load()).default] as const),
  );
  return Object.fromEntries(loaded);
}

/** A new i18next instance for one island root, initialised synchronously. */
export function createIslandI18n(locale: Locale, resources: Record<string, NamespaceResources>): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { [locale]: { translation: resources } },
    lng: locale,
    fallbackLng: false,
    supportedLngs: ["zh", "zh-tw", "en"],
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}

export interface I18nProviderProps {
  /** Page locale; defaults to <html data-locale> (pass it from the page when rendering on the server). */
  locale?: Locale;
  /** Resources of this locale keyed by namespace, e.g. { common: {...}, cart: {...} }; skips the lazy import. */
  resources?: Record<string, NamespaceResources>;
  /** Namespaces to import lazily when `resources` is not given (default: all of the locale). */
  namespaces?: readonly string[];
  /** Rendered until lazily imported resources arrive. */
  fallback?: ReactNode;
  children: ReactNode;
}

export function I18nProvider({ locale, resources, namespaces, fallback = null, children }: I18nProviderProps) {
  const lng = locale ?? (typeof document === "undefined" ? DEFAULT_LOCALE : pageLocale());
  const nsKey = namespaces?.join(",") ?? "";
  const [instance, setInstance] = useState<I18n | null>(() => (resources ? createIslandI18n(lng, resources) : null));

  useEffect(() => {
    if (resources) {
      setInstance((prev) => (prev && prev.language === lng ? prev : createIslandI18n(lng, resources)));
      return;
    }
    let alive = true;
    void loadLocaleResources(lng, nsKey ? nsKey.split(",") : undefined).then((res) => {
      if (alive) setInstance(createIslandI18n(lng, res));
    });
    return () => {
      alive = false;
    };
  }, [lng, nsKey, resources]);

  if (!instance) return <>{fallback}</>;
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
