/**
 * The catalogue (CONTRACT §3.3-§3.6, §5.2; rules in src/server/domain/catalog/), public:
 *   categories, brands of a category, hot search words (§3.3, §3.5);
 *   product search and lists (§3.4, §3.2 renovationPage);
 *   product detail, SKUs, sale status and the product's reviews (§3.6, §5.2).
 * Categories, brands, hot words, search, suggestions and lists read `app.reads` (the read replica
 * when there is one: docs/search.md "Read replica"); product detail, SKUs and sale status the
 * primary (the cart and checkout ask them right after a buyer's or a shop's write).
 */
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import {
  commentPageQuery,
  prodIdQuery,
  productSearchQuery,
  renovationProductsQuery,
  suggestQuery,
} from "../../lib/catalog/catalog-params.ts";
import { brandsByCategoryQuery, categoryInfoQuery, hotSearchQuery } from "../../lib/validation.ts";
import { getBrandsByCategory, getCategoryTree, getHotSearches } from "../domain/catalog/catalog.ts";
import { getSkuList, isProductOnSale } from "../domain/catalog/product-detail.ts";
import { renovationProducts, searchPage, searchProducts } from "../domain/catalog/product-list.ts";
import { suggest } from "../domain/catalog/search-suggest.ts";
import { KEYWORD_LIST_MAX_AGE_MS, productTags } from "../domain/content/read-models.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok, page } from "./envelope.ts";
import { cacheGoods, cachePublic } from "./http-cache.ts";
import { parseQuery } from "./kit.ts";
import { answerKey, keptAnswer, prepareAnswer, sendPrepared, type PreparedAnswer } from "./prepared-answer.ts";

export const catalogRouter = new Hono<ApiEnv>();

// ---- categories, brands, hot searches ---------------------------------------------------------

catalogRouter.get("/category/categoryInfo", async (c) => {
  const q = parseQuery(c, categoryInfoQuery);
  cachePublic(c);
  const db = await c.var.app.reads.db();
  return ok(c, await getCategoryTree(db, c.var.locale, { parentId: q.parentId, shopId: q.shopId }));
});

catalogRouter.get("/mall4cloud_product/ua/brand/list_by_category", async (c) => {
  const { categoryId } = parseQuery(c, brandsByCategoryQuery);
  cachePublic(c);
  return ok(c, await getBrandsByCategory(await c.var.app.reads.db(), c.var.locale, categoryId));
});

catalogRouter.get("/search/hotSearch", async (c) => {
  const q = parseQuery(c, hotSearchQuery);
  cachePublic(c);
  return ok(c, await getHotSearches(await c.var.app.reads.db(), c.var.locale, q));
});

// ---- product search and lists ------------------------------------------------------------------

/** B2B2C shape: {pages, total, records: [{shopInfo, brands, categories, products}]}. */
catalogRouter.get("/search/page", async (c) => {
  const q = parseQuery(c, productSearchQuery);
  const { app, locale } = c.var;
  return keptAnswer(c, async () => {
    const data = await searchPage(await app.reads.db(), locale, q);
    const listed = data.records.flatMap((r) => r.products.map((p) => p.prodId));
    const { tags, until } = await app.content.searchTags(q, listed);
    // The shop whose name matches the keyword is part of the answer.
    return { data, tags: [...tags, "shops"], until };
  });
});

/** Products only: Page<ProductCard>. */
catalogRouter.get("/search/searchProdPage", async (c) => {
  const q = parseQuery(c, productSearchQuery);
  const { app, locale } = c.var;
  return keptAnswer(c, async () => {
    const data = await searchProducts(await app.reads.db(), locale, q);
    const { tags, until } = await app.content.searchTags(
      q,
      data.records.map((p) => p.prodId),
    );
    return { data, tags, until };
  });
});

/** The header's suggestions while typing: [{id, text}] of goods or shops; small and cached a minute. */
catalogRouter.get("/search/suggest", async (c) => {
  const q = parseQuery(c, suggestQuery);
  const { app, locale } = c.var;
  return keptAnswer(c, async () => ({
    data: await suggest(await app.reads.db(), locale, q.keyword, q.type),
    // Goods: any product may match, also by its words indexed a moment after a write ("search");
    // shops: until a shop changes.
    tags: q.type === "shop" ? ["shops", "site"] : ["products", "search", "shops", "site"],
    until: q.type === "shop" ? Infinity : Date.now() + KEYWORD_LIST_MAX_AGE_MS,
  }));
});

/** Product cards for renovation blocks, in the order of prodIds; unavailable ones left out. */
catalogRouter.get("/search/renovationPage", async (c) => {
  const { prodIds } = parseQuery(c, renovationProductsQuery);
  const list = await renovationProducts(await c.var.app.reads.db(), c.var.locale, prodIds);
  cacheGoods(c);
  return ok(c, page(list, list.length, 1, Math.max(1, prodIds.length)));
});

// ---- product detail -----------------------------------------------------------------------------

/** Public and asked on every detail view: the answer is kept serialised and compressed (prepared-answer.ts). */
catalogRouter.get("/prod/prodInfo", async (c) => {
  const { prodId } = parseQuery(c, prodIdQuery);
  const { content } = c.var.app;
  const { locale } = c.var;
  const answer = await content.memo.get(
    answerKey(locale, `/api/prod/prodInfo?prodId=${prodId}`),
    (a: { prepared: PreparedAnswer | null; tags: string[] }) => a.tags,
    async () => {
      const detail = await content.productDetail(locale, prodId);
      return detail
        ? { prepared: prepareAnswer(detail), tags: productTags(prodId, detail.shop.shopId) }
        : { prepared: null, tags: [] };
    },
  );
  if (!answer.prepared) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("catalog.productNotFound"));
  return sendPrepared(c, answer.prepared);
});

catalogRouter.get("/prod/skuList", async (c) => {
  const { prodId } = parseQuery(c, prodIdQuery);
  const list = await getSkuList(c.var.app.db, c.var.locale, prodId);
  if (!list) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("catalog.productNotFound"));
  cacheGoods(c);
  return ok(c, list);
});

/** true while the product is on sale in an open shop. Not cached: the cart and checkout ask it. */
catalogRouter.get("/prod/isStatus", async (c) => {
  const { prodId } = parseQuery(c, prodIdQuery);
  return ok(c, await isProductOnSale(c.var.app.db, prodId));
});

catalogRouter.get("/prod/prodCommData", async (c) => {
  const { prodId } = parseQuery(c, prodIdQuery);
  cachePublic(c);
  return ok(c, await c.var.app.content.commentSummary(prodId));
});

catalogRouter.get("/prod/prodCommPageByProd", async (c) => {
  const q = parseQuery(c, commentPageQuery);
  cachePublic(c);
  return ok(c, await c.var.app.content.comments(c.var.locale, q.prodId, q));
});
