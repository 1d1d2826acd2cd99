/**
 * Server side of the user-center pages: which child pages exist (found from the page files at
 * build time, so a feature that adds e.g. uc-order.astro is linked everywhere at once) and the
 * props every island gets (locale, this locale's resources of the namespaces it uses, links).
 */
import { islandResources, type Namespace } from "../../i18n/island-resources.ts";
import { localePath, type Locale } from "../../lib/locale.ts";
import type { UcIslandProps } from "../../islands/common/uc-props.ts";
import { UC_MENU, UC_OVERVIEW, type UcPage } from "./pages.ts";

/** Lazy globs are never called: only the file names are used. */
const files = Object.keys(import.meta.glob("../../pages/user-center/*.astro"));
const existing = new Set(
  files.map((f) =>
    `/user-center/${f
      .split("/")
      .pop()!
      .replace(/\.astro$/, "")}`.replace(/\/index$/, ""),
  ),
);

export function pageExists(page: UcPage): boolean {
  return existing.has(page.path);
}

/** Namespaces the islands read (userCenter texts, form rule messages, address messages). */
const ISLAND_NAMESPACES = ["userCenter", "rules", "address"] as const;

export function ucLinks(locale: Locale): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const page of [UC_OVERVIEW, ...UC_MENU.flatMap((g) => g.pages)])
    if (pageExists(page)) out[page.key] = localePath(locale, page.path);
  out.memberCenter = localePath(locale, "/member-center/member-center");
  out.pointsMall = localePath(locale, "/member-center/integral-mall");
  return out;
}

/** `extra`: further namespaces a page's island reads (e.g. "points", "balance"). */
export function ucIslandProps(locale: Locale, extra: readonly Namespace[] = []): UcIslandProps {
  return {
    locale,
    resources: islandResources(locale, [...ISLAND_NAMESPACES, ...extra]),
    links: ucLinks(locale),
    homeHref: localePath(locale, "/"),
  };
}
