/**
 * Review shapes (CONTRACT §5.2): a product's review summary and rows (answered by
 * src/server/domain/catalog/product-detail.ts getCommentSummary, listComments), the buyer's own
 * reviews and the shop's list (src/server/domain/review/review.ts). Times are ISO 8601 strings (UTC).
 */

/** GET /prod/prodCommData. positiveRating 0-100 (0 when there is no review). */
export interface CommentSummary {
  positiveRating: number;
  number: number;
  praiseNumber: number;
  secondaryNumber: number;
  negativeNumber: number;
  picNumber: number;
}

/** evaluate filter of /prod/prodCommPageByProd: -1 all, 0 good, 1 medium, 2 bad, 3 with pictures. */
export type CommentFilter = -1 | 0 | 1 | 2 | 3;

/** A review row (ProdCommDto). nickName is masked ("a***b") and pic empty when anonymous. */
export interface CommentItem {
  prodCommId: number;
  score: number;
  evaluate: number;
  content: string;
  pics: string[];
  isAnonymous: number;
  nickName: string;
  pic: string;
  recTime: string;
  replyContent: string | null;
  replyTime: string | null;
  skuName: string;
}

/** A row of my reviews (GET /p/prodComm/prodCommPageByUser). */
export interface MyReviewDto {
  prodCommId: number;
  prodId: number;
  prodName: string;
  pic: string;
  skuName: string;
  orderNumber: string | null;
  orderItemId: number | null;
  score: number;
  evaluate: number;
  content: string;
  pics: string[];
  isAnonymous: number;
  recTime: string;
  replyContent: string | null;
  replyTime: string | null;
}

/** A review as the shop sees it (GET /merchant/reviews). The reviewer is masked when anonymous. */
export interface ShopReviewDto extends Omit<MyReviewDto, "orderItemId"> {
  nickName: string;
}
