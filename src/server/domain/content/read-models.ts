/**
 * In-memory read models of public content (docs/performance.md "Read models"): the answers of the
 * public queries that pages and the public API repeat on every request (site config, category
 * tree, hot words, top notices, the home renovation, product detail and its reviews, product and
 * shop lists), kept in process memory with the tags of what they show. A change to a public row
 * (content_changes, any process) drops only the entries that depend on it; entries also expire
 * after maxAgeMs because some content changes with time alone (notice publish times, "new"
 * products). The values are shared between requests: callers must not change them.
 *
 * Freshness: a write through this process's API is seen by the next request (the API expires
 * the feed); a write from another process on the same PostgreSQL once its NOTIFY arrives
 * (wakeOnNotify), at the latest within the feed interval (1 s).
 */
import { PictureCatalog } from "../image/image-catalog.ts";
import type { Locale } from "../../../lib/locale.ts";
import type { Db } from "../../db/client.ts";
import type { CatalogueReads } from "../../db/read-replica.ts";
import { TaggedMemo, type ChangeFeed } from "../../db/content-changes.ts";
import { getCategoryTree, getHotSearches } from "../catalog/catalog.ts";
import {
  countShopProducts,
  getCommentSummary,
  getProductPage,
  listComments,
  loadPlatformCategoryRows,
  type DetailLookups,
} from "../catalog/product-detail.ts";
import { listProducts, searchProducts } from "../catalog/product-list.ts";
import { categoryPath, resolveCategoryChain, type CategoryLevels } from "../catalog/category-path.ts";
import { goneProduct } from "../catalog/product-gone.ts";
import { getShopHomeRenovation } from "../renovation/renovation.ts";
import { getHomeWithLiveActivities, nextActivityChange } from "./home-activities.ts";
import { flashSessionList } from "../flash-sale/flash-sale.ts";
import { getShopCategories, getShopHeadInfo } from "../shop/shop-index.ts";
import { getHotShops } from "../shop/shop.ts";
import { getTopNotices } from "./notice.ts";
import { couponOffersOfShop, couponsCovering } from "../coupon/coupon.ts";
import { discountOffersOfShop, discountsCovering } from "../discount/discount.ts";
import { groupActivityOfProd, groupBuyProdIds } from "../group-buy/group-buy-read.ts";
import { levelCatalogue } from "../member/member.ts";
import { getPcWebConfig, getServiceSwitch } from "../kernel/site.ts";
import { assembleSitemapData, loadProductPart, loadSitemapBase } from "./sitemap.ts";
import { pageReads, type PageReads } from "./page-reads.ts";
import type { CommentFilter } from "../../../lib/review/review-types.ts";
import type { ProductDetail, ProductSearchParams } from "../../../lib/catalog/product-types.ts";

/** The tags of one product's detail (also what its page depends on besides "site"). */
export function productTags(prodId: number, shopId: number | null): string[] {
  const tags = [`product:${prodId}`, `stock:${prodId}`, "site"];
  if (shopId !== null) tags.push(`shop:${shopId}`, `shop-products:${shopId}`);
  return tags;
}

/** commentSummary's key and tags, also used by productDetail, whose statement reads the same counts. */
const commentSummaryKey = (prodId: number) => `commentSummary ${prodId}`;
const commentSummaryTags = (prodId: number) => [`product:${prodId}`];

/**
 * Age limit (ms) of values nothing but their tags can change (a product's detail, its reviews, the
 * category tree…): the store's 60 s is for content that changes with time alone (notice publish
 * times, "new" products, sales order). Without it every value was loaded again each minute — at
 * a demo's 379 products a wave of reloads that cut uncached renders by a third every minute.
 */
export const STABLE_MAX_AGE_MS = 10 * 60_000;
const STABLE = { maxAgeMs: STABLE_MAX_AGE_MS } as const;

