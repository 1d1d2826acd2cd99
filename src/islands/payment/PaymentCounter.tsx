/**
 * /payment?orderNumbers=a,b — the payment counter (SPEC §2 "payment counter", CONTRACT §4.4):
 * order numbers, goods, address, amount, a countdown to the payment deadline and the methods
 * switched on in getSysPaySwitch (balance, WeChat scan, Alipay).
 * Balance: confirm → pay → the order detail; not enough → the current balance is shown.
 * WeChat: a QR payment is made here and /weixin-pay shows it. Alipay: the provider page opens.
 * Card: the card form (CardPay.tsx) pays here, with a confirmation step when the bank asks.
 * Expired (deadline passed or closed by the timeout) → "order expired, please place a new order".
 */
import { useTranslation } from "../common/I18nProvider.tsx";
import { PayMark } from "./PayMark.tsx";
import { CardPay } from "./CardPay.tsx";
import type { PaySwitch } from "../../lib/api-types.ts";
import { priceText } from "../../lib/money-format.ts";
import type { OrderPayInfoDto } from "../../lib/order/order-types.ts";
import { I18nProvider } from "../common/I18nProvider.tsx";
import { countdownText, LoginFirst, orderDetailHref, StateBox, type PaymentIslandProps } from "./shared.tsx";
import { payMethods, usePaymentCounter, usePayForm } from "./usePaymentCounter.ts";
import { ActionDialog } from "../common/ActionDialog.tsx";

export default function PaymentCounter(props: PaymentIslandProps) {
  return (
    <I18nProvider locale={props.locale} resources={props.resources}>
      <Counter links={props.links} />
    </I18nProvider>
  );
}

function Counter({ links }: { links: PaymentIslandProps["links"] }) {
  const { t } = useTranslation();
  const { session, numbers, info, sw, error, reload, remaining } = usePaymentCounter();

  let body: React.ReactNode;
  if (session.state === "guest") {
    body = <LoginFirst testId="pay-login" />;
  } else if (numbers === "") {
    body = (
      <StateBox
        title={t("payment.counter.noOrder")}
        links={[{ href: links.home, label: t("payment.counter.goHome") }]}
      />
    );
  } else if (error) {
    body = (
      <div className="pay-state" data-testid="pay-error">
        <p className="pay-state-title">{error}</p>
        <button type="button" className="btn btn-ghost" onClick={reload}>
          {t("payment.counter.retry")}
        </button>
      </div>
    );
  } else if (!info || !sw || numbers === null) {
    body = (
      <p className="pay-loading" role="status">
        {t("payment.counter.loading")}
      </p>
    );
  } else if (info.expired || (info.status === 1 && remaining !== null && remaining <= 0)) {
    body = (
      <StateBox
        testId="pay-expired"
        title={t("payment.counter.expiredTitle")}
        hint={t("payment.counter.expiredHint")}
        links={[
          { href: links.cart, label: t("payment.counter.backToCart") },
          { href: links.home, label: t("payment.counter.goHome") },
        ]}
      />
    );
  } else if (info.status === 6) {
    body = (
      <StateBox
        testId="pay-closed"
        title={t("payment.counter.closedTitle")}
        links={[{ href: orderDetailHref(links, numbers), label: t("payment.counter.viewOrder") }]}
      />
    );
  } else if (info.status !== 1) {
    body = (
      <StateBox
        testId="pay-paid"
        title={t("payment.counter.paidTitle")}
        links={[{ href: orderDetailHref(links, numbers), label: t("payment.counter.viewOrder") }]}
      />
    );
  } else {
    body = (
      <PayForm
        info={info}
        sw={sw}
        remaining={remaining ?? 0}
        links={links}
        numbers={numbers}
        onStale={reload}
        onGuest={session.markGuest}
      />
    );
  }

  return (
    <section className="pay-counter" aria-labelledby="pay-title" data-testid="payment-counter">
      <h1 id="pay-title" className="pay-title">
        {t("payment.counter.title")}
      </h1>
      {body}
    </section>
  );
}

