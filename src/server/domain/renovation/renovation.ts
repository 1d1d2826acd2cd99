/**
 * Page renovations (CONTRACT §10): the platform PC home, micro-pages and shop home pages.
 * Product items stored inside blocks may be stale: before a page is served they are refreshed
 * from the database in one query (products no longer on sale — status ≠ 1 or shop not open —
 * are dropped; name, description, price, oriPrice, picture updated, name/description localized
 * to the request language). store_list drops shops that are not open. Other texts in blocks
 * stay LocalizedText; the page renderer picks the language.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { formatPriceSafe } from "../../../lib/money.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import type { RenovationAnswer, RenovationBlock, RenovationPage } from "../../../lib/renovation/renovation-types.ts";
import { servedBlocks } from "../../../lib/renovation/block-schema.ts";
import type { Db } from "../../db/client.ts";
import { products, productTranslations, renovations, shops } from "../../db/schema/index.ts";
import { onSaleAmong, PROD_ON_SALE } from "../catalog/search-plan.ts";
import { RENOVATION_PC, shopPcHomes } from "../shop/shop-index.ts";
import { shopCardColumns, ShopStatus } from "../shop/shop.ts";

/** A product as it refreshes block items: only products on sale in open shops are given. */
export interface BlockProduct {
  prodId: number;
  /** Names and briefs per locale. */
  names: Partial<LocalizedText>;
  briefs: Partial<LocalizedText>;
  price: string;
  oriPrice: string;
  pic: string;
  prodType: number;
  /** Stock over its SKUs: 0 reads "sold out" on the block (src/lib/catalog/stock.ts). */
  totalStocks: number;
}

/** An open shop as it refreshes store_list items. */
export interface BlockShop {
  shopId: number;
  shopName: LocalizedText;
  shopLogo: string;
  type: number;
  shopStatus: number;
  fansCount: number;
}

/** Where product item lists sit in each block type (paths inside dataField). */
export const PRODUCT_LIST_PATHS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  goods_list: [["goodsList"]],
  limited_skill: [["goodsList"]],
  discount_coupon: [["goodsList"]],
  goods_module1: [
    ["leftConfig", "goodsList"],
    ["centerConfig", "goodsList"],
    ["rightConfig", "goodsList"],
  ],
  goods_module2: [["maingoodsList"], ["othergoodsList"]],
  goods_module3: [
    ["leftConfig", "goodsList"],
    ["rightConfig", "goodsList"],
  ],
  goods_module4: [["goodsList"]],
  goods_module5: [["goodsList"]],
};

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);

