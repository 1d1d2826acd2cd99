/**
 * /invoice-detail?orderNumber=: the invoice of one of the buyer's orders (GET /p/orderInvoice/info):
 * type, title, taxpayer number, content, status (application in progress → invoiced) and the PDF
 * once the shop uploaded it (a plain link to GET /api/p/orderInvoice/file, which takes the login
 * cookie: only the buyer of the order gets the file). While in progress the buyer can change type, title and taxpayer
 * number (PUT /p/orderInvoice; the server checks them and answers refusals in the buyer's language).
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { ChoiceGroup } from "../common/ChoiceGroup.tsx";
import { useQueryRecord } from "../common/useQueryRecord.ts";
import type { InvoiceDetailDto } from "../../lib/invoice/invoice-types.ts";
import { formatDateTime } from "../../lib/date-format.ts";
import { toastOk } from "../common/feedback.ts";
import { UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { FormFoot, FormRow } from "../common/FormRow.tsx";
import "./invoice.css";
import { getInvoice, invoiceFileUrl, updateInvoice } from "../../client/data/invoice.ts";

export default function InvoiceDetail(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <InvoiceBody base={props.homeHref.replace(/\/$/, "")} />
    </UcRoot>
  );
}

function InvoiceBody({ base }: { base: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const load = useQueryRecord<InvoiceDetailDto>("orderNumber", getInvoice);
  const orderNumber = load.id;
  const inv = load.record ?? null;
  return (
    <UcPanel title={t("invoice.title")} testId="invoice-detail">
      <UcGate
        state={load.state}
        error={load.error}
        loading={load.loading && load.record === undefined}
        onRetry={load.reload}
      >
        {load.record === null ? (
          <p className="empty-state" data-testid="inv-none">
            {t("invoice.none")}
          </p>
        ) : null}
        {inv ? (
          <>
            <dl className="inv-table" data-testid="inv-table">
              <dt>{t("invoice.status")}</dt>
              <dd>
                <span className={`inv-state inv-state-${inv.invoiceState}`} data-testid="inv-state">
                  {t(`invoice.state${inv.invoiceState}`)}
                </span>
              </dd>
              <dt>{t("invoice.shop")}</dt>
              <dd>
                {inv.shopName} · {t("invoice.order", { orderNumber: inv.orderNumber })}
              </dd>
              <dt>{t("invoice.type")}</dt>
              <dd data-testid="inv-type">{t(inv.invoiceType === 2 ? "invoice.typeUnit" : "invoice.typePersonal")}</dd>
              <dt>{t("invoice.header")}</dt>
              <dd data-testid="inv-header" data-user-content>
                {inv.headerName}
              </dd>
              {inv.invoiceType === 2 ? (
                <>
                  <dt>{t("invoice.taxNumber")}</dt>
                  <dd data-testid="inv-tax">{inv.invoiceTaxNumber}</dd>
                </>
              ) : null}
              <dt>{t("invoice.content")}</dt>
              <dd>{t("invoice.contentDetails")}</dd>
              <dt>{t("invoice.amount")}</dt>
              <dd>¥{inv.actualTotal}</dd>
              <dt>{t("invoice.file")}</dt>
              <dd>
                {inv.filePath ? (
                  <>
                    <a
                      href={invoiceFileUrl(inv.orderNumber)}
                      download={`invoice-${inv.orderNumber}.pdf`}
                      className="uc-link"
                      data-testid="inv-download"
                    >
                      {t("invoice.download")}
                    </a>
                    {inv.uploadTime ? (
                      <span className="inv-muted">
                        {" "}
                        · {t("invoice.uploadTime", { time: formatDateTime(inv.uploadTime) })}
                      </span>
                    ) : null}
                  </>
                ) : (
                  <span className="inv-muted">{t("invoice.waiting")}</span>
                )}
              </dd>
            </dl>
            {inv.editable && !editing ? (
              <button type="button" className="btn btn-ghost" onClick={() => setEditing(true)} data-testid="inv-edit">
                {t("invoice.edit")}
              </button>
            ) : null}
            {inv.editable && editing ? (
              <InvoiceForm
                inv={inv}
                onGuest={load.markGuest}
                onCancel={() => setEditing(false)}
                onSaved={(next) => {
                  load.setRecord(next);
                  setEditing(false);
                }}
              />
            ) : null}
          </>
        ) : null}
        {orderNumber ? (
          <p className="inv-back">
            <a className="uc-link" href={`${base}/order-detail?orderNumber=${encodeURIComponent(orderNumber)}`}>
              {t("invoice.backToOrder")}
            </a>
          </p>
        ) : null}
      </UcGate>
    </UcPanel>
  );
}

function InvoiceForm({
  inv,
  onGuest,
  onCancel,
  onSaved,
}: {
  inv: InvoiceDetailDto;
  onGuest: () => void;
  onCancel: () => void;
  onSaved: (inv: InvoiceDetailDto) => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<1 | 2>(inv.invoiceType);
  const [header, setHeader] = useState(inv.headerName);
  const [tax, setTax] = useState(inv.invoiceTaxNumber ?? "");
  const [error, setError] = useState("");
  const saver = useAction({ onGuest, fallback: t("userCenter.common.actionFailed"), setError });
  const saving = saver.busy;
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    await saver.run(async () => {
      const next = await updateInvoice({
        orderNumber: inv.orderNumber,
        invoiceType: type,
        headerName: header,
        invoiceTaxNumber: type === 2 ? tax : "",
      });
      toastOk(t("invoice.saved"));
      onSaved(next);
    });
  }
  return (
    <form className="inv-form" onSubmit={(e) => void submit(e)} noValidate data-testid="inv-form">
      <div className="inv-row" role="radiogroup" aria-label={t("invoice.type")}>
        <span className="inv-label">{t("invoice.type")}</span>
        <ChoiceGroup
          name="inv-type"
          value={type}
          onChange={setType}
          options={[
            { value: 1, label: t("invoice.typePersonal"), testId: "inv-type-1" },
            { value: 2, label: t("invoice.typeUnit"), testId: "inv-type-2" },
          ]}
        />
      </div>
      <FormRow kind="inv" label={t("invoice.header")}>
        <input
          className="input"
          value={header}
          maxLength={100}
          onChange={(e) => setHeader(e.currentTarget.value)}
          data-testid="inv-header-input"
        />
      </FormRow>
      {type === 2 ? (
        <FormRow kind="inv" label={t("invoice.taxNumber")}>
          <input
            className="input"
            value={tax}
            maxLength={20}
            placeholder={t("invoice.taxHint")}
            onChange={(e) => setTax(e.currentTarget.value)}
            data-testid="inv-tax-input"
          />
        </FormRow>
      ) : null}
      <FormFoot kind="inv" error={error} errorTestId="inv-error">
        <button type="submit" className="btn" disabled={saving} data-testid="inv-save">
          {t("invoice.save")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t("invoice.cancel")}
        </button>
      </FormFoot>
    </form>
  );
}
