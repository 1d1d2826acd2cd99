/**
 * Texts for islands mounted on demand (no page props, e.g. the login popup): the caller globs
 * only the namespace files it needs (`import.meta.glob("../../i18n/*\/{account,rules}.json")`),
 * and only the current locale's files are fetched, as separate chunks.
 */
import type { Locale } from "../../lib/locale.ts";
import type { IslandResources, NamespaceResources } from "../../lib/translate.ts";

export type ResourceFiles = Record<string, () => Promise<{ default: NamespaceResources }>>;

/** Loads the files of one locale among `files` (keys end in "/<locale>/<namespace>.json"). */
export async function loadLocaleResources(files: ResourceFiles, locale: Locale): Promise<IslandResources> {
  const wanted = Object.entries(files).flatMap(([path, load]) => {
    const m = /\/([\w-]+)\/(\w+)\.json$/.exec(path);
    return m && m[1] === locale ? [[m[2]!, load] as const] : [];
  });
  return Object.fromEntries(await Promise.all(wanted.map(async ([ns, load]) => [ns, (await load()).default] as const)));
}