/** The product id of a block item: prodId (limited_skill) or id (the others). */
export function itemProdId(item: unknown): number | null {
  if (!isRec(item)) return null;
  const n = Number(item.prodId ?? item.id);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function itemShopId(item: unknown): number | null {
  if (!isRec(item)) return null;
  const n = Number(item.shopId);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function listsOf(block: RenovationBlock): unknown[][] {
  const out: unknown[][] = [];
  for (const path of PRODUCT_LIST_PATHS[block.type] ?? []) {
    let cur: unknown = block.dataField;
    for (const key of path) cur = isRec(cur) ? cur[key] : undefined;
    if (Array.isArray(cur)) out.push(cur);
  }
  return out;
}

/** Every product id and store_list shop id referenced by the blocks (de-duplicated). */
export function collectBlockRefs(blocks: readonly RenovationBlock[]): { prodIds: number[]; shopIds: number[] } {
  const prodIds = new Set<number>();
  const shopIds = new Set<number>();
  for (const b of blocks) {
    if (!isRec(b) || !isRec(b.dataField)) continue;
    for (const list of listsOf(b))
      for (const item of list) {
        const id = itemProdId(item);
        if (id !== null) prodIds.add(id);
      }
    if (b.type === "store_list" && Array.isArray(b.dataField.storeList)) {
      for (const item of b.dataField.storeList) {
        const id = itemShopId(item);
        if (id !== null) shopIds.add(id);
      }
    }
  }
  return { prodIds: [...prodIds], shopIds: [...shopIds] };
}

function refreshItem(item: Rec, p: BlockProduct, locale: Locale): Rec {
  return {
    ...item,
    id: p.prodId,
    prodId: p.prodId,
    name: pickText(p.names, locale),
    description: pickText(p.briefs, locale),
    prodType: p.prodType,
    status: PROD_ON_SALE,
    price: p.price,
    orignPrice: p.oriPrice,
    oriPrice: p.oriPrice,
    imgs: p.pic,
    pic: p.pic,
    totalStocks: p.totalStocks,
  };
}

/** Sets a new value at `path` inside a (copied) dataField. */
function setPath(root: Rec, path: readonly string[], value: unknown): Rec {
  const [key, ...rest] = path;
  if (key === undefined) return root;
  if (rest.length === 0) return { ...root, [key]: value };
  const child = root[key];
  if (!isRec(child)) return root;
  return { ...root, [key]: setPath(child, rest, value) };
}

/**
 * Refreshes the product and shop items of renovation blocks (pure; the input is not changed).
 * `productsById` holds only products still on sale in open shops, `shopsById` only open shops:
 * items not found there are dropped. Product names/descriptions come back as strings in
 * `locale`. Block types without items (picture_by, universal_hotspot, floor_title, …) are
 * returned unchanged; unknown types too.
 */
export function refreshBlocks(
  blocks: readonly RenovationBlock[],
  productsById: ReadonlyMap<number, BlockProduct>,
  shopsById: ReadonlyMap<number, BlockShop>,
  locale: Locale,
): RenovationBlock[] {
  return blocks
    .filter((b) => isRec(b) && typeof b.type === "string")
    .map((b) => {
      if (!isRec(b.dataField)) return { type: b.type, dataField: {} };
      let dataField: Rec = b.dataField;
      for (const path of PRODUCT_LIST_PATHS[b.type] ?? []) {
        let cur: unknown = dataField;
        for (const key of path) cur = isRec(cur) ? cur[key] : undefined;
        if (!Array.isArray(cur)) continue;
        const next = cur.flatMap((item) => {
          const id = itemProdId(item);
          const p = id === null ? undefined : productsById.get(id);
          return p && isRec(item) ? [refreshItem(item, p, locale)] : [];
        });
        dataField = setPath(dataField, path, next);
      }
      if (b.type === "store_list" && Array.isArray(dataField.storeList)) {
        dataField = {
          ...dataField,
          storeList: dataField.storeList.flatMap((item) => {
            const id = itemShopId(item);
            const s = id === null ? undefined : shopsById.get(id);
            if (!s || !isRec(item) || s.shopStatus !== ShopStatus.OPEN) return [];
            return [
              {
                ...item,
                shopId: s.shopId,
                shopName: s.shopName,
                shopLogo: s.shopLogo,
                type: s.type,
                shopStatus: s.shopStatus,
                fansCount: s.fansCount,
              },
            ];
          }),
        };
      }
      return { type: b.type, dataField };
    });
}

function asJson<T>(v: unknown, fallback: T): T {
  if (v == null) return fallback;
  if (typeof v === "string") {
    try {
      return JSON.parse(v) as T;
    } catch {
      return fallback;
    }
  }
  return v as T;
}

/** Products on sale in open shops among `prodIds`, with texts in every language — one query. */
export async function loadBlockProducts(db: Db, prodIds: readonly number[]): Promise<Map<number, BlockProduct>> {
  const out = new Map<number, BlockProduct>();
  if (prodIds.length === 0) return out;
  const rows = await db
    .select({
      prodId: products.prodId,
      pic: products.pic,
      price: products.price,
      oriPrice: products.oriPrice,
      prodType: products.prodType,
      totalStocks: products.totalStocks,
      names: sql<unknown>`(select coalesce(jsonb_object_agg(pt.locale, pt.prod_name), '{}'::jsonb) from ${productTranslations} as pt where pt.prod_id = ${products}.prod_id)`,
      briefs: sql<unknown>`(select coalesce(jsonb_object_agg(pt.locale, pt.brief), '{}'::jsonb) from ${productTranslations} as pt where pt.prod_id = ${products}.prod_id)`,
    })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(onSaleAmong(prodIds));
  for (const r of rows) {
    out.set(r.prodId, {
      prodId: r.prodId,
      names: asJson<Partial<LocalizedText>>(r.names, {}),
      briefs: asJson<Partial<LocalizedText>>(r.briefs, {}),
      price: formatPriceSafe(r.price),
      oriPrice: formatPriceSafe(r.oriPrice),
      pic: r.pic,
      prodType: r.prodType,
      totalStocks: r.totalStocks,
    });
  }
  return out;
}

/** Open shops among `shopIds`. */
export async function loadBlockShops(db: Db, shopIds: readonly number[]): Promise<Map<number, BlockShop>> {
  const out = new Map<number, BlockShop>();
  if (shopIds.length === 0) return out;
  const rows = await db
    .select(shopCardColumns)
    .from(shops)
    .where(and(inArray(shops.shopId, [...shopIds]), eq(shops.shopStatus, ShopStatus.OPEN)));
  for (const r of rows) out.set(r.shopId, { ...r, shopLogo: r.shopLogo ?? "" });
  return out;
}

/** Refreshes the blocks of a page from the database (one products query, one shops query when store_list is used). */
export async function refreshFromDb(
  db: Db,
  locale: Locale,
  blocks: readonly RenovationBlock[],
): Promise<RenovationBlock[]> {
  const list = Array.isArray(blocks) ? blocks : [];
  const refs = collectBlockRefs(list);
  const [prods, shopMap] = await Promise.all([loadBlockProducts(db, refs.prodIds), loadBlockShops(db, refs.shopIds)]);
  return refreshBlocks(list, prods, shopMap, locale);
}

type RenovationRow = typeof renovations.$inferSelect;

async function toPage(db: Db, locale: Locale, row: RenovationRow): Promise<RenovationPage> {
  return {
    renovationId: row.renovationId,
    shopId: row.shopId,
    name: row.name,
    renovationType: row.renovationType,
    homeStatus: row.homeStatus,
    status: row.status,
    // Only the fields the block format names are served (docs/renovation.md "The format").
    blocks: await refreshFromDb(db, locale, servedBlocks(row.content) as RenovationBlock[]),
  };
}

async function shopIsOpen(db: Db, shopId: number): Promise<boolean> {
  if (shopId === 0) return true;
  const [row] = await db.select({ s: shops.shopStatus }).from(shops).where(eq(shops.shopId, shopId)).limit(1);
  return row?.s === ShopStatus.OPEN;
}

/** The published home page of the platform (shopId 0, homeStatus 1, status 1) for PC (type 1) or mobile (2); null when none. */
export async function getHomeRenovation(
  db: Db,
  locale: Locale,
  renovationType: number = RENOVATION_PC,
): Promise<RenovationPage | null> {
  const [row] = await db
    .select()
    .from(renovations)
    .where(
      and(
        eq(renovations.shopId, 0),
        eq(renovations.renovationType, renovationType),
        eq(renovations.homeStatus, 1),
        eq(renovations.status, 1),
      ),
    )
    .orderBy(asc(renovations.renovationId))
    .limit(1);
  return row ? toPage(db, locale, row) : null;
}

/**
 * A renovation by id. shopId, when given, must be the owner (0 = platform). Drafts (status 0)
 * only with includeDraft (the signed merchant preview). A shop's page needs the shop to be open
 * unless includeDraft. null when not found or not allowed.
 */
export async function getRenovation(
  db: Db,
  locale: Locale,
  opts: { renovationId: number; shopId?: number | undefined; includeDraft?: boolean },
): Promise<RenovationPage | null> {
  const [row] = await db.select().from(renovations).where(eq(renovations.renovationId, opts.renovationId)).limit(1);
  if (!row) return null;
  if (opts.shopId !== undefined && row.shopId !== opts.shopId) return null;
  if (row.status !== 1 && !opts.includeDraft) return null;
  if (!opts.includeDraft && !(await shopIsOpen(db, row.shopId))) return null;
  return toPage(db, locale, row);
}

/** The published PC home renovation of an open shop, or null. */
export async function getShopHomeRenovation(db: Db, locale: Locale, shopId: number): Promise<RenovationPage | null> {
  if (shopId <= 0 || !(await shopIsOpen(db, shopId))) return null;
  const [row] = await db
    .select()
    .from(renovations)
    .where(and(shopPcHomes(shopId), eq(renovations.status, 1)))
    .orderBy(asc(renovations.renovationId))
    .limit(1);
  return row ? toPage(db, locale, row) : null;
}

/** The API answer: content as a JSON string of the blocks (CONTRACT §3.2). */
export function toRenovationAnswer(page: RenovationPage): RenovationAnswer {
  return {
    renovationId: page.renovationId,
    shopId: page.shopId,
    name: page.name,
    renovationType: page.renovationType,
    homeStatus: page.homeStatus,
    content: JSON.stringify(page.blocks),
  };
}
