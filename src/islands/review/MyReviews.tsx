/** /user-center/uc-comments: my reviews, newest first (GET /p/prodComm/prodCommPageByUser), paged. */
import { useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { get } from "../../client/api.ts";
import type { Page } from "../../lib/api-types.ts";
import { formatTime } from "../common/format.ts";
import type { MyReviewDto } from "../../lib/review/review-types.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { Pager, ProdImage, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import "../common/thumbs.css";
import "./review.css";

const SIZE = 10;

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
  const load = useUcLoad(
    session,
    () => get<Page<MyReviewDto>>("/p/prodComm/prodCommPageByUser", { current, size: SIZE }),
    [current],
  );
  const page = load.data;
  return (
    <UcPanel title={t("review.mine.title")} testId="uc-comments">
      <UcGate state={session.state} error={load.error} loading={load.loading && !page} onRetry={load.reload}>
        {page && page.records.length === 0 ? <p className="empty-state">{t("review.mine.empty")}</p> : null}
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
                    <time dateTime={r.recTime}>{formatTime(r.recTime)}</time>
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
                          <a href={src} target="_blank" rel="noopener">
                            <img
                              src={src}
                              alt={t("review.mine.picAlt", { n: i + 1 })}
                              width={64}
                              height={64}
                              loading="lazy"
                            />
                          </a>
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
