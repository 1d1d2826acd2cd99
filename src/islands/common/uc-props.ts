/** What the pages in the user-centre layout pass their island (src/components/user-center/island-props.ts). */
import type { Locale } from "../../lib/locale.ts";
import type { NamespaceResources } from "../../lib/translate.ts";

/** Props every user-center island gets from its page. */
export interface UcIslandProps {
  locale: Locale;
  /** Resources of the page locale, keyed by namespace (userCenter, rules, address). */
  resources: Record<string, NamespaceResources>;
  /** Localized hrefs of the user-center pages that exist, by key (see components/user-center/pages.ts). */
  links: Partial<Record<string, string>>;
  /** Localized home path ("/", "/en/"). */
  homeHref: string;
}
