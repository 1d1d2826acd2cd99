/**
 * Server side of island translation: the texts an island gets in its props — only the namespaces
 * it names, only in the page locale (no other language and no i18next runtime reach the browser;
 * the island translates with src/lib/translate.ts).
 */
import type { Locale } from "../lib/locale.ts";
import type { IslandResources, NamespaceResources } from "../lib/translate.ts";
import { translations } from "./resources.ts";

export type Namespace = keyof (typeof translations)["zh"];

export function islandResources(locale: Locale, namespaces: readonly Namespace[]): IslandResources {
  const all = translations[locale] as unknown as Record<Namespace, NamespaceResources>;
  const out: Record<string, NamespaceResources> = {};
  for (const ns of namespaces) out[ns] = all[ns];
  return out;
}
