/**
 * /user-center/uc-comments: the orders waiting for my review (GET /p/myOrder/myOrder status 4, the
 * my-orders "pending evaluation" tab) with a link to write it, then my reviews, newest first
 * (GET /p/prodComm/prodCommPageByUser), paged. Nothing at all: an empty state with a link to my orders.
 */
import { FullSizeLink, Picture } from "../common/Picture.tsx";
import { useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { formatDateTime } from "../../lib/date-format.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { Pager, ProdImage, UcEmpty, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import "../common/thumbs.css";
import "./review.css";
import { listMyOrders } from "../../client/data/order.ts";
import { listMyReviews } from "../../client/data/review.ts";

const SIZE = 10;
/** Orders waiting for a review shown here (the rest are in my orders' "pending evaluation" tab). */
const WAITING = 5;
/** The my-orders tab of completed orders not reviewed yet (ORDER_TABS "toReview"). */
const TO_REVIEW_TAB = 4;

export default function MyReviews(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <MyReviewsBody base={props.homeHref.replace(/\/$/, "")} />
    </UcRoot>
  );
}

function MyReviewsBody({ base }: { base: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [current, setCurrent] = useState(1);
  const load = useUcLoad(session, () => listMyReviews(current, SIZE), [current]);
  const waiting = useUcLoad(session, () => listMyOrders({ status: TO_REVIEW_TAB, current: 1, size: WAITING }));
  const page = load.data;
  const toReview = waiting.data?.records ?? [];
  return (
    <UcPanel title={t("review.mine.title")} testId="uc-comments">
      <UcGate state={session.state} error={load.error} loading={load.loading && !page} onRetry={load.reload}>
        {toReview.length > 0 ? (
          <section className="mr-waiting" aria-labelledby="mr-waiting-title" data-testid="mr-waiting">
            <h2 id="mr-waiting-title">{t("review.mine.waiting")}</h2>
            <ul>
              {toReview.map((o) => (
                <li key={o.orderNumber} className="mr-waiting-order" data-testid="mr-waiting-order">
                  <ul className="mr-waiting-pics">
                    {o.orderItemDtos.slice(0, 3).map((it) => (
                      <li key={it.orderItemId}>
                        <ProdImage src={it.pic} alt={it.prodName} size={56} />
                      </li>
                    ))}
                  </ul>
                  <div className="mr-body">
                    <p className="mr-waiting-name">{o.orderItemDtos.map((it) => it.prodName).join(" · ")}</p>
                    <p className="mr-top">
                      {t("review.mine.orderOf", { orderNumber: o.orderNumber, date: formatDateTime(o.createTime) })}
                    </p>
                  </div>
                  <a
                    className="btn"
                    href={`${base}/write-comments?orderNumber=${encodeURIComponent(o.orderNumber)}`}
                    data-testid="mr-write"
                  >
                    {t("review.mine.writeReview")}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {page && page.records.length === 0 && toReview.length === 0 && waiting.data ? (
          <UcEmpty
            icon="star"
            text={t("review.mine.empty")}
            href={`${base}/user-center/uc-order`}
            linkText={t("review.mine.goOrders")}
            testId="mr-empty"
          />
        ) : null}
        {page && page.records.length > 0 ? (
          <ol className="mr-list">
            {page.records.map((r) => (
              <li key={r.prodCommId} className="mr-item" data-testid="mr-item">
                <a href={`${base}/detail/${r.prodId}`}>
                  <ProdImage src={r.pic} alt={r.prodName} size={64} />
                </a>
                <div className="mr-body">
                  <a href={`${base}/detail/${r.prodId}`}>{r.prodName}</a>
                  <p className="mr-top">
                    <span className="mr-stars" role="img" aria-label={t("review.write.star", { count: r.score })}>
                      {"★".repeat(r.score)}
                    </span>
                    <time dateTime={r.recTime}>{formatDateTime(r.recTime)}</time>
                    {r.skuName ? <span>{r.skuName}</span> : null}
                    {r.isAnonymous === 1 ? <span className="mr-tag">{t("review.mine.anonymous")}</span> : null}
                    {r.orderNumber ? <span>{t("review.mine.order", { orderNumber: r.orderNumber })}</span> : null}
                  </p>
                  <p className="mr-text" data-testid="mr-text" data-user-content>
                    {r.content}
                  </p>
                  {r.pics.length > 0 ? (
                    <ul className="thumbs">
                      {r.pics.map((src, i) => (
                        <li key={src}>
                          <FullSizeLink src={src}>
                            <Picture src={src} alt={t("review.mine.picAlt", { n: i + 1 })} width={64} height={64} />
                          </FullSizeLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {r.replyContent ? (
                    <p className="mr-reply">
                      {t("review.mine.reply")}
                      <span data-user-content>{r.replyContent}</span>
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        ) : null}
        {page && page.pages > 1 ? (
          <Pager current={page.current} pages={page.pages} onChange={setCurrent} label={t("review.mine.title")} />
        ) : null}
      </UcGate>
    </UcPanel>
  );
}
