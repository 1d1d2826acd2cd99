/**
 * Translation for React islands without the i18next runtime: the page gives the island the texts
 * of the namespaces it needs, in the page locale (`resources` prop, from
 * src/i18n/island-resources.ts), and this provider hands the island a tiny translator over them
 * (src/lib/translate.ts). Keys are "<namespace>.<key>" as on the server. Islands mounted on
 * demand load their texts first (load-resources.ts), then render this provider.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Locale } from "../../lib/locale.ts";
import {
  createTranslator,
  type IslandResources,
  type NamespaceResources,
  type Translate,
} from "../../lib/translate.ts";

export type { NamespaceResources };

interface I18nValue {
  t: Translate;
  locale: Locale;
}

const I18nContext = createContext<I18nValue | null>(null);

/** The island's translator and locale (inside an I18nProvider). */
export function useTranslation(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useTranslation outside an I18nProvider");
  return value;
}

export interface I18nProviderProps {
  /** The page locale (passed by the page, so server and browser render the same text). */
  locale: Locale;
  /** Texts of this locale keyed by namespace, e.g. { cart: {...} }. */
  resources: IslandResources;
  children: ReactNode;
}

export function I18nProvider({ locale, resources, children }: I18nProviderProps) {
  const value = useMemo(() => ({ t: createTranslator(locale, resources), locale }), [locale, resources]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
