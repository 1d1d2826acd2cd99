/**
 * The /submit-order form checks, with the shared rules of src/lib/order/order-rules.ts (one rule, one
 * place): order message per shop, invoice, points. Messages are i18n keys. This module brings
 * zod, so the page imports it only when a check is first needed.
 */
import { POINTS_STEP } from "../../lib/points/points.ts";
import { orderInvoiceRule, orderRemarkRule, usePointsRule } from "../../lib/order/order-rules.ts";
import type { FormErrors, InvoiceForm } from "./submit-view.ts";

/** Points typed by the buyer: "" → null (not chosen); else the rule key or the number. */
export function checkPoints(
  text: string,
  max: number,
): { ok: true; points: number } | { ok: false; error: string; params?: Record<string, number> } {
  const r = usePointsRule.safeParse(text.trim());
  if (!r.success) return { ok: false, error: r.error.issues[0]!.message, params: { step: POINTS_STEP } };
  if (r.data > max) return { ok: false, error: "submitOrder.pointsMax", params: { max } };
  return { ok: true, points: r.data };
}

/** The message of one shop's order message, or "" when fine. */
export function remarkError(text: string): string {
  const r = orderRemarkRule.safeParse(text);
  return r.success ? "" : r.error.issues[0]!.message;
}

/** Checks the order messages and the invoice; the keys are rule messages. */
export function checkForm(
  shopIds: readonly number[],
  remarks: Record<number, string>,
  invoice: InvoiceForm,
): FormErrors {
  const errors: FormErrors = { remarks: {} };
  for (const id of shopIds) {
    const e = remarkError(remarks[id] ?? "");
    if (e) errors.remarks[id] = e;
  }
  if (invoice.type !== 0) {
    const r = orderInvoiceRule.safeParse({
      shopId: shopIds[0] ?? 1,
      invoiceType: invoice.type,
      headerName: invoice.headerName,
      invoiceTaxNumber: invoice.taxNumber,
    });
    if (!r.success)
      for (const issue of r.error.issues) {
        const field = issue.path[0];
        if (field === "headerName" && !errors.headerName) errors.headerName = issue.message;
        if (field === "invoiceTaxNumber" && !errors.taxNumber) errors.taxNumber = issue.message;
      }
    // The rule checks the taxpayer number only once the header is fine: ask it about the number alone too.
    if (invoice.type === 2 && errors.headerName && !errors.taxNumber) {
      const t = orderInvoiceRule.safeParse({
        shopId: shopIds[0] ?? 1,
        invoiceType: 2,
        headerName: "-",
        invoiceTaxNumber: invoice.taxNumber,
      });
      if (!t.success) errors.taxNumber = t.error.issues.find((i) => i.path[0] === "invoiceTaxNumber")?.message;
    }
  }
  return errors;
}
