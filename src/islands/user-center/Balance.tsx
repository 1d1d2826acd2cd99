/**
 * /user-center/uc-balance: the balance (GET /p/userBalance/getBalanceInfo), a top-up of
 * 0.01 .. 100,000 (rule in src/lib/balance/balance.ts, checked here and again by the API) paid through
 * the payment provider: WeChat scan shows the QR code (drawn with `qrcode`, loaded on demand),
 * Alipay opens the provider page; the top-up's status is polled until paid. The log of every
 * movement (GET /p/userBalanceLog/log, paged).
 */
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { ChoiceGroup } from "../common/ChoiceGroup.tsx";
import { formatDateTime } from "../../lib/date-format.ts";
import { useQrSrc } from "../common/useQrSrc.ts";
import { rechargeAmountError } from "../../lib/balance/balance.ts";
import { PayType, type ProviderPayDto } from "../../lib/order/order-types.ts";
import { priceText } from "../../lib/money-format.ts";
import { toastOk } from "../common/feedback.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { Modal } from "../common/dialog.tsx";
import { FieldError, Pager, UcEmpty, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { getBalanceInfo, getTopUpStatus, listBalanceLog, topUp as startTopUp } from "../../client/data/balance.ts";

const PAGE_SIZE = 10;
/** How often a shown top-up's status is asked. */
const POLL_MS = 3000;

export default function Balance(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <BalanceBody />
    </UcRoot>
  );
}

