/**
 * Invoices, buyer side (CONTRACT §5.3; docs/after-sales.md "Invoices"), login required (/p/):
 *   GET /p/orderInvoice/info?orderNumber=                                       → InvoiceDetailDto
 *   PUT /p/orderInvoice {orderNumber, invoiceType 1|2, headerName, invoiceTaxNumber?} → InvoiceDetailDto
 *       (only while "application in progress"; a unit needs a valid taxpayer number)
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { invoiceChoiceRule } from "../../lib/rule-schemas.ts";
import { myInvoice, updateMyInvoice } from "../domain/invoice/invoice.ts";
import type { ApiEnv } from "./context.ts";
import { envelope } from "./envelope.ts";
import { jsonBody, parseInput, runDomain } from "./input.ts";

export const invoiceRouter = new Hono<ApiEnv>();

const orderNumberRule = z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: "invoice.notFound" }).regex(/^\d{1,32}$/, "invoice.notFound"));

invoiceRouter.get("/p/orderInvoice/info", async (c) => {
  const orderNumber = parseInput(c, orderNumberRule, c.req.query("orderNumber") ?? "");
  return runDomain(c, () => myInvoice(c.var.app.db, c.var.userId, orderNumber, c.var.locale));
});

invoiceRouter.put(
  "/p/orderInvoice",
  bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c as unknown as { var: { t: (k: string) => string } }).var.t("auth.bodyTooLarge")), 413) }),
  async (c) => {
    const body = await jsonBody(c);
    const orderNumber = parseInput(c, orderNumberRule, (body as { orderNumber?: unknown } | null)?.orderNumber ?? "");
    const choice = parseInput(c, invoiceChoiceRule, body);
    return runDomain(c, () => updateMyInvoice(c.var.app.db, c.var.userId, orderNumber, choice, new Date(), c.var.locale));
  },
);
