/** The invoice's calls (CONTRACT §7.11, [invoice.md](../../../docs/invoice.md)). */
import type { InvoiceDetailDto } from "../../lib/invoice/invoice-types.ts";
import { api, defaultApiBase } from "../api.ts";

/** GET /p/orderInvoice/info?orderNumber= (silent: a refusal is the page's "not found"). */
export function getInvoice(orderNumber: string): Promise<InvoiceDetailDto> {
  return api.get<InvoiceDetailDto>("/p/orderInvoice/info", { orderNumber }, { silent: true });
}

/** PUT /p/orderInvoice: the buyer changes the header while the shop has not issued it; answers the invoice. */
export function updateInvoice(body: {
  orderNumber: string;
  invoiceType: 1 | 2;
  headerName: string;
  invoiceTaxNumber: string;
}): Promise<InvoiceDetailDto> {
  return api.put<InvoiceDetailDto>("/p/orderInvoice", body, { silent: true });
}

/** GET /p/orderInvoice/file?orderNumber=: the issued file, as a plain link (the server takes the login cookie). */
export function invoiceFileUrl(orderNumber: string): string {
  return `${defaultApiBase()}/p/orderInvoice/file?orderNumber=${encodeURIComponent(orderNumber)}`;
}