function PayForm(props: {
  info: OrderPayInfoDto;
  sw: PaySwitch;
  remaining: number;
  links: PaymentIslandProps["links"];
  numbers: string;
  onStale: () => void;
  onGuest: () => void;
}) {
  const { info, sw, remaining, numbers, onStale } = props;
  const { t } = useTranslation();
  const methods = payMethods(sw);
  const f = usePayForm({ ...props, methods });
  const { method, balanceShort, short, paying } = f;
  const amount = priceText(info.totalFee);
  const names = info.prodNameList;

  // Virtual goods ship nowhere: no receiver, no address, no row.
  const shipTo = [info.receiver, info.mobile, info.userAddr].filter(Boolean).join("  ");
  return (
    <>
      <div className="pay-summary panel">
        <div className="pay-summary-main">
          <p className="pay-submitted">{t("payment.counter.submitted")}</p>
          <dl className="pay-facts">
            <div>
              <dt>{t("payment.counter.orderNumbers")}</dt>
              <dd data-testid="pay-order-numbers">{info.orderNumbers.split(",").join("，")}</dd>
            </div>
            <div>
              <dt>{t("payment.counter.products")}</dt>
              <dd className="pay-goods" title={names.join("，")}>
                {names.join("，")}
              </dd>
            </div>
            {shipTo ? (
              <div data-testid="pay-ship-to">
                <dt>{t("payment.counter.receiver")}</dt>
                <dd data-user-content>{shipTo}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <div className="pay-summary-side">
          <p className="pay-amount-label">{t("payment.counter.amountDue")}</p>
          <p className="pay-amount" data-testid="pay-amount">
            <span className="pay-currency">¥</span>
            {amount}
          </p>
          {info.totalScore > 0 ? (
            <p className="pay-points">{t("payment.counter.usedPoints", { count: info.totalScore })}</p>
          ) : null}
          <p className="pay-countdown" data-testid="pay-countdown">
            {t("payment.counter.countdown", { time: countdownText(t, remaining) })}
          </p>
        </div>
      </div>

      <div className="pay-methods panel">
        <h2 className="pay-methods-title">{t("payment.counter.chooseMethod")}</h2>
        {methods.length === 0 ? (
          <p className="pay-state-hint">{t("payment.counter.noMethods")}</p>
        ) : (
          <div
            className="choice-group pay-method-list"
            role="radiogroup"
            aria-label={t("payment.counter.chooseMethod")}
          >
            {methods.map((m) => (
              <label key={m} className="choice choice-lg pay-method" data-testid={`pay-method-${m}`}>
                <input type="radio" name="payMethod" value={m} checked={method === m} onChange={() => f.choose(m)} />
                <PayMark method={m} />
                <span className="pay-method-text">
                  <span className="choice-title">{t(`payment.method.${m}`)}</span>
                  <span className="choice-note">
                    {m === "balance"
                      ? t("payment.counter.balanceAvailable", { balance: priceText(f.balance) })
                      : t(`payment.method.${m}Desc`)}
                  </span>
                </span>
                {m === "balance" && balanceShort ? (
                  <span className="pay-method-warn">{t("payment.counter.balanceShort")}</span>
                ) : null}
              </label>
            ))}
          </div>
        )}
        {short ? (
          <p className="pay-short" role="alert" data-testid="pay-short">
            {short}
          </p>
        ) : null}
        {method === "card" ? (
          <CardPay
            numbers={numbers}
            amount={amount}
            returnUrl={f.detail}
            onPaid={() => window.location.assign(f.detail)}
            onStale={onStale}
            onGuest={props.onGuest}
          />
        ) : methods.length > 0 ? (
          <div className="pay-actions">
            <button
              type="button"
              className="btn pay-submit"
              onClick={f.pay}
              disabled={!f.canPay || paying}
              data-testid="pay-submit"
            >
              {paying ? t("payment.counter.paying") : t("payment.counter.payNow")}
            </button>
          </div>
        ) : null}
      </div>

      {f.confirming ? (
        <ActionDialog
          labelledBy="pay-confirm-text"
          testId="pay-confirm"
          onCancel={f.cancelConfirm}
          cancelText={t("payment.counter.cancel")}
          okText={t("payment.counter.confirm")}
          onOk={() => void f.payBalance()}
          okRef={f.confirmRef}
          okTestId="pay-confirm-ok"
        >
          <p id="pay-confirm-text">{t("payment.counter.confirmBalance", { amount })}</p>
        </ActionDialog>
      ) : null}
    </>
  );
}
