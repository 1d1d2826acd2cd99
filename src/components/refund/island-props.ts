/** Server side of the after-sales pages (apply-return, return-detail, uc-return): user-center props plus the "refund" namespace. */
import { ucIslandProps } from "../user-center/island-props.ts";
import { islandResources } from "../../i18n/island-resources.ts";
import type { Locale } from "../../lib/locale.ts";
import type { UcIslandProps } from "../../islands/common/uc-props.ts";

export function refundIslandProps(locale: Locale): UcIslandProps {
  const base = ucIslandProps(locale);
  return { ...base, resources: { ...base.resources, ...islandResources(locale, ["refund"]) } };
}
