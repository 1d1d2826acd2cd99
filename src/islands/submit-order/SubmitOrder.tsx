/**
 * /submit-order (SPEC §2, §5, §9; CONTRACT §4.2-§4.3), login required.
 * - What is bought comes from the query (submit-view.ts parseSubmitQuery): cart lines or buy now.
 *   Buy now needs the product's shop: read from GET /prod/prodInfo.
 * - POST /p/order/confirm gives the preview and the submit token (uuid). It is asked again when the
 *   address or the points change, after an address is added, and after an out-of-stock refusal.
 *   A refused confirm (bad basketIds, unavailable goods…) shows the message and a link to the cart.
 * - Address book from GET /p/address/list: choose one, or add one with the user center's own form
 *   (AddressForm) inline; the new address is then confirmed.
 * - Per shop: its lines, freight ("free over ¥X" when the shop has a threshold), the order message
 *   (max 100, not only spaces, counter; rule from src/lib/order/order-rules.ts).
 * - Points (when the buyer has usable points): checkbox + amount (multiple of 10, ≤ maxUsableScore).
 * - Invoice: none / personal / unit (header, taxpayer number), the same choice for every shop order.
 * - Submit → POST /p/order/submit with the uuid; the button is disabled while it runs (a ref guards
 *   double clicks). Success → /payment?orderNumbers=…; A03002 → message, then my orders (unpaid);
 *   A03010 → message and a new confirm.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { get, isApiError, post } from "../../client/api.ts";
import { showToast } from "../../client/toast.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import { POINTS_STEP, TOAST_MS } from "../../lib/constants.ts";
import type { Locale } from "../../lib/locale.ts";
import type { CheckoutCouponDto } from "../../lib/coupon/coupon-types.ts";
import { ORDER_REMARK_MAX, type OrderConfirmDto, type OrderNumbersDto, type ShopCartOrderDto } from "../../lib/order/order-types.ts";
import { openLoginPopup } from "../../stores/index.ts";
import { I18nProvider, type NamespaceResources } from "../common/I18nProvider.tsx";
import { isUnauthorized, reportError, useSession } from "../user-center/shared.tsx";
import type { Address } from "../user-center/types.ts";
import { checkoutPaths, confirmBody, hasErrors, NO_INVOICE, parseSubmitQuery, pickCoupon, submitBody, type ConfirmChoice, type FormErrors, type InvoiceForm, type SubmitSource } from "./submit-view.ts";

// Loaded on first use, so the page's first JavaScript stays small: the address form (address rules,
// zod) when it opens, the form checks (order rules, zod) at the first check.
const NewAddress = lazy(() => import("./NewAddress.tsx"));
const loadChecks = () => import("./submit-checks.ts");

export interface SubmitOrderProps {
  locale: Locale;
  resources: Record<string, NamespaceResources>;
  links: {
    cart: string;
    home: string;
    payment: string;
    /** My orders, unpaid tab. */
    unpaidOrders: string;
    /** Locale prefix for product links ("", "/en"). */
    base: string;
  };
}

export default function SubmitOrder(props: SubmitOrderProps) {
  return (
    <I18nProvider locale={props.locale} resources={props.resources}>
      <SubmitBody links={props.links} />
    </I18nProvider>
  );
}

const toast = (msg: string, type: "error" | "success" | "info" = "error") => showToast(msg, { duration: TOAST_MS, type });
const errMsg = (e: unknown, fallback: string) => (isApiError(e) && e.msg ? e.msg : fallback);

