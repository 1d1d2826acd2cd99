/**
 * Reviews, buyer side (CONTRACT §5.2; docs/after-sales.md), login required (/p/):
 *   POST /p/prodComm {orderItemId, score 1-5, content 1..150, pics "a,b" | [..] (≤ 9 uploads), isAnonymous 0/1}
 *        → {prodCommId, orderEvaluated}
 *   GET  /p/prodComm/prodCommPageByUser?current&size → Page<MyReviewDto>
 * The product's reviews are public: GET /prod/prodCommData, /prod/prodCommPageByProd (product-detail.ts).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ResponseCode } from "../../lib/api-types.ts";
import { reviewSubmitRule } from "../../lib/review/review-rules.ts";
import { pageParams } from "../../lib/validation.ts";
import { myReviews, submitReview } from "../domain/review/review.ts";
import type { ApiEnv } from "./context.ts";
import { envelope } from "./envelope.ts";
import { jsonBody, parseInput, runDomain } from "./input.ts";

export const reviewRouter = new Hono<ApiEnv>();

reviewRouter.post(
  "/p/prodComm",
  bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c as unknown as { var: { t: (k: string) => string } }).var.t("auth.bodyTooLarge")), 413) }),
  async (c) => {
    const input = parseInput(c, reviewSubmitRule, await jsonBody(c));
    return runDomain(c, () => submitReview(c.var.app.db, c.var.app.storage, c.var.userId, input, new Date()));
  },
);

reviewRouter.get("/p/prodComm/prodCommPageByUser", async (c) => {
  const q = parseInput(c, pageParams, c.req.query());
  return runDomain(c, () => myReviews(c.var.app.db, c.var.userId, c.var.locale, q));
});
