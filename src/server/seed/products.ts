/**
 * Products with their texts (zh, zh-tw, en), generated pictures and SKUs. Planned in memory
 * first (reviews need them, shops need their sales), then inserted in chunks.
 */
import type { Locale, LocalizedText } from "../../lib/locale.ts";
import { productTranslations, products, skus } from "../db/schema/index.ts";
import { keyMatches, type Catalog, type CatNode } from "./catalog.ts";
import { insertChunks, type SeedContext } from "./context.ts";
import { BOOK_TITLES } from "./fixtures/categories.ts";
import {
  DEFAULT_ADJECTIVES,
  DEFAULT_VARIANTS,
  PROFILES,
  TECH_SERIES,
  TECH_SUFFIX,
  type OptionValue,
  type Profile,
  type PropDef,
} from "./fixtures/profiles.ts";
import { escapeXml } from "./images.ts";
import { productRenderSvg } from "./product-render.ts";
import { cents, lt, nicePrice, toTw, type Pair } from "./names.ts";
import { BOOK_VARIANTS, plausibleSales } from "./plausible.ts";
import { shopCategoryFor, type ShopNode } from "./shops.ts";

export interface SkuPlan {
  skuId: number;
  skuName: LocalizedText;
  properties: LocalizedText;
  price: number;
  oriPrice: number;
  stocks: number;
  pic: string;
}

export interface ProductPlan {
  prodId: number;
  shopId: number;
  leaf: CatNode;
  shopCategoryId: number | null;
  brandId: number;
  status: number;
  name: LocalizedText;
  brief: LocalizedText;
  content: LocalizedText;
  parameters: Record<Locale, { key: string; value: string }[]>;
  pic: string;
  imgs: string[];
  /** Cents. */
  price: number;
  oriPrice: number;
  totalStocks: number;
  soldNum: number;
  commentNum: number;
  putawayTime: Date;
  skus: SkuPlan[];
}

export interface ProductSet {
  all: ProductPlan[];
  /** The one product whose description carries a <script> and an onclick (sanitising test). */
  unsafeContentProdId: number;
  /** On-sale products whose SKUs all have zero stock. */
  soldOutProdIds: number[];
}

/** The demo's book editions (the catalogue generator uses them all). */
const DEMO_BOOK_VARIANTS = BOOK_VARIANTS.slice(0, 4);

