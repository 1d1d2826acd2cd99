/**
 * /order-detail?orderNumber=: one of the buyer's orders (GET /p/myOrder/orderDetail) with its
 * progress steps, status and buttons, packages with logistics (GET /p/myDelivery/orderInfo/{n}),
 * items, amounts (goods, shipping, offers, points, paid), message, address and invoice.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { formatAddress } from "../../lib/address/address-format.ts";
import { isApiError } from "../../client/api.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import type { DeliveryOrderDto, OrderDetailDto } from "../../lib/order/order-types.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { ConfirmDialog, useConfirm } from "../common/dialog.tsx";
import { ProdImage, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { CLOSE_TYPE_REFUNDED } from "../../lib/order/order-state.ts";
import { LineAfterSalesLink, OrderActionButtons, useOrderActions } from "./OrderActions.tsx";
import { formatDateTime } from "../../lib/date-format.ts";
import { statusTextKey, timeLeft } from "./order-view.ts";
import { WriteOffCodes } from "./WriteOffCodes.tsx";
import { OrderPackages } from "./OrderPackages.tsx";
import "./order.css";
import "./order-detail.css";
import { getOrderDetail, listDeliveries } from "../../client/data/order.ts";

export default function OrderDetail(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <OrderDetailBody
        homeHref={props.homeHref}
        listHref={props.links.order ?? `${props.homeHref.replace(/\/$/, "")}/user-center/uc-order`}
      />
    </UcRoot>
  );
}

function OrderDetailBody({ homeHref, listHref }: { homeHref: string; listHref: string }) {
  const { t, locale } = useTranslation();
  const session = useSession();
  const base = homeHref.replace(/\/$/, "");
  const [orderNumber, setOrderNumber] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const { ask, confirm } = useConfirm();

  useEffect(() => {
    setOrderNumber((new URLSearchParams(location.search).get("orderNumber") ?? "").trim());
  }, []);

  const load = useUcLoad(
    { state: orderNumber === null ? "checking" : session.state, markGuest: session.markGuest },
    async (): Promise<{ order: OrderDetailDto | null; packages: DeliveryOrderDto[] }> => {
      if (!orderNumber) return { order: null, packages: [] };
      let order: OrderDetailDto;
      try {
        order = await getOrderDetail(orderNumber);
      } catch (e) {
        // A00001 = not this user's order (or none): the page says so instead of a toast.
        if (isApiError(e) && e.code === ResponseCode.SHOW_FAIL) return { order: null, packages: [] };
        throw e;
      }
      const packages = order.dvyTime ? await listDeliveries(orderNumber) : [];
      return { order, packages };
    },
    [orderNumber],
  );
  const order = load.data?.order;
  const unpaid = order?.status === 1;

  useEffect(() => {
    if (!unpaid) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [unpaid]);

  useEffect(() => {
    if (load.data && location.hash === "#mo-packages") document.getElementById("mo-packages")?.scrollIntoView();
  }, [load.data]);

  const actions = useOrderActions({
    base,
    ask,
    markGuest: session.markGuest,
    onChanged: load.reload,
    onDeleted: () => {
      setDeleted(true);
      location.assign(listHref);
    },
  });

  const back = (
    <a href={listHref} className="uc-link" data-testid="mo-back">
      {t("order.backToList")}
    </a>
  );
  const notFound = orderNumber === "" || (load.data !== null && load.data.order === null);

  if (notFound || deleted)
    return (
      <UcPanel title={t("order.detailTitle")} actions={back} testId="mo-detail-page">
        <div className="uc-state" data-testid="mo-not-found">
          <p>{t("order.notFound")}</p>
          <a className="btn btn-ghost" href={listHref}>
            {t("order.backToList")}
          </a>
        </div>
      </UcPanel>
    );

  const left = order && unpaid ? timeLeft(order.payDeadline, now, t) : null;
  const packages = load.data?.packages ?? [];
  const a = order?.userAddrDto;

  return (
    <UcPanel title={t("order.detailTitle")} actions={back} testId="mo-detail-page">
      <UcGate
        state={orderNumber === null ? "checking" : session.state}
        error={load.error}
        loading={load.loading && !load.data}
        onRetry={load.reload}
      >
        {order ? (
          <div className="mo-detail" data-testid="mo-detail" data-status={order.status}>
            <section className="mo-block mo-head" aria-labelledby="mo-status-h">
              <div className="mo-head-main">
                <p className="uc-muted">
                  {t("order.orderNumber")}
                  <span className="mo-number" data-testid="mo-detail-number">
                    {order.orderNumber}
                  </span>
                </p>
                <h2
                  id="mo-status-h"
                  className={`mo-head-status mo-status-${order.status}`}
                  data-testid="mo-detail-status"
                >
                  {t(statusTextKey(order.status, order.isComm, order.closeType, order.orderMold))}
                </h2>
                <p className="mo-head-hint" data-testid="mo-detail-hint">
                  {order.status === 1
                    ? left
                      ? t("order.hint.unpaid", { time: left })
                      : t("order.hint.expired")
                    : null}
                  {order.status === 2
                    ? t(order.orderMold === 1 ? "order.virtual.hintToUse" : "order.hint.toShip")
                    : null}
                  {order.status === 3 && order.receiptDeadline
                    ? t(order.refundStatus === 1 ? "order.hint.receiptPaused" : "order.hint.toReceive", {
                        time: formatDateTime(order.receiptDeadline),
                      })
                    : null}
                  {order.status === 5 ? t("order.hint.completed") : null}
                  {order.status === 6
                    ? t(
                        order.closeType === 1
                          ? "order.hint.closedTimeout"
                          : order.closeType === CLOSE_TYPE_REFUNDED
                            ? "order.hint.closedRefunded"
                            : "order.hint.closedCanceled",
                      )
                    : null}
                  {order.status === 7 ? t("order.hint.grouping") : null}
                </p>
                {order.orderType === 1 ? (
                  <a
                    className="uc-link"
                    href={`${base}/group-team?orderNumber=${encodeURIComponent(order.orderNumber)}`}
                    data-testid="mo-group-team"
                  >
                    {t("order.viewTeam")}
                  </a>
                ) : null}
              </div>
              <OrderActionButtons
                order={order}
                base={base}
                actions={actions}
                showDetail={false}
                onLogistics={() => document.getElementById("mo-packages")?.scrollIntoView({ behavior: "smooth" })}
              />
            </section>

            <section className="mo-block" aria-label={t("order.progressTitle")}>
              <ol className={`mo-steps${order.status === 6 ? " is-closed" : ""}`} data-testid="mo-steps">
                {order.progress.map((s, i) => (
                  <li key={s.key} className={`mo-step${s.done ? " is-done" : ""}`} data-done={s.done}>
                    <span className="mo-step-dot" aria-hidden="true">
                      {i + 1}
                    </span>
                    <span className="mo-step-name">{t(s.key)}</span>
                    <span className="mo-step-time">{s.time ? formatDateTime(s.time) : ""}</span>
                  </li>
                ))}
              </ol>
            </section>

            {order.orderMold === 1 ? (
              <WriteOffCodes codes={order.writeOffCodes} items={order.orderItemDtos} paid={order.payTime !== null} />
            ) : null}

            {packages.length > 0 ? <OrderPackages packages={packages} /> : null}

            <section className="mo-block mo-info" aria-label={t("order.infoTitle")}>
              <div>
                <h2 className="mo-block-title">{t("order.address")}</h2>
                {order.orderMold === 1 ? (
                  <p data-testid="mo-address">{t("order.virtual.noAddress")}</p>
                ) : a ? (
                  <p data-testid="mo-address" data-user-content>
                    {a.receiver} {a.mobile}
                    <br />
                    {formatAddress(a, locale)}
                  </p>
                ) : null}
              </div>
              <div>
                <h2 className="mo-block-title">{t("order.orderInfo")}</h2>
                <dl className="mo-dl">
                  <dt>{t("order.shop")}</dt>
                  <dd>
                    <a href={`${base}/shopIndex?sid=${order.shopId}`}>{order.shopName}</a>{" "}
                    <a
                      className="uc-link"
                      href={`${base}/chat?shopId=${order.shopId}&orderNumber=${encodeURIComponent(order.orderNumber)}`}
                      data-testid="mo-contact-seller"
                    >
                      {t("order.contactSeller")}
                    </a>
                  </dd>
                  <dt>{t("order.createTime")}</dt>
                  <dd>{formatDateTime(order.createTime)}</dd>
                  {order.payTime ? (
                    <>
                      <dt>{t("order.payTime")}</dt>
                      <dd>{formatDateTime(order.payTime)}</dd>
                      <dt>{t("order.payTypeLabel")}</dt>
                      <dd>
                        {order.payType === null
                          ? ""
                          : t(String(`order.payType.${order.payType}`), { defaultValue: String(order.payType) })}
                      </dd>
                    </>
                  ) : null}
                  {order.dvyTime ? (
                    <>
                      <dt>{t("order.dvyTime")}</dt>
                      <dd>{formatDateTime(order.dvyTime)}</dd>
                    </>
                  ) : null}
                  {order.finallyTime ? (
                    <>
                      <dt>{t("order.finallyTime")}</dt>
                      <dd>{formatDateTime(order.finallyTime)}</dd>
                    </>
                  ) : null}
                  {order.cancelTime ? (
                    <>
                      <dt>{t("order.cancelTime")}</dt>
                      <dd>{formatDateTime(order.cancelTime)}</dd>
                    </>
                  ) : null}
                </dl>
              </div>
              <div>
                <h2 className="mo-block-title">{t("order.invoice")}</h2>
                <p data-testid="mo-invoice">
                  {!order.invoice || order.invoice.invoiceType === 0 ? t("order.invoiceNone") : null}
                  {order.invoice && order.invoice.invoiceType !== 0 ? (
                    <>
                      {t(order.invoice.invoiceType === 2 ? "order.invoiceUnit" : "order.invoicePersonal")}:{" "}
                      {order.invoice.headerName}
                      {order.invoice.invoiceTaxNumber ? (
                        <>
                          <br />
                          {t("order.taxNumber")}: {order.invoice.invoiceTaxNumber}
                        </>
                      ) : null}
                      <br />
                      <a
                        className="uc-link"
                        href={`${base}/invoice-detail?orderNumber=${encodeURIComponent(order.orderNumber)}`}
                        data-testid="mo-invoice-link"
                      >
                        {t("invoice.view")}
                      </a>
                    </>
                  ) : null}
                </p>
                <h2 className="mo-block-title">{t("order.remarks")}</h2>
                <p className="mo-remarks" data-testid="mo-remarks">
                  {order.remarks ? (
                    <span data-user-content>{order.remarks}</span>
                  ) : (
                    <span className="uc-muted">{t("order.noRemarks")}</span>
                  )}
                </p>
              </div>
            </section>

            <section className="mo-block" aria-label={t("order.itemsTitle")}>
              <table className="mo-table" data-testid="mo-items">
                <thead>
                  <tr>
                    <th scope="col">{t("order.col.goods")}</th>
                    <th scope="col">{t("order.col.price")}</th>
                    <th scope="col">{t("order.col.quantity")}</th>
                    <th scope="col">{t("order.col.subtotal")}</th>
                  </tr>
                </thead>
                <tbody>
                  {order.orderItemDtos.map((it) => (
                    <tr key={it.orderItemId}>
                      <td>
                        <a className="mo-goods" href={`${base}/detail/${it.prodId}`}>
                          <ProdImage src={it.pic} alt="" size={64} />
                          <span className="mo-goods-text">
                            <span className="mo-goods-name clamp-2">{it.prodName}</span>
                            {it.skuName ? <span className="uc-muted">{it.skuName}</span> : null}
                          </span>
                        </a>
                      </td>
                      <td>¥{it.price}</td>
                      <td>{it.prodCount}</td>
                      <td>
                        ¥{it.productTotalAmount}
                        <LineAfterSalesLink item={it} base={base} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <dl className="mo-sum" data-testid="mo-sum">
                <dt>{t("order.goodsTotal")}</dt>
                <dd>¥{order.total}</dd>
                <dt>{t("order.shipping")}</dt>
                <dd>+ ¥{order.freightAmount}</dd>
                <dt>{t("order.offers")}</dt>
                <dd>- ¥{order.reduceAmount}</dd>
                <dt>{order.userScore > 0 ? t("order.pointsUsed", { count: order.userScore }) : t("order.points")}</dt>
                <dd>- ¥{order.scoreAmount}</dd>
                <dt className="mo-sum-total">
                  {order.payTime
                    ? t("order.amountPaid")
                    : order.status === 1
                      ? t("order.amountToPay")
                      : t("order.orderAmount")}
                </dt>
                <dd className="mo-sum-total">
                  <strong className="uc-price" data-testid="mo-total">
                    ¥{order.actualTotal}
                  </strong>
                </dd>
              </dl>
            </section>
          </div>
        ) : null}
      </UcGate>
      <ConfirmDialog confirm={confirm} />
    </UcPanel>
  );
}
