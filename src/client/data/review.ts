/** The review's calls (CONTRACT §7.10, [review.md](../../../docs/review.md)). */
import type { Page } from "../../lib/api-types.ts";
import type { ReviewSubmitBody } from "../../lib/review/review-rules.ts";
import type { MyReviewDto } from "../../lib/review/review-types.ts";
import { api } from "../api.ts";

/** GET /p/prodComm/prodCommPageByUser */
export function listMyReviews(current: number, size: number): Promise<Page<MyReviewDto>> {
  return api.get<Page<MyReviewDto>>("/p/prodComm/prodCommPageByUser", { current, size });
}

/** POST /p/prodComm: one order line's review. */
export async function submitReview(body: ReviewSubmitBody): Promise<void> {
  await api.post("/p/prodComm", body, { silent: true });
}
