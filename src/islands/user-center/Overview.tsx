/**
 * /user-center (the "empty" child): avatar, nickname, points and balance, order counts by
 * status (links to /user-center/uc-order?status=…), the shop block and quick links.
 */
import { useStore } from "@nanostores/react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { priceText } from "../../lib/money-format.ts";
import { $user } from "../../stores/index.ts";
import type { CenterInfo } from "../../lib/account/account-types.ts";
import type { OrderCountData } from "../../lib/order/order-state.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { UcAvatar, UcLoadGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { publishUser } from "./publish-user.ts";
import { getCenterInfo, getUserInfo } from "../../client/data/account.ts";

/** Order count → tab of /user-center/uc-order (ORDER_TABS in src/lib/order/order-state.ts: 1 to pay, 2 to ship, 8 to use, 3 to receive, 4 to review). */
const ORDER_STATUSES: readonly {
  key: Extract<keyof OrderCountData, "unPay" | "payed" | "toUse" | "consignment" | "confirm" | "refund">;
  status: number | null;
}[] = [
  { key: "unPay", status: 1 },
  { key: "payed", status: 2 },
  { key: "toUse", status: 8 },
  { key: "consignment", status: 3 },
  { key: "confirm", status: 4 },
  { key: "refund", status: null },
];

export default function Overview(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <OverviewBody links={props.links} homeHref={props.homeHref} />
    </UcRoot>
  );
}

