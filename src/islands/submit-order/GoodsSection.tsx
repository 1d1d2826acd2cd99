/** The checkout's goods: one block per shop with its lines, coupons, order message and amounts. */
import { Picture } from "../common/Picture.tsx";
import { ProdMold, writeOffRuleText } from "../../lib/order/virtual-goods.ts";
import { useId, type ReactNode } from "react";
import type { CheckoutCouponDto } from "../../lib/coupon/coupon-types.ts";
import { ORDER_REMARK_MAX, type ShopCartOrderDto } from "../../lib/order/order-types.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { CouponPicker } from "./CouponPicker.tsx";

export function GoodsSection({
  headingId,
  back,
  base,
  shops,
  remarks,
  remarkErrors,
  confirming,
  onRemark,
  onRemarkBlur,
  onPickCoupon,
}: {
  headingId: string;
  /** Where the buy started (the cart, the product, the activity). */
  back: { href: string; textKey: string };
  base: string;
  shops: ShopCartOrderDto[];
  remarks: Record<number, string>;
  remarkErrors: Record<number, string | undefined>;
  confirming: boolean;
  onRemark: (shopId: number, text: string) => void;
  onRemarkBlur: (shopId: number, text: string) => void;
  onPickCoupon: (options: CheckoutCouponDto[], shopId: number, couponUserId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="so-block" aria-labelledby={headingId}>
      <header className="so-block-head">
        <h2 id={headingId}>{t("submitOrder.goodsTitle")}</h2>
        <a className="so-link-btn" href={back.href} data-testid="so-back">
          {t(back.textKey)}
        </a>
      </header>
      <div className="so-goods-head" aria-hidden="true">
        <span>{t("submitOrder.colProduct")}</span>
        <span>{t("submitOrder.colPrice")}</span>
        <span>{t("submitOrder.colCount")}</span>
        <span>{t("submitOrder.colSubtotal")}</span>
      </div>
      {shops.map((shop) => (
        <ShopOrder
          key={shop.shopId}
          shop={shop}
          base={base}
          remark={remarks[shop.shopId] ?? ""}
          error={remarkErrors[shop.shopId] ?? ""}
          onRemark={(text) => onRemark(shop.shopId, text)}
          onRemarkBlur={(text) => onRemarkBlur(shop.shopId, text)}
          coupons={
            <CouponPicker
              options={shop.coupons}
              shopId={shop.shopId}
              label={t("coupon.checkout.shopCoupon")}
              disabled={confirming}
              onPick={(id) => onPickCoupon(shop.coupons, shop.shopId, id)}
            />
          }
        />
      ))}
    </section>
  );
}

/** The platform's coupons (usable in every shop). */
export function PlatformCouponSection({
  headingId,
  coupons,
  confirming,
  onPickCoupon,
}: {
  headingId: string;
  coupons: CheckoutCouponDto[];
  confirming: boolean;
  onPickCoupon: (options: CheckoutCouponDto[], shopId: number, couponUserId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="so-block" aria-labelledby={headingId} data-testid="so-platform-coupons">
      <header className="so-block-head">
        <h2 id={headingId}>{t("coupon.checkout.platformCoupon")}</h2>
      </header>
      <CouponPicker
        options={coupons}
        shopId={0}
        label={t("coupon.checkout.platformCoupon")}
        disabled={confirming}
        onPick={(id) => onPickCoupon(coupons, 0, id)}
      />
    </section>
  );
}

function ShopOrder({
  shop,
  base,
  remark,
  error,
  onRemark,
  onRemarkBlur,
  coupons,
}: {
  shop: ShopCartOrderDto;
  base: string;
  remark: string;
  error: string;
  onRemark: (text: string) => void;
  onRemarkBlur: (text: string) => void;
  coupons: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const free = shop.transFee === "0.00";
  return (
    <div className="so-shop" data-testid="so-shop" data-shop-id={shop.shopId}>
      <h3 className="so-shop-name">
        {shop.shopType === 1 ? <span className="uc-badge so-badge">{t("submitOrder.selfOperated")}</span> : null}
        {shop.shopName}
      </h3>
      {shop.shopCartItemDiscounts.map((group, gi) => (
        <ul key={gi} className="so-lines">
          {group.shopCartItems.map((item) => (
            <li key={`${item.basketId}-${item.skuId}`} className="so-line" data-testid="so-line">
              <div className="so-prod">
                <a href={`${base}/detail/${item.prodId}`} className="co-pic so-pic" tabIndex={-1} aria-hidden="true">
                  {item.pic ? <Picture src={item.pic} alt="" width={64} height={64} /> : <span className="co-pic-ph" />}
                </a>
                <div>
                  <a href={`${base}/detail/${item.prodId}`} className="co-prod-name">
                    {item.prodName}
                  </a>
                  {item.skuName || item.properties ? (
                    <p className="so-muted">{item.skuName || item.properties}</p>
                  ) : null}
                  {item.mold === ProdMold.VIRTUAL ? (
                    <p className="so-muted" data-testid="so-virtual">
                      {t("order.virtual.kind")} ·{" "}
                      {t(writeOffRuleText(item.writeOffTime).key, writeOffRuleText(item.writeOffTime).params)}
                    </p>
                  ) : null}
                </div>
              </div>
              <span>¥{item.price}</span>
              <span>×{item.prodCount}</span>
              <span className="uc-price">¥{item.productTotalAmount}</span>
            </li>
          ))}
        </ul>
      ))}
      {coupons}
      <div className="so-shop-foot">
        <div className="so-remark">
          <label htmlFor={`${id}-remark`}>{t("submitOrder.remark")}</label>
          <div className="so-remark-box">
            <input
              id={`${id}-remark`}
              className="input"
              value={remark}
              maxLength={ORDER_REMARK_MAX + 20}
              placeholder={t("submitOrder.remarkPlaceholder", { max: ORDER_REMARK_MAX })}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-remark-count${error ? ` ${id}-remark-err` : ""}`}
              onChange={(e) => onRemark(e.target.value)}
              onBlur={(e) => onRemarkBlur(e.target.value)}
              data-testid="so-remark"
            />
            <span
              id={`${id}-remark-count`}
              className={`so-counter${remark.trim().length > ORDER_REMARK_MAX ? " is-over" : ""}`}
              data-testid="so-remark-count"
            >
              {remark.trim().length}/{ORDER_REMARK_MAX}
            </span>
          </div>
          {error ? (
            <p id={`${id}-remark-err`} className="so-error" role="alert" data-testid="so-remark-error">
              {t(error)}
            </p>
          ) : null}
        </div>
        <dl className="so-shop-sum">
          <div>
            <dt>{t("submitOrder.shopFreight")}</dt>
            <dd data-testid="so-shop-freight">{free ? t("submitOrder.freeShipping") : `¥${shop.transFee}`}</dd>
          </div>
          {shop.freeOver && !free ? (
            <div className="so-free-hint" data-testid="so-free-over">
              {t("submitOrder.freeOver", { amount: shop.freeOver })}
            </div>
          ) : null}
          {shop.discountReduce !== "0.00" ? (
            <div>
              <dt>{t("coupon.checkout.discount")}</dt>
              <dd data-testid="so-shop-discount">−¥{shop.discountReduce}</dd>
            </div>
          ) : null}
          {shop.shopCouponReduce !== "0.00" ? (
            <div>
              <dt>{t("coupon.checkout.shopCouponReduce")}</dt>
              <dd data-testid="so-shop-coupon">−¥{shop.shopCouponReduce}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("submitOrder.shopTotal", { count: shop.totalCount })}</dt>
            <dd className="uc-price" data-testid="so-shop-total">
              ¥{shop.actualTotal}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
