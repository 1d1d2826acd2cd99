/**
 * /return-detail?refundSn=: progress of one after-sales application (GET /p/orderRefund/info): the
 * steps of SPEC §4, status, goods, amount, reason, images, the shop's message or reason for
 * refusing, the return parcel; withdraw (PUT /p/orderRefund/cancel), change and apply again
 * (apply-return page), and for an accepted return the form to send the tracking number
 * (POST /p/orderRefund/submitExpress). Refunded: how much went back and where.
 */
import { FullSizeLink, Picture } from "../common/Picture.tsx";
import { useState, type FormEvent } from "react";
import { refundAllows } from "../../lib/refund/refund-state.ts";
import type { RefundDto } from "../../lib/refund/refund-types.ts";
import { DELIVERY_COMPANIES } from "../../lib/order/order-types.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { useQueryRecord } from "../common/useQueryRecord.ts";
import { formatDateTime } from "../../lib/date-format.ts";
import { toastOk } from "../common/feedback.ts";
import { ConfirmDialog, useConfirm } from "../common/dialog.tsx";
import { ProdImage, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { applyReturnHref, refundStsKey } from "./refund-view.ts";
import "../common/thumbs.css";
import { FormFoot, FormRow } from "../common/FormRow.tsx";
import "./refund.css";
import { cancelRefund, getRefund, submitRefundExpress } from "../../client/data/refund.ts";

export default function ReturnDetail(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <DetailBody
        base={props.homeHref.replace(/\/$/, "")}
        listHref={props.links.return ?? `${props.homeHref.replace(/\/$/, "")}/user-center/uc-return`}
      />
    </UcRoot>
  );
}