/**
 * Age limit (ms) of a keyword search without a category and of goods suggestions, besides their
 * tags ("products": any product change drops them): what relaxation and suggestions read of the
 * search lexicon is not tagged.
 */
export const KEYWORD_LIST_MAX_AGE_MS = 10_000;

/**
 * What a product list shows, as tags (docs/performance.md "Finer invalidation"): its deepest
 * accepted category (a product's change names its level-3 category and their parents, migration
 * 0018), so an edit in one category leaves the lists of the others; "products" (every product
 * change) when no category is chosen — a keyword search too, so a product just listed by a shop
 * is found within the feed's interval (docs/product.md "What shoppers see"); none for a category
 * that does not exist (nothing can show until the categories change: "site"). "shops": a shop
 * closing takes its goods off every list. "search" with a keyword: its words are indexed a moment
 * after the write (migration 0028).
 */
export function productListTags(
  deepestCategoryId: number | undefined,
  categoryGiven: boolean,
  keyword: string | undefined,
): string[] {
  // A keyword also finds by the analyzer's words, indexed a moment after the write ("search").
  const search = keyword ? ["search"] : [];
  if (deepestCategoryId !== undefined) return [`category:${deepestCategoryId}`, "shops", "site", ...search];
  if (categoryGiven) return ["shops", "site", ...search];
  return ["products", "shops", "site", ...search];
}

export class PublicReadModels {
  readonly memo: TaggedMemo;
  /** Size, placeholder colour and hash of the pictures pages show (the picture component). */
  readonly pictures: PictureCatalog;

  /** The handle of catalogue reads (the read replica when there is one and it is current: read-replica.ts). */
  private readonly catalogue: () => Promise<Db>;
  /** What pages read on every render, nothing kept (page-reads.ts). */
  readonly live: PageReads;

  constructor(
    private readonly db: Db,
    readonly feed: ChangeFeed,
    /**
     * maxBytes: the bound of the kept answers, estimated (READ_MODEL_MAX_BYTES; TaggedMemo);
     * reads: where the category tree, hot words and product lists are read (default: db).
     */
    opts: { maxAgeMs?: number; maxEntries?: number; maxBytes?: number; reads?: CatalogueReads } = {},
  ) {
    this.memo = new TaggedMemo(feed, opts);
    this.pictures = new PictureCatalog(db, feed);
    const reads = opts.reads;
    this.catalogue = reads ? () => reads.db() : async () => db;
    this.live = pageReads(db, this.catalogue);
  }

  pcWebConfig() {
    return this.memo.get("pcWebConfig", ["site"], () => getPcWebConfig(this.db), STABLE);
  }

  serviceSwitch() {
    return this.memo.get("serviceSwitch", ["site"], () => getServiceSwitch(this.db), STABLE);
  }

  /** The platform category tree (3 levels). */
  categoryTree(locale: Locale) {
    return this.memo.get(
      `categoryTree ${locale}`,
      ["site"],
      async () => getCategoryTree(await this.catalogue(), locale, { parentId: 0, shopId: 0 }),
      STABLE,
    );
  }

  hotSearches(locale: Locale, opts: { number: number; sort: number; type?: number }) {
    return this.memo.get(
      `hotSearches ${locale} ${opts.number} ${opts.sort} ${opts.type ?? ""}`,
      ["site"],
      async () => getHotSearches(await this.catalogue(), locale, opts),
      STABLE,
    );
  }

  topNotices(locale: Locale, shopId: number) {
    return this.memo.get(`topNotices ${locale} ${shopId}`, ["site"], () => getTopNotices(this.db, locale, shopId));
  }

  /**
   * The published platform home renovation with its products, its flash-sale and group-deal
   * blocks showing the live activities (home-activities.ts); kept until one of them starts or
   * ends (activity changes tag "*") or a flash SKU sells out or gets units back ("flash",
   * migration 0032).
   */
  async homeRenovation(locale: Locale) {
    const v = await this.memo.get(
      `homeRenovation ${locale}`,
      ["home", "products", "site", "flash"],
      () => getHomeWithLiveActivities(this.db, locale, new Date()),
      { until: (x) => x.changesAt },
    );
    return v.page;
  }

