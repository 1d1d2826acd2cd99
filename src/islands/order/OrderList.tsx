/**
 * /user-center/uc-order: the buyer's orders. Tabs by status with counts (GET /p/myOrder/orderCount),
 * a search box (order number or product name), paging (GET /p/myOrder/myOrder). The tab, the
 * search and the page are kept in the URL (?status=&orderName=&current=). Each order card: shop,
 * order number, time, items, amount incl. freight, status and the buttons of its status.
 */
import { POINTS_ORDER_TYPE } from "../../lib/points-mall/points-mall.ts";
import { useCallback, useEffect, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { useSession, useUcLoad } from "../common/session.ts";
import { ConfirmDialog, useConfirm } from "../common/dialog.tsx";
import { Pager, ProdImage, UcEmpty, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { detailHref, LineAfterSalesLink, OrderActionButtons, useOrderActions } from "./OrderActions.tsx";
import { formatDateTime } from "../../lib/date-format.ts";
import { writeOffRuleText } from "../../lib/order/virtual-goods.ts";
import {
  listQuery,
  ORDER_PAGE_SIZE,
  ORDER_TABS,
  statusTextKey,
  tabCount,
  tabFromParam,
  timeLeft,
} from "./order-view.ts";
import "./order.css";
import { getOrderCounts, listMyOrders } from "../../client/data/order.ts";

export default function OrderList(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <OrderListBody homeHref={props.homeHref} />
    </UcRoot>
  );
}

interface ListState {
  status: number;
  orderName: string;
  current: number;
}

function readUrl(): ListState {
  const q = new URLSearchParams(location.search);
  const tab = ORDER_TABS.find((x) => x.tab === tabFromParam(q.get("status") ?? ""))!;
  const current = Number(q.get("current"));
  return {
    status: tab.param,
    orderName: (q.get("orderName") ?? "").trim(),
    current: Number.isSafeInteger(current) && current > 0 ? current : 1,
  };
}

function OrderListBody({ homeHref }: { homeHref: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const base = homeHref.replace(/\/$/, "");
  const [state, setState] = useState<ListState | null>(null);
  const [input, setInput] = useState("");
  const { ask, confirm } = useConfirm();

  useEffect(() => {
    const s = readUrl();
    setState(s);
    setInput(s.orderName);
    const onPop = () => {
      const next = readUrl();
      setState(next);
      setInput(next.orderName);
    };
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);

  const go = useCallback((next: ListState) => {
    setState(next);
    history.pushState(history.state, "", `${location.pathname}${listQuery(next.status, next.orderName, next.current)}`);
  }, []);

  const counts = useUcLoad(session, () => getOrderCounts());
  const list = useUcLoad(
    { state: state ? session.state : "checking", markGuest: session.markGuest },
    () =>
      listMyOrders({
        status: state!.status,
        current: state!.current,
        size: ORDER_PAGE_SIZE,
        orderName: state!.orderName || undefined,
      }),
    [state?.status, state?.current, state?.orderName],
  );

  const reloadAll = () => {
    counts.reload();
    list.reload();
  };
  const actions = useOrderActions({
    base,
    ask,
    markGuest: session.markGuest,
    onChanged: reloadAll,
    onDeleted: () => {
      counts.reload();
      if (state && list.data && list.data.records.length === 1 && state.current > 1)
        go({ ...state, current: state.current - 1 });
      else list.reload();
    },
  });

  function selectTab(param: number) {
    if (!state) return;
    go({ status: param, orderName: state.orderName, current: 1 });
  }

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    const next = tabs[(index + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length]!;
    selectTab(next.param);
    document.getElementById(`mo-tab-${next.param}`)?.focus();
  }

  function search(e: FormEvent) {
    e.preventDefault();
    if (!state) return;
    go({ status: state.status, orderName: input.trim(), current: 1 });
  }

  const status = state?.status ?? 0;
  // "Grouping" and "to be used" show only when the buyer has such orders (or asked for the tab).
  const tabs = ORDER_TABS.filter(
    (x) =>
      (x.tab !== "grouping" && x.tab !== "toUse") ||
      (counts.data?.[x.tab === "toUse" ? "toUse" : "grouping"] ?? 0) > 0 ||
      status === x.param,
  );
  const data = list.data;
  const now = Date.now();

  return (
    <UcPanel title={t("order.title")} testId="uc-order">
      <div className="uc-tabs mo-tabs" role="tablist" aria-label={t("order.title")}>
        {tabs.map((tab, i) => {
          const n = tabCount(tab.tab, counts.data);
          return (
            <button
              key={tab.tab}
              id={`mo-tab-${tab.param}`}
              type="button"
              role="tab"
              aria-selected={status === tab.param}
              aria-controls="mo-tabpanel"
              tabIndex={status === tab.param ? 0 : -1}
              className="uc-tab"
              data-testid={`mo-tab-${tab.param}`}
              onClick={() => selectTab(tab.param)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t(tab.labelKey)}
              {n ? (
                <span className="mo-tab-count" data-testid="mo-tab-count">
                  {n > 99 ? "99+" : n}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div id="mo-tabpanel" role="tabpanel" aria-labelledby={`mo-tab-${status}`} className="uc-tabpanel">
        <form className="mo-search" role="search" onSubmit={search}>
          <input
            type="search"
            className="input mo-search-input"
            value={input}
            maxLength={50}
            onChange={(e) => setInput(e.target.value)}
            placeholder={t("order.searchPlaceholder")}
            aria-label={t("order.searchPlaceholder")}
            data-testid="mo-search-input"
          />
          <button type="submit" className="btn" data-testid="mo-search-btn">
            {t("order.search")}
          </button>
          {state?.orderName ? (
            <button
              type="button"
              className="uc-link-btn"
              onClick={() => {
                setInput("");
                go({ status, orderName: "", current: 1 });
              }}
            >
              {t("order.clearSearch")}
            </button>
          ) : null}
        </form>
        <div className="mo-thead" aria-hidden="true">
          <span className="mo-col-goods">{t("order.col.goods")}</span>
          <span className="mo-col-price">{t("order.col.price")}</span>
          <span className="mo-col-qty">{t("order.col.quantity")}</span>
          <span className="mo-col-amount">{t("order.col.amount")}</span>
          <span className="mo-col-status">{t("order.col.status")}</span>
          <span className="mo-col-ops">{t("order.col.actions")}</span>
        </div>
        <UcGate
          state={state ? session.state : "checking"}
          error={list.error}
          loading={list.loading && !data}
          onRetry={list.reload}
        >
          {data && data.records.length === 0 ? (
            <UcEmpty
              icon="box"
              text={state?.orderName ? t("order.emptySearch") : t("order.empty")}
              href={`${base}/list?st=0`}
              linkText={t("userCenter.collection.browseProds")}
              testId="mo-empty"
            />
          ) : null}
          {data && data.records.length > 0 ? (
            <>
              <ul className="mo-list" data-testid="mo-list" aria-busy={list.loading}>
                {data.records.map((o) => {
                  const left = o.status === 1 ? timeLeft(o.payDeadline, now, t) : null;
                  return (
                    <li
                      key={o.orderNumber}
                      className="mo-card"
                      data-testid="mo-card"
                      data-order-number={o.orderNumber}
                      data-status={o.status}
                    >
                      <div className="mo-card-head">
                        <span className="mo-time">{formatDateTime(o.createTime)}</span>
                        <span>
                          {t("order.orderNumber")}
                          <span className="mo-number">{o.orderNumber}</span>
                        </span>
                        <a className="mo-shop" href={`${base}/shopIndex?sid=${o.shopId}`}>
                          {o.shopName}
                        </a>
                        {o.orderMold === 1 ? (
                          <span className="mo-type" data-testid="mo-type-virtual">
                            {t("order.virtual.kind")}
                          </span>
                        ) : null}
                        {o.orderType === POINTS_ORDER_TYPE ? (
                          <span className="mo-type" data-testid="mo-type-points">
                            {t("order.typePoints")}
                          </span>
                        ) : null}
                      </div>
                      <div className="mo-card-body">
                        <ul className="mo-items">
                          {o.orderItemDtos.map((it) => (
                            <li key={it.orderItemId} className="mo-item">
                              <a className="mo-col-goods mo-goods" href={`${base}/detail/${it.prodId}`}>
                                <ProdImage src={it.pic} alt="" size={72} />
                                <span className="mo-goods-text">
                                  <span className="mo-goods-name clamp-2">{it.prodName}</span>
                                  {it.skuName ? <span className="uc-muted">{it.skuName}</span> : null}
                                  {it.writeOffTime !== null ? (
                                    <span className="uc-muted" data-testid="mo-virtual-rule">
                                      {t(
                                        writeOffRuleText(it.writeOffTime).key,
                                        writeOffRuleText(it.writeOffTime).params,
                                      )}
                                    </span>
                                  ) : null}
                                </span>
                              </a>
                              <span className="mo-col-price">¥{it.price}</span>
                              <span className="mo-col-qty">
                                × {it.prodCount}
                                <LineAfterSalesLink item={it} base={base} />
                              </span>
                            </li>
                          ))}
                        </ul>
                        <div className="mo-col-amount mo-amount">
                          <strong className="uc-price" data-testid="mo-amount">
                            ¥{o.actualTotal}
                          </strong>
                          <span className="uc-muted">{t("order.inclFreight", { amount: o.freightAmount })}</span>
                          {o.userScore > 0 ? (
                            <span className="uc-muted">{t("order.usedPoints", { count: o.userScore })}</span>
                          ) : null}
                        </div>
                        <div className="mo-col-status mo-status">
                          <span className={`mo-status-text mo-status-${o.status}`} data-testid="mo-status">
                            {t(statusTextKey(o.status, o.isComm, o.closeType, o.orderMold))}
                          </span>
                          {left ? <span className="uc-muted">{t("order.payLeft", { time: left })}</span> : null}
                          <a className="uc-link-btn" href={detailHref(base, o.orderNumber)}>
                            {t("order.action.detail")}
                          </a>
                        </div>
                        <div className="mo-col-ops">
                          <OrderActionButtons order={o} base={base} actions={actions} showDetail={false} />
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <Pager
                current={data.current}
                pages={data.pages}
                onChange={(p) => state && go({ ...state, current: p })}
                label={t("order.pagination")}
              />
            </>
          ) : null}
        </UcGate>
      </div>
      <ConfirmDialog confirm={confirm} />
    </UcPanel>
  );
}
