/**
 * Reviews (CONTRACT §5.2; docs/review.md).
 * Buyer, login required (/p/):
 *   POST /p/prodComm {orderItemId, score 1-5, content 1..150, pics "a,b" | [..] (≤ 9 uploads), isAnonymous 0/1}
 *        → {prodCommId, orderEvaluated}
 *   GET  /p/prodComm/prodCommPageByUser?current&size → Page<MyReviewDto>
 * Merchant (docs/merchant-api.md "After-sales"), behind the merchant token; another shop's review
 * is answered like an unknown one:
 *   GET  /merchant/reviews?replied=0|1&current&size   → Page<ShopReviewDto>
 *   POST /merchant/reviews/{prodCommId}/reply {content} → null
 * The product's reviews are public: GET /prod/prodCommData, /prod/prodCommPageByProd (catalog.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import { reviewReplyRule, reviewSubmitRule } from "../../lib/review/review-rules.ts";
import { intField, intFieldDefault, pageParams } from "../../lib/validation.ts";
import { myReviews, replyReview, shopReviews, submitReview } from "../domain/review/review.ts";
import type { ApiEnv, MerchantEnv } from "./context.ts";
import { parseJson, parseParamsOr, parseQuery, run } from "./kit.ts";

export const reviewRouter = new Hono<ApiEnv>();

reviewRouter.post("/p/prodComm", async (c) => {
  const input = await parseJson(c, reviewSubmitRule);
  return run(c, () => submitReview(c.var.app.db, c.var.app.storage, c.var.userId, input, new Date()));
});

reviewRouter.get("/p/prodComm/prodCommPageByUser", async (c) => {
  const q = parseQuery(c, pageParams);
  return run(c, () => myReviews(c.var.app.db, c.var.userId, c.var.locale, q));
});

// ---- a shop's reviews (merchant token) ----------------------------------------------------------

const reviewListRule = pageParams.extend({
  replied: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), intFieldDefault(0, 1, 0).optional()),
});

export const reviewMerchantRouter = new Hono<MerchantEnv>();

reviewMerchantRouter.get("/merchant/reviews", async (c) => {
  const q = parseQuery(c, reviewListRule);
  return run(c, () =>
    shopReviews(c.var.app.db, c.var.shopId, c.var.locale, {
      current: q.current,
      size: q.size,
      replied: q.replied as 0 | 1 | undefined,
    }),
  );
});

const prodCommIdParams = z.object({ prodCommId: intField(1, 2_147_483_647) });

reviewMerchantRouter.post("/merchant/reviews/:prodCommId/reply", async (c) => {
  const input = await parseJson(c, reviewReplyRule);
  return run(c, async () => {
    const { prodCommId } = parseParamsOr(c, prodCommIdParams, "review.notFound");
    await replyReview(c.var.app.db, c.var.shopId, prodCommId, input.content, new Date());
    return null;
  });
});
