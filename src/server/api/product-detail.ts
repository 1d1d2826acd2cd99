/** Product detail, SKUs, reviews (CONTRACT §3.6, §5.2). */
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { commentPageQuery, prodIdQuery } from "../../lib/catalog/catalog-params.ts";
import { getSkuList, isProductOnSale } from "../domain/catalog/product-detail.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { answerKey, prepareAnswer, sendPrepared, type PreparedAnswer } from "./prepared-answer.ts";
import { productTags } from "../domain/content/read-models.ts";
import { parseQuery } from "./validate.ts";

export const productDetailRouter = new Hono<ApiEnv>();

/** Public and asked on every detail view: the answer is kept serialised and compressed (prepared-answer.ts). */
productDetailRouter.get("/prod/prodInfo", async (c) => {
  const { prodId } = parseQuery(c, prodIdQuery);
  const { content } = c.var.app;
  const { locale } = c.var;
  const answer = await content.memo.get(
    answerKey(locale, `/api/prod/prodInfo?prodId=${prodId}`),
    (a: { prepared: PreparedAnswer | null; tags: string[] }) => a.tags,
    async () => {
      const detail = await content.productDetail(locale, prodId);
      return detail ? { prepared: prepareAnswer(detail), tags: productTags(prodId, detail.shop.shopId) } : { prepared: null, tags: [] };
    },
  );
  if (!answer.prepared) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("catalog.productNotFound"));
  return sendPrepared(c, answer.prepared);
});

productDetailRouter.get("/prod/skuList", async (c) => {
  const { prodId } = parseQuery(c, prodIdQuery);
  const list = await getSkuList(c.var.app.db, c.var.locale, prodId);
  if (!list) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("catalog.productNotFound"));
  cachePublic(c);
  return ok(c, list);
});

/** true while the product is on sale in an open shop. Not cached: the cart and checkout ask it. */
productDetailRouter.get("/prod/isStatus", async (c) => {
  const { prodId } = parseQuery(c, prodIdQuery);
  return ok(c, await isProductOnSale(c.var.app.db, prodId));
});

productDetailRouter.get("/prod/prodCommData", async (c) => {
  const { prodId } = parseQuery(c, prodIdQuery);
  cachePublic(c);
  return ok(c, await c.var.app.content.commentSummary(prodId));
});

productDetailRouter.get("/prod/prodCommPageByProd", async (c) => {
  const q = parseQuery(c, commentPageQuery);
  cachePublic(c);
  return ok(c, await c.var.app.content.comments(c.var.locale, q.prodId, q));
});
