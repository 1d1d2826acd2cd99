/**
 * /weixin-pay?payNo=…&orderNumbers=… — the WeChat scan-code page (CONTRACT §4.4 payType 3): the
 * QR code of the payment's codeUrl (drawn in the browser with the `qrcode` package, loaded only
 * on this page), the amount and a countdown. After PAY_QR_MINUTES the code shows "QR code
 * expired" with a refresh button (a new payment). The order status is polled every 3 s; once
 * paid (status ≥ 2) the browser goes to the order detail.
 * The payment made by /payment is handed over in sessionStorage; without it (reload, new tab)
 * the page makes a new one.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { useQrSrc } from "../common/useQrSrc.ts";
import { priceText } from "../../lib/money-format.ts";
import { PayType, type ProviderPayDto } from "../../lib/order/order-types.ts";
import { I18nProvider } from "../common/I18nProvider.tsx";
import { useSession } from "../common/session.ts";
import { useAction } from "../common/useAction.ts";
import {
  countdownText,
  LoginFirst,
  orderDetailHref,
  recallQrPayment,
  rememberQrPayment,
  StateBox,
  useOrderNumbers,
  useRemaining,
  type PaymentIslandProps,
} from "./shared.tsx";
import { getOrderStatus } from "../../client/data/order.ts";
import { payWithProvider } from "../../client/data/payment.ts";

/** How often the order status is asked while the QR code is shown. */
export const PAY_POLL_MS = 3000;

export default function WeixinPay(props: PaymentIslandProps) {
  return (
    <I18nProvider locale={props.locale} resources={props.resources}>
      <ScanPage links={props.links} />
    </I18nProvider>
  );
}

function ScanPage({ links }: { links: PaymentIslandProps["links"] }) {
  const { t } = useTranslation();
  const session = useSession();
  const numbers = useOrderNumbers();
  const [pay, setPay] = useState<ProviderPayDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);
  const making = useAction({
    onGuest: session.markGuest,
    fallback: t("payment.sandbox.failed"),
    setError,
    inlineOnly: true,
  });
  const busy = making.busy;
  const make = making.run;

  const refresh = useCallback(
    async (orderNumbers: string) => {
      setError(null);
      await make(async () => {
        const detail = orderDetailHref(links, orderNumbers);
        const p = await payWithProvider(orderNumbers, PayType.WECHAT_SCAN, detail);
        rememberQrPayment(p);
        const url = new URL(window.location.href);
        url.searchParams.set("payNo", p.payNo);
        url.searchParams.set("orderNumbers", orderNumbers);
        window.history.replaceState(null, "", url.pathname + url.search);
        setPay(p);
      });
    },
    [links, make],
  );

  // The payment handed over by /payment, else a new one.
  useEffect(() => {
    if (session.state !== "ready" || !numbers) return;
    const payNo = new URLSearchParams(window.location.search).get("payNo") ?? "";
    const kept = payNo ? recallQrPayment(payNo) : null;
    if (kept && new Date(kept.expiresAt).getTime() > Date.now()) setPay(kept);
    else void refresh(numbers);
  }, [session.state, numbers]);

  const qr = useQrSrc(pay?.codeUrl);

  // Poll the order status; paid → the order detail.
  useEffect(() => {
    if (session.state !== "ready" || !numbers || paid) return;
    const first = numbers.split(",")[0]!;
    let alive = true;
    const timer = setInterval(() => {
      getOrderStatus(first)
        .then((status) => {
          if (!alive || status < 2) return;
          setPaid(true);
          window.location.assign(orderDetailHref(links, numbers));
        })
        .catch(() => {});
    }, PAY_POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [session.state, numbers, paid, links]);

  const remaining = useRemaining(pay?.expiresAt ?? null);
  const expired = remaining !== null && remaining <= 0;

  let content: React.ReactNode;
  if (session.state === "guest") {
    content = <LoginFirst />;
  } else if (numbers === "") {
    content = (
      <StateBox
        title={t("payment.counter.noOrder")}
        links={[{ href: links.home, label: t("payment.counter.goHome") }]}
      />
    );
  } else if (error && !pay) {
    content = (
      <StateBox
        testId="wx-error"
        title={error}
        links={[
          {
            href: `${links.payment}?orderNumbers=${encodeURIComponent(numbers ?? "")}`,
            label: t("payment.wechat.otherMethods"),
          },
          { href: links.cart, label: t("payment.counter.backToCart") },
        ]}
      />
    );
  } else if (!pay || numbers === null) {
    content = (
      <p className="pay-loading" role="status">
        {t("payment.counter.loading")}
      </p>
    );
  } else {
    content = (
      <div className="wx-body">
        <div className="wx-info">
          <p className="wx-amount-label">{t("payment.wechat.amount")}</p>
          <p className="pay-amount" data-testid="wx-amount">
            <span className="pay-currency">¥</span>
            {priceText(pay.amount)}
          </p>
          <p className="wx-orders">
            {t("payment.counter.orderNumbers")}：{numbers.split(",").join("，")}
          </p>
          {paid ? (
            <p className="wx-paid" role="status" data-testid="wx-paid">
              {t("payment.wechat.paidRedirect")}
            </p>
          ) : null}
          {error ? (
            <p className="pay-short" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="wx-qr-box">
          <div className={`wx-qr${expired ? " is-expired" : ""}`} data-testid="wx-qr">
            {qr ? (
              <img src={qr} width={220} height={220} alt={t("payment.wechat.qrAlt")} />
            ) : (
              <span className="wx-qr-placeholder" />
            )}
            {expired ? (
              <div className="wx-qr-mask" data-testid="wx-expired">
                <p>{t("payment.wechat.expired")}</p>
                <button
                  type="button"
                  className="btn"
                  onClick={() => void refresh(numbers)}
                  disabled={busy}
                  data-testid="wx-refresh"
                >
                  {busy ? t("payment.wechat.refreshing") : t("payment.wechat.refresh")}
                </button>
              </div>
            ) : null}
          </div>
          <p className="wx-scan-tip">
            <span className="wx-scan-icon" aria-hidden="true" />
            {t("payment.wechat.scanTip")}
          </p>
          {!expired && remaining !== null ? (
            <p className="wx-countdown" data-testid="wx-countdown">
              {t("payment.wechat.expiresIn", { time: countdownText(t, remaining) })}
            </p>
          ) : null}
          <p className="wx-sandbox">
            {t("payment.wechat.sandboxTip")}{" "}
            <a href={pay.payUrl} target="_blank" rel="noopener" data-testid="wx-sandbox-link">
              {t("payment.wechat.openSandbox")}
            </a>
          </p>
        </div>
      </div>
    );
  }

  return (
    <section className="pay-counter wx-page" aria-labelledby="wx-title" data-testid="weixin-pay">
      <h1 id="wx-title" className="pay-title">
        {t("payment.wechat.title")}
      </h1>
      <div className="panel wx-panel">{content}</div>
      {numbers ? (
        <p className="wx-other">
          <a href={`${links.payment}?orderNumbers=${encodeURIComponent(numbers)}`}>
            ‹ {t("payment.wechat.otherMethods")}
          </a>
        </p>
      ) : null}
    </section>
  );
}
