/**
 * Payload types of the review reads (CONTRACT §5.2): a product's review summary and rows, answered
 * by src/server/domain/catalog/product-detail.ts (getCommentSummary, listComments).
 * Times are ISO 8601 strings (UTC).
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
