/**
 * The reviews tab of a product page (/detail, /secdetail: ProductTabs): the filter and page the
 * URL asks for (?evaluate=&rc=), the product's review summary and that page of reviews, whether
 * the tab opens first, and the links to the other filters and pages (#reviews) of the page at `path`.
 */
import { parseWithFallback, queryObject } from "./query.ts";
import { commentPageQuery } from "../../lib/catalog/catalog-params.ts";
import { localePath, type Locale } from "../../lib/locale.ts";
import type { CommentFilter, CommentItem, CommentSummary } from "../../lib/review/review-types.ts";
import type { Page } from "../../lib/api-types.ts";
import { getAppContext } from "../../server/context.ts";

const REVIEW_PAGE_SIZE = 10;

export interface ProductReviews {
  summary: CommentSummary;
  comments: Page<CommentItem>;
  evaluate: CommentFilter;
  filterHref: (evaluate: CommentFilter) => string;
  pageHref: (page: number) => string;
  reviewsFirst: boolean;
}

/** Null without a product (it is off sale or unknown). */
export async function loadProductReviews(
  locale: Locale,
  query: URLSearchParams,
  path: string,
  prodId: number | null,
): Promise<ProductReviews | null> {
  if (prodId === null) return null;
  const { content } = getAppContext();
  const review = parseWithFallback(commentPageQuery, {
    evaluate: query.get("evaluate") ?? undefined,
    current: query.get("rc") ?? undefined,
    size: String(REVIEW_PAGE_SIZE),
    prodId: String(prodId),
  });
  const evaluate: CommentFilter = review.evaluate;
  const [summary, comments] = await Promise.all([
    content.commentSummary(prodId),
    content.comments(locale, prodId, { evaluate, current: review.current, size: REVIEW_PAGE_SIZE }),
  ]);
  const href = (p: string) => localePath(locale, p);
  return {
    summary,
    comments,
    evaluate,
    filterHref: (e) => href(`${path}${e === -1 ? "" : `?evaluate=${e}`}#reviews`),
    pageHref: (p) => {
      const q = new URLSearchParams();
      if (evaluate !== -1) q.set("evaluate", String(evaluate));
      if (p > 1) q.set("rc", String(p));
      const qs = q.toString();
      return href(`${path}${qs ? `?${qs}` : ""}#reviews`);
    },
    reviewsFirst: queryObject(query).evaluate !== undefined || query.has("rc"),
  };
}
