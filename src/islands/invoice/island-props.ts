/** Server side of /invoice-detail: the user-center island props plus the "invoice" namespace. */
import { ucIslandProps } from "../../components/user-center/island-props.ts";
import { translations } from "../../i18n/resources.ts";
import type { Locale } from "../../lib/locale.ts";
import type { NamespaceResources } from "../common/I18nProvider.tsx";
import type { UcIslandProps } from "../user-center/types.ts";

export function invoiceIslandProps(locale: Locale): UcIslandProps {
  const base = ucIslandProps(locale);
  const all = translations[locale] as unknown as Record<string, NamespaceResources | undefined>;
  return { ...base, resources: { ...base.resources, invoice: all.invoice! } };
}
