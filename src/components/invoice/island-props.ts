/** Server side of /invoice-detail: the user-center island props plus the "invoice" namespace. */
import { ucIslandProps } from "../user-center/island-props.ts";
import { islandResources } from "../../i18n/island-resources.ts";
import type { Locale } from "../../lib/locale.ts";
import type { UcIslandProps } from "../../islands/common/uc-props.ts";

export function invoiceIslandProps(locale: Locale): UcIslandProps {
  const base = ucIslandProps(locale);
  return { ...base, resources: { ...base.resources, ...islandResources(locale, ["invoice"]) } };
}