  /**
   * The flash sessions of today and tomorrow with their activities (the product pages' flash
   * line, flashOfProduct): kept until a session starts or ends, a flash SKU sells out or gets
   * units back ("flash"), or an activity changes ("*").
   */
  flashSessions(locale: Locale) {
    return this.memo.get(
      `flashSessions ${locale}`,
      ["flash", "products", "shops"],
      async () => {
        const now = new Date();
        return { now: now.getTime(), sessions: await flashSessionList(this.db, locale, now) };
      },
      { until: (v) => nextActivityChange(v.now, v.sessions, []) },
    );
  }

  hotShops(locale: Locale, opts: { number: number; sort: number }) {
    return this.memo.get(`hotShops ${locale} ${opts.number} ${opts.sort}`, ["shops"], () =>
      getHotShops(this.db, locale, opts),
    );
  }

  /**
   * Product detail (null: missing, off sale, or its shop is not open; such an answer depends on
   * everything). Its statement also reads the review counts, kept as commentSummary's value.
   */
  productDetail(locale: Locale, prodId: number) {
    return this.memo.get(
      `productDetail ${locale} ${prodId}`,
      (d: ProductDetail | null) => (d ? productTags(prodId, d.shop.shopId) : []),
      async () => {
        const position = this.memo.feed.position;
        const page = await getProductPage(this.db, locale, prodId, this.detailLookups);
        if (page)
          this.memo.prime(commentSummaryKey(prodId), commentSummaryTags(prodId), page.reviews, position, STABLE);
        return page?.detail ?? null;
      },
      STABLE,
    );
  }

  /**
   * The page of a product that exists but is no longer on sale, with goods instead (null: unknown
   * or on sale). Those goods may be any product: it depends on every product change.
   */
  goneProduct(locale: Locale, prodId: number) {
    return this.memo.get(
      `goneProduct ${locale} ${prodId}`,
      (g: Awaited<ReturnType<typeof goneProduct>>) =>
        g ? [...productTags(prodId, g.shopId), "products", "shops"] : [],
      async () => goneProduct(this.db, locale, prodId, await this.platformCategoryRows()),
      STABLE,
    );
  }

  /** The platform category rows (every product page's breadcrumb). */
  platformCategoryRows() {
    return this.memo.get("platformCategoryRows", ["site"], () => loadPlatformCategoryRows(this.db), STABLE);
  }

  /** Products a shop has on sale (the shop card of its product pages). */
  shopProductCount(shopId: number) {
    return this.memo.get(
      `shopProductCount ${shopId}`,
      [`shop-products:${shopId}`, `shop:${shopId}`],
      () => countShopProducts(this.db, shopId),
      STABLE,
    );
  }

  private readonly detailLookups: DetailLookups = {
    categoryRows: () => this.platformCategoryRows(),
    shopProductCount: (shopId) => this.shopProductCount(shopId),
  };

  /** The member levels (the product page's member price). */
  memberLevels(locale: Locale) {
    return this.memo.get(`memberLevels ${locale}`, ["site"], () => levelCatalogue(this.db, locale), STABLE);
  }

