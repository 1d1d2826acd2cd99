/** The checkout's address block: the address book to choose from, or the inline "new address" form. */
import { lazy, Suspense } from "react";
import type { AddressItem } from "../../lib/address/address-types.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { formatAddress } from "../../lib/address/address-format.ts";

// Loaded when the form first opens (it brings the address rules), so the page's first JavaScript stays small.
const NewAddress = lazy(() => import("./NewAddress.tsx"));

export function AddressSection({
  headingId,
  addresses,
  chosenId,
  adding,
  confirming,
  onChoose,
  onAdd,
  onCancel,
  onGuest,
  onSaved,
}: {
  headingId: string;
  addresses: AddressItem[] | null;
  /** The address of the preview. */
  chosenId: number | undefined;
  adding: boolean;
  confirming: boolean;
  onChoose: (addrId: number) => void;
  onAdd: () => void;
  onCancel: () => void;
  onGuest: () => void;
  onSaved: (addrId?: number) => Promise<void>;
}) {
  const { t, locale } = useTranslation();
  return (
    <section className="so-block" aria-labelledby={headingId} data-testid="so-address">
      <header className="so-block-head">
        <h2 id={headingId}>{t("submitOrder.addressTitle")}</h2>
        <button type="button" className="so-link-btn" disabled={adding} onClick={onAdd} data-testid="so-address-add">
          {t("submitOrder.addAddress")}
        </button>
      </header>
      {addresses && addresses.length > 0 ? (
        <div className="so-addr-list" role="radiogroup" aria-label={t("submitOrder.addressTitle")}>
          {addresses.map((a) => {
            const chosen = chosenId === a.addrId;
            return (
              <button
                key={a.addrId}
                type="button"
                role="radio"
                aria-checked={chosen}
                className={`so-addr${chosen ? " is-chosen" : ""}`}
                disabled={confirming}
                onClick={() => {
                  if (!chosen) onChoose(a.addrId);
                }}
                data-testid="so-address-item"
                data-addr-id={a.addrId}
              >
                <span className="so-addr-who">
                  <strong data-user-content>{a.receiver}</strong>
                  <span>{a.mobile}</span>
                  {a.commonAddr === 1 ? (
                    <span className="uc-badge so-badge">{t("submitOrder.defaultAddress")}</span>
                  ) : null}
                </span>
                <span className="so-addr-text" data-user-content>
                  {formatAddress(a, locale)}
                </span>
              </button>
            );
          })}
        </div>
      ) : addresses && !adding ? (
        <p className="so-muted" data-testid="so-address-empty">
          {t("submitOrder.addressNone")}
        </p>
      ) : null}
      {adding ? (
        <div className="so-addr-form" data-testid="so-address-form">
          <h3>{t("submitOrder.newAddress")}</h3>
          <Suspense fallback={<p className="so-muted">{t("submitOrder.loading")}</p>}>
            <NewAddress
              first={(addresses?.length ?? 0) === 0}
              onCancel={onCancel}
              onGuest={onGuest}
              onSaved={onSaved}
            />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
