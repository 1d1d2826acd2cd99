/**
 * The merchant side of after-sales (docs/merchant-api.md "After-sales"), mounted on the merchant
 * router behind its token check; every look-up is scoped to the token's shop (another shop's
 * review, invoice or refund is answered like an unknown one):
 *   GET  /merchant/reviews?replied=0|1&current&size        → Page<ShopReviewDto>
 *   POST /merchant/reviews/{prodCommId}/reply {content}      → null
 */
import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { reviewReplyRule } from "../../lib/review-rules.ts";
import { intField, intFieldDefault, pageParams } from "../../lib/validation.ts";
import { replyReview, shopReviews } from "../domain/review/review.ts";
import { envelope } from "./envelope.ts";
import { jsonBody, parseInput, runDomain } from "./input.ts";
import type { MerchantEnv } from "./context.ts";

const MAX_INT = 2_147_483_647;

const body = (maxSize: number) => bodyLimit({
  maxSize,
  onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c as unknown as { var: { t: (k: string) => string } }).var.t("auth.bodyTooLarge")), 413),
});

const reviewListRule = pageParams.extend({
  replied: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), intFieldDefault(0, 1, 0).optional()),
});
const idRule = (name: string) => z.object({ [name]: intField(1, MAX_INT) });

export function mountMerchantAfterSales(r: Hono<MerchantEnv>): void {
  r.get("/merchant/reviews", async (c) => {
    const q = parseInput(c, reviewListRule, c.req.query());
    return runDomain(c, () => shopReviews(c.var.app.db, c.var.shopId, c.var.locale, { current: q.current, size: q.size, replied: q.replied as 0 | 1 | undefined }));
  });

  r.post("/merchant/reviews/:prodCommId/reply", body(8 * 1024), async (c) => {
    const id = idRule("prodCommId").safeParse(c.req.param());
    const input = parseInput(c, reviewReplyRule, await jsonBody(c));
    return runDomain(c, async () => {
      if (!id.success) throw Object.assign(new Error("review.notFound"), { name: "ReviewError", key: "review.notFound" });
      await replyReview(c.var.app.db, c.var.shopId, Number(id.data.prodCommId), input.content, new Date());
      return null;
    });
  });
}
