/**
 * Platform categories (3 levels, explicit ids: top-level first, then second, then third level),
 * brands and the category ↔ brand links.
 */
import type { LocalizedText } from "../../lib/locale.ts";
import { brands, categories, categoryBrands } from "../db/schema/index.ts";
import { insertChunks, type SeedContext } from "./context.ts";
import { BRANDS } from "./fixtures/brands.ts";
import { CATEGORY_TREE, VOUCHER_CATEGORY, type L3Def } from "./fixtures/categories.ts";
import { PROFILES } from "./fixtures/profiles.ts";
import { brandSvg, categorySvg, type IconKind } from "./images.ts";
import { ltp, same } from "./names.ts";

export interface CatNode {
  id: number;
  key: string;
  name: LocalizedText;
  grade: 0 | 1 | 2;
  parentId: number;
  /** Active itself and all its ancestors active. */
  visible: boolean;
  hue: number;
  icon: IconKind;
  topKey: string;
  secondKey: string;
  /** Set for third-level categories. */
  leaf?: L3Def;
}

export interface BrandNode {
  id: number;
  name: LocalizedText;
  imgUrl: string;
}

export interface Catalog {
  byKey: Map<string, CatNode>;
  byId: Map<number, CatNode>;
  tops: CatNode[];
  /** Visible third-level categories, in tree order. */
  leaves: CatNode[];
  brands: BrandNode[];
  /** Brand ids linked to each visible third-level category. */
  brandsOfLeaf: Map<number, number[]>;
  /** [cpid, cid, thCid] of a third-level category. */
  pathOf(leafId: number): [number, number, number];
}

export async function seedCatalog(ctx: SeedContext): Promise<Catalog> {
  const { images } = ctx;
  const byKey = new Map<string, CatNode>();
  const byId = new Map<number, CatNode>();
  const rows: (typeof categories.$inferInsert)[] = [];
  let nextId = 1;
  const add = (node: Omit<CatNode, "id">, seq: number, active: boolean): CatNode => {
    const full: CatNode = { ...node, id: nextId++ };
    byKey.set(full.key, full);
    byId.set(full.id, full);
    const pic = images.add(`category/${full.key}.svg`, categorySvg(full.hue, full.icon));
    rows.push({
      categoryId: full.id,
      shopId: 0,
      parentId: full.parentId,
      name: full.name,
      pic,
      icon: pic,
      seq,
      status: active ? 1 : 0,
      grade: full.grade,
    });
    return full;
  };

  const tops = CATEGORY_TREE.map((t, i) =>
    add(
      {
        key: t.key,
        name: ltp(t.name),
        grade: 0,
        parentId: 0,
        visible: !t.inactive,
        hue: t.hue,
        icon: t.icon,
        topKey: t.key,
        secondKey: "",
      },
      i + 1,
      !t.inactive,
    ),
  );
  const seconds: CatNode[] = [];
  CATEGORY_TREE.forEach((t, ti) => {
    t.children.forEach((s, si) => {
      const firstLeaf = s.children[0];
      const icon = firstLeaf ? profileIcon(firstLeaf) : t.icon;
      seconds.push(
        add(
          {
            key: s.key,
            name: ltp(s.name),
            grade: 1,
            parentId: tops[ti]!.id,
            visible: !t.inactive && !s.inactive,
            hue: t.hue,
            icon,
            topKey: t.key,
            secondKey: s.key,
          },
          si + 1,
          !s.inactive,
        ),
      );
    });
  });
  const leaves: CatNode[] = [];
  for (const t of CATEGORY_TREE) {
    for (const s of t.children) {
      const parent = byKey.get(s.key)!;
      s.children.forEach((l, li) => {
        const node = add(
          {
            key: l.key,
            name: ltp(l.name),
            grade: 2,
            parentId: parent.id,
            visible: parent.visible && !l.inactive,
            hue: t.hue,
            icon: profileIcon(l),
            topKey: t.key,
            secondKey: s.key,
            leaf: l,
          },
          li + 1,
          !l.inactive,
        );
        if (node.visible) leaves.push(node);
      });
    }
  }
  // The virtual goods' category, after the tree (its products are seeded by virtual-goods.ts).
  const v = VOUCHER_CATEGORY;
  const vTop = add(
    {
      key: v.key,
      name: ltp(v.name),
      grade: 0,
      parentId: 0,
      visible: true,
      hue: v.hue,
      icon: v.icon,
      topKey: v.key,
      secondKey: "",
    },
    CATEGORY_TREE.length + 1,
    true,
  );
  const vSecond = add(
    { ...vTop, key: v.second.key, name: ltp(v.second.name), grade: 1, parentId: vTop.id, secondKey: v.second.key },
    1,
    true,
  );
  v.leaves.forEach((l, li) =>
    add({ ...vSecond, key: l.key, name: ltp(l.name), grade: 2, parentId: vSecond.id, icon: l.icon }, li + 1, true),
  );
  await insertChunks(ctx.tx, categories, rows);

  // Brands and their category links.
  const brandNodes: BrandNode[] = [];
  const links = new Set<string>();
  const brandsOfLeaf = new Map<number, number[]>();
  BRANDS.forEach((b, i) => {
    const id = i + 1;
    const name = b.name[0] === b.name[1] ? same(b.name[0]) : ltp(b.name);
    const imgUrl = images.add(`brand/b${String(id).padStart(2, "0")}.svg`, brandSvg(b.name[1], b.color));
    brandNodes.push({ id, name, imgUrl });
    for (const key of b.sells) {
      const node = byKey.get(key);
      if (!node) throw new Error(`seed: brand ${b.name[1]} sells in unknown category ${key}`);
      const linked: CatNode[] = [node];
      if (node.grade === 1) linked.push(...[...byId.values()].filter((c) => c.parentId === node.id));
      let up = node;
      while (up.parentId) {
        up = byId.get(up.parentId)!;
        linked.push(up);
      }
      for (const c of linked) {
        links.add(`${c.id}:${id}`);
        if (c.grade === 2 && c.visible) {
          const list = brandsOfLeaf.get(c.id) ?? [];
          if (!list.includes(id)) list.push(id);
          brandsOfLeaf.set(c.id, list);
        }
      }
    }
  });
  await insertChunks(
    ctx.tx,
    brands,
    BRANDS.map((b, i) => ({
      brandId: i + 1,
      name: brandNodes[i]!.name,
      imgUrl: brandNodes[i]!.imgUrl,
      firstLetter: b.letter,
      seq: i + 1,
      status: 1,
    })),
  );
  await insertChunks(
    ctx.tx,
    categoryBrands,
    [...links].sort().map((l) => {
      const [categoryId, brandId] = l.split(":").map(Number) as [number, number];
      return { categoryId, brandId };
    }),
  );

  for (const leaf of leaves) {
    if (!brandsOfLeaf.get(leaf.id)?.length) throw new Error(`seed: no brand sells in ${leaf.key}`);
  }

  return {
    byKey,
    byId,
    tops,
    leaves,
    brands: brandNodes,
    brandsOfLeaf,
    pathOf(leafId) {
      const leaf = byId.get(leafId)!;
      const second = byId.get(leaf.parentId)!;
      return [second.parentId, second.id, leaf.id];
    },
  };
}

function profileIcon(l: L3Def): IconKind {
  return PROFILES[l.profile].icon;
}

/** Does a category key list ("phones", "sports.wear") cover this third-level category? */
export function keyMatches(keys: readonly string[], leaf: CatNode): boolean {
  return keys.some((k) => k === leaf.topKey || k === leaf.secondKey || k === leaf.key);
}