  /**
   * What a product page shows of promotions, the same for every visitor: the discounts of its shop
   * that cover it (running or upcoming), its claimable coupons and its group-buy activity. Kept
   * until one of them starts or ends (activity changes tag "*"); coupons launched later show
   * within the age limit, as on a cached page. Picked from the shop's offers (shopOffers), so a
   * product page nobody has asked for costs no query unless the product has a group buy.
   */
  productPromotions(locale: Locale, prodId: number, shopId: number, platformName: string) {
    return this.memo.get(
      `productPromotions ${locale} ${prodId}`,
      productTags(prodId, shopId),
      async () => {
        const now = new Date();
        const [offers, groupBuys] = await Promise.all([
          this.shopOffers(locale, shopId, platformName),
          this.groupBuyProducts(),
        ]);
        const groupActivity = groupBuys.prodIds.has(prodId)
          ? await groupActivityOfProd(this.db, prodId, locale, now)
          : null;
        return {
          discounts: discountsCovering(offers.discounts, prodId),
          coupons: couponsCovering(offers.coupons, shopId, prodId),
          groupActivity,
          now: now.getTime(),
        };
      },
      {
        until: (v) =>
          nextChange(v.now, [
            ...v.discounts.flatMap((d) => [d.startTime, d.endTime]),
            ...v.coupons.flatMap((c) => [c.overTime, c.endTime]),
            ...(v.groupActivity ? [v.groupActivity.startTime, v.groupActivity.endTime] : []),
          ]),
      },
    );
  }

  /** A shop's running and upcoming discounts and the claimable coupons for its products, with what each covers. */
  shopOffers(locale: Locale, shopId: number, platformName: string) {
    return this.memo.get(
      `shopOffers ${locale} ${shopId}`,
      [`shop:${shopId}`],
      async () => {
        const now = new Date();
        const [discounts, coupons] = await Promise.all([
          discountOffersOfShop(this.db, locale, shopId, now),
          couponOffersOfShop(this.db, locale, null, shopId, now, platformName),
        ]);
        return { discounts, coupons, now: now.getTime() };
      },
      {
        // The store's age limit, not STABLE: a coupon launched later is in no change nor `until`.
        until: (v) =>
          nextChange(v.now, [
            ...v.discounts.flatMap((d) => [d.dto.startTime, d.dto.endTime]),
            ...v.coupons.flatMap((c) => [c.dto.overTime, c.dto.endTime]),
          ]),
      },
    );
  }

  /** The products with a group buy on or to come (activity changes tag "*"; kept until the first ends). */
  groupBuyProducts() {
    return this.memo.get("groupBuyProducts", ["site"], () => groupBuyProdIds(this.db, new Date()), {
      ...STABLE,
      until: (v) => v.changesAt,
    });
  }

  commentSummary(prodId: number) {
    return this.memo.get(
      commentSummaryKey(prodId),
      commentSummaryTags(prodId),
      () => getCommentSummary(this.db, prodId),
      STABLE,
    );
  }

  comments(locale: Locale, prodId: number, opts: { evaluate: CommentFilter; current: number; size: number }) {
    return this.memo.get(
      `comments ${locale} ${prodId} ${opts.evaluate} ${opts.current} ${opts.size}`,
      [`product:${prodId}`],
      async () => listComments(this.db, locale, prodId, opts, await this.commentSummary(prodId)),
      STABLE,
    );
  }

  /**
   * The product list page: the category crumbs of the chosen levels and one page of products,
   * kept until what it shows changes (productListTags).
   */
  productList(locale: Locale, levels: CategoryLevels, params: ProductSearchParams) {
    const given = levels.cpid !== undefined || levels.cid !== undefined || levels.thCid !== undefined;
    const keywordOnly = !given && !!params.keyword;
    return this.memo.get(
      `productList ${locale} ${stableKey(levels)} ${stableKey(params)}`,
      (v: { crumbs: { categoryId: number }[]; page: { records: { prodId: number }[] } }) => [
        ...productListTags(v.crumbs.at(-1)?.categoryId, given, params.keyword),
        ...v.page.records.map((r) => `product:${r.prodId}`),
      ],
      async () => {
        const db = await this.catalogue();
        const [crumbs, page] = await Promise.all([categoryPath(db, locale, levels), listProducts(db, locale, params)]);
        return { crumbs, page };
      },
      keywordOnly ? { until: () => Date.now() + KEYWORD_LIST_MAX_AGE_MS } : {},
    );
  }

