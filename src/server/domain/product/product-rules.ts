/**
 * The rules of a shop's goods (docs/product.md), pure: what the product row shows of its SKUs,
 * how SKU properties are stored, which status changes a shop or the platform may make, the small
 * price/stock call against a version or as a delta, and how a refusal names its place in the
 * caller's language. The database side is product.ts.
 */
import { createHash } from "node:crypto";
import type { LocalizedText } from "../../../lib/locale.ts";
import { compare, toDecimal } from "../../../lib/money.ts";
import type { ProductBody, SkuBody, SkuChange } from "../../../lib/product/product-schema.ts";
import { STOCK_MAX } from "../../../lib/product/product-schema.ts";
import { DomainError, type Translate } from "../kernel/domain-error.ts";

/** products.status (src/server/db/schema/catalog.ts). */
export const ProdStatus = { DELETED: -1, OFF_SHELF: 0, ON_SALE: 1, PLATFORM_OFF: 2, POINTS_ONLY: 3 } as const;

const E = "product.manage.errors.";
export const NOT_FOUND = "product.manage.errors.notFound";
export const SKU_NOT_FOUND = "product.manage.errors.skuNotFound";

/** A refusal with its place in the body: the path of the field (as zod names it). */
export class ProductRefused extends DomainError {
  constructor(
    readonly path: readonly (string | number)[],
    key: string,
    params: Record<string, unknown> = {},
  ) {
    super(key, { params });
  }

  /** "skus › 2 › original price: …" (locatedMessage). */
  override messageIn(t: Translate): string {
    return locatedMessage(t, this.path, this.key, this.params);
  }
}

/**
 * "skus › 2 › original price" in the caller's language: string parts are looked up in
 * `product.manage.fields` (unknown ones stay as sent), list items are counted from 1.
 */
export function placeOf(t: Translate, path: readonly PropertyKey[]): string {
  return path
    .map((p) =>
      typeof p === "number"
        ? t("product.manage.item", { n: p + 1 })
        : t(`product.manage.fields.${String(p)}`, { defaultValue: String(p) }),
    )
    .join(" › ");
}

/** A refusal's message: "<place>: <problem>" (the problem alone when it has no place). */
export function locatedMessage(
  t: Translate,
  path: readonly PropertyKey[],
  key: string,
  params: Record<string, unknown> = {},
): string {
  const problem = t(key, params);
  return path.length ? `${placeOf(t, path)}: ${problem}` : problem;
}

/** The stored strings of a SKU: its name ("red L") and properties ("colour:red;size:L") per language. */
export function skuTexts(sku: Pick<SkuBody, "properties">): { skuName: LocalizedText; properties: LocalizedText } {
  const pick = (v: { zh: string; "zh-tw"?: string; en?: string }, l: "zh" | "zh-tw" | "en") => v[l] ?? "";
  const per = (l: "zh" | "zh-tw" | "en") => {
    const complete = sku.properties.every((p) => pick(p.name, l) && pick(p.value, l));
    if (!complete) return { name: "", props: "" };
    return {
      name: sku.properties.map((p) => pick(p.value, l)).join(" "),
      props: sku.properties.map((p) => `${pick(p.name, l)}:${pick(p.value, l)}`).join(";"),
    };
  };
  const zh = per("zh");
  const tw = per("zh-tw");
  const en = per("en");
  // A product with one plain SKU (no properties) shows "Standard" in the SKU's place.
  const plain = sku.properties.length === 0;
  return {
    skuName: plain ? { zh: "默认", "zh-tw": "預設", en: "Standard" } : { zh: zh.name, "zh-tw": tw.name, en: en.name },
    properties: { zh: zh.props, "zh-tw": tw.props, en: en.props },
  };
}

/** What the product row shows of its SKUs on sale: the lowest price (with its original price) and the stock in all. */
export function productFigures(list: readonly { price: string; oriPrice: string; stocks: number }[]): {
  price: string;
  oriPrice: string;
  totalStocks: number;
} {
  let best = list[0]!;
  for (const s of list) if (compare(s.price, best.price) < 0) best = s;
  return {
    price: toDecimal(best.price).toFixed(2),
    oriPrice: toDecimal(best.oriPrice).toFixed(2),
    totalStocks: list.reduce((n, s) => n + s.stocks, 0),
  };
}

/**
 * The hash of an import line's bytes (UTF-8, without its line break): a line whose product was last
 * saved from a line with this hash is the same line again, and is skipped before it is read.
 */
export function lineHash(raw: string): string {
  return createHash("sha256").update(raw).digest("hex");
}

