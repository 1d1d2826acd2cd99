/**
 * The merchant side of after-sales (docs/merchant-api.md "After-sales"), mounted on the merchant
 * router behind its token check; every look-up is scoped to the token's shop (another shop's
 * review, invoice or refund is answered like an unknown one):
 *   GET  /merchant/reviews?replied=0|1&current&size        → Page<ShopReviewDto>
 *   POST /merchant/reviews/{prodCommId}/reply {content}      → null
 *   GET  /merchant/invoices?state=0|1|2&current&size         → Page<ShopInvoiceDto> (1 in progress, 2 invoiced)
 *   POST /merchant/invoices/{orderNumber}/file  multipart "file" (a PDF ≤ 5 MB) or a raw application/pdf body
 *                                                            → {filePath}; the invoice becomes "invoiced"
 *   GET  /merchant/refunds?sts=&current&size                 → Page<RefundDto> (sts: returnMoneySts, 0 all)
 *   GET  /merchant/refunds/{refundSn}                        → RefundDto
 *   POST /merchant/refunds/{refundSn}/accept {message?}      → null (refund only: paid at once)
 *   POST /merchant/refunds/{refundSn}/refuse {reason}        → null
 *   POST /merchant/refunds/{refundSn}/receive                → null (returned goods arrived: paid at once)
 */
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { reviewReplyRule } from "../../lib/review/review-rules.ts";
import { intField, intFieldDefault, pageParams } from "../../lib/validation.ts";
import { replyReview, shopReviews } from "../domain/review/review.ts";
import { INVOICE_PDF_MAX_BYTES, issueInvoice, shopInvoices } from "../domain/invoice/invoice.ts";
import { acceptRefund, receiveReturn, refuseRefund, shopRefund, shopRefunds } from "../domain/refund/refund.ts";
import { refundAcceptRule, refundRefuseRule } from "../../lib/refund/refund-rules.ts";
import { paymentProviderFor } from "../providers/payment.ts";
import { envelope } from "./envelope.ts";
import { jsonBody, parseInput, runDomain } from "./input.ts";
import type { MerchantEnv } from "./context.ts";

const MAX_INT = 2_147_483_647;

const body = (maxSize: number) => bodyLimit({
  maxSize,
  onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c as unknown as { var: { t: (k: string) => string } }).var.t("auth.bodyTooLarge")), 413),
});

const reviewListRule = pageParams.extend({
  replied: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), intFieldDefault(0, 1, 0).optional()),
});
const idRule = (name: string) => z.object({ [name]: intField(1, MAX_INT) });

const invoiceListRule = pageParams.extend({ state: intFieldDefault(0, 2, 0) });
const keyed = (name: string, key: string) => Object.assign(new Error(key), { name, key });

export function mountMerchantAfterSales(r: Hono<MerchantEnv>): void {
  r.get("/merchant/reviews", async (c) => {
    const q = parseInput(c, reviewListRule, c.req.query());
    return runDomain(c, () => shopReviews(c.var.app.db, c.var.shopId, c.var.locale, { current: q.current, size: q.size, replied: q.replied as 0 | 1 | undefined }));
  });

  r.post("/merchant/reviews/:prodCommId/reply", body(8 * 1024), async (c) => {
    const id = idRule("prodCommId").safeParse(c.req.param());
    const input = parseInput(c, reviewReplyRule, await jsonBody(c));
    return runDomain(c, async () => {
      if (!id.success) throw keyed("ReviewError", "review.notFound");
      await replyReview(c.var.app.db, c.var.shopId, Number(id.data.prodCommId), input.content, new Date());
      return null;
    });
  });

  r.get("/merchant/invoices", async (c) => {
    const q = parseInput(c, invoiceListRule, c.req.query());
    return runDomain(c, () => shopInvoices(c.var.app.db, c.var.shopId, c.var.locale, { state: q.state as 0 | 1 | 2, current: q.current, size: q.size }));
  });

  r.post("/merchant/invoices/:orderNumber/file", body(INVOICE_PDF_MAX_BYTES + 64 * 1024), async (c) => {
    const orderNumber = c.req.param("orderNumber");
    return runDomain(c, async () => {
      if (!/^\d{1,32}$/.test(orderNumber)) throw keyed("InvoiceError", "invoice.notFound");
      const type = (c.req.header("content-type") ?? "").toLowerCase();
      let bytes: Uint8Array;
      if (type.startsWith("multipart/form-data")) {
        const form = await c.req.parseBody().catch(() => ({} as Record<string, unknown>));
        const file = form.file;
        if (!(file instanceof File) || file.size === 0) throw keyed("InvoiceError", "invoice.fileRequired");
        bytes = new Uint8Array(await file.arrayBuffer());
      } else {
        bytes = new Uint8Array(await c.req.arrayBuffer());
        if (bytes.length === 0) throw keyed("InvoiceError", "invoice.fileRequired");
      }
      return issueInvoice(c.var.app.db, c.var.app.storage, c.var.shopId, orderNumber, bytes, new Date());
    });
  });

  const refundListRule = pageParams.extend({ sts: z.preprocess((v) => (v === "" || v === undefined ? 0 : v), intFieldDefault(-1, 8, 0)) });
  const snOf = (c: { req: { param: (k: string) => string | undefined } }) => {
    const sn = c.req.param("refundSn") ?? "";
    if (!/^\d{1,32}$/.test(sn)) throw keyed("RefundError", "refund.notFound");
    return sn;
  };
  const optionalJson = async (c: Context<MerchantEnv>) => ((c.req.header("content-type") ?? "").includes("json") ? jsonBody(c) : {});

  r.get("/merchant/refunds", async (c) => {
    const q = parseInput(c, refundListRule, c.req.query());
    return runDomain(c, () => shopRefunds(c.var.app.db, c.var.shopId, c.var.locale, q));
  });
  r.get("/merchant/refunds/:refundSn", (c) => runDomain(c, () => shopRefund(c.var.app.db, c.var.shopId, snOf(c), c.var.locale)));
  r.post("/merchant/refunds/:refundSn/accept", body(8 * 1024), async (c) => {
    const input = parseInput(c, refundAcceptRule, await optionalJson(c));
    return runDomain(c, async () => {
      await acceptRefund(c.var.app.db, paymentProviderFor(c.var.app.config), c.var.shopId, snOf(c), input.message, new Date());
      return null;
    });
  });
  r.post("/merchant/refunds/:refundSn/refuse", body(8 * 1024), async (c) => {
    const input = parseInput(c, refundRefuseRule, await optionalJson(c));
    return runDomain(c, async () => {
      await refuseRefund(c.var.app.db, c.var.shopId, snOf(c), input.reason, new Date());
      return null;
    });
  });
  r.post("/merchant/refunds/:refundSn/receive", (c) => runDomain(c, async () => {
    await receiveReturn(c.var.app.db, paymentProviderFor(c.var.app.config), c.var.shopId, snOf(c), new Date());
    return null;
  }));
}
