/** The order page's parcels: carrier, tracking number, state, the lines in each, the trace (newest first). */
import { useTranslation } from "../common/I18nProvider.tsx";
import { formatDateTime } from "../../lib/date-format.ts";
import type { DeliveryOrderDto } from "../../lib/order/order-types.ts";
import { ProdImage } from "../common/uc-shell.tsx";
import { deliveryStateKey } from "./order-view.ts";

export function OrderPackages({ packages }: { packages: readonly DeliveryOrderDto[] }) {
  const { t } = useTranslation();
  return (
    <section className="mo-block" id="mo-packages" aria-labelledby="mo-packages-h" data-testid="mo-packages">
      <h2 id="mo-packages-h" className="mo-block-title">
        {t("order.packagesTitle")}
      </h2>
      {packages.map((p, i) => (
        <div key={p.orderDeliveryId} className="mo-package" data-testid="mo-package">
          <div className="mo-package-head">
            {packages.length > 1 ? <strong>{t("order.packageN", { n: i + 1 })}</strong> : null}
            <span>
              {t("order.carrier")}: <strong data-testid="mo-carrier">{p.dvyName}</strong>
            </span>
            <span>
              {t("order.trackingNumber")}:{" "}
              <strong className="mo-number" data-testid="mo-tracking">
                {p.dvyFlowId}
              </strong>
            </span>
            <span className="mo-package-state">{t(deliveryStateKey(p.state))}</span>
          </div>
          <div className="mo-package-body">
            <ul className="mo-package-items">
              {p.orderItems.map((it) => (
                <li key={it.orderItemId} title={`${it.prodName} ${it.skuName}`}>
                  <ProdImage src={it.pic} alt={it.prodName} size={48} />
                  <span className="uc-muted">× {it.prodCount}</span>
                </li>
              ))}
            </ul>
            {p.traces.length === 0 ? (
              <p className="uc-muted">{t("order.noTraces")}</p>
            ) : (
              <ol className="mo-timeline" data-testid="mo-timeline">
                {p.traces.map((tr, k) => (
                  <li key={k} className={k === 0 ? "is-latest" : undefined}>
                    <span className="mo-trace-time">{formatDateTime(tr.acceptTime)}</span>
                    <span className="mo-trace-text">
                      <strong>{t(deliveryStateKey(tr.state))}</strong>
                      {tr.acceptStation ? <span> {tr.acceptStation}</span> : null}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      ))}
    </section>
  );
}
