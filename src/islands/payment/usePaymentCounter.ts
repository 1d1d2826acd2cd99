/**
 * The state and the calls of the payment counter (PaymentCounter.tsx shows them): the orders' pay
 * info and the site's pay switches (loaded again on "retry" or when a payment finds them changed),
 * the time left by the server's clock; then the method chosen and paying — the balance after a
 * confirmation (paid → the order detail; not enough → the balance now), WeChat scan (the QR page),
 * Alipay (the provider's page). The card form pays on its own (CardPay.tsx).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { getPaySwitch } from "../../client/site.ts";
import { getOrderPayInfo, payWithBalance, payWithProvider } from "../../client/data/payment.ts";
import type { PaySwitch } from "../../lib/api-types.ts";
import { PayType, type OrderPayInfoDto } from "../../lib/order/order-types.ts";
import { defaultPayMethod, isPayableMethod, type PayMethod } from "../../lib/order/pay-method.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { useSession } from "../common/session.ts";
import { handleFailure, useAction } from "../common/useAction.ts";
import {
  orderDetailHref,
  rememberQrPayment,
  useOrderNumbers,
  useRemaining,
  type PaymentIslandProps,
} from "./shared.tsx";

type Links = PaymentIslandProps["links"];

/** The orders of the URL and what the counter shows of them. */
export function usePaymentCounter() {
  const { t } = useTranslation();
  const session = useSession();
  const numbers = useOrderNumbers();
  const [info, setInfo] = useState<OrderPayInfoDto | null>(null);
  const [sw, setSw] = useState<PaySwitch | null>(null);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

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

  return {
    session,
    numbers,
    info,
    sw,
    error,
    /** Loads the orders again: "retry", or a payment that found them changed. */
    reload: useCallback(() => setTick((n) => n + 1), []),
    remaining: useRemaining(info?.endTime ?? null, offset),
  };
}

/** The methods the site offers: the switched-on ones, and cards always (they follow the configured provider). */
export function payMethods(sw: PaySwitch): PayMethod[] {
  const methods: PayMethod[] = [];
  if (sw.balancePaySwitch) methods.push("balance");
  if (sw.wxPaySwitch) methods.push("wechat");
  if (sw.aliPaySwitch) methods.push("alipay");
  // Cards follow the configured provider: no site switch of their own (docs/payment-card.md).
  methods.push("card");
  return methods;
}

/** Choosing a method and paying with it. */
export function usePayForm(o: {
  info: OrderPayInfoDto;
  methods: PayMethod[];
  links: Links;
  numbers: string;
  onStale: () => void;
  onGuest: () => void;
}) {
  const { info, links, numbers, onStale, onGuest } = o;
  const { t } = useTranslation();
  const [method, setMethod] = useState<PayMethod | null>(() => defaultPayMethod(o.methods, info.balanceShort));
  const [confirming, setConfirming] = useState(false);
  // The orders may have expired or been paid meanwhile: a failure shows their current state.
  const payCall = useAction({ onGuest, fallback: t("payment.sandbox.failed"), onFailed: () => onStale() });
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
        const r = await payWithProvider(numbers, payType, detail);
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

  const balanceShort = answeredShort ?? info.balanceShort;
  const paying = payCall.busy;

  return {
    method,
    /** Another method chosen: what the last one answered goes. */
    choose: (m: PayMethod) => {
      setMethod(m);
      setShort(null);
    },
    balance,
    balanceShort,
    short,
    paying,
    canPay: isPayableMethod(method, balanceShort),
    /** The order detail: where a paid order goes, and the provider's return address. */
    detail,
    /** "Pay now": the balance asks for a confirmation first; the others go to their provider. */
    pay: () => {
      if (!isPayableMethod(method, balanceShort) || paying) return;
      setShort(null);
      if (method === "balance") setConfirming(true);
      else void payProvider(method);
    },
    confirming,
    confirmRef,
    cancelConfirm: () => setConfirming(false),
    payBalance,
  };
}