function SubmitBody({ links }: { links: SubmitOrderProps["links"] }) {
  const { t } = useTranslation();
  const session = useSession();
  const { markGuest } = session;
  const [source, setSource] = useState<SubmitSource | null | undefined>(undefined);
  const [shopId, setShopId] = useState<number | undefined>(undefined);
  const [data, setData] = useState<OrderConfirmDto | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [choice, setChoice] = useState<ConfirmChoice>({ usePoints: false });
  const [pointsText, setPointsText] = useState("");
  const [pointsError, setPointsError] = useState("");
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const [invoice, setInvoice] = useState<InvoiceForm>(NO_INVOICE);
  const [errors, setErrors] = useState<FormErrors>({ remarks: {} });
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const ids = useId();

  useEffect(() => setSource(parseSubmitQuery(location.search)), []);

  /** Asks confirm with `next`; keeps the previous preview on a refusal after the first. */
  const confirm = useCallback(
    async (next: ConfirmChoice, first = false): Promise<boolean> => {
      if (!source) return false;
      setConfirming(true);
      try {
        let sid = shopId;
        if (source.kind === "buyNow" && sid === undefined) {
          const prod = await get<{ shop?: { shopId?: number } }>("/prod/prodInfo", { prodId: source.prodId }, { silent: true });
          sid = prod.shop?.shopId;
          if (!sid) throw new Error("no shop");
          setShopId(sid);
        }
        const d = await post<OrderConfirmDto>(checkoutPaths(source).confirm, confirmBody(source, next, sid), { silent: true });
        setData(d);
        setChoice({ ...next, addrId: d.userAddr?.addrId ?? next.addrId, points: next.usePoints ? d.useScore : undefined });
        setPointsText(d.isScorePay === 1 ? String(d.useScore) : "");
        setPointsError("");
        return true;
      } catch (e) {
        if (isUnauthorized(e)) markGuest();
        else if (first) setFatal(errMsg(e, t("submitOrder.confirmFailed")));
        else toast(errMsg(e, t("submitOrder.confirmFailed")));
        return false;
      } finally {
        setConfirming(false);
      }
    },
    [source, shopId, markGuest, t],
  );

  const loadAddresses = useCallback(async () => {
    try {
      setAddresses(await get<Address[]>("/p/address/list"));
    } catch (e) {
      if (isUnauthorized(e)) markGuest();
      else setAddresses([]);
    }
  }, [markGuest]);

  useEffect(() => {
    if (session.state !== "ready" || source === undefined) return;
    if (source === null) {
      setFatal(t("submitOrder.badQuery"));
      return;
    }
    void confirm({ usePoints: false }, true);
    void loadAddresses();
    // Only once per session/source: later confirms are explicit.
  }, [session.state, source]);

  useEffect(() => {
    if (addresses && addresses.length === 0 && data && !data.userAddr) setAdding(true);
  }, [addresses, data]);

  async function checkRemark(shopId: number, text: string) {
    const { remarkError } = await loadChecks();
    setErrors((e) => ({ ...e, remarks: { ...e.remarks, [shopId]: remarkError(text) } }));
  }

  async function submit() {
    if (!data || submittingRef.current) return;
    if (!data.userAddr) {
      toast(t("submitOrder.needAddress"));
      setAdding(true);
      return;
    }
    // Taken before anything is awaited: a second click while this one runs does nothing.
    submittingRef.current = true;
    setSubmitting(true);
    const shopIds = data.shopCartOrders.map((s) => s.shopId);
    const { checkForm } = await loadChecks();
    const errs = checkForm(shopIds, remarks, invoice);
    setErrors(errs);
    if (hasErrors(errs)) {
      submittingRef.current = false;
      setSubmitting(false);
      toast(t("submitOrder.fixForm"));
      requestAnimationFrame(() => document.querySelector<HTMLElement>(".so [aria-invalid='true']")?.focus());
      return;
    }
    let leaving = false;
    try {
      const res = await post<OrderNumbersDto>(checkoutPaths(source!).submit, submitBody(data.uuid, shopIds, remarks, invoice, choice, { couponUserIds: data.couponUserIds, actualTotal: data.actualTotal }, source ?? undefined), { silent: true });
      leaving = true;
      location.assign(`${links.payment}?orderNumbers=${encodeURIComponent(res.orderNumbers)}`);
    } catch (e) {
      if (isUnauthorized(e)) markGuest();
      else if (isApiError(e) && e.code === ResponseCode.REPEAT_ORDER) {
        toast(errMsg(e, t("submitOrder.repeat")));
        leaving = true;
        window.setTimeout(() => location.assign(links.unpaidOrders), TOAST_MS);
      } else if (isApiError(e) && e.code === ResponseCode.NO_STOCK) {
        toast(errMsg(e, t("submitOrder.noStock")));
        await confirm(choice);
      } else {
        reportError(e, t("submitOrder.submitFailed"));
        // Coupons used elsewhere, an amount that changed: show the current truth.
        if (isApiError(e) && e.code === ResponseCode.SHOW_FAIL) await confirm({ ...choice, coupons: undefined });
      }
    } finally {
      if (!leaving) {
        submittingRef.current = false;
        setSubmitting(false);
      }
    }
  }

  if (session.state === "guest")
    return (
      <State testId="so-need-login">
        <p>{t("submitOrder.needLogin")}</p>
        <button type="button" className="btn" onClick={openLoginPopup}>
          {t("submitOrder.login")}
        </button>
      </State>
    );
  if (fatal)
    return (
      <State testId="so-error">
        <p role="alert" data-testid="so-error-text">
          {fatal}
        </p>
        <a className="btn" href={links.cart} data-testid="so-back-cart">
          {t("submitOrder.backToCart")}
        </a>
      </State>
    );
  if (!data)
    return (
      <State testId="so-loading">
        <p role="status">{t("submitOrder.loading")}</p>
      </State>
    );

  const showPoints = data.userScore > 0;

  return (
    <div className="so" data-testid="submit-order" aria-busy={confirming}>
      {/* Address */}
      <section className="so-block" aria-labelledby={`${ids}-addr`} data-testid="so-address">
        <header className="so-block-head">
          <h2 id={`${ids}-addr`}>{t("submitOrder.addressTitle")}</h2>
          <button type="button" className="so-link-btn" disabled={adding} onClick={() => setAdding(true)} data-testid="so-address-add">
            {t("submitOrder.addAddress")}
          </button>
        </header>
        {addresses && addresses.length > 0 ? (
          <div className="so-addr-list" role="radiogroup" aria-label={t("submitOrder.addressTitle")}>
            {addresses.map((a) => {
              const chosen = data.userAddr?.addrId === a.addrId;
              return (
                <button
                  key={a.addrId}
                  type="button"
                  role="radio"
                  aria-checked={chosen}
                  className={`so-addr${chosen ? " is-chosen" : ""}`}
                  disabled={confirming}
                  onClick={() => {
                    if (!chosen) void confirm({ ...choice, addrId: a.addrId });
                  }}
                  data-testid="so-address-item"
                  data-addr-id={a.addrId}
                >
                  <span className="so-addr-who">
                    <strong>{a.receiver}</strong>
                    <span>{a.mobile}</span>
                    {a.commonAddr === 1 ? <span className="so-badge">{t("submitOrder.defaultAddress")}</span> : null}
                  </span>
                  <span className="so-addr-text">
                    {a.province} {a.city} {a.area} {a.addr}
                  </span>
                </button>
              );
            })}
          </div>
        ) : addresses && !adding ? (
          <p className="so-muted" data-testid="so-address-empty">
            {t("submitOrder.noAddress")}
          </p>
        ) : null}
        {adding ? (
          <div className="so-addr-form" data-testid="so-address-form">
            <h3>{t("submitOrder.newAddress")}</h3>
            <Suspense fallback={<p className="so-muted">{t("submitOrder.loading")}</p>}>
              <NewAddress
                first={(addresses?.length ?? 0) === 0}
                onCancel={() => setAdding(false)}
                onGuest={() => {
                  setAdding(false);
                  markGuest();
                }}
                onSaved={async (addrId) => {
                  setAdding(false);
                  await loadAddresses();
                  await confirm({ ...choice, addrId });
                }}
              />
            </Suspense>
          </div>
        ) : null}
      </section>

      {/* Goods per shop */}
      <section className="so-block" aria-labelledby={`${ids}-goods`}>
        <header className="so-block-head">
          <h2 id={`${ids}-goods`}>{t("submitOrder.goodsTitle")}</h2>
          <a className="so-link-btn" href={links.cart}>
            {t("submitOrder.backToCart")}
          </a>
        </header>
        <div className="so-goods-head" aria-hidden="true">
          <span>{t("submitOrder.colProduct")}</span>
          <span>{t("submitOrder.colPrice")}</span>
          <span>{t("submitOrder.colCount")}</span>
          <span>{t("submitOrder.colSubtotal")}</span>
        </div>
        {data.shopCartOrders.map((shop) => (
          <ShopOrder
            key={shop.shopId}
            shop={shop}
            base={links.base}
            remark={remarks[shop.shopId] ?? ""}
            error={errors.remarks[shop.shopId] ?? ""}
            onRemark={(text) => {
              setRemarks((r) => ({ ...r, [shop.shopId]: text }));
              if (errors.remarks[shop.shopId]) void checkRemark(shop.shopId, text);
            }}
            onRemarkBlur={(text) => void checkRemark(shop.shopId, text)}
            coupons={<CouponPicker options={shop.coupons} shopId={shop.shopId} label={t("coupon.checkout.shopCoupon")} disabled={confirming}
              onPick={(id) => void confirm({ ...choice, coupons: pickCoupon(data.couponUserIds, shop.coupons, shop.shopId, id) })} />}
          />
        ))}
      </section>

      {/* Platform coupon */}
      <section className="so-block" aria-labelledby={`${ids}-coupons`} data-testid="so-platform-coupons">
        <header className="so-block-head">
          <h2 id={`${ids}-coupons`}>{t("coupon.checkout.platformCoupon")}</h2>
        </header>
        <CouponPicker options={data.coupons} shopId={0} label={t("coupon.checkout.platformCoupon")} disabled={confirming}
          onPick={(id) => void confirm({ ...choice, coupons: pickCoupon(data.couponUserIds, data.coupons, 0, id) })} />
      </section>

      {/* Points */}
      {showPoints ? (
        <section className="so-block" aria-labelledby={`${ids}-points`} data-testid="so-points">
          <header className="so-block-head">
            <h2 id={`${ids}-points`}>{t("submitOrder.pointsTitle")}</h2>
          </header>
          <div className="so-points">
            <label className="so-check">
              <input
                type="checkbox"
                checked={choice.usePoints}
                disabled={confirming || data.maxUsableScore <= 0}
                onChange={(e) => {
                  const prev = choice;
                  const next = { ...choice, usePoints: e.target.checked, points: undefined };
                  setChoice(next); // shown at once; a refused confirm puts it back
                  void confirm(next).then((ok) => {
                    if (!ok) setChoice(prev);
                  });
                }}
                data-testid="so-points-use"
              />
              {t("submitOrder.usePoints")}
            </label>
            {choice.usePoints ? (
              <span className="so-points-amount">
                <label htmlFor={`${ids}-pts`}>{t("submitOrder.pointsAmount")}</label>
                <input
                  id={`${ids}-pts`}
                  className="so-input so-points-input"
                  inputMode="numeric"
                  value={pointsText}
                  disabled={confirming}
                  aria-invalid={pointsError ? true : undefined}
                  aria-describedby={`${ids}-pts-hint`}
                  onChange={(e) => setPointsText(e.target.value.replace(/\D+/g, "").slice(0, 12))}
                  onBlur={async () => {
                    const { checkPoints } = await loadChecks();
                    const r = checkPoints(pointsText, data.maxUsableScore);
                    if (!r.ok) setPointsError(t(r.error, r.params ?? {}));
                    else if (r.points !== data.useScore) void confirm({ ...choice, usePoints: true, points: r.points });
                    else setPointsError("");
                  }}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") (e.target as HTMLInputElement).blur();
                  }}
                  data-testid="so-points-input"
                />
              </span>
            ) : null}
            <span id={`${ids}-pts-hint`} className="so-muted" data-testid="so-points-hint">
              {data.maxUsableScore > 0
                ? t("submitOrder.pointsHint", { have: data.userScore, max: data.maxUsableScore, step: POINTS_STEP, rate: data.shopUseScore })
                : t("submitOrder.pointsNone", { have: data.userScore })}
            </span>
          </div>
          {pointsError ? (
            <p className="so-error" role="alert" data-testid="so-points-error">
              {pointsError}
            </p>
          ) : null}
        </section>
      ) : null}

      {/* Invoice */}
      <section className="so-block" aria-labelledby={`${ids}-inv`} data-testid="so-invoice">
        <header className="so-block-head">
          <h2 id={`${ids}-inv`}>{t("submitOrder.invoiceTitle")}</h2>
        </header>
        <div className="so-invoice">
          <div className="so-radios" role="radiogroup" aria-label={t("submitOrder.invoiceTitle")}>
            {([0, 1, 2] as const).map((k) => (
              <label key={k} className={`so-radio${invoice.type === k ? " is-on" : ""}`}>
                <input
                  type="radio"
                  name={`${ids}-invoice`}
                  checked={invoice.type === k}
                  onChange={() => {
                    setInvoice((v) => ({ ...v, type: k }));
                    setErrors((e) => ({ ...e, headerName: undefined, taxNumber: undefined }));
                  }}
                  data-testid={`so-invoice-${k}`}
                />
                {k === 0 ? t("submitOrder.invoiceNone") : k === 1 ? t("submitOrder.invoicePersonal") : t("submitOrder.invoiceUnit")}
              </label>
            ))}
          </div>
          {invoice.type !== 0 ? (
            <div className="so-invoice-fields">
              <Field id={`${ids}-ih`} label={invoice.type === 1 ? t("submitOrder.invoiceHeaderPersonal") : t("submitOrder.invoiceHeaderUnit")} error={errors.headerName ? t(errors.headerName) : ""}>
                <input
                  id={`${ids}-ih`}
                  className="so-input"
                  value={invoice.headerName}
                  aria-invalid={errors.headerName ? true : undefined}
                  aria-describedby={errors.headerName ? `${ids}-ih-err` : undefined}
                  onChange={(e) => setInvoice((v) => ({ ...v, headerName: e.target.value }))}
                  data-testid="so-invoice-header"
                />
              </Field>
              {invoice.type === 2 ? (
                <Field id={`${ids}-tax`} label={t("submitOrder.invoiceTaxNumber")} error={errors.taxNumber ? t(errors.taxNumber) : ""}>
                  <input
                    id={`${ids}-tax`}
                    className="so-input"
                    value={invoice.taxNumber}
                    maxLength={20}
                    aria-invalid={errors.taxNumber ? true : undefined}
                    aria-describedby={errors.taxNumber ? `${ids}-tax-err` : undefined}
                    onChange={(e) => setInvoice((v) => ({ ...v, taxNumber: e.target.value }))}
                    data-testid="so-invoice-tax"
                  />
                </Field>
              ) : null}
              <p className="so-muted">{t("submitOrder.invoiceNote")}</p>
            </div>
          ) : null}
        </div>
      </section>

      {/* Totals and submit */}
      <section className="so-sum" aria-label={t("submitOrder.summary")} data-testid="so-summary">
        <dl className="so-sum-list">
          <div>
            <dt>{t("submitOrder.goodsAmount", { n: data.totalCount })}</dt>
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
              <dt>{t("submitOrder.pointsDeduct", { n: data.useScore })}</dt>
              <dd data-testid="so-total-points">−¥{data.totalScoreAmount}</dd>
            </div>
          ) : null}
        </dl>
        <div className="so-pay-bar">
          {data.userAddr ? (
            <p className="so-ship-to" data-testid="so-ship-to">
              {t("submitOrder.shipTo")} {data.userAddr.province} {data.userAddr.city} {data.userAddr.area} {data.userAddr.addr} · {data.userAddr.receiver} {data.userAddr.mobile}
            </p>
          ) : (
            <p className="so-ship-to">{t("submitOrder.needAddress")}</p>
          )}
          <p className="so-pay">
            {t("submitOrder.toPay")}
            <strong className="so-price so-pay-amount" data-testid="so-total-pay">
              ¥{data.actualTotal}
            </strong>
          </p>
          <button type="button" className="so-submit" disabled={submitting || confirming} onClick={() => void submit()} data-testid="so-submit">
            {submitting ? t("submitOrder.submitting") : t("submitOrder.submit")}
          </button>
        </div>
      </section>
    </div>
  );
}