function DetailBody({ base, listHref }: { base: string; listHref: string }) {
  const { t, locale } = useTranslation();
  const { ask, confirm } = useConfirm();
  const load = useQueryRecord<RefundDto>("refundSn", getRefund);
  const r = load.record ?? null;
  const action = useAction({ onGuest: load.markGuest, fallback: t("userCenter.common.actionFailed") });

  const withdraw = () =>
    ask(
      t("refund.detail.withdrawAsk"),
      () =>
        void action.run(async () => {
          await cancelRefund(r!.refundSn);
          toastOk(t("refund.detail.withdrawn"));
          load.reload();
        }),
    );

  return (
    <UcPanel title={t("refund.detail.title")} testId="return-detail">
      <UcGate
        state={load.state}
        error={load.error}
        loading={load.loading && load.record === undefined}
        onRetry={load.reload}
      >
        {load.record === null ? <p className="empty-state">{t("refund.detail.notFound")}</p> : null}
        {r ? (
          <>
            <p className="rd-head">
              <span>{t("refund.detail.refundSn", { refundSn: r.refundSn })}</span>
              <a className="uc-link" href={`${base}/order-detail?orderNumber=${encodeURIComponent(r.orderNumber)}`}>
                {t("refund.detail.order", { orderNumber: r.orderNumber })}
              </a>
            </p>
            <ol className="rd-steps" data-testid="rd-steps">
              {r.steps.map((s) => (
                <li key={s.key} className={s.done ? "is-done" : ""}>
                  <span className="rd-step-name">{t(`refund.steps.${s.key}`)}</span>
                  {s.time ? <time dateTime={s.time}>{formatDateTime(s.time)}</time> : null}
                </li>
              ))}
            </ol>
            <p className={`rd-status rd-sts-${r.returnMoneySts}`} data-testid="rd-status">
              {t(refundStsKey(r))}
            </p>
            {r.returnMoneySts === 5 ? (
              <p className="rd-refunded" data-testid="rd-refunded">
                {t("refund.detail.refundedTo", {
                  amount: r.refundAmount,
                  way: t(`refund.way.${r.refundWay ?? "balance"}`),
                })}
                {r.refundScore > 0 ? ` · ${t("refund.detail.score")} ${r.refundScore}` : null}
              </p>
            ) : null}
            {r.returnMoneySts === 8 ? (
              <p className="rd-hint" data-testid="rd-refunding">
                {t("refund.detail.refunding", { amount: r.refundAmount })}
              </p>
            ) : null}
            {r.returnMoneySts === 1 && r.dueAt ? (
              <p className="rd-hint">{t("refund.detail.dueSeller", { time: formatDateTime(r.dueAt) })}</p>
            ) : null}
            {refundAllows(r, "ship") && r.dueAt ? (
              <p className="rd-hint">{t("refund.detail.dueShip", { time: formatDateTime(r.dueAt) })}</p>
            ) : null}
            {r.rejectMessage && r.returnMoneySts === 7 ? (
              <p className="rd-reject" data-testid="rd-reject">
                {t("refund.detail.rejectMessage")}: {r.rejectMessage}
              </p>
            ) : null}
            {r.sellerMsg ? (
              <p className="rd-msg" data-testid="rd-seller-msg">
                {t("refund.detail.sellerMsg")}: {r.sellerMsg}
              </p>
            ) : null}
            {r.refundDelivery ? (
              <p className="rd-msg">
                {t("refund.detail.parcel", {
                  company:
                    DELIVERY_COMPANIES.find((c) => c.dvyId === r.refundDelivery!.dvyId)?.dvyName[locale] ??
                    r.refundDelivery.expressName,
                  no: r.refundDelivery.expressNo,
                })}
              </p>
            ) : null}

            {refundAllows(r, "ship") ? (
              <ShipForm refundSn={r.refundSn} mobile={r.buyerMobile} onGuest={load.markGuest} onDone={load.reload} />
            ) : null}

            <dl className="rd-table">
              <dt>{t("refund.detail.goods")}</dt>
              <dd>
                <ul className="rd-items">
                  {r.orderItems.map((i) => (
                    <li key={i.orderItemId}>
                      <ProdImage src={i.pic} alt="" size={48} />
                      <span>
                        {i.prodName} <small>{i.skuName}</small> ×{i.goodsNum}
                      </span>
                    </li>
                  ))}
                </ul>
              </dd>
              <dt>{t("refund.apply.type")}</dt>
              <dd>{t(`refund.applyType.${r.applyType}`)}</dd>
              <dt>{t("refund.detail.amount")}</dt>
              <dd data-testid="rd-amount">¥{r.refundAmount}</dd>
              <dt>{t("refund.detail.reason")}</dt>
              <dd>{t(`refund.reasons.${r.buyerReason}`)}</dd>
              {r.buyerDesc ? (
                <>
                  <dt>{t("refund.detail.desc")}</dt>
                  <dd className="rd-desc">{r.buyerDesc}</dd>
                </>
              ) : null}
              {r.photoFiles.length > 0 ? (
                <>
                  <dt>{t("refund.detail.photos")}</dt>
                  <dd>
                    <ul className="thumbs" data-testid="rd-photos">
                      {r.photoFiles.map((p) => (
                        <li key={p}>
                          <FullSizeLink src={p}>
                            <Picture src={p} alt="" width={64} height={64} />
                          </FullSizeLink>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </>
              ) : null}
              <dt>{t("refund.detail.mobile")}</dt>
              <dd>{r.buyerMobile}</dd>
              <dt>{t("refund.detail.applyTime")}</dt>
              <dd>{formatDateTime(r.applyTime)}</dd>
            </dl>
            <div className="rd-actions">
              {refundAllows(r, "modify") ? (
                <a
                  className="btn btn-ghost"
                  href={applyReturnHref(base, r.orderNumber, { refundSn: r.refundSn })}
                  data-testid="rd-modify"
                >
                  {t("refund.detail.modify")}
                </a>
              ) : null}
              {refundAllows(r, "withdraw") ? (
                <button type="button" className="btn btn-ghost" onClick={withdraw} data-testid="rd-withdraw">
                  {t("refund.detail.withdraw")}
                </button>
              ) : null}
              <a className="uc-link" href={listHref}>
                {t("refund.detail.backToList")}
              </a>
            </div>
          </>
        ) : null}
      </UcGate>
      <ConfirmDialog confirm={confirm} />
    </UcPanel>
  );
}

function ShipForm({
  refundSn,
  mobile,
  onGuest,
  onDone,
}: {
  refundSn: string;
  mobile: string;
  onGuest: () => void;
  onDone: () => void;
}) {
  const { t, locale } = useTranslation();
  const [expressId, setExpressId] = useState("");
  const [expressNo, setExpressNo] = useState("");
  const [remarks, setRemarks] = useState("");
  const [error, setError] = useState("");
  const saver = useAction({ onGuest, fallback: t("userCenter.common.actionFailed"), setError });
  const saving = saver.busy;
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    await saver.run(async () => {
      await submitRefundExpress({ refundSn, expressId, expressNo, mobile, senderRemarks: remarks });
      toastOk(t("refund.detail.shipped"));
      onDone();
    });
  }
  return (
    <form className="rd-ship" onSubmit={(e) => void submit(e)} noValidate data-testid="rd-ship">
      <h2>{t("refund.detail.shipTitle")}</h2>
      <FormRow kind="ar" label={t("refund.detail.company")}>
        <select
          className="select ar-select"
          value={expressId}
          onChange={(e) => setExpressId(e.currentTarget.value)}
          data-testid="rd-company"
        >
          <option value="">{t("refund.detail.chooseCompany")}</option>
          {DELIVERY_COMPANIES.map((c) => (
            <option key={c.dvyId} value={c.dvyId}>
              {c.dvyName[locale]}
            </option>
          ))}
        </select>
      </FormRow>
      <FormRow kind="ar" label={t("refund.detail.expressNo")}>
        <input
          className="input ar-amount"
          value={expressNo}
          maxLength={30}
          onChange={(e) => setExpressNo(e.currentTarget.value)}
          data-testid="rd-express-no"
        />
      </FormRow>
      <FormRow kind="ar" label={t("refund.detail.remarks")}>
        <input className="input" value={remarks} maxLength={200} onChange={(e) => setRemarks(e.currentTarget.value)} />
      </FormRow>
      <FormFoot kind="ar" error={error} errorTestId="rd-ship-error">
        <button type="submit" className="btn" disabled={saving} data-testid="rd-ship-submit">
          {t("refund.detail.ship")}
        </button>
      </FormFoot>
    </form>
  );
}
