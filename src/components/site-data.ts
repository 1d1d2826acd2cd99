/**
 * Data the layout parts (head, top bar, search header, category panel, footer) read on the
 * server. Each loader runs at most once per request (memoised on Astro.locals), so the site
 * config is read once even though several components need it. The answers come from the
 * in-memory read models (src/server/domain/content/read-models.ts); nothing here is per user.
 */
import { getAppContext } from "../server/context.ts";
import { pcWebTexts, type PcWebTexts } from "../server/domain/kernel/site.ts";
import { HOT_SEARCH_NUMBER } from "../lib/catalog/search-rules.ts";
import type { CategoryNode, HotSearchItem, NoticeItem, PcWebConfig, ServiceSwitch } from "../lib/api-types.ts";

const memo = new WeakMap<object, Map<string, Promise<unknown>>>();

function once<T>(locals: App.Locals, key: string, load: () => Promise<T>): Promise<T> {
  let perRequest = memo.get(locals);
  if (!perRequest) {
    perRequest = new Map();
    memo.set(locals, perRequest);
  }
  let p = perRequest.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    perRequest.set(key, p);
  }
  return p;
}

export interface SiteInfo {
  config: PcWebConfig;
  texts: PcWebTexts;
  siteUrl: string;
  merchantPlatformUrl: string;
  mobileMallUrl: string;
}

export function loadSite(locals: App.Locals): Promise<SiteInfo> {
  return once(locals, "site", async () => {
    const { content, config } = getAppContext();
    const pc = await content.pcWebConfig();
    return {
      config: pc,
      texts: pcWebTexts(pc, locals.locale),
      siteUrl: config.siteUrl,
      merchantPlatformUrl: config.merchantPlatformUrl,
      mobileMallUrl: config.mobileMallUrl,
    };
  });
}

/**
 * The site's name in the page's language, written beside the logo picture (which carries no
 * words): the part of the localized site title before " - ", else the generic name.
 */
export function siteBrand(texts: PcWebTexts, fallback: string): string {
  return texts.title.split(/\s+[-–|]\s+/)[0]?.trim() || fallback;
}

export function loadServiceSwitch(locals: App.Locals): Promise<ServiceSwitch> {
  return once(locals, "serviceSwitch", () => getAppContext().content.serviceSwitch());
}

/** The platform category tree (3 levels) for the category panel. */
export function loadCategoryTree(locals: App.Locals): Promise<CategoryNode[]> {
  return once(locals, "categories", () => getAppContext().content.categoryTree(locals.locale));
}

/** Hot words under the search box: type 1 product keywords, type 2 shop keywords (4 each, by seq). */
export function loadHotWords(locals: App.Locals): Promise<{ goods: HotSearchItem[]; shops: HotSearchItem[] }> {
  return once(locals, "hotWords", async () => {
    const { content } = getAppContext();
    const [goods, shops] = await Promise.all([
      content.hotSearches(locals.locale, { number: HOT_SEARCH_NUMBER, sort: 1, type: 1 }),
      content.hotSearches(locals.locale, { number: HOT_SEARCH_NUMBER, sort: 1, type: 2 }),
    ]);
    return { goods, shops };
  });
}

/** Pinned platform notices (top-bar carousel, home notice box). */
export function loadTopNotices(locals: App.Locals): Promise<NoticeItem[]> {
  return once(locals, "topNotices", () => getAppContext().content.topNotices(locals.locale, 0));
}
