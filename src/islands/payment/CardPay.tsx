/**
 * The payment counter's card form (docs/payment-card.md): number, expiry, CVC from the styled
 * text fields; checked in the browser as on the server (src/lib/order/pay-card.ts). Paying makes
 * (or reuses) the card payment of the orders, then posts the card; a decline shows its message
 * and changes nothing; a confirmation step asks for the bank's code in a dialog. Nothing of the
 * card is kept in the page after paying; the server keeps only its brand and last four digits.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { isApiError } from "../../client/api.ts";
import { checkCard, groupCardNumber, type CardForm } from "../../lib/order/pay-card.ts";
import { PayType, type CardPayDto } from "../../lib/order/order-types.ts";
import { confirmCardPay, payByCard, payWithProvider } from "../../client/data/payment.ts";
import { ActionDialog } from "../common/ActionDialog.tsx";
import { useAction } from "../common/useAction.ts";

export function CardPay({
  numbers,
  amount,
  returnUrl,
  onPaid,
  onStale,
  onGuest,
}: {
  numbers: string;
  amount: string;
  returnUrl: string;
  onPaid: (r: CardPayDto) => void;
  onStale: () => void;
  onGuest: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CardForm>({ number: "", expiry: "", cvc: "" });
  const [problems, setProblems] = useState<Partial<Record<keyof CardForm, string>>>({});
  const [error, setError] = useState("");
  // A decline (or an expired payment) answers its message in the form, which stays as typed; a
  // payment that finds the orders paid meanwhile shows their state.
  const payCall = useAction({
    onGuest,
    fallback: t("payment.sandbox.failed"),
    setError,
    inlineOnly: true,
    onFailed: (e) => {
      if (isApiError(e) && e.msg === t("payment.orderPaid")) onStale();
    },
  });
  const busy = payCall.busy;
  const [payNo, setPayNo] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<CardPayDto | null>(null);
  const [code, setCode] = useState("");
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (confirm) codeRef.current?.focus();
  }, [confirm]);

  const set = (k: keyof CardForm) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = k === "number" ? groupCardNumber(e.currentTarget.value) : e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: v }));
    setProblems((p) => ({ ...p, [k]: undefined }));
  };

  async function attempt(call: () => Promise<CardPayDto>) {
    setError("");
    await payCall.run(async () => {
      const r = await call();
      if (r.status === "paid") {
        setForm({ number: "", expiry: "", cvc: "" });
        onPaid(r);
        return;
      }
      setConfirm(r);
      setCode("");
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const checked = checkCard(form, new Date());
    if (!checked.ok) {
      const out: Partial<Record<keyof CardForm, string>> = {};
      for (const [k, p] of Object.entries(checked.problems)) out[k as keyof CardForm] = t(`payment.card.${p}`);
      setProblems(out);
      return;
    }
    void attempt(async () => {
      let no = payNo;
      if (!no) {
        const created = await payWithProvider(numbers, PayType.CARD, returnUrl);
        no = created.payNo;
        setPayNo(no);
      }
      return payByCard(no, form);
    });
  }

  function submitCode() {
    if (!confirm || busy) return;
    const pending = confirm;
    setConfirm(null);
    void attempt(() =>
      confirmCardPay({
        payNo: pending.payNo,
        brand: pending.brand,
        last4: pending.last4,
        confirmation: pending.confirmation ?? "",
        code,
      }),
    );
  }

  const field = (k: keyof CardForm, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <label className="pay-card-field">
      <span className="pay-card-label">{label}</span>
      <input
        className="input"
        type="text"
        value={form[k]}
        onChange={set(k)}
        aria-invalid={problems[k] ? true : undefined}
        aria-describedby={problems[k] ? `pay-card-${k}-err` : undefined}
        data-testid={`pay-card-${k}`}
        {...props}
      />
      {problems[k] ? (
        <span className="pay-card-problem" id={`pay-card-${k}-err`}>
          {problems[k]}
        </span>
      ) : null}
    </label>
  );

  return (
    <>
      <form
        className="pay-card"
        onSubmit={submit}
        noValidate
        data-testid="pay-card-form"
        aria-label={t("payment.card.title")}
      >
        <div className="pay-card-row">
          {field("number", t("payment.card.number"), {
            inputMode: "numeric",
            autoComplete: "cc-number",
            placeholder: "4242 4242 4242 4242",
            maxLength: 23,
            className: "input pay-card-number",
          })}
          {field("expiry", t("payment.card.expiry"), {
            inputMode: "numeric",
            autoComplete: "cc-exp",
            placeholder: "MM/YY",
            maxLength: 7,
          })}
          {field("cvc", t("payment.card.cvc"), {
            inputMode: "numeric",
            autoComplete: "cc-csc",
            placeholder: "123",
            maxLength: 4,
          })}
        </div>
        {error ? (
          <p className="pay-short" role="alert" data-testid="pay-card-error">
            {error}
          </p>
        ) : null}
        <div className="pay-actions">
          <button type="submit" className="btn pay-submit" disabled={busy} data-testid="pay-card-submit">
            {busy ? t("payment.card.paying") : t("payment.card.pay", { amount: `¥${amount}` })}
          </button>
        </div>
        <p className="pay-card-tip" data-testid="pay-card-tip">
          {t("payment.card.sandboxTip")}
        </p>
      </form>

      {confirm ? (
        <ActionDialog
          labelledBy="pay-card-confirm-title"
          testId="pay-card-confirm"
          onCancel={() => setConfirm(null)}
          cancelText={t("payment.card.cancel")}
          okText={t("payment.card.confirm")}
          onOk={submitCode}
          okTestId="pay-card-confirm-ok"
        >
          <p id="pay-card-confirm-title" className="pay-card-confirm-title">
            {t("payment.card.confirmTitle")}
          </p>
          <p>{t("payment.card.confirmHint", { amount, brand: confirm.brand, last4: confirm.last4 })}</p>
          <label className="pay-card-field pay-card-confirm-field">
            <span className="pay-card-label">{t("payment.card.code")}</span>
            <input
              ref={codeRef}
              className="input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  submitCode();
                }
              }}
              data-testid="pay-card-code"
            />
          </label>
        </ActionDialog>
      ) : null}
    </>
  );
}
