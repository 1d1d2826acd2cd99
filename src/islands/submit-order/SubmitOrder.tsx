/**
 * /submit-order (SPEC §2, §5, §9; CONTRACT §4.2-§4.3), login required: the checkout of cart lines,
 * buy now, and the flash sale and group buy checkouts. useCheckout.ts holds the state and the
 * calls; the sections show them:
 * - address: choose one of the address book, or add one with the address book's own form
 *   (AddressForm) inline; the new address is then confirmed;
 * - goods per shop: its lines, coupons, freight ("free over ¥X" when the shop has a threshold),
 *   the order message (max 100, not only spaces, counter; rule from src/lib/order/order-rules.ts);
 * - the platform's coupons; points (when the buyer has points): checkbox + amount (multiple of 10,
 *   ≤ maxUsableScore); invoice: none / personal / unit (header, taxpayer number);
 * - totals and submit (disabled while it runs).
 */
import { useId, type ReactNode } from "react";
import { ProdMold } from "../../lib/order/virtual-goods.ts";
import type { Locale } from "../../lib/locale.ts";
import { openLoginPopup } from "../../stores/index.ts";
import { I18nProvider, useTranslation, type NamespaceResources } from "../common/I18nProvider.tsx";
import { AddressSection } from "./AddressSection.tsx";
import { GoodsSection, PlatformCouponSection } from "./GoodsSection.tsx";
import { InvoiceSection } from "./InvoiceSection.tsx";
import { PointsSection } from "./PointsSection.tsx";
import { SummarySection } from "./SummarySection.tsx";
import { useCheckout, type CheckoutLinks } from "./useCheckout.ts";

export interface SubmitOrderProps {
  locale: Locale;
  resources: Record<string, NamespaceResources>;
  links: CheckoutLinks;
}

export default function SubmitOrder(props: SubmitOrderProps) {
  return (
    <I18nProvider locale={props.locale} resources={props.resources}>
      <SubmitBody links={props.links} />
    </I18nProvider>
  );
}

function SubmitBody({ links }: { links: CheckoutLinks }) {
  const { t } = useTranslation();
  const c = useCheckout(links);
  const ids = useId();
  const { data } = c;

  if (c.state === "guest")
    return (
      <State testId="so-need-login">
        <p>{t("submitOrder.needLogin")}</p>
        <button type="button" className="btn" onClick={openLoginPopup}>
          {t("submitOrder.login")}
        </button>
      </State>
    );
  if (c.fatal)
    return (
      <State testId="so-error">
        <p role="alert" data-testid="so-error-text">
          {c.fatal}
        </p>
        <a className="btn" href={c.back.href} data-testid="so-back-cart">
          {t(c.back.textKey)}
        </a>
      </State>
    );
  if (!data)
    return (
      <State testId="so-loading">
        <p role="status">{t("submitOrder.loading")}</p>
      </State>
    );

  return (
    <div className="so" data-testid="submit-order" aria-busy={c.confirming}>
      {data.orderMold === ProdMold.VIRTUAL ? (
        <p className="so-muted" data-testid="so-virtual-note" role="note">
          {t("submitOrder.virtualNoAddress")}
        </p>
      ) : (
        <AddressSection
          headingId={`${ids}-addr`}
          addresses={c.addresses}
          chosenId={data.userAddr?.addrId}
          adding={c.adding}
          confirming={c.confirming}
          onChoose={c.chooseAddress}
          onAdd={c.openAddressForm}
          onCancel={c.closeAddressForm}
          onGuest={c.addressFormGuest}
          onSaved={c.addressSaved}
        />
      )}
      <GoodsSection
        headingId={`${ids}-goods`}
        back={c.back}
        base={links.base}
        shops={data.shopCartOrders}
        remarks={c.remarks}
        remarkErrors={c.errors.remarks}
        confirming={c.confirming}
        onRemark={c.setRemark}
        onRemarkBlur={c.leaveRemark}
        onPickCoupon={c.pickCoupon}
      />
      <PlatformCouponSection
        headingId={`${ids}-coupons`}
        coupons={data.coupons}
        confirming={c.confirming}
        onPickCoupon={c.pickCoupon}
      />
      {data.userScore > 0 ? (
        <PointsSection
          idBase={ids}
          data={data}
          usePoints={c.choice.usePoints}
          pointsText={c.pointsText}
          pointsError={c.pointsError}
          confirming={c.confirming}
          onUse={c.usePoints}
          onText={c.setPointsText}
          onCommit={() => void c.commitPoints()}
        />
      ) : null}
      <InvoiceSection
        idBase={ids}
        invoice={c.invoice}
        errors={c.errors}
        onType={c.chooseInvoice}
        onField={c.setInvoiceField}
      />
      <SummarySection
        data={data}
        submitting={c.submitting}
        confirming={c.confirming}
        onSubmit={() => void c.submit()}
      />
    </div>
  );
}

function State({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="co-state so-state" data-testid={testId}>
      {children}
    </div>
  );
}
