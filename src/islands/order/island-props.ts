/**
 * Server side of the my-orders pages: the user-center island props plus the "order" and "myOrder"
 * namespaces of the page locale (statuses, tabs, progress steps; list and detail texts).
 */
import { ucIslandProps } from "../../components/user-center/island-props.ts";
import { translations } from "../../i18n/resources.ts";
import type { Locale } from "../../lib/locale.ts";
import type { NamespaceResources } from "../common/I18nProvider.tsx";
import type { UcIslandProps } from "../user-center/types.ts";

export function orderIslandProps(locale: Locale): UcIslandProps {
  const base = ucIslandProps(locale);
  const all = translations[locale] as unknown as Record<string, NamespaceResources | undefined>;
  const resources = { ...base.resources };
  for (const ns of ["order", "myOrder", "review", "invoice"]) {
    const r = all[ns];
    if (r) resources[ns] = r;
  }
  return { ...base, resources };
}
