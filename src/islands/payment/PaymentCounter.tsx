/**
 * /payment?orderNumbers=a,b — the payment counter (SPEC §2 "payment counter", CONTRACT §4.4):
 * order numbers, goods, address, amount, a countdown to the payment deadline and the methods
 * switched on in getSysPaySwitch (balance, WeChat scan, Alipay).
 * Balance: confirm → pay → the order detail; not enough → the current balance is shown.
 * WeChat: a QR payment is made here and /weixin-pay shows it. Alipay: the provider page opens.
 * Card: the card form (CardPay.tsx) pays here, with a confirmation step when the bank asks.
 * Expired (deadline passed or closed by the timeout) → "order expired, please place a new order".
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { PayMark } from "./PayMark.tsx";
import { CardPay } from "./CardPay.tsx";
import { getPaySwitch } from "../../client/site.ts";
import type { PaySwitch } from "../../lib/api-types.ts";
import { priceText } from "../../lib/money-format.ts";
import { PayType, type OrderPayInfoDto } from "../../lib/order/order-types.ts";
import { defaultPayMethod, isPayableMethod, type PayMethod } from "../../lib/order/pay-method.ts";
import { openLoginPopup } from "../../stores/index.ts";
import { I18nProvider } from "../common/I18nProvider.tsx";
import { useSession } from "../common/session.ts";
import { handleFailure, useAction } from "../common/useAction.ts";
import {
  orderDetailHref,
  orderNumbersFromUrl,
  countdownText,
  rememberQrPayment,
  useRemaining,
  type PaymentIslandProps,
} from "./shared.tsx";
import { getOrderPayInfo, payWithBalance, payWithProvider } from "../../client/data/payment.ts";
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
  const session = useSession();
  const [numbers, setNumbers] = useState<string | null>(null);
  const [info, setInfo] = useState<OrderPayInfoDto | null>(null);
  const [sw, setSw] = useState<PaySwitch | null>(null);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => setNumbers(orderNumbersFromUrl(window.location.search)), []);

  useEffect(() => {
    if (session.state !== "ready" || !numbers) return;
    let alive = true;
    setError(null);
    Promise.all([getOrderPayInfo(numbers), getPaySwitch()])
      .then(([data, paySwitch]) => {
        if (!alive) return;
        setOffset(new Date(data.serverTime).getTime() - Date.now());
        setInfo(data);
        setSw(paySwitch ?? { balancePaySwitch: true, wxPaySwitch: false, aliPaySwitch: false, payPalSwitch: false });
      })
      .catch((e: unknown) => {
        if (alive)
          handleFailure(e, {
            onGuest: session.markGuest,
            fallback: t("payment.counter.loadFailed"),
            setError,
            inlineOnly: true,
          });
      });
    return () => {
      alive = false;
    };
  }, [session.state, session.markGuest, numbers, tick, t]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const remaining = useRemaining(info?.endTime ?? null, offset);

  let body: React.ReactNode;
  if (session.state === "guest") {
    body = (
      <div className="pay-state" data-testid="pay-login">
        <p>{t("payment.counter.loginFirst")}</p>
        <button type="button" className="btn" onClick={openLoginPopup}>
          {t("payment.counter.login")}
        </button>
      </div>
    );
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

function StateBox({
  title,
  hint,
  links,
  testId,
}: {
  title: string;
  hint?: string;
  links: { href: string; label: string }[];
  testId?: string;
}) {
  return (
    <div className="pay-state" data-testid={testId}>
      <p className="pay-state-title">{title}</p>
      {hint ? <p className="pay-state-hint">{hint}</p> : null}
      <p className="pay-state-links">
        {links.map((l, i) => (
          <a key={l.href} className={i === 0 ? "btn" : "btn btn-ghost"} href={l.href}>
            {l.label}
          </a>
        ))}
      </p>
    </div>
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
  const { info, sw, remaining, links, numbers, onStale, onGuest } = props;
  const { t } = useTranslation();
  const methods: PayMethod[] = [];
  if (sw.balancePaySwitch) methods.push("balance");
  if (sw.wxPaySwitch) methods.push("wechat");
  if (sw.aliPaySwitch) methods.push("alipay");
  // Cards follow the configured provider: no site switch of their own (docs/payment-card.md).
  methods.push("card");
  const [method, setMethod] = useState<PayMethod | null>(() => defaultPayMethod(methods, info.balanceShort));
  const [confirming, setConfirming] = useState(false);
  // The orders may have expired or been paid meanwhile: a failure shows their current state.
  const payCall = useAction({ onGuest, fallback: t("payment.sandbox.failed"), onFailed: () => onStale() });
  const paying = payCall.busy;
  const [balance, setBalance] = useState(info.balance);
  // Whether the balance is less than the amount: the server answers it (pay info), and a
  // "not enough balance" answer (type 3) says so again; no decimal arithmetic on this page.
  const [answeredShort, setAnsweredShort] = useState<boolean | null>(null);
  const [short, setShort] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const detail = orderDetailHref(links, numbers);
  const returnUrl = detail;

  async function payBalance() {
    setConfirming(false);
    await payCall.run(
      async () => {
        const r = await payWithBalance(numbers, PayType.BALANCE);
        if (r.type === 1) {
          window.location.assign(detail);
          return r;
        }
        setBalance(r.balance);
        if (r.type === 3) setAnsweredShort(true);
        setShort(r.message);
        return r;
      },
      { keepBusy: (r) => r.type === 1 },
    );
  }

  async function payProvider(m: "wechat" | "alipay" | "card") {
    if (m === "card") return;
    await payCall.run(
      async () => {
        const payType = m === "wechat" ? PayType.WECHAT_SCAN : PayType.ALIPAY;
        const r = await payWithProvider(numbers, payType, returnUrl);
        if (m === "wechat") {
          rememberQrPayment(r);
          window.location.assign(
            `${links.weixinPay}?payNo=${encodeURIComponent(r.payNo)}&orderNumbers=${encodeURIComponent(numbers)}`,
          );
        } else {
          window.location.assign(r.payUrl);
        }
      },
      { keepBusy: true },
    );
  }

  const amount = priceText(info.totalFee);
  const balanceShort = answeredShort ?? info.balanceShort;
  const canPay = isPayableMethod(method, balanceShort);
  const names = info.prodNameList;

  function onPay() {
    if (!isPayableMethod(method, balanceShort) || paying) return;
    setShort(null);
    if (method === "balance") setConfirming(true);
    else void payProvider(method);
  }

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
                <input
                  type="radio"
                  name="payMethod"
                  value={m}
                  checked={method === m}
                  onChange={() => {
                    setMethod(m);
                    setShort(null);
                  }}
                />
                <PayMark method={m} />
                <span className="pay-method-text">
                  <span className="choice-title">{t(`payment.method.${m}`)}</span>
                  <span className="choice-note">
                    {m === "balance"
                      ? t("payment.counter.balanceAvailable", { balance: priceText(balance) })
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
            returnUrl={returnUrl}
            onPaid={() => window.location.assign(detail)}
            onStale={onStale}
          />
        ) : methods.length > 0 ? (
          <div className="pay-actions">
            <button
              type="button"
              className="btn pay-submit"
              onClick={onPay}
              disabled={!canPay || paying}
              data-testid="pay-submit"
            >
              {paying ? t("payment.counter.paying") : t("payment.counter.payNow")}
            </button>
          </div>
        ) : null}
      </div>

      {confirming ? (
        <ActionDialog
          labelledBy="pay-confirm-text"
          testId="pay-confirm"
          onCancel={() => setConfirming(false)}
          cancelText={t("payment.counter.cancel")}
          okText={t("payment.counter.confirm")}
          onOk={() => void payBalance()}
          okRef={confirmRef}
          okTestId="pay-confirm-ok"
        >
          <p id="pay-confirm-text">{t("payment.counter.confirmBalance", { amount })}</p>
        </ActionDialog>
      ) : null}
    </>
  );
}