function BalanceBody() {
  const { t } = useTranslation();
  const session = useSession();
  const [page, setPage] = useState(1);
  const [amount, setAmount] = useState("");
  const [payType, setPayType] = useState<2 | 3>(PayType.WECHAT_SCAN);
  const [error, setError] = useState<string | null>(null);
  const [pay, setPay] = useState<ProviderPayDto | null>(null);
  const [state, setState] = useState<0 | 1 | 2>(0);
  const errorId = useId();
  const topUp = useAction({ onGuest: session.markGuest, fallback: t("userCenter.common.actionFailed") });
  const busy = topUp.busy;
  const info = useUcLoad(session, () => getBalanceInfo());
  const logs = useUcLoad(session, () => listBalanceLog(page, PAGE_SIZE), [page]);

  // The QR code of a WeChat top-up.
  const qr = useQrSrc(pay && payType === PayType.WECHAT_SCAN ? pay.codeUrl : null);

  // Poll the top-up until it is paid, closed or expired.
  const { reload: reloadInfo } = info;
  const { reload: reloadLogs } = logs;
  useEffect(() => {
    if (!pay || state !== 0) return;
    let alive = true;
    const timer = setInterval(() => {
      getTopUpStatus(pay.payNo)
        .then((s) => {
          if (!alive || s === 0) return;
          setState(s);
          if (s === 1) {
            toastOk(t("balance.ui.paid", { amount: priceText(pay.amount) }));
            reloadInfo();
            setPage(1);
            reloadLogs();
          }
        })
        .catch(() => {});
    }, POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [pay, state, t, reloadInfo, reloadLogs]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const key = rechargeAmountError(amount);
    if (key) return setError(t(key));
    setError(null);
    await topUp.run(async () => {
      const p = await startTopUp(amount.trim(), payType);
      setState(0);
      setPay(p);
      if (payType === PayType.ALIPAY) window.open(p.payUrl, "_blank", "noopener");
    });
  }

  function closePay() {
    setPay(null);
    if (state === 1) setAmount("");
  }

  return (
    <UcPanel title={t("userCenter.menu.balance")} testId="uc-balance">
      <UcGate state={session.state} error={info.error} loading={!info.data && info.loading} onRetry={info.reload}>
        {info.data ? (
          <div className="wallet-summary">
            <div className="wallet-figure">
              <p className="wallet-label">{t("balance.ui.balance")}</p>
              <p className="wallet-value" data-testid="balance-total">
                <span className="wallet-currency">¥</span>
                {priceText(info.data.totalBalance)}
              </p>
            </div>
            <form className="recharge-form" onSubmit={(e) => void submit(e)} noValidate data-testid="recharge-form">
              <label className="recharge-label" htmlFor="recharge-amount">
                {t("balance.ui.amount")}
              </label>
              <div className="recharge-row">
                <span className="wallet-currency">¥</span>
                <input
                  id="recharge-amount"
                  className="input"
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={12}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  placeholder={t("balance.ui.amountHint", { min: info.data.minRecharge, max: info.data.maxRecharge })}
                  data-testid="recharge-amount"
                />
              </div>
              {error ? <FieldError id={errorId} message={error} /> : null}
              <fieldset className="recharge-methods">
                <legend>{t("balance.ui.method")}</legend>
                <ChoiceGroup
                  name="payType"
                  value={payType}
                  onChange={setPayType}
                  options={[
                    { value: PayType.WECHAT_SCAN, label: t("balance.ui.wechat") },
                    { value: PayType.ALIPAY, label: t("balance.ui.alipay") },
                  ]}
                />
              </fieldset>
              <button type="submit" className="btn" disabled={busy} data-testid="recharge-submit">
                {busy ? t("balance.ui.creating") : t("balance.ui.topUp")}
              </button>
            </form>
          </div>
        ) : null}
        <section aria-labelledby="balance-log-title" className="wallet-log">
          <h2 id="balance-log-title">{t("balance.ui.log")}</h2>
          {logs.data && logs.data.records.length === 0 ? (
            <UcEmpty
              compact
              icon="coin"
              text={t("balance.ui.empty")}
              onAction={() => document.getElementById("recharge-amount")?.focus()}
              linkText={t("balance.ui.topUp")}
              testId="balance-log-empty"
            />
          ) : (
            <table className="wallet-table" data-testid="balance-log">
              <thead>
                <tr>
                  <th scope="col">{t("balance.ui.time")}</th>
                  <th scope="col">{t("balance.ui.type")}</th>
                  <th scope="col">{t("balance.ui.change")}</th>
                  <th scope="col">{t("balance.ui.order")}</th>
                </tr>
              </thead>
              <tbody>
                {logs.data?.records.map((r) => (
                  <tr key={r.id} data-testid="balance-log-row">
                    <td>{formatDateTime(r.createTime)}</td>
                    <td>{t(`balance.type.${r.type}`)}</td>
                    <td className={r.ioType === 1 ? "wallet-in" : "wallet-out"}>
                      {r.ioType === 1 ? "+" : "−"}
                      {priceText(r.changeBalance)}
                    </td>
                    <td>{r.orderNumberList.length ? r.orderNumberList.join(", ") : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {logs.data ? (
            <Pager current={logs.data.current} pages={logs.data.pages} onChange={setPage} label={t("balance.ui.log")} />
          ) : null}
        </section>
      </UcGate>
      <Modal
        open={pay !== null}
        title={t("balance.ui.payTitle")}
        onClose={closePay}
        testId="recharge-pay"
        className="recharge-modal"
      >
        {pay ? (
          <div className="recharge-pay">
            <p className="recharge-pay-amount">¥{priceText(pay.amount)}</p>
            {state === 1 ? (
              <p className="wx-paid" role="status" data-testid="recharge-paid">
                {t("balance.ui.paid", { amount: priceText(pay.amount) })}
              </p>
            ) : state === 2 ? (
              <p role="alert">{t("balance.ui.expired")}</p>
            ) : (
              <>
                {payType === PayType.WECHAT_SCAN ? (
                  <div className="wx-qr" data-testid="recharge-qr">
                    {qr ? (
                      <img src={qr} width={200} height={200} alt={t("balance.ui.qrAlt")} />
                    ) : (
                      <span className="wx-qr-placeholder" />
                    )}
                  </div>
                ) : null}
                <p>{payType === PayType.WECHAT_SCAN ? t("balance.ui.scanTip") : t("balance.ui.alipayTip")}</p>
                <p className="wx-sandbox">
                  <a href={pay.payUrl} target="_blank" rel="noopener" data-testid="recharge-sandbox-link">
                    {t("balance.ui.openSandbox")}
                  </a>
                </p>
              </>
            )}
            <button type="button" className="btn btn-ghost" onClick={closePay}>
              {t("balance.ui.close")}
            </button>
          </div>
        ) : null}
      </Modal>
    </UcPanel>
  );
}
