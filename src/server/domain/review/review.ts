/**
 * Reviews (CONTRACT §5.2; docs/review.md "Reviews"): the buyer reviews each line of a
 * completed order once (score 1-5, text, up to 9 uploaded photos, anonymous flag); when every
 * line of the order is reviewed the order becomes "evaluated" (orders.is_comm = 1). The buyer
 * lists their own reviews; the shop lists the reviews of its products and replies.
 *
 * Reviews are shown on the product page at once (status 1); the product page reads them through
 * catalog/product-detail.ts (counts, filters, masked nickname of anonymous reviewers).
 * Refusals are ReviewError with an i18n key ("review.*"); every change is one transaction.
 */
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { OrderStatus } from "../../../lib/order/order-state.ts";
import { evaluateOf, type ReviewSubmitInput } from "../../../lib/review/review-rules.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderItems, orders, prodComments, products, productTranslations, users } from "../../db/schema/index.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { maskNickName } from "../catalog/product-detail.ts";
import { countReview } from "../product/product-counts.ts";
import { isUploadedPath } from "../upload/upload.ts";
import { assertOwnUploads } from "../upload/upload-owner.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { subscriber } from "../kernel/subscriber.ts";
import type { MyReviewDto, ShopReviewDto } from "../../../lib/review/review-types.ts";
import { countThenPage, pageOf } from "../kernel/page.ts";

export class ReviewError extends DomainError {}

/**
 * What the order feature does when one of its lines is reviewed: it marks the line reviewed and,
 * when none is left, the order evaluated. Order sits above review, so it subscribes here when it
 * loads (order-lifecycle.ts) rather than review writing order's tables.
 */
export type LineReviewed = (
  tx: Tx,
  line: { orderItemId: number; orderNumber: string; orderId: number },
  now: Date,
) => Promise<{ orderEvaluated: boolean }>;
const reviewed = subscriber<LineReviewed>("a reviewed line", "order/order-lifecycle.ts");

/** The order feature's subscription to a reviewed line (one subscriber). */
export const onLineReviewed = reviewed.subscribe;

const splitPics = (s: string) =>
  s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * Stores the buyer's review of one order line: the line must be the buyer's, of a completed
 * order, not yet reviewed; photos must be files the upload endpoint stored in "review" for this
 * buyer (assertOwnUploads).
 * Answers the new prodCommId. Concurrent submits of one line: one wins, the other is refused.
 */
export async function submitReview(
  db: Db,
  storage: FileStorage,
  userId: string,
  input: ReviewSubmitInput,
  now: Date,
): Promise<{ prodCommId: number; orderEvaluated: boolean }> {
  for (const p of input.pics) {
    if (!isUploadedPath(p, "review") || !(await storage.exists(p))) throw new ReviewError("review.badPic");
  }
  await assertOwnUploads(db, input.pics, { userId, shopId: null });
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderItemId, input.orderItemId), eq(orderItems.userId, userId)))
      .for("update")
      .limit(1);
    if (!item) throw new ReviewError("review.itemNotFound");
    const [order] = await tx
      .select({ orderId: orders.orderId, status: orders.status, deleteStatus: orders.deleteStatus })
      .from(orders)
      .where(eq(orders.orderNumber, item.orderNumber))
      .for("update")
      .limit(1);
    if (!order || order.deleteStatus !== 0) throw new ReviewError("review.itemNotFound");
    if (order.status !== OrderStatus.SUCCESS) throw new ReviewError("review.orderNotCompleted");
    if (item.commSts === 1) throw new ReviewError("review.alreadyReviewed");
    const [row] = await tx
      .insert(prodComments)
      .values({
        prodId: item.prodId,
        userId,
        orderItemId: item.orderItemId,
        skuId: item.skuId,
        skuName: item.skuName,
        score: input.score,
        evaluate: evaluateOf(input.score),
        content: input.content,
        pics: input.pics.join(","),
        isAnonymous: input.isAnonymous,
        status: 1,
        recTime: now,
      })
      .onConflictDoNothing()
      .returning({ id: prodComments.prodCommId });
    if (!row) throw new ReviewError("review.alreadyReviewed");
    const line = { orderItemId: item.orderItemId, orderNumber: item.orderNumber, orderId: order.orderId };
    const { orderEvaluated } = await reviewed.handler()(tx, line, now);
    await countReview(tx, item.prodId);
    return { prodCommId: row.id, orderEvaluated };
  });
}