export function planProducts(ctx: SeedContext, catalog: Catalog, shopNodes: ShopNode[]): ProductSet {
  const { rng } = ctx;
  const openShops = shopNodes.filter((s) => s.def.status === 1);
  const brandById = new Map(catalog.brands.map((b) => [b.id, b]));
  const usedNames = new Set<string>();
  const bookTitleCursor = new Map<string, number>();
  const all: ProductPlan[] = [];
  let nextSkuId = 1;

  const make = (leaf: CatNode, shop: ShopNode): ProductPlan => {
    const prodId = all.length + 1;
    const def = leaf.leaf!;
    const profile: Profile = PROFILES[def.profile];
    const brandIds = catalog.brandsOfLeaf.get(leaf.id)!;
    const brandId = rng.pick(brandIds);
    const brand = brandById.get(brandId)!;

    // Name.
    let nameZh = "";
    let nameEn = "";
    let model = "";
    for (let attempt = 0; attempt < 12; attempt++) {
      if (profile.style === "tech") {
        const series = `${rng.pick(TECH_SERIES)}${rng.int(2, 20)}${rng.pick(TECH_SUFFIX)}`;
        nameZh = `${brand.name.zh} ${def.noun[0]} ${series}`;
        nameEn = `${brand.name.en} ${def.noun[1]} ${series}`;
        model = `${brand.name.en
          .replace(/[^A-Za-z0-9]/g, "")
          .slice(0, 3)
          .toUpperCase()}-${series.replace(/\s+/g, "")}`;
      } else if (profile.style === "goods") {
        const adj = rng.pick(profile.adjectives ?? DEFAULT_ADJECTIVES);
        const variant = rng.pick(profile.variants ?? DEFAULT_VARIANTS);
        nameZh = `${brand.name.zh} ${adj[0]}${def.noun[0]} ${variant[0]}`;
        nameEn = `${brand.name.en} ${adj[1]} ${def.noun[1]} ${variant[1]}`;
        model = `${brand.name.en
          .replace(/[^A-Za-z0-9]/g, "")
          .slice(0, 2)
          .toUpperCase()}${rng.int(1000, 9999)}`;
      } else {
        const titles = BOOK_TITLES[def.key] ?? [def.noun];
        const cursor = bookTitleCursor.get(def.key) ?? 0;
        bookTitleCursor.set(def.key, cursor + 1);
        const t = titles[cursor % titles.length]!;
        const variant =
          cursor >= titles.length
            ? rng.pick(DEMO_BOOK_VARIANTS)
            : cursor % 2 === 1
              ? rng.pick(DEMO_BOOK_VARIANTS)
              : null;
        nameZh = `《${t[0]}》${variant ? variant[0] : ""}`;
        nameEn = `${t[1]}${variant ? ` (${variant[1]})` : ""}`;
        model = `978-7-${rng.int(100, 999)}-${rng.int(10000, 99999)}-${rng.int(0, 9)}`;
      }
      if (!usedNames.has(nameZh) && !usedNames.has(nameEn)) break;
    }
    if (usedNames.has(nameZh) || usedNames.has(nameEn)) {
      nameZh += ` ${prodId}`;
      nameEn += ` ${prodId}`;
    }
    usedNames.add(nameZh);
    usedNames.add(nameEn);

    // Pictures.
    const imgCount = rng.int(2, 4);
    const imgs: string[] = [];
    for (let k = 0; k < imgCount; k++) {
      imgs.push(
        ctx.images.add(
          `product/p${String(prodId).padStart(4, "0")}-${k + 1}.svg`,
          productRenderSvg({ hue: leaf.hue, icon: profile.icon, index: k, variant: prodId }),
        ),
      );
    }

    // SKUs.
    const skuList = planSkus(ctx, profile, imgs, () => nextSkuId++);
    const cheapest = skuList.reduce((a, b) => (b.price < a.price ? b : a));

    // Texts.
    const points = rng.sample(profile.points, Math.min(profile.points.length, rng.int(2, 4)));
    const brief = lt(
      points
        .slice(0, 2)
        .map((p) => p[0])
        .join("，"),
      points
        .slice(0, 2)
        .map((p) => p[1])
        .join(" · "),
    );
    const shopName = shop.name;
    const paramRows = planParameters(ctx, profile, brand.name, model, profile.style === "book");
    const contentZh = productHtml(
      "zh",
      nameZh,
      points.map((p) => p[0]),
      imgs,
      shopName.zh,
      paramRows.map((r) => [r.key[0], r.value[0]]),
    );
    const contentEn = productHtml(
      "en",
      nameEn,
      points.map((p) => p[1]),
      imgs,
      shopName.en,
      paramRows.map((r) => [r.key[1], r.value[1]]),
    );

    const isNew = rng.chance(0.16);
    const putawayTime = isNew ? ctx.clock.between(rng, 0.2, 13.5) : ctx.clock.between(rng, 14.5, 90);
    // A long tail, bounded by the listing age (a product listed last week has not sold thousands).
    const soldNum = plausibleSales(
      Math.floor(Math.pow(rng.next(), 3) * 18_000) + rng.int(0, 60),
      putawayTime,
      ctx.clock.now,
    );

    return {
      prodId,
      shopId: shop.id,
      leaf,
      shopCategoryId: shopCategoryFor(shop, leaf),
      brandId,
      status: 1,
      name: lt(nameZh, nameEn),
      brief,
      content: { zh: contentZh, "zh-tw": toTw(contentZh), en: contentEn },
      parameters: {
        zh: paramRows.map((r) => ({ key: r.key[0], value: r.value[0] })),
        "zh-tw": paramRows.map((r) => ({ key: toTw(r.key[0]), value: toTw(r.value[0]) })),
        en: paramRows.map((r) => ({ key: r.key[1], value: r.value[1] })),
      },
      pic: imgs[0]!,
      imgs,
      price: cheapest.price,
      oriPrice: cheapest.oriPrice,
      totalStocks: skuList.reduce((s, k) => s + k.stocks, 0),
      soldNum,
      commentNum: 0,
      putawayTime,
      skus: skuList,
    };
  };

  // 3-4 on-sale products in every visible third-level category, sold by the open shops that carry it.
  for (const leaf of catalog.leaves) {
    const sellers = openShops.filter((s) => keyMatches(s.def.sells, leaf));
    if (sellers.length === 0) throw new Error(`seed: no open shop sells ${leaf.key}`);
    const n = rng.int(3, 4);
    for (let i = 0; i < n; i++)
      all.push(
        make(
          leaf,
          rng.weighted(sellers, (s) => (s.def.type === 1 && s.def.sells.length > 6 ? 1 : 2)),
        ),
      );
  }
  const regularCount = all.length;

  // A few on-sale products of shops that are not open: they must never be shown.
  for (const shop of shopNodes) {
    if (!shop.def.hiddenProducts) continue;
    const leaves = catalog.leaves.filter((l) => keyMatches(shop.def.sells, l));
    for (const leaf of rng.sample(leaves, shop.def.hiddenProducts)) all.push(make(leaf, shop));
  }

  // The product with unsafe markup in its description: the first smart watch.
  const unsafe = all.find((p) => p.leaf.key === "phones.smart.watch")!;
  for (const loc of ["zh", "zh-tw", "en"] as const) {
    unsafe.content[loc] +=
      `<p onclick="alert('xss')">${loc === "en" ? "Tap to see more" : loc === "zh" ? "点击查看更多" : "點擊查看更多"}</p><script>alert("xss")</script>`;
  }

  // Off-shelf products (status 0) and two products that are completely sold out.
  const candidates = rng.shuffle(all.slice(0, regularCount).filter((p) => p !== unsafe));
  for (const p of candidates.slice(0, 6)) p.status = 0;
  const soldOut = candidates.slice(6, 8);
  for (const p of soldOut) {
    for (const s of p.skus) s.stocks = 0;
    p.totalStocks = 0;
  }
  return { all, unsafeContentProdId: unsafe.prodId, soldOutProdIds: soldOut.map((p) => p.prodId) };
}

