/**
 * /user-center/uc-coupons: my coupons in three tabs with counts — not used, used, expired
 * (GET /p/myCoupon/getMyCouponsStatusCount, GET /p/myCoupon/getCouponList?status=1|2|0), paged;
 * used and expired ones can be deleted (DELETE /p/myCoupon/deleteCoupon/{id}, after a confirm);
 * "use now" goes to the products the coupon applies to. Amounts come formatted from the server.
 */
import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import type { MyCouponDto } from "../../lib/coupon/coupon-types.ts";
import { rateValues } from "../../lib/discount/rate.ts";
import { formatDate } from "../../lib/date-format.ts";
import { toastOk } from "../common/feedback.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { ConfirmDialog, useConfirm } from "../common/dialog.tsx";
import { Pager, UcEmpty, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { deleteMyCoupon, getMyCouponCounts, listMyCoupons } from "../../client/data/coupon.ts";

const PAGE_SIZE = 10;
/** Tab → status of getCouponList (1 not used, 2 used, 0 expired). */
const TABS = [
  { key: "unused", status: 1, count: "unUseCount" },
  { key: "used", status: 2, count: "useCount" },
  { key: "expired", status: 0, count: "expiredCount" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

export default function MyCoupons(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <Body base={props.homeHref.replace(/\/$/, "")} />
    </UcRoot>
  );
}

const day = (iso: string | null) => formatDate(iso);

function useHref(c: MyCouponDto, base: string): string {
  if (c.shopId > 0) return `${base}/shopIndex?sid=${c.shopId}`;
  return `${base}/list?st=0`;
}

function Body({ base }: { base: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [tab, setTab] = useState<TabKey>("unused");
  const [current, setCurrent] = useState(1);
  const status = TABS.find((x) => x.key === tab)!.status;
  const counts = useUcLoad(session, () => getMyCouponCounts());
  const list = useUcLoad(session, () => listMyCoupons(status, current, PAGE_SIZE), [status, current]);
  const { ask, confirm } = useConfirm();
  const action = useAction({ onGuest: session.markGuest, fallback: t("coupon.mine.loadFailed") });

  function select(next: TabKey) {
    setTab(next);
    setCurrent(1);
  }
  function onKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    const i = TABS.findIndex((x) => x.key === tab);
    const next = TABS[(i + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length]!.key;
    select(next);
    document.getElementById(`uc-coupon-tab-${next}`)?.focus();
  }
  async function remove(c: MyCouponDto) {
    await action.run(async () => {
      await deleteMyCoupon(c.couponUserId);
      toastOk(t("coupon.mine.deleted"));
      counts.reload();
      if (list.data && list.data.records.length === 1 && current > 1) setCurrent(current - 1);
      else list.reload();
    });
  }

  const label = (k: TabKey) =>
    t(`coupon.mine.${k}`, { n: counts.data ? counts.data[TABS.find((x) => x.key === k)!.count] : 0 });
  return (
    <UcPanel title={t("coupon.mine.title")} testId="uc-coupons">
      <div className="uc-tabs" role="tablist" aria-label={t("coupon.mine.title")}>
        {TABS.map(({ key }) => (
          <button
            key={key}
            id={`uc-coupon-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls="uc-coupon-panel"
            tabIndex={tab === key ? 0 : -1}
            className="uc-tab"
            data-testid={`uc-coupons-tab-${key}`}
            onClick={() => select(key)}
            onKeyDown={onKey}
          >
            {label(key)}
          </button>
        ))}
      </div>
      <div id="uc-coupon-panel" role="tabpanel" aria-labelledby={`uc-coupon-tab-${tab}`} className="uc-tabpanel">
        <UcGate state={session.state} error={list.error} loading={list.loading && !list.data} onRetry={list.reload}>
          {list.data && list.data.records.length === 0 ? (
            <UcEmpty
              icon="ticket"
              text={t("coupon.mine.empty")}
              href={`${base}/coupons`}
              linkText={t("coupon.mine.goCentre")}
              testId="uc-coupons-empty"
            />
          ) : null}
          {list.data && list.data.records.length > 0 ? (
            <>
              <ul className="coupon-strip" aria-busy={list.loading} data-testid="uc-coupons-list">
                {list.data.records.map((c) => (
                  <li key={c.couponUserId}>
                    <article
                      className={`coupon-card is-compact${c.userCouponStatus === 1 ? "" : " is-sold-out"}`}
                      data-testid="uc-coupon"
                      data-coupon-user-id={c.couponUserId}
                    >
                      <div className="coupon-value">
                        <p className="coupon-amount">
                          {c.couponType === 1
                            ? `¥${(c.reduceAmount ?? "").replace(/\.00$/, "")}`
                            : t("coupon.card.rate", rateValues(c.couponDiscount ?? ""))}
                        </p>
                        <p className="coupon-condition">
                          {Number(c.cashCondition) > 0
                            ? t("coupon.card.spend", { amount: c.cashCondition })
                            : t("coupon.card.noMinimum")}
                        </p>
                      </div>
                      <div className="coupon-body">
                        <h2 className="coupon-name">{c.couponName}</h2>
                        <p className="coupon-meta">
                          <span className="coupon-tag">{c.shopId === 0 ? t("coupon.card.platform") : c.shopName}</span>
                        </p>
                        <p className="coupon-meta">
                          {t("coupon.mine.validFrom", { from: day(c.validStart), to: day(c.validEnd) })}
                        </p>
                        {c.userCouponStatus === 2 && c.orderNumbers ? (
                          <p className="coupon-meta">{t("coupon.mine.usedOn", { orders: c.orderNumbers })}</p>
                        ) : null}
                      </div>
                      <div className="coupon-action">
                        {c.userCouponStatus === 1 ? (
                          <a className="btn" href={useHref(c, base)} data-testid="uc-coupon-use">
                            {t("coupon.mine.useNow")}
                          </a>
                        ) : (
                          <>
                            <span className="coupon-state">
                              {c.userCouponStatus === 2 ? t("coupon.mine.statusUsed") : t("coupon.mine.statusExpired")}
                            </span>
                            <button
                              type="button"
                              className="uc-link-btn"
                              data-testid="uc-coupon-delete"
                              onClick={() => ask(t("coupon.mine.deleteConfirm"), () => void remove(c))}
                            >
                              {t("coupon.mine.delete")}
                            </button>
                          </>
                        )}
                      </div>
                    </article>
                  </li>
                ))}
              </ul>
              <Pager
                current={list.data.current}
                pages={list.data.pages}
                onChange={setCurrent}
                label={t("coupon.mine.title")}
              />
            </>
          ) : null}
        </UcGate>
      </div>
      <ConfirmDialog confirm={confirm} />
    </UcPanel>
  );
}
