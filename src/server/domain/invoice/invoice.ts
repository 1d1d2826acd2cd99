/**
 * Invoices (CONTRACT §5.3; docs/invoice.md "Invoices"). The buyer chooses an invoice per shop
 * when submitting the order (type personal or unit, title, taxpayer number for a unit); it is
 * stored with the order (orders.invoice) and is then "application in progress" (invoiceState 1).
 * While in progress the buyer may change type, title and taxpayer number; once the shop uploads
 * the invoice PDF it is "invoiced" (2) and fixed. An order that was closed unpaid gets no invoice.
 *
 * Every look-up is keyed by the buyer (or the shop): another user's order is "invoice not found".
 * Refusals are InvoiceError with an i18n key ("invoice.*"); changes lock the order row.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { formatPriceSafe } from "../../../lib/money.ts";
import { OrderStatus } from "../../../lib/order/order-state.ts";
import type { InvoiceChoiceInput } from "../../../lib/order/order-rules.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orders, type OrderInvoice } from "../../db/schema/index.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { subscriber } from "../kernel/subscriber.ts";
import { storeUpload } from "../upload/upload-limits.ts";
import { isWellFormedPdf } from "./pdf-check.ts";
import type { InvoiceDetailDto, ShopInvoiceDto } from "../../../lib/invoice/invoice-types.ts";
import { pageOf } from "../kernel/page.ts";
import { ordersWithBuyers } from "./shop-orders.ts";

export class InvoiceError extends DomainError {}

/**
 * Where a changed invoice is kept: on its order's row (orders.invoice), which the order feature
 * writes. Order sits above invoice, so it subscribes here when it loads (order-lifecycle.ts)
 * rather than invoice writing order's table. Answers the order's row as stored.
 */
export type InvoiceKeeper = (
  tx: Tx,
  orderId: number,
  invoice: OrderInvoice,
  now: Date,
) => Promise<typeof orders.$inferSelect>;
const kept = subscriber<InvoiceKeeper>("a changed invoice", "order/order-lifecycle.ts");

/** The order feature's subscription to a changed invoice (one subscriber). */
export const onInvoiceChanged = kept.subscribe;
const keepInvoice = kept.handler;

/** Invoice PDFs: at most 5 MB. */
export const INVOICE_PDF_MAX_BYTES = 5 * 1024 * 1024;

type OrderRow = typeof orders.$inferSelect;

/** Whether the order carries an invoice request (type 1 or 2). */
function hasInvoice(inv: OrderInvoice | null | undefined): inv is OrderInvoice & { invoiceType: 1 | 2 } {
  return !!inv && (inv.invoiceType === 1 || inv.invoiceType === 2);
}

const stateOf = (inv: OrderInvoice): 1 | 2 => (inv.invoiceState === 2 ? 2 : 1);

/** The buyer may change the invoice while it is in progress and the order was not closed unpaid. */
export function invoiceEditable(inv: OrderInvoice, orderStatus: number, payTime: Date | null): boolean {
  if (stateOf(inv) !== 1) return false;
  return !(orderStatus === OrderStatus.CLOSE && !payTime);
}

function toDto(o: OrderRow, inv: OrderInvoice & { invoiceType: 1 | 2 }, locale: Locale): InvoiceDetailDto {
  return {
    orderNumber: o.orderNumber,
    shopId: o.shopId,
    shopName: pickText(o.shopName, locale),
    invoiceType: inv.invoiceType,
    headerName: inv.headerName ?? "",
    invoiceTaxNumber: inv.invoiceType === 2 ? (inv.invoiceTaxNumber ?? null) : null,
    invoiceContext: 1,
    invoiceState: stateOf(inv),
    filePath: inv.filePath ?? null,
    uploadTime: inv.uploadTime ?? null,
    editable: invoiceEditable(inv, o.status, o.payTime),
    orderStatus: o.status,
    actualTotal: formatPriceSafe(o.actualTotal),
    createTime: o.createdAt.toISOString(),
  };
}

/** The invoice of one of the buyer's orders. */
export async function myInvoice(
  db: Db,
  userId: string,
  orderNumber: string,
  locale: Locale,
): Promise<InvoiceDetailDto> {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId), eq(orders.deleteStatus, 0)))
    .limit(1);
  if (!o || !hasInvoice(o.invoice)) throw new InvoiceError("invoice.notFound");
  return toDto(o, o.invoice, locale);
}

