/** Shops (explicit ids 1..n) and the own categories of open shops (ids after the platform tree). */
import type { LocalizedText } from "../../lib/locale.ts";
import { categories, shops } from "../db/schema/index.ts";
import { keyMatches, type Catalog, type CatNode } from "./catalog.ts";
import { insertChunks, type SeedContext } from "./context.ts";
import { SHOPS, type ShopDef } from "./fixtures/shops.ts";
import { shopLogoSvg } from "./images.ts";
import type { IconKind } from "./icons.ts";
import { ltp } from "./names.ts";

export interface ShopCatNode {
  id: number;
  name: LocalizedText;
  match: string[];
}

export interface ShopNode {
  id: number;
  def: ShopDef;
  name: LocalizedText;
  logo: string;
  cats: ShopCatNode[];
  fansCount: number;
}

/** A logo's wordmark: the English name's first word, two when the first is short ("Bluebay", "Fresh Fruit"). */
export function wordmark(en: string): string {
  const words = en.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  return (words[0]!.length <= 5 && words[1] ? `${words[0]} ${words[1]}` : words[0]!).toUpperCase();
}

/** What a logo's mark shows: the icon of the first category a shop sells. */
const LOGO_ICONS: Record<string, IconKind> = {
  phones: "phone",
  computers: "laptop",
  appliances: "fridge",
  home: "sofa",
  fashion: "dress",
  beauty: "lipstick",
  food: "fruit",
  health: "pill",
  baby: "babybottle",
  books: "book",
  auto: "car",
  sports: "bike",
};
function logoIcon(sells: readonly string[]): IconKind {
  return LOGO_ICONS[(sells[0] ?? "").split(".")[0]!] ?? "store";
}

export function planShops(ctx: SeedContext, catalog: Catalog): ShopNode[] {
  let nextCatId = Math.max(...catalog.byId.keys()) + 1;
  return SHOPS.map((def, i) => {
    const id = i + 1;
    const logo = ctx.images.add(
      `shop/s${String(id).padStart(2, "0")}.svg`,
      shopLogoSvg({ word: wordmark(def.name[1]), color: def.color, icon: logoIcon(def.sells), shape: i }),
    );
    const cats = def.status === 1 ? def.cats.map((c) => ({ id: nextCatId++, name: ltp(c.name), match: c.match })) : [];
    const fansCount = def.status === 1 ? ctx.rng.int(2_000, 260_000) : ctx.rng.int(0, 300);
    return { id, def, name: ltp(def.name), logo, cats, fansCount };
  });
}

/** The shop category a product of this third-level category goes into (the last one catches the rest). */
export function shopCategoryFor(shop: ShopNode, leaf: CatNode): number | null {
  if (shop.cats.length === 0) return null;
  return (shop.cats.find((c) => c.match.length > 0 && keyMatches(c.match, leaf)) ?? shop.cats[shop.cats.length - 1]!)
    .id;
}

export async function insertShops(ctx: SeedContext, nodes: ShopNode[], soldByShop: Map<number, number>): Promise<void> {
  await insertChunks(
    ctx.tx,
    shops,
    nodes.map((s) => ({
      shopId: s.id,
      shopName: s.name,
      intro: ltp(s.def.intro),
      shopLogo: s.logo,
      type: s.def.type,
      shopStatus: s.def.status,
      tel: s.def.tel,
      ownerUserId: null,
      fansCount: s.fansCount,
      soldNum: soldByShop.get(s.id) ?? 0,
      rating: s.def.rating,
      createdAt: ctx.clock.ago(400 - s.id * 20),
      updatedAt: ctx.clock.ago(3),
    })),
  );
  await insertChunks(
    ctx.tx,
    categories,
    nodes.flatMap((s) =>
      s.cats.map((c, i) => ({
        categoryId: c.id,
        shopId: s.id,
        parentId: 0,
        name: c.name,
        pic: null,
        icon: null,
        seq: i + 1,
        status: 1,
        grade: 0,
      })),
    ),
  );
}
