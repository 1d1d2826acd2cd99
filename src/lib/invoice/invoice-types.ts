/**
 * Invoice shapes (CONTRACT §5.3; docs/invoice.md "Invoices"), answered by
 * src/server/domain/invoice/invoice.ts: the buyer's invoice of an order and the shop's list rows.
 */

/** GET /p/orderInvoice/info: the invoice of one of the buyer's orders. headerType: 1 unit (company), 2 personal. */
export interface InvoiceDetailDto {
  orderNumber: string;
  shopId: number;
  shopName: string;
  /** 1 personal, 2 unit (the submit-order choice). */
  invoiceType: 1 | 2;
  headerName: string;
  invoiceTaxNumber: string | null;
  /** 1 = product details (the only content this mall issues). */
  invoiceContext: 1;
  invoiceState: 1 | 2;
  /** The PDF once invoiced. */
  filePath: string | null;
  uploadTime: string | null;
  /** Whether the buyer may still change it. */
  editable: boolean;
  orderStatus: number;
  actualTotal: string;
  createTime: string;
}

/** A row of the shop's invoices (GET /merchant/invoices). */
export interface ShopInvoiceDto extends Omit<InvoiceDetailDto, "editable" | "shopName"> {
  buyerNickName: string;
}
