/**
 * Invoices (CONTRACT §5.3; docs/invoice.md "Invoices").
 * Buyer, login required (/p/):
 *   GET /p/orderInvoice/info?orderNumber=                                       → InvoiceDetailDto
 *   GET /p/orderInvoice/file?orderNumber=  the invoice PDF (a download) once issued; else the
 *       envelope "no invoice" (another buyer's order included)
 *   PUT /p/orderInvoice {orderNumber, invoiceType 1|2, headerName, invoiceTaxNumber?} → InvoiceDetailDto
 *       (only while "application in progress"; a unit needs a valid taxpayer number)
 * Merchant (docs/merchant-api.md "After-sales"), behind the merchant token; another shop's invoice
 * is answered like an unknown one:
 *   GET  /merchant/invoices?state=0|1|2&current&size → Page<ShopInvoiceDto> (1 in progress, 2 invoiced)
 *   POST /merchant/invoices/{orderNumber}/file  multipart "file" (a PDF) or a raw application/pdf body
 *                                                    → {filePath}; the invoice becomes "invoiced"
 *       (checked by structure, counted against the shop's upload limits and quota)
 *   GET  /merchant/invoices/{orderNumber}/file        the invoice PDF (a download), the shop's own orders only
 *       (a PDF up to 5 MB: the body limit of this route in ROUTE_BODY_LIMITS,
 *       src/server/http/body-limit.ts, is the 5 MB plus the multipart envelope)
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { invoiceChoiceRule } from "../../lib/rule-schemas.ts";
import { intFieldDefault, pageParams } from "../../lib/validation.ts";
import {
  InvoiceError,
  invoiceFile,
  issueInvoice,
  myInvoice,
  shopInvoices,
  updateMyInvoice,
} from "../domain/invoice/invoice.ts";
import { admitUpload } from "../domain/upload/upload-limits.ts";
import { storedFileResponse } from "../http/uploads.ts";
import type { ApiEnv, MerchantEnv } from "./context.ts";
import {
  clientIp,
  parse,
  parseParams,
  parseQuery,
  parseQueryValue,
  readBytes,
  readForm,
  readJson,
  refusal,
  run,
} from "./kit.ts";

export const invoiceRouter = new Hono<ApiEnv>();

const orderNumberRule = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z.string({ error: "invoice.notFound" }).regex(/^\d{1,32}$/, "invoice.notFound"),
);

invoiceRouter.get("/p/orderInvoice/info", async (c) => {
  const orderNumber = parseQueryValue(c, "orderNumber", orderNumberRule);
  return run(c, () => myInvoice(c.var.app.db, c.var.userId, orderNumber, c.var.locale));
});

const orderNumberParams = z.object({ orderNumber: z.string().optional() });

/**
 * Answers the invoice PDF `who` may download (a download with the sandbox CSP, nosniff, ETag / 304),
 * or the refusal "no invoice" (the envelope) for anyone else.
 */
async function sendInvoice<E extends ApiEnv | MerchantEnv>(
  c: Context<E>,
  who: { userId: string } | { shopId: number },
) {
  const orderNumber = (
    parseParams(c, orderNumberParams).orderNumber ??
    parseQuery(c, orderNumberParams).orderNumber ??
    ""
  ).trim();
  try {
    if (!/^\d{1,32}$/.test(orderNumber)) throw new InvoiceError("invoice.notFound");
    const { filePath, fileName } = await invoiceFile(c.var.app.db, who, orderNumber);
    const file = await c.var.app.storage.read(filePath);
    if (!file) throw new InvoiceError("invoice.notFound");
    return await storedFileResponse(filePath, file, "application/pdf", {
      attachment: fileName,
      private: true,
      ifNoneMatch: c.req.header("if-none-match"),
      head: c.req.method === "HEAD",
    });
  } catch (err) {
    if (err instanceof InvoiceError)
      return refusal(c, new InvoiceError(err.key, { params: err.params, httpStatus: 404 }));
    throw err;
  }
}

invoiceRouter.get("/p/orderInvoice/file", (c) => sendInvoice(c, { userId: c.var.userId }));

invoiceRouter.put("/p/orderInvoice", async (c) => {
  const body = await readJson(c);
  const orderNumber = parse(c, orderNumberRule, (body as { orderNumber?: unknown } | null)?.orderNumber ?? "");
  const choice = parse(c, invoiceChoiceRule, body);
  return run(c, () => updateMyInvoice(c.var.app.db, c.var.userId, orderNumber, choice, new Date(), c.var.locale));
});

// ---- a shop's invoices (merchant token) ---------------------------------------------------------

const invoiceListRule = pageParams.extend({ state: intFieldDefault(0, 2, 0) });

export const invoiceMerchantRouter = new Hono<MerchantEnv>();

invoiceMerchantRouter.get("/merchant/invoices", async (c) => {
  const q = parseQuery(c, invoiceListRule);
  return run(c, () =>
    shopInvoices(c.var.app.db, c.var.shopId, c.var.locale, {
      state: q.state as 0 | 1 | 2,
      current: q.current,
      size: q.size,
    }),
  );
});

invoiceMerchantRouter.post("/merchant/invoices/:orderNumber/file", async (c) => {
  const { orderNumber } = parseParams(c, z.object({ orderNumber: z.string() }));
  return run(c, async () => {
    if (!/^\d{1,32}$/.test(orderNumber)) throw new InvoiceError("invoice.notFound");
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    let bytes: Uint8Array;
    if (type.startsWith("multipart/form-data")) {
      const form = await readForm(c).catch(() => ({}) as Record<string, unknown>);
      const file = form.file;
      if (!(file instanceof File) || file.size === 0) throw new InvoiceError("invoice.fileRequired");
      bytes = new Uint8Array(await file.arrayBuffer());
    } else {
      bytes = await readBytes(c);
      if (bytes.length === 0) throw new InvoiceError("invoice.fileRequired");
    }
    const { db, storage, config } = c.var.app;
    const now = new Date();
    const owner = { userId: null, shopId: c.var.shopId };
    return issueInvoice(db, storage, c.var.shopId, orderNumber, bytes, now, {
      admit: (size) => admitUpload(db, owner, clientIp(c), size, config.uploadLimits, now),
      quotaBytes: config.uploadLimits.quotaBytes,
    });
  });
});

invoiceMerchantRouter.get("/merchant/invoices/:orderNumber/file", (c) => sendInvoice(c, { shopId: c.var.shopId }));
