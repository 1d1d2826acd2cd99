/** A coupon choice of the checkout (one shop's, or the platform's). */
import { useId } from "react";
import type { CheckoutCouponDto } from "../../lib/coupon/coupon-types.ts";
import { rateValues } from "../../lib/discount/rate.ts";
import { useTranslation } from "../common/I18nProvider.tsx";

/**
 * One shop's (or the platform's) coupons: "no coupon", the usable ones with what they save, and
 * the others disabled with the reason. Picking asks the server for the new amounts.
 */
export function CouponPicker({
  options,
  shopId,
  label,
  disabled,
  onPick,
}: {
  options: CheckoutCouponDto[];
  shopId: number;
  label: string;
  disabled: boolean;
  onPick: (couponUserId: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const usable = options.filter((o) => o.canUse);
  const unusable = options.filter((o) => !o.canUse);
  const chosen = options.find((o) => o.choose)?.couponUserId ?? 0;
  const name = (o: CheckoutCouponDto) =>
    `${o.couponName} (${o.couponType === 1 ? `¥${o.reduceAmount ?? ""}` : t("coupon.card.rate", rateValues(o.couponDiscount ?? ""))})`;
  if (options.length === 0)
    return (
      <p className="so-muted so-coupon-none" data-testid={`so-coupons-${shopId}`}>
        {t("coupon.checkout.noCoupons")}
      </p>
    );
  return (
    <div className="so-coupon" data-testid={`so-coupons-${shopId}`}>
      <label className="so-coupon-label" htmlFor={`${id}-c`}>
        {label}
      </label>
      <select
        id={`${id}-c`}
        className="select"
        value={chosen}
        disabled={disabled}
        onChange={(e) => onPick(Number(e.target.value))}
        data-testid="so-coupon-select"
      >
        <option value={0}>{t("coupon.checkout.none")}</option>
        {usable.length ? (
          <optgroup label={t("coupon.checkout.usable", { n: usable.length })}>
            {usable.map((o) => (
              <option
                key={o.couponUserId}
                value={o.couponUserId}
              >{`${name(o)} · ${t("coupon.checkout.save", { amount: o.couponReduce })}`}</option>
            ))}
          </optgroup>
        ) : null}
        {unusable.length ? (
          <optgroup label={t("coupon.checkout.unusable", { n: unusable.length })}>
            {unusable.map((o) => (
              <option
                key={o.couponUserId}
                value={o.couponUserId}
                disabled
              >{`${name(o)} · ${t(`coupon.reason.${o.reason ?? "outOfScope"}`, { shortBy: o.shortBy ?? "" })}`}</option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {unusable.length ? (
        <ul className="so-muted so-coupon-reasons" data-testid="so-coupon-unusable">
          {unusable.map((o) => (
            <li key={o.couponUserId}>
              {o.couponName}: {t(`coupon.reason.${o.reason ?? "outOfScope"}`, { shortBy: o.shortBy ?? "" })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