function State({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="so-state" data-testid={testId}>
      {children}
    </div>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error: string; children: ReactNode }) {
  return (
    <div className="so-field">
      <label className="so-label" htmlFor={id}>
        {label}
        <span className="so-required" aria-hidden="true">
          *
        </span>
      </label>
      <div>
        {children}
        {error ? (
          <p id={`${id}-err`} className="so-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One shop's (or the platform's) coupons: "no coupon", the usable ones with what they save, and
 * the others disabled with the reason. Picking asks the server for the new amounts.
 */
function CouponPicker({ options, shopId, label, disabled, onPick }: {
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
  const name = (o: CheckoutCouponDto) => `${o.couponName} (${o.couponType === 1 ? `¥${o.reduceAmount ?? ""}` : t("coupon.card.rate", { rate: o.couponDiscount ?? "" })})`;
  if (options.length === 0) return <p className="so-muted so-coupon-none" data-testid={`so-coupons-${shopId}`}>{t("coupon.checkout.noCoupons")}</p>;
  return (
    <div className="so-coupon" data-testid={`so-coupons-${shopId}`}>
      <label htmlFor={`${id}-c`}>{label}</label>
      <select id={`${id}-c`} className="so-input" value={chosen} disabled={disabled} onChange={(e) => onPick(Number(e.target.value))} data-testid="so-coupon-select">
        <option value={0}>{t("coupon.checkout.none")}</option>
        {usable.length ? (
          <optgroup label={t("coupon.checkout.usable", { n: usable.length })}>
            {usable.map((o) => <option key={o.couponUserId} value={o.couponUserId}>{`${name(o)} · ${t("coupon.checkout.save", { amount: o.couponReduce })}`}</option>)}
          </optgroup>
        ) : null}
        {unusable.length ? (
          <optgroup label={t("coupon.checkout.unusable", { n: unusable.length })}>
            {unusable.map((o) => <option key={o.couponUserId} value={o.couponUserId} disabled>{`${name(o)} · ${t(`coupon.reason.${o.reason ?? "outOfScope"}`, { shortBy: o.shortBy ?? "" })}`}</option>)}
          </optgroup>
        ) : null}
      </select>
      {unusable.length ? (
        <ul className="so-muted so-coupon-reasons" data-testid="so-coupon-unusable">
          {unusable.map((o) => <li key={o.couponUserId}>{o.couponName}: {t(`coupon.reason.${o.reason ?? "outOfScope"}`, { shortBy: o.shortBy ?? "" })}</li>)}
        </ul>
      ) : null}
    </div>
  );
}

function ShopOrder({ shop, base, remark, error, onRemark, onRemarkBlur, coupons }: {
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
        {shop.shopType === 1 ? <span className="so-badge">{t("submitOrder.selfOperated")}</span> : null}
        {shop.shopName}
      </h3>
      {shop.shopCartItemDiscounts.map((group, gi) => (
        <ul key={gi} className="so-lines">
          {group.shopCartItems.map((item) => (
            <li key={`${item.basketId}-${item.skuId}`} className="so-line" data-testid="so-line">
              <div className="so-prod">
                <a href={`${base}/detail/${item.prodId}`} className="so-pic" tabIndex={-1} aria-hidden="true">
                  {item.pic ? <img src={item.pic} alt="" width={64} height={64} loading="lazy" /> : <span className="so-pic-ph" />}
                </a>
                <div>
                  <a href={`${base}/detail/${item.prodId}`} className="so-prod-name">
                    {item.prodName}
                  </a>
                  {item.skuName || item.properties ? <p className="so-muted">{item.skuName || item.properties}</p> : null}
                </div>
              </div>
              <span>¥{item.price}</span>
              <span>×{item.prodCount}</span>
              <span className="so-price">¥{item.productTotalAmount}</span>
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
              className="so-input"
              value={remark}
              maxLength={ORDER_REMARK_MAX + 20}
              placeholder={t("submitOrder.remarkPlaceholder", { max: ORDER_REMARK_MAX })}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-remark-count${error ? ` ${id}-remark-err` : ""}`}
              onChange={(e) => onRemark(e.target.value)}
              onBlur={(e) => onRemarkBlur(e.target.value)}
              data-testid="so-remark"
            />
            <span id={`${id}-remark-count`} className={`so-counter${remark.trim().length > ORDER_REMARK_MAX ? " is-over" : ""}`} data-testid="so-remark-count">
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
            <dt>{t("submitOrder.shopTotal", { n: shop.totalCount })}</dt>
            <dd className="so-price" data-testid="so-shop-total">
              ¥{shop.actualTotal}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
