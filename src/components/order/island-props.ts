/**
 * Server side of the my-orders pages: the user-center island props plus the "order" namespace
 * of the page locale (statuses, tabs, progress steps; list and detail texts).
 */
import { ucIslandProps } from "../user-center/island-props.ts";
import { islandResources } from "../../i18n/island-resources.ts";
import type { Locale } from "../../lib/locale.ts";
import type { UcIslandProps } from "../../islands/common/uc-props.ts";

export function orderIslandProps(locale: Locale): UcIslandProps {
  const base = ucIslandProps(locale);
  const resources = {
    ...base.resources,
    ...islandResources(locale, ["order", "review", "invoice", "refund"]),
  };
  return { ...base, resources };
}
