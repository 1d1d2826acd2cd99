/**
 * Server side of the review pages (/write-comments, /user-center/uc-comments): the user-center
 * island props plus the "review" namespace of the page locale.
 */
import { ucIslandProps } from "../user-center/island-props.ts";
import { islandResources } from "../../i18n/island-resources.ts";
import type { Locale } from "../../lib/locale.ts";
import type { UcIslandProps } from "../../islands/common/uc-props.ts";

export function reviewIslandProps(locale: Locale): UcIslandProps {
  const base = ucIslandProps(locale);
  return { ...base, resources: { ...base.resources, ...islandResources(locale, ["review"]) } };
}
