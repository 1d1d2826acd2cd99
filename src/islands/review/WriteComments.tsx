/**
 * /write-comments?orderNumber=: review the lines of a completed order (GET /p/myOrder/orderDetail
 * for the lines and their review flag; POST /p/prodComm per line). Score 1-5, text up to 150,
 * up to 9 photos (uploaded at once), anonymous flag. The server checks everything and answers
 * refusals in the buyer's language; the form keeps what was typed when a submit is refused.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { useQueryRecord } from "../common/useQueryRecord.ts";
import { REVIEW_PHOTOS_MAX, REVIEW_TEXT_MAX } from "../../lib/review/review-form.ts";
import type { OrderDetailDto, OrderItemDto } from "../../lib/order/order-types.ts";
import { PhotoUpload } from "../common/PhotoUpload.tsx";
import { toastOk } from "../common/feedback.ts";
import { ProdImage, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import "./review.css";
import { getOrderDetail } from "../../client/data/order.ts";
import { submitReview } from "../../client/data/review.ts";

export default function WriteComments(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <WriteCommentsBody
        base={props.homeHref.replace(/\/$/, "")}
        ordersHref={props.links.order ?? `${props.homeHref.replace(/\/$/, "")}/user-center/uc-order`}
      />
    </UcRoot>
  );
}

function WriteCommentsBody({ base, ordersHref }: { base: string; ordersHref: string }) {
  const { t } = useTranslation();
  const load = useQueryRecord<OrderDetailDto>("orderNumber", getOrderDetail);
  const order = load.record ?? null;
  const reviewable = order && order.status === 5;
  const [done, setDone] = useState<Set<number>>(new Set());
  const isDone = (it: OrderItemDto) => it.commSts === 1 || done.has(it.orderItemId);
  const allDone = reviewable && order.orderItemDtos.every(isDone);

  return (
    <UcPanel title={t("review.write.title")} testId="write-comments">
      <UcGate
        state={load.state}
        error={load.error}
        loading={load.loading && load.record === undefined}
        onRetry={load.reload}
      >
        {load.record !== undefined && (!order || !reviewable) ? (
          <p className="empty-state" data-testid="wc-no-order">
            {t("review.write.noOrder")}
          </p>
        ) : null}
        {order && reviewable ? (
          <>
            <p className="wc-order">{t("review.write.order", { orderNumber: order.orderNumber })}</p>
            {allDone ? (
              <p className="wc-all-done" role="status" data-testid="wc-all-done">
                {t("review.write.allDone")}
              </p>
            ) : null}
            <ol className="wc-items">
              {order.orderItemDtos.map((it) => (
                <li key={it.orderItemId} className="wc-item" data-testid="wc-item">
                  <div className="wc-prod">
                    <ProdImage src={it.pic} alt="" size={64} />
                    <div>
                      <a href={`${base}/detail/${it.prodId}`} className="wc-prod-name">
                        {it.prodName}
                      </a>
                      {it.skuName ? <p className="wc-sku">{it.skuName}</p> : null}
                    </div>
                  </div>
                  {isDone(it) ? (
                    <p className="wc-reviewed" data-testid="wc-reviewed">
                      {t("review.write.reviewed")} ·{" "}
                      <a href={`${base}/detail/${it.prodId}?rc=1#reviews`}>{t("review.write.viewProduct")}</a>
                    </p>
                  ) : (
                    <ReviewForm
                      item={it}
                      onDone={() => setDone((s) => new Set(s).add(it.orderItemId))}
                      onGuest={load.markGuest}
                    />
                  )}
                </li>
              ))}
            </ol>
          </>
        ) : null}
        <p>
          <a href={ordersHref} className="uc-link">
            {t("review.write.backToOrders")}
          </a>
        </p>
      </UcGate>
    </UcPanel>
  );
}

function ReviewForm({ item, onDone, onGuest }: { item: OrderItemDto; onDone: () => void; onGuest: () => void }) {
  const { t } = useTranslation();
  const [score, setScore] = useState(5);
  const [content, setContent] = useState("");
  const [pics, setPics] = useState<string[]>([]);
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState("");
  const saver = useAction({ onGuest, fallback: t("userCenter.common.actionFailed"), setError });
  const saving = saver.busy;
  const idp = `wc-${item.orderItemId}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    await saver.run(async () => {
      await submitReview({ orderItemId: item.orderItemId, score, content, pics, isAnonymous: anonymous ? 1 : 0 });
      toastOk(t("review.write.submitted"));
      onDone();
    });
  }

  return (
    <form className="wc-form" onSubmit={(e) => void submit(e)} noValidate data-testid="wc-form">
      <div className="rating wc-stars" role="radiogroup" aria-labelledby={`${idp}-score-label`}>
        <span id={`${idp}-score-label`} className="wc-label">
          {t("review.write.score")}
        </span>
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className={n <= score ? "rating-star is-on" : "rating-star"}
            title={t(`review.write.scoreText.${n}`)}
          >
            <input
              type="radio"
              name={`${idp}-score`}
              value={n}
              checked={score === n}
              onChange={() => setScore(n)}
              data-testid={`wc-star-${n}`}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t("review.write.star", { count: n })}</span>
          </label>
        ))}
        <span className="wc-score-text">{t(`review.write.scoreText.${score}`)}</span>
      </div>
      <label htmlFor={`${idp}-text`} className="wc-label">
        {t("review.write.content")}
      </label>
      <textarea
        id={`${idp}-text`}
        className="textarea"
        value={content}
        maxLength={REVIEW_TEXT_MAX}
        rows={4}
        placeholder={t("review.write.placeholder")}
        onChange={(e) => setContent(e.currentTarget.value)}
        aria-describedby={error ? `${idp}-err` : undefined}
        data-testid="wc-text"
      />
      <p className="wc-counter">{t("review.write.counter", { n: [...content].length })}</p>
      <p className="wc-label">{t("review.write.photos")}</p>
      <PhotoUpload
        folder="review"
        max={REVIEW_PHOTOS_MAX}
        value={pics}
        onChange={setPics}
        onUnauthorized={onGuest}
        testId="wc-photos"
        texts={{
          add: t("review.write.addPhoto"),
          uploading: t("review.write.uploading"),
          remove: (n) => t("review.write.removePhoto", { n }),
          format: t("review.write.photoFormat"),
          size: t("review.write.photoSize"),
          failed: t("userCenter.common.actionFailed"),
        }}
      />
      <label className="check wc-anon">
        <input
          type="checkbox"
          checked={anonymous}
          onChange={(e) => setAnonymous(e.currentTarget.checked)}
          data-testid="wc-anonymous"
        />{" "}
        {t("review.write.anonymous")}
      </label>
      {error ? (
        <p id={`${idp}-err`} className="uc-field-error" role="alert" data-testid="wc-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={saving} data-testid="wc-submit">
        {t("review.write.submit")}
      </button>
    </form>
  );
}