/** The buyer changes type, title or taxpayer number while the invoice is in progress. */
export async function updateMyInvoice(
  db: Db,
  userId: string,
  orderNumber: string,
  choice: InvoiceChoiceInput,
  now: Date,
  locale: Locale,
): Promise<InvoiceDetailDto> {
  return db.transaction(async (tx) => {
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId), eq(orders.deleteStatus, 0)))
      .for("update")
      .limit(1);
    if (!o || !hasInvoice(o.invoice)) throw new InvoiceError("invoice.notFound");
    if (stateOf(o.invoice) === 2) throw new InvoiceError("invoice.alreadyIssued");
    if (!invoiceEditable(o.invoice, o.status, o.payTime)) throw new InvoiceError("invoice.orderClosed");
    const invoice: OrderInvoice = { ...o.invoice, ...choice, invoiceState: 1, updateTime: now.toISOString() };
    const row = await keepInvoice()(tx, o.orderId, invoice, now);
    return toDto(row, invoice as OrderInvoice & { invoiceType: 1 | 2 }, locale);
  });
}

/** The shop's orders with an invoice request; `state` 1 in progress, 2 invoiced, 0 both. Orders closed unpaid are left out. */
export async function shopInvoices(
  db: Db,
  shopId: number,
  locale: Locale,
  q: { state: 0 | 1 | 2; current: number; size: number },
): Promise<Page<ShopInvoiceDto>> {
  const conds = [
    eq(orders.shopId, shopId),
    sql`(${orders.invoice}->>'invoiceType') in ('1','2')`,
    sql`not (${orders.status} = ${OrderStatus.CLOSE} and ${orders.payTime} is null)`,
    ne(orders.status, OrderStatus.UNPAY),
  ];
  if (q.state === 2) conds.push(sql`${orders.invoice}->>'invoiceState' = '2'`);
  if (q.state === 1) conds.push(sql`coalesce(${orders.invoice}->>'invoiceState', '1') <> '2'`);
  const { rows, total } = await ordersWithBuyers(db, and(...conds), q);
  const records = rows.map(({ order: o, nick }) => {
    const { editable: _e, shopName: _s, ...d } = toDto(o, o.invoice as OrderInvoice & { invoiceType: 1 | 2 }, locale);
    return { ...d, buyerNickName: nick ?? "" };
  });
  return pageOf(records, total, q);
}

/**
 * The shop uploads the invoice PDF of a paid order: checked by structure (pdf-check.ts), admitted
 * by `limits.admit` (the upload limits and quota), stored within the shop's quota (storeUpload:
 * random name, folder "invoice", owner the shop),
 * the invoice becomes "invoiced". Uploading again replaces the file (a corrected invoice; the old
 * one is removed by the clean-up of unused uploads).
 */
export async function issueInvoice(
  db: Db,
  storage: FileStorage,
  shopId: number,
  orderNumber: string,
  pdf: Uint8Array,
  now: Date,
  limits: { admit: (size: number) => Promise<void>; quotaBytes: number },
): Promise<{ filePath: string }> {
  if (pdf.length > INVOICE_PDF_MAX_BYTES) throw new InvoiceError("invoice.pdfTooLarge");
  if (!(await isWellFormedPdf(pdf))) throw new InvoiceError("invoice.notPdf");
  const [check] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.shopId, shopId)))
    .limit(1);
  if (!check || !hasInvoice(check.invoice)) throw new InvoiceError("invoice.notFound");
  if (!check.payTime) throw new InvoiceError("invoice.notPaid");
  await limits.admit(pdf.length);
  const owner = { userId: null, shopId };
  const filePath = await storeUpload(
    db,
    storage,
    owner,
    { bytes: pdf, ext: "pdf", folder: "invoice" },
    limits.quotaBytes,
  );
  await db.transaction(async (tx) => {
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderNumber, orderNumber), eq(orders.shopId, shopId)))
      .for("update")
      .limit(1);
    if (!o || !hasInvoice(o.invoice)) throw new InvoiceError("invoice.notFound");
    const invoice: OrderInvoice = { ...o.invoice, invoiceState: 2, filePath, uploadTime: now.toISOString() };
    await keepInvoice()(tx, o.orderId, invoice, now);
  });
  return { filePath };
}

/**
 * The stored invoice PDF of an order, for its buyer (`{userId}`) or its shop (`{shopId}`): the file's
 * public path and the name to save it under. Anyone else, an order without an issued invoice or an
 * unknown number: "invoice.notFound" (the file is never answered).
 */
export async function invoiceFile(
  db: Db,
  who: { userId: string } | { shopId: number },
  orderNumber: string,
): Promise<{ filePath: string; fileName: string }> {
  const whose = "userId" in who ? eq(orders.userId, who.userId) : eq(orders.shopId, who.shopId);
  const [o] = await db
    .select({ invoice: orders.invoice, deleteStatus: orders.deleteStatus })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), whose))
    .limit(1);
  if (!o || !hasInvoice(o.invoice) || stateOf(o.invoice) !== 2 || !o.invoice.filePath)
    throw new InvoiceError("invoice.notFound");
  if ("userId" in who && o.deleteStatus !== 0) throw new InvoiceError("invoice.notFound");
  return { filePath: o.invoice.filePath, fileName: `invoice-${orderNumber}.pdf` };
}
