/** The checkout's totals, where it ships to, the amount to pay and the submit button. */
import type { OrderConfirmDto } from "../../lib/order/order-types.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { formatAddress } from "../../lib/address/address-format.ts";
import { ProdMold } from "../../lib/order/virtual-goods.ts";

export function SummarySection({
  data,
  submitting,
  confirming,
  onSubmit,
}: {
  data: OrderConfirmDto;
  submitting: boolean;
  confirming: boolean;
  onSubmit: () => void;
}) {
  const { t, locale } = useTranslation();
  return (
    <section className="so-sum" aria-label={t("submitOrder.summary")} data-testid="so-summary">
      <dl className="so-sum-list">
        <div>
          <dt>{t("submitOrder.goodsAmount", { count: data.totalCount })}</dt>
          <dd data-testid="so-total-goods">¥{data.total}</dd>
        </div>
        <div>
          <dt>{t("submitOrder.freight")}</dt>
          <dd data-testid="so-total-freight">¥{data.totalTransFee}</dd>
        </div>
        {data.discountReduce !== "0.00" ? (
          <div>
            <dt>{t("coupon.checkout.discount")}</dt>
            <dd data-testid="so-total-discount">−¥{data.discountReduce}</dd>
          </div>
        ) : null}
        {data.shopCouponReduce !== "0.00" ? (
          <div>
            <dt>{t("coupon.checkout.shopCouponReduce")}</dt>
            <dd data-testid="so-total-shop-coupon">−¥{data.shopCouponReduce}</dd>
          </div>
        ) : null}
        {data.platformCouponReduce !== "0.00" ? (
          <div>
            <dt>{t("coupon.checkout.platformCouponReduce")}</dt>
            <dd data-testid="so-total-platform-coupon">−¥{data.platformCouponReduce}</dd>
          </div>
        ) : null}
        {data.isScorePay === 1 ? (
          <div>
            <dt>{t("submitOrder.pointsDeduct", { count: data.useScore })}</dt>
            <dd data-testid="so-total-points">−¥{data.totalScoreAmount}</dd>
          </div>
        ) : null}
      </dl>
      <div className="so-pay-bar">
        {data.userAddr ? (
          <p className="so-ship-to" data-testid="so-ship-to">
            {t("submitOrder.shipTo")}{" "}
            <span data-user-content>
              {formatAddress(data.userAddr, locale)} · {data.userAddr.receiver} {data.userAddr.mobile}
            </span>
          </p>
        ) : data.orderMold === ProdMold.VIRTUAL ? (
          <p className="so-ship-to" data-testid="so-no-shipping">
            {t("submitOrder.virtualNoShipping")}
          </p>
        ) : (
          <p className="so-ship-to" data-testid="so-need-address">
            {t("submitOrder.needAddress")}
          </p>
        )}
        <p className="co-amount">
          {t("submitOrder.toPay")}
          <strong className="uc-price so-pay-amount" data-testid="so-total-pay">
            ¥{data.actualTotal}
          </strong>
        </p>
        <button
          type="button"
          className="co-pay-btn so-submit"
          disabled={submitting || confirming}
          onClick={onSubmit}
          data-testid="so-submit"
        >
          {submitting ? t("submitOrder.submitting") : t("submitOrder.submit")}
        </button>
      </div>
    </section>
  );
}