/** What every list of reviews shows of a review's own row (the buyer's and the shop's lists add theirs). */
function reviewFields(r: typeof prodComments.$inferSelect, locale: Locale) {
  return {
    prodCommId: r.prodCommId,
    prodId: r.prodId,
    skuName: pickText(r.skuName, locale),
    score: r.score,
    evaluate: r.evaluate,
    content: r.content,
    pics: splitPics(r.pics),
    isAnonymous: r.isAnonymous,
    recTime: r.recTime.toISOString(),
    replyContent: r.replyContent ?? null,
    replyTime: r.replyTime?.toISOString() ?? null,
  };
}

/**
 * A page of reviews matching `where` (over prod_comments and products), newest first, each with its
 * order line, its product's picture and its reviewer's nickname (the buyer's and the shop's lists).
 */
function reviewPage(db: Db, where: SQL | undefined, at: { current: number; size: number }) {
  return countThenPage(
    db
      .select({ n: count() })
      .from(prodComments)
      .leftJoin(products, eq(products.prodId, prodComments.prodId))
      .where(where),
    (limit, offset) =>
      db
        .select({
          r: prodComments,
          orderNumber: orderItems.orderNumber,
          prodName: orderItems.prodName,
          itemPic: orderItems.pic,
          prodPic: products.pic,
          nickName: users.nickName,
        })
        .from(prodComments)
        .leftJoin(products, eq(products.prodId, prodComments.prodId))
        .leftJoin(orderItems, eq(orderItems.orderItemId, prodComments.orderItemId))
        .leftJoin(users, eq(users.userId, prodComments.userId))
        .where(where)
        .orderBy(desc(prodComments.recTime), desc(prodComments.prodCommId))
        .limit(limit)
        .offset(offset),
    at,
  );
}

/** The buyer's reviews, newest first. */
export async function myReviews(
  db: Db,
  userId: string,
  locale: Locale,
  q: { current: number; size: number },
): Promise<Page<MyReviewDto>> {
  const { rows, total } = await reviewPage(db, eq(prodComments.userId, userId), q);
  // Reviews without an order line (demo data) take the product's current name.
  const names = new Map<number, string>();
  const missing = [...new Set(rows.filter((x) => !x.prodName).map((x) => x.r.prodId))];
  for (const prodId of missing) {
    const tr = await db
      .select({ locale: productTranslations.locale, name: productTranslations.prodName })
      .from(productTranslations)
      .where(eq(productTranslations.prodId, prodId));
    names.set(prodId, tr.find((t) => t.locale === locale)?.name ?? tr[0]?.name ?? "");
  }
  return pageOf(
    rows.map(({ r, orderNumber, prodName, itemPic, prodPic }) => ({
      ...reviewFields(r, locale),
      prodName: prodName ? pickText(prodName, locale) : (names.get(r.prodId) ?? ""),
      pic: itemPic || prodPic || "",
      orderNumber: orderNumber ?? null,
      orderItemId: r.orderItemId ?? null,
    })),
    total,
    q,
  );
}

/** The reviews of a shop's products, newest first; `replied` 0 = not yet answered, 1 = answered. */
export async function shopReviews(
  db: Db,
  shopId: number,
  locale: Locale,
  q: { current: number; size: number; replied?: 0 | 1 | undefined },
): Promise<Page<ShopReviewDto>> {
  const conds = [eq(products.shopId, shopId)];
  if (q.replied === 0) conds.push(isNull(prodComments.replyTime));
  if (q.replied === 1) conds.push(sql`${prodComments.replyTime} is not null`);
  const { rows, total } = await reviewPage(db, and(...conds), q);
  return pageOf(
    rows.map(({ r, orderNumber, prodName, prodPic, nickName }) => ({
      ...reviewFields(r, locale),
      prodName: prodName ? pickText(prodName, locale) : `#${r.prodId}`,
      pic: prodPic ?? "",
      orderNumber: orderNumber ?? null,
      nickName: r.isAnonymous === 1 ? maskNickName(nickName ?? "") : (nickName ?? ""),
    })),
    total,
    q,
  );
}

/** The shop answers a review of one of its products (a second reply replaces the first). */
export async function replyReview(
  db: Db,
  shopId: number,
  prodCommId: number,
  content: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: prodComments.prodCommId })
      .from(prodComments)
      .innerJoin(products, eq(products.prodId, prodComments.prodId))
      .where(and(eq(prodComments.prodCommId, prodCommId), eq(products.shopId, shopId)))
      .for("update", { of: prodComments })
      .limit(1);
    if (!row) throw new ReviewError("review.notFound");
    await tx
      .update(prodComments)
      .set({ replyContent: content, replyTime: now })
      .where(eq(prodComments.prodCommId, prodCommId));
  });
}
