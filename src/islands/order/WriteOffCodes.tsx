/**
 * The write-off codes of a virtual-goods order on its detail page (docs/virtual-goods.md): each
 * code as text and as a QR code (drawn in the browser with `qrcode`, loaded only here), its state
 * and its validity in Beijing time.
 */
import { useTranslation } from "../common/I18nProvider.tsx";
import { useQrSrc } from "../common/useQrSrc.ts";
import type { OrderItemDto, WriteOffCodeDto } from "../../lib/order/order-types.ts";
import {
  beijingLastDay,
  beijingTime,
  formatWriteOffCode,
  writeOffExpired,
  writeOffRuleText,
  WriteOffStatus,
} from "../../lib/order/virtual-goods.ts";

function CodeQr({ code }: { code: string }) {
  const { t } = useTranslation();
  const src = useQrSrc(code);
  return src ? (
    <img
      src={src}
      width={112}
      height={112}
      alt={t("order.virtual.qrAlt", { code: formatWriteOffCode(code) })}
      data-testid="wo-qr"
    />
  ) : (
    <span className="wo-qr-ph" aria-hidden="true" />
  );
}

export function WriteOffCodes({
  codes,
  items,
  paid,
}: {
  codes: readonly WriteOffCodeDto[];
  items: readonly OrderItemDto[];
  paid: boolean;
}) {
  const { t } = useTranslation();
  const now = new Date();
  return (
    <section className="mo-block" aria-labelledby="wo-h" data-testid="wo-codes">
      <h2 id="wo-h" className="mo-block-title">
        {t("order.virtual.codesTitle")}
      </h2>
      {items.map((it) => {
        const rule = writeOffRuleText(it.writeOffTime ?? -1);
        return (
          <p key={it.orderItemId} className="uc-muted" data-testid="wo-rule">
            {it.prodName}: {t(rule.key, rule.params)} ·{" "}
            {it.isRefund === 1 ? t("order.virtual.refundable") : t("order.virtual.nonRefundable")}
          </p>
        );
      })}
      {codes.length === 0 ? (
        <p className="uc-muted">{paid ? null : t("order.virtual.codesPending")}</p>
      ) : (
        <>
          <p className="uc-muted">{t("order.virtual.codesHint")}</p>
          <ul className="wo-list">
            {codes.map((c) => {
              const state =
                c.status === WriteOffStatus.USED
                  ? "used"
                  : c.status === WriteOffStatus.VOID
                    ? "void"
                    : writeOffExpired(c.expiresAt, now)
                      ? "expired"
                      : "unused";
              return (
                <li key={c.code} className={`wo-code is-${state}`} data-testid="wo-code" data-state={state}>
                  {state === "unused" ? <CodeQr code={c.code} /> : <span className="wo-qr-ph" aria-hidden="true" />}
                  <div>
                    <strong className="mo-number wo-text" data-testid="wo-text">
                      {formatWriteOffCode(c.code)}
                    </strong>
                    <p>{t(`order.virtual.status.${state}`)}</p>
                    <p className="uc-muted" data-testid="wo-valid">
                      {c.expiresAt
                        ? t("order.virtual.validUntil", { date: beijingLastDay(c.expiresAt) })
                        : t("order.virtual.validLongTerm")}
                    </p>
                    {c.usedAt ? (
                      <p className="uc-muted">{t("order.virtual.usedAt", { time: beijingTime(c.usedAt) })}</p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