function OverviewBody({ links, homeHref }: { links: UcIslandProps["links"]; homeHref: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const user = useStore($user);
  const load = useUcLoad(session, async () => {
    const [info, center] = await Promise.all([getUserInfo(), getCenterInfo()]);
    publishUser(info);
    return { info, center };
  });
  const { data } = load;
  const info = data?.info;
  const center = data?.center;
  const nick = user?.nickName || info?.nickName || info?.username || "";
  const avatar = user?.userAvatar ?? info?.pic ?? null;
  const counts = center?.orderCountData;
  const orderHref = (status: number | null) => {
    if (status === null) return links.return ?? null;
    return links.order ? `${links.order}?status=${status}` : null;
  };

  return (
    <UcPanel title={t("userCenter.overview.title")} testId="uc-overview">
      <UcLoadGate state={session.state} load={load}>
        {info && center ? (
          <div className="uc-overview">
            <div className="uc-ov-profile">
              <UcAvatar src={avatar} alt={t("userCenter.common.avatarAlt")} name={nick} />
              <div className="uc-ov-who">
                <p className="uc-ov-nick" data-testid="uc-overview-nickname">
                  {t("userCenter.overview.greeting", { name: nick })}
                </p>
                {info.userMobile ? (
                  <p className="uc-muted">{t("userCenter.overview.mobile", { mobile: info.userMobile })}</p>
                ) : null}
                {links.account ? (
                  <a className="uc-link" href={links.account}>
                    {t("userCenter.overview.editProfile")}
                  </a>
                ) : null}
              </div>
              <dl className="uc-ov-assets" data-testid="uc-overview-assets">
                <div>
                  <dt>{t("userCenter.overview.level")}</dt>
                  <dd data-testid="uc-overview-level">
                    {links.memberCenter ? <a href={links.memberCenter}>{center.levelName}</a> : center.levelName}
                  </dd>
                </div>
                <div>
                  <dt>{t("userCenter.overview.points")}</dt>
                  <dd>{links.integral ? <a href={links.integral}>{info.score ?? 0}</a> : (info.score ?? 0)}</dd>
                </div>
                <div>
                  <dt>{t("userCenter.overview.balance")}</dt>
                  <dd>
                    {links.balance ? (
                      <a href={links.balance}>¥{priceText(info.balance)}</a>
                    ) : (
                      <>¥{priceText(info.balance)}</>
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t("userCenter.overview.coupons")}</dt>
                  <dd data-testid="uc-overview-coupons">
                    {links.coupons ? <a href={links.coupons}>{center.couponNum}</a> : center.couponNum}
                  </dd>
                </div>
              </dl>
            </div>

            <section className="uc-ov-block" aria-labelledby="uc-ov-orders">
              <div className="uc-ov-block-head">
                <h2 id="uc-ov-orders">{t("userCenter.overview.orders")}</h2>
                {links.order ? (
                  <a className="uc-link" href={links.order}>
                    {t("userCenter.overview.allOrders", { n: counts?.allCount ?? 0 })}
                  </a>
                ) : (
                  <span className="uc-muted">{t("userCenter.overview.allOrders", { n: counts?.allCount ?? 0 })}</span>
                )}
              </div>
              <ul className="uc-ov-orders" data-testid="uc-order-counts">
                {ORDER_STATUSES.map(({ key, status }) => {
                  const href = orderHref(status);
                  const body = (
                    <>
                      <span className="uc-ov-count" data-testid={`uc-count-${key}`}>
                        {counts?.[key] ?? 0}
                      </span>
                      <span className="uc-ov-count-label">{t(`userCenter.overview.status.${key}`)}</span>
                    </>
                  );
                  return <li key={key}>{href ? <a href={href}>{body}</a> : <span>{body}</span>}</li>;
                })}
              </ul>
            </section>

            <div className="uc-ov-row">
              <ShopBlock center={center} links={links} homeHref={homeHref} />
              <section className="uc-ov-block" aria-labelledby="uc-ov-quick">
                <div className="uc-ov-block-head">
                  <h2 id="uc-ov-quick">{t("userCenter.overview.quick")}</h2>
                </div>
                <ul className="uc-ov-quick">
                  {(["collection", "footprint", "address", "coupons", "password", "account"] as const).map((k) =>
                    links[k] ? (
                      <li key={k}>
                        <a href={links[k]}>{t(`userCenter.menu.${k}`)}</a>
                      </li>
                    ) : null,
                  )}
                </ul>
              </section>
            </div>
          </div>
        ) : null}
      </UcLoadGate>
    </UcPanel>
  );
}

/** shopAuditStatus: null none, 0 pending, 1 approved, -1 rejected; shopStatus 1 open, -1 not yet open, 3 suspended, else offline (SPEC §4). */
function ShopBlock({
  center,
  links,
  homeHref,
}: {
  center: CenterInfo;
  links: UcIslandProps["links"];
  homeHref: string;
}) {
  const { t } = useTranslation();
  const audit = center.shopAuditStatus;
  let text: string;
  const actions: { href: string; label: string }[] = [];
  const applyHref = links.shopAccount ?? null;
  const localePrefix = homeHref.replace(/\/$/, "");
  if (audit === null || audit === undefined) {
    text = t("userCenter.overview.shop.notApplied");
    if (applyHref) actions.push({ href: applyHref, label: t("userCenter.overview.shop.apply") });
  } else if (audit === 0) {
    text = t("userCenter.overview.shop.underReview");
  } else if (audit === -1) {
    text = t("userCenter.overview.shop.rejected");
    if (applyHref) actions.push({ href: applyHref, label: t("userCenter.overview.shop.reapply") });
  } else {
    if (center.shopStatus === 1 && center.shopId) {
      text = t("userCenter.overview.shop.open");
      actions.push({
        href: `${localePrefix}/shopIndex?sid=${center.shopId}`,
        label: t("userCenter.overview.shop.enter"),
      });
    } else if (center.shopStatus === -1 || center.shopStatus === 0) text = t("userCenter.overview.shop.notOpen");
    else if (center.shopStatus === 3) text = t("userCenter.overview.shop.suspended");
    else text = t("userCenter.overview.shop.offline");
    if (applyHref) actions.push({ href: applyHref, label: t("userCenter.overview.shop.manage") });
  }
  return (
    <section className="uc-ov-block uc-ov-shop" aria-labelledby="uc-ov-shop" data-testid="uc-shop-block">
      <div className="uc-ov-block-head">
        <h2 id="uc-ov-shop">{t("userCenter.overview.shop.title")}</h2>
      </div>
      <p>{text}</p>
      {actions.map((action) => (
        <a key={action.href} className="btn btn-ghost uc-ov-shop-btn" href={action.href}>
          {action.label}
        </a>
      ))}
    </section>
  );
}
