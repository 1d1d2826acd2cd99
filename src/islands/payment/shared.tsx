/**
 * Bits the payment islands share: props from the page, the order numbers of the URL, the
 * countdown text, the session-storage hand-over of a QR payment from /payment to /weixin-pay, and
 * the boxes of a state instead of the payment (log in first, no order, expired…).
 */
import { useEffect, useState } from "react";
import { openLoginPopup } from "../../stores/index.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { countdownParts } from "../../lib/date-format.ts";
import type { Locale } from "../../lib/locale.ts";
import type { ProviderPayDto } from "../../lib/order/order-types.ts";
import type { NamespaceResources, Translate } from "../../lib/translate.ts";

export interface PaymentIslandProps {
  locale: Locale;
  /** Resources of the page locale: payment (+ the namespaces the API client shows). */
  resources: Record<string, NamespaceResources>;
  /** Localized paths: home, cart, payment, weixinPay, orderDetail (without query). */
  links: { home: string; cart: string; payment: string; weixinPay: string; orderDetail: string };
}

/** The orderNumbers query parameter (digits, comma separated), "" when absent or malformed. */
export function orderNumbersFromUrl(search: string): string {
  const raw = new URLSearchParams(search).get("orderNumbers") ?? "";
  const list = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((s) => /^\d{1,32}$/.test(s)) ? list.join(",") : "";
}

/** The order numbers of the page's URL: null until the page is hydrated, "" when there are none. */
export function useOrderNumbers(): string | null {
  const [numbers, setNumbers] = useState<string | null>(null);
  useEffect(() => setNumbers(orderNumbersFromUrl(window.location.search)), []);
  return numbers;
}

export function orderDetailHref(links: PaymentIslandProps["links"], orderNumbers: string): string {
  return `${links.orderDetail}?orderNumber=${encodeURIComponent(orderNumbers.split(",")[0] ?? "")}`;
}

/**
 * A time left as a countdown in the page's language ("22 min 50 s", "22分50秒"; with hours
 * "1 h 02 min 03 s"), never a clock-like "22:50" (docs/design.md "Dates and countdowns").
 */
export function countdownText(t: Translate, ms: number): string {
  const p = countdownParts(ms);
  return p.h > 0 ? t("payment.left.hms", { h: p.h, m: p.m, s: p.s }) : t("payment.left.ms", { m: p.m, s: p.s });
}

/** Milliseconds left until `endIso` (server clock offset applied), refreshed every second. */
export function useRemaining(endIso: string | null, offsetMs = 0): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endIso) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endIso]);
  if (!endIso) return null;
  return new Date(endIso).getTime() - (now + offsetMs);
}

const QR_KEY = "mall.wxpay.";

/** Keeps a QR payment for /weixin-pay (this tab only). */
export function rememberQrPayment(p: ProviderPayDto): void {
  try {
    sessionStorage.setItem(QR_KEY + p.payNo, JSON.stringify(p));
  } catch {
    // storage disabled: /weixin-pay makes a new payment
  }
}

export function recallQrPayment(payNo: string): ProviderPayDto | null {
  try {
    const raw = sessionStorage.getItem(QR_KEY + payNo);
    const p = raw ? (JSON.parse(raw) as ProviderPayDto) : null;
    return p && p.payNo === payNo && typeof p.codeUrl === "string" ? p : null;
  } catch {
    return null;
  }
}

/** A state instead of the payment: its title, a hint, and links on (the first one the main button). */
export function StateBox({
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

/** A guest: "log in first" and the button that opens the login popup. */
export function LoginFirst({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="pay-state" data-testid={testId}>
      <p>{t("payment.counter.loginFirst")}</p>
      <button type="button" className="btn" onClick={openLoginPopup}>
        {t("payment.counter.login")}
      </button>
    </div>
  );
}
