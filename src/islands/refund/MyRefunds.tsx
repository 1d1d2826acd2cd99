/** /user-center/uc-return: my refunds and returns, newest first (GET /p/orderRefund/list), paged. */
import { useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { formatDateTime } from "../../lib/date-format.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { Pager, ProdImage, UcEmpty, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { refundStsKey, returnDetailHref } from "./refund-view.ts";
import "./refund.css";
import { listRefunds } from "../../client/data/refund.ts";

export default function MyRefunds(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <ListBody base={props.homeHref.replace(/\/$/, "")} />
    </UcRoot>
  );
}

function ListBody({ base }: { base: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [current, setCurrent] = useState(1);
  const load = useUcLoad(session, () => listRefunds(current, 10), [current]);
  const page = load.data;
  return (
    <UcPanel title={t("refund.list.title")} testId="uc-return">
      <UcGate state={session.state} error={load.error} loading={load.loading && !page} onRetry={load.reload}>
        {page && page.records.length === 0 ? (
          <UcEmpty
            icon="returns"
            text={t("refund.list.empty")}
            href={`${base}/user-center/uc-order`}
            linkText={t("review.mine.goOrders")}
            testId="rl-empty"
          />
        ) : null}
        {page && page.records.length > 0 ? (
          <ol className="rl-list">
            {page.records.map((r) => (
              <li key={r.refundSn} className="rl-item" data-testid="rl-item">
                <p className="rl-head">
                  <span>{formatDateTime(r.applyTime)}</span>
                  <span>{t("refund.detail.refundSn", { refundSn: r.refundSn })}</span>
                  <span>{r.shopName}</span>
                </p>
                <div className="rl-body">
                  <ul className="rd-items">
                    {r.orderItems.map((i) => (
                      <li key={i.orderItemId}>
                        <ProdImage src={i.pic} alt="" size={48} />
                        <span>
                          {i.prodName} <small>{i.skuName}</small> {t("refund.list.pieces", { n: i.goodsNum })}
                        </span>
                      </li>
                    ))}
                  </ul>
                  <span>{t(`refund.applyType.${r.applyType}`)}</span>
                  <span className="rl-amount">¥{r.refundAmount}</span>
                  <span className={`rl-sts rd-sts-${r.returnMoneySts}`} data-testid="rl-status">
                    {t(refundStsKey(r))}
                  </span>
                  <a className="uc-link" href={returnDetailHref(base, r.refundSn)} data-testid="rl-view">
                    {t("refund.list.view")}
                  </a>
                </div>
              </li>
            ))}
          </ol>
        ) : null}
        {page && page.pages > 1 ? (
          <Pager current={page.current} pages={page.pages} onChange={setCurrent} label={t("refund.list.title")} />
        ) : null}
      </UcGate>
    </UcPanel>
  );
}
