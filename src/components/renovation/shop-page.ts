/**
 * Server-side loading shared by the shop pages (/shopIndex, /shop-prod-list): the query, the
 * shop's head info with the entry rule (SPEC §2: only status 1 can be entered), its
 * categories, the decorated home (shop_signs header + blocks; a discount_coupon block adds the
 * shop's live coupons) and one page of its products.
 * The queries are the domain functions; this only combines them.
 */
import { z } from "zod";
import { buildSharedPage, toId, type PageVM } from "../../lib/renovation/index.ts";
import { shopEntryState, type ShopEntryState } from "../../lib/shop/shop.ts";
import { localePath, type Locale } from "../../lib/locale.ts";
import { KEYWORD_MAX } from "../../lib/catalog/catalog-params.ts";
import { isShopOpenInfo, type ShopCategory, type ShopIndexInfo } from "../../lib/shop/shop-types.ts";
import type { Page } from "../../lib/api-types.ts";
import type { ProductCard, ProductSortCode } from "../../lib/catalog/product-types.ts";
import type { CouponDto } from "../../lib/coupon/coupon-types.ts";
import { getAppContext } from "../../server/context.ts";

/** Products per page on shop pages (5 per row). */
export const SHOP_PRODUCTS_PAGE_SIZE = 20;

export interface ShopPageQuery {
  sid: number | null;
  cid: number | undefined;
  pn: string;
  sort: ProductSortCode | undefined;
  current: number;
}

const sortCode = z.coerce.number().int().min(0).max(5);

/** Reads sid, cid, pn, sort and current; bad values fall back to their defaults. */
export function readShopQuery(params: URLSearchParams): ShopPageQuery {
  const sort = sortCode.safeParse(params.get("sort") || undefined);
  const current = Number(params.get("current"));
  const pn = (params.get("pn") ?? "").trim().slice(0, KEYWORD_MAX);
  return {
    sid: toId(params.get("sid")),
    cid: toId(params.get("cid")) ?? undefined,
    pn,
    sort: sort.success ? (sort.data as ProductSortCode) : undefined,
    current: Number.isSafeInteger(current) && current >= 1 && current <= 100_000 ? current : 1,
  };
}

export type ShopPageData =
  | { kind: "notFound" }
  | { kind: "closed"; shopId: number; state: Exclude<ShopEntryState, "open"> }
  | {
      kind: "open";
      shop: ShopIndexInfo;
      categories: ShopCategory[];
      /** The decorated home (its shop_signs is the header), or null. */
      decoration: PageVM | null;
      /** One page of products, or null when the decorated home is shown instead. */
      products: Page<ProductCard> | null;
      /** The shop's live coupons, when a shown discount_coupon block lists them (else empty). */
      coupons: CouponDto[];
    };

/**
 * Loads what a shop page shows. `withBlocks`: show the decorated home's blocks instead of the
 * product grid (the shop index without a category); the other pages only use its header.
 */
export async function loadShopPage(
  locale: Locale,
  q: ShopPageQuery,
  opts: { withBlocks: boolean },
): Promise<ShopPageData> {
  if (q.sid === null) return { kind: "notFound" };
  const { content } = getAppContext();
  const info = await content.shopHeadInfo(locale, q.sid);
  if (!info) return { kind: "notFound" };
  if (!isShopOpenInfo(info)) {
    const state = shopEntryState(info.shopStatus);
    return { kind: "closed", shopId: info.shopId, state: state === "open" ? "offline" : state };
  }
  const [categories, renovation] = await Promise.all([
    content.shopCategories(locale, info.shopId),
    info.homeStatus === 1 ? content.shopHomeRenovation(locale, info.shopId) : Promise.resolve(null),
  ]);
  const decoration = renovation ? buildSharedPage(renovation.blocks, locale, { shopId: info.shopId }) : null;
  const showBlocks = opts.withBlocks && decoration !== null && decoration.blocks.length > 0;
  const products = showBlocks
    ? null
    : await content.shopProducts(locale, {
        shopId: info.shopId,
        shopCategoryId: q.cid,
        keyword: q.pn || undefined,
        sort: q.sort,
        current: q.current,
        size: SHOP_PRODUCTS_PAGE_SIZE,
      });
  // A discount_coupon block shows the shop's coupons live (claimable now; never from the stored block).
  const coupons =
    showBlocks && decoration.blocks.some((b) => b.type === "discount_coupon")
      ? await content.live.shopCoupons(locale, info.shopId, new Date())
      : [];
  return { kind: "open", shop: info, categories, decoration, products, coupons };
}

/** What a shop page shows (render cache tags): the shop, its products, the site content. */
export function shopPageTags(sid: number | null): string[] {
  return sid === null ? ["site"] : [`shop:${sid}`, `shop-products:${sid}`, "site"];
}

/** A shop page URL with the given state; defaults (sort 0, page 1, empty keyword) are left out. */
export function shopPageHref(
  locale: Locale,
  base: "/shopIndex" | "/shop-prod-list",
  s: { sid: number; cid?: number | undefined; pn?: string; sort?: number | undefined; current?: number },
): string {
  const q = new URLSearchParams();
  q.set("sid", String(s.sid));
  if (s.cid) q.set("cid", String(s.cid));
  if (s.pn) q.set("pn", s.pn);
  if (s.sort) q.set("sort", String(s.sort));
  if (s.current && s.current > 1) q.set("current", String(s.current));
  return localePath(locale, `${base}?${q.toString()}`);
}

/** The category (any level) with this id in the shop's tree, or null. */
export function findCategory(tree: readonly ShopCategory[], cid: number | undefined): ShopCategory | null {
  if (!cid) return null;
  for (const c of tree) {
    if (c.categoryId === cid) return c;
    const sub = findCategory(c.categories, cid);
    if (sub) return sub;
  }
  return null;
}
