/** The checkout's invoice: none / personal / unit (header, taxpayer number), the same choice for every shop order. */
import type { ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { ChoiceGroup } from "../common/ChoiceGroup.tsx";
import type { FormErrors, InvoiceForm, InvoiceKind } from "./submit-view.ts";

export function InvoiceSection({
  idBase,
  invoice,
  errors,
  onType,
  onField,
}: {
  idBase: string;
  invoice: InvoiceForm;
  errors: Pick<FormErrors, "headerName" | "taxNumber">;
  onType: (type: InvoiceKind) => void;
  onField: (field: "headerName" | "taxNumber", value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="so-block" aria-labelledby={`${idBase}-inv`} data-testid="so-invoice">
      <header className="so-block-head">
        <h2 id={`${idBase}-inv`}>{t("submitOrder.invoiceTitle")}</h2>
      </header>
      <div className="so-invoice">
        <ChoiceGroup
          name={`${idBase}-invoice`}
          value={invoice.type}
          onChange={onType}
          ariaLabel={t("submitOrder.invoiceTitle")}
          options={[
            { value: 0, label: t("submitOrder.invoiceNone"), testId: "so-invoice-0" },
            { value: 1, label: t("submitOrder.invoicePersonal"), testId: "so-invoice-1" },
            { value: 2, label: t("submitOrder.invoiceUnit"), testId: "so-invoice-2" },
          ]}
        />
        {invoice.type !== 0 ? (
          <div className="so-invoice-fields">
            <Field
              id={`${idBase}-ih`}
              label={invoice.type === 1 ? t("submitOrder.invoiceHeaderPersonal") : t("submitOrder.invoiceHeaderUnit")}
              error={errors.headerName ? t(errors.headerName) : ""}
            >
              <input
                id={`${idBase}-ih`}
                className="input"
                value={invoice.headerName}
                aria-invalid={errors.headerName ? true : undefined}
                aria-describedby={errors.headerName ? `${idBase}-ih-err` : undefined}
                onChange={(e) => onField("headerName", e.target.value)}
                data-testid="so-invoice-header"
              />
            </Field>
            {invoice.type === 2 ? (
              <Field
                id={`${idBase}-tax`}
                label={t("submitOrder.invoiceTaxNumber")}
                error={errors.taxNumber ? t(errors.taxNumber) : ""}
              >
                <input
                  id={`${idBase}-tax`}
                  className="input"
                  value={invoice.taxNumber}
                  maxLength={20}
                  aria-invalid={errors.taxNumber ? true : undefined}
                  aria-describedby={errors.taxNumber ? `${idBase}-tax-err` : undefined}
                  onChange={(e) => onField("taxNumber", e.target.value)}
                  data-testid="so-invoice-tax"
                />
              </Field>
            ) : null}
            <p className="so-muted">{t("submitOrder.invoiceNote")}</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error: string; children: ReactNode }) {
  return (
    <div className="so-field">
      <label className="so-label" htmlFor={id}>
        {label}
        <span className="so-required" aria-hidden="true">
          *
        </span>
      </label>
      <div>
        {children}
        {error ? (
          <p id={`${id}-err`} className="so-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