function planSkus(ctx: SeedContext, profile: Profile, imgs: string[], nextId: () => number): SkuPlan[] {
  const { rng } = ctx;
  const propCount = rng.int(1, Math.min(3, profile.props.length));
  const chosen: { prop: PropDef; values: OptionValue[] }[] = profile.props.slice(0, propCount).map((prop) => {
    const n = prop.values.length <= 2 ? prop.values.length : rng.int(2, Math.min(4, prop.values.length));
    return { prop, values: rng.sample(prop.values, n) };
  });
  const total = () => chosen.reduce((n, c) => n * c.values.length, 1);
  while (total() > 12) {
    const biggest = chosen.reduce((a, b) => (b.values.length > a.values.length ? b : a));
    biggest.values.pop();
  }
  const [lo, hi] = profile.price;
  const base = lo + (hi - lo) * Math.pow(rng.next(), 1.6);
  const markup = rng.chance(0.2) ? 1 : 1.1 + rng.next() * 0.3;

  let combos: OptionValue[][] = [[]];
  for (const c of chosen) combos = combos.flatMap((combo) => c.values.map((v) => [...combo, v]));
  const colorFirst = chosen[0]!.prop.name[1] === "Color";
  return combos.map((combo) => {
    const delta = combo.reduce((s, v) => s + (v[2] ?? 0), 0);
    const price = nicePrice(base * (1 + delta / 100));
    const oriPrice = markup === 1 ? price : Math.max(price, nicePrice((price / 100) * markup));
    const zhProps = combo.map((v, i) => `${chosen[i]!.prop.name[0]}:${v[0]}`).join(";");
    const enProps = combo.map((v, i) => `${chosen[i]!.prop.name[1]}:${v[1]}`).join(";");
    const colorIdx = colorFirst ? chosen[0]!.values.indexOf(combo[0]!) : 0;
    return {
      skuId: nextId(),
      skuName: lt(combo.map((v) => v[0]).join(" "), combo.map((v) => v[1]).join(" ")),
      properties: lt(zhProps, enProps),
      price,
      oriPrice,
      stocks: rng.chance(0.08) ? 0 : rng.int(5, 500),
      pic: imgs[colorIdx % imgs.length]!,
    };
  });
}