/** Whether the shop may put a product with `status` on sale or take it off. */
export function assertShopMayShelve(status: number, onSale: boolean): void {
  if (status === ProdStatus.DELETED || status === ProdStatus.POINTS_ONLY) throw new DomainError(NOT_FOUND);
  if (status === ProdStatus.PLATFORM_OFF && onSale) throw new DomainError("product.manage.errors.platformOff");
}

/** The status a shop's save leaves: on sale or a draft; a product the platform took off stays off. */
export function statusAfterSave(current: number | null, onSale: boolean): number {
  if (current === ProdStatus.PLATFORM_OFF) return ProdStatus.PLATFORM_OFF;
  return onSale ? ProdStatus.ON_SALE : ProdStatus.OFF_SHELF;
}

export interface SkuState {
  price: string;
  oriPrice: string;
  stocks: number;
  version: number;
}

/**
 * The absolute part of the small call against the SKU as read now: a stale version is refused
 * (with the current one in the message), the original price may not fall below the price. The
 * delta is applied by the database in the same statement (product.ts), never here.
 */
export function absoluteChange(
  current: SkuState,
  change: SkuChange,
): { price: string; oriPrice: string; stocks?: number } {
  if (change.version !== undefined && change.version !== current.version)
    throw new DomainError("product.manage.errors.staleVersion", {
      params: { version: current.version },
      data: { version: current.version },
      httpStatus: 409,
    });
  const price = change.price ?? current.price;
  // A lower price drags an original price that was the same down with it; otherwise it stays.
  const oriPrice = change.oriPrice ?? (compare(current.oriPrice, price) < 0 ? price : current.oriPrice);
  if (compare(oriPrice, price) < 0) throw new ProductRefused(["oriPrice"], "product.manage.errors.oriBelowPrice");
  return { price: toDecimal(price).toFixed(2), oriPrice: toDecimal(oriPrice).toFixed(2), stocks: change.stocks };
}

/** Whether adding `delta` to `stocks` stays within 0 … STOCK_MAX. */
export function deltaFits(stocks: number, delta: number): boolean {
  const next = stocks + delta;
  return next >= 0 && next <= STOCK_MAX;
}

/** The platform categories a product may be filed under have this grade (level 3). */
const PLATFORM_CATEGORY_GRADE = 2;

/** What the database tells of the references of one or more bodies (product.ts loadReferences). */
export interface References {
  /** Platform categories by id: their grade and status. */
  categories: ReadonlyMap<number, { grade: number; status: number }>;
  /** The shop's own categories that are on. */
  shopCategories: ReadonlySet<number>;
  /** Brands that are on. */
  brands: ReadonlySet<number>;
  /** Pictures this shop uploaded. */
  pictures: ReadonlySet<string>;
}

/** Every picture of a body with its place: the main one, the gallery, the SKUs'. */
export function picturesOf(body: ProductBody): { path: (string | number)[]; pic: string }[] {
  return [
    { path: ["pic"], pic: body.pic },
    ...body.imgs.map((pic, i) => ({ path: ["imgs", i], pic })),
    ...body.skus.flatMap((s, i) => (s.pic ? [{ path: ["skus", i, "pic"], pic: s.pic }] : [])),
  ];
}

/**
 * The body's references against what the database holds: a level-3 platform category that is
 * on, the shop's own category, a brand that is on, and pictures that are the shop's uploads or
 * the product's already (`kept`). The first problem is refused with its place.
 */
export function assertReferences(refs: References, body: ProductBody, kept: ReadonlySet<string>): void {
  const cat = refs.categories.get(body.categoryId);
  if (!cat || cat.status !== 1)
    throw new ProductRefused(["categoryId"], `${E}unknownCategory`, { id: body.categoryId });
  if (cat.grade !== PLATFORM_CATEGORY_GRADE)
    throw new ProductRefused(["categoryId"], `${E}categoryLevel`, { id: body.categoryId });
  if (body.shopCategoryId != null && !refs.shopCategories.has(body.shopCategoryId))
    throw new ProductRefused(["shopCategoryId"], `${E}shopCategoryNotFound`, { id: body.shopCategoryId });
  if (body.brandId != null && !refs.brands.has(body.brandId))
    throw new ProductRefused(["brandId"], `${E}unknownBrand`, { id: body.brandId });
  for (const p of picturesOf(body))
    if (!kept.has(p.pic) && !refs.pictures.has(p.pic))
      throw new ProductRefused(p.path, `${E}pictureNotFound`, { path: p.pic });
}