  /**
   * What a product search answer shows, as tags (productListTags): its deepest accepted category,
   * or every product (a keyword alone: also kept at most KEYWORD_LIST_MAX_AGE_MS); a shop's search its shop
   * too; and each product it lists, so a listed product that changes (off shelf, new price) is never
   * shown as it was. `until` is the time the answer stops being kept by itself.
   */
  async searchTags(params: ProductSearchParams, listed: readonly number[]): Promise<{ tags: string[]; until: number }> {
    const levels = { cpid: params.primaryCategoryId, cid: params.secondaryCategoryId, thCid: params.categoryId };
    const given = levels.cpid !== undefined || levels.cid !== undefined || levels.thCid !== undefined;
    const chain = given ? resolveCategoryChain(await this.platformCategoryRows(), levels) : null;
    const deepest = chain?.kind === "ok" ? chain.categoryId : undefined;
    const tags = productListTags(deepest, given, params.keyword);
    if (params.shopId !== undefined) tags.push(`shop-products:${params.shopId}`, `shop:${params.shopId}`);
    for (const id of listed) tags.push(`product:${id}`);
    const keywordOnly = !given && params.shopId === undefined && !!params.keyword;
    return { tags, until: keywordOnly ? Date.now() + KEYWORD_LIST_MAX_AGE_MS : Infinity };
  }

  /** HTML of a page-independent part of the layout (CachedFragment.astro), rendered once. */
  fragment(key: string, tags: string[], render: () => Promise<string>) {
    return this.memo.get(`fragment ${key}`, tags, render, STABLE);
  }

  /** One shop's products (shop pages). */
  shopProducts(locale: Locale, params: ProductSearchParams & { shopId: number }) {
    return this.memo.get(
      `shopProducts ${locale} ${stableKey(params)}`,
      [`shop-products:${params.shopId}`, `shop:${params.shopId}`, "site"],
      async () => searchProducts(await this.catalogue(), locale, params),
    );
  }

  /** The sitemaps' small lists and how many product parts there are: re-read on any product, shop or site change (cheap). */
  sitemapBase() {
    return this.memo.get("sitemapBase", ["site", "shops", "products"], () => loadSitemapBase(this.db));
  }

  /** One product part of the sitemaps (an id range): dropped only by a change of a product in it, or of a shop. */
  sitemapProductPart(part: number) {
    return this.memo.get(
      `sitemapProducts ${part}`,
      [`sitemap-products:${part}`, "shops"],
      () => loadProductPart(this.db, part),
      STABLE,
    );
  }

  /** Everything the sitemap index lists (the product parts from their own entries). */
  async sitemapData() {
    return assembleSitemapData(await this.sitemapBase(), (n) => this.sitemapProductPart(n));
  }

  shopHeadInfo(locale: Locale, shopId: number) {
    return this.memo.get(`shopHead ${locale} ${shopId}`, [`shop:${shopId}`, `shop-products:${shopId}`], () =>
      getShopHeadInfo(this.db, locale, shopId),
    );
  }

  shopCategories(locale: Locale, shopId: number) {
    return this.memo.get(`shopCategories ${locale} ${shopId}`, [`shop:${shopId}`, "site"], () =>
      getShopCategories(this.db, locale, shopId),
    );
  }

  shopHomeRenovation(locale: Locale, shopId: number) {
    return this.memo.get(
      `shopHomeRenovation ${locale} ${shopId}`,
      [`shop:${shopId}`, `shop-products:${shopId}`, "site"],
      () => getShopHomeRenovation(this.db, locale, shopId),
    );
  }
}

/** The first of `times` after `now` (ms), or Infinity. */
function nextChange(now: number, times: readonly (string | null)[]): number {
  let next = Infinity;
  for (const t of times) {
    const ms = t === null ? NaN : Date.parse(t);
    if (ms > now && ms < next) next = ms;
  }
  return next;
}

/** A key for a parameter object: its defined entries sorted by name. */
function stableKey(params: object): string {
  return JSON.stringify(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