interface ParamRow {
  key: Pair;
  value: Pair;
}

function planParameters(
  ctx: SeedContext,
  profile: Profile,
  brand: LocalizedText,
  model: string,
  book: boolean,
): ParamRow[] {
  const rows: ParamRow[] = [
    { key: book ? ["出版社", "Publisher"] : ["品牌", "Brand"], value: [brand.zh, brand.en] },
    { key: book ? ["ISBN", "ISBN"] : ["型号", "Model"], value: [model, model] },
  ];
  const extra = ctx.rng.sample(profile.params, Math.min(profile.params.length, ctx.rng.int(1, 4)));
  for (const p of extra) rows.push({ key: p.key, value: ctx.rng.pick(p.values) });
  return rows.slice(0, 6);
}

function productHtml(
  locale: "zh" | "en",
  name: string,
  points: string[],
  imgs: string[],
  shopName: string,
  params: [string, string][],
): string {
  const e = escapeXml;
  const zh = locale === "zh";
  const parts = [
    `<p><strong>${e(name)}</strong>${zh ? "，" : " — "}${e(points[0] ?? "")}${zh ? "。" : "."}</p>`,
    `<h3>${zh ? "产品亮点" : "Highlights"}</h3>`,
    `<ul>${points.map((p) => `<li>${e(p)}</li>`).join("")}</ul>`,
    ...imgs.slice(1).map((src) => `<p><img src="${src}" alt="${e(name)}" width="800" height="800"></p>`),
    `<h3>${zh ? "规格参数" : "Specifications"}</h3>`,
    `<ul>${params.map(([k, v]) => `<li>${e(k)}${zh ? "：" : ": "}${e(v)}</li>`).join("")}</ul>`,
    `<p>${zh ? `本商品由${e(shopName)}发货，支持七天无理由退货。` : `Shipped by ${e(shopName)}. 7-day no-reason returns.`}</p>`,
  ];
  return parts.join("");
}

export async function insertProducts(ctx: SeedContext, set: ProductSet): Promise<void> {
  const { tx } = ctx;
  await insertChunks(
    tx,
    products,
    set.all.map((p) => ({
      prodId: p.prodId,
      shopId: p.shopId,
      categoryId: p.leaf.id,
      shopCategoryId: p.shopCategoryId,
      brandId: p.brandId,
      pic: p.pic,
      imgs: p.imgs.join(","),
      price: cents(p.price),
      oriPrice: cents(p.oriPrice),
      totalStocks: p.totalStocks,
      soldNum: p.soldNum,
      commentNum: p.commentNum,
      status: p.status,
      prodType: 0,
      putawayTime: p.putawayTime,
      createdAt: p.putawayTime,
      updatedAt: p.putawayTime,
    })),
  );
  await insertChunks(
    tx,
    productTranslations,
    set.all.flatMap((p) =>
      (["zh", "zh-tw", "en"] as const).map((locale) => ({
        prodId: p.prodId,
        locale,
        prodName: p.name[locale],
        brief: p.brief[locale],
        content: p.content[locale],
        parameters: p.parameters[locale],
      })),
    ),
  );
  await insertChunks(
    tx,
    skus,
    set.all.flatMap((p) =>
      p.skus.map((s) => ({
        skuId: s.skuId,
        prodId: p.prodId,
        skuName: s.skuName,
        properties: s.properties,
        price: cents(s.price),
        oriPrice: cents(s.oriPrice),
        stocks: s.stocks,
        pic: s.pic,
        status: 1,
        version: 0,
      })),
    ),
  );
}
