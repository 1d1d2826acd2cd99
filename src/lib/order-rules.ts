/**
 * Submit-order form rules (SPEC §5 "order message", invoice; CONTRACT §4.3, §5.3), shared by the
 * submit-order page and the API (POST /p/order/confirm, POST /p/order/submit).
 * Messages are i18n keys: "rules.*" for the order message and the points step (the rules of
 * src/lib/rules.ts, reused), "orderSubmit.*" for the invoice. Text rules trim first; the parsed
 * value is the trimmed text.
 *
 * - Order message per shop: optional (empty is fine), not only spaces, at most ORDER_REMARK_MAX
 *   (100) characters after trimming.
 * - Invoice per shop: invoiceType 1 personal / 2 unit (company); headerName required, at most
 *   INVOICE_HEADER_MAX (100) characters; for a unit the taxpayer number is required: 15-20
 *   letters or digits (stored upper-case). A personal invoice keeps no taxpayer number.
 * - Points: a non-negative integer multiple of 10.
 */
import { z } from "zod";
import { ORDER_REMARK_MAX } from "./order-types.ts";
import { orderMessageRule, pointsRule } from "./rules.ts";
import { textRule } from "./text-rules.ts";

/** Longest invoice header (person or company name). */
export const INVOICE_HEADER_MAX = 100;
/** Taxpayer identification number (unified social credit code is 18; older ones 15-20). */
export const TAX_NUMBER_RE = /^[A-Za-z0-9]{15,20}$/;
const MAX_INT = 2_147_483_647;

export const ORDER_RULE_KEYS = {
  invoiceTypeInvalid: "orderSubmit.invoiceTypeInvalid",
  invoiceHeaderRequired: "orderSubmit.invoiceHeaderRequired",
  invoiceHeaderTooLong: "orderSubmit.invoiceHeaderTooLong",
  invoiceTaxNumberRequired: "orderSubmit.invoiceTaxNumberRequired",
  invoiceTaxNumberInvalid: "orderSubmit.invoiceTaxNumberInvalid",
  shopInvalid: "orderSubmit.shopInvalid",
} as const;
const K = ORDER_RULE_KEYS;

/** The order message of one shop (reuses SPEC §5's order message rule; ORDER_REMARK_MAX = 100). */
export const orderRemarkRule = orderMessageRule;

/** Points to use at checkout (multiple of 10). */
export const usePointsRule = pointsRule;

/** A shop id in the submit body: digit strings accepted. */
const shopIdRule = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: K.shopInvalid }).int(K.shopInvalid).min(1, K.shopInvalid).max(MAX_INT, K.shopInvalid),
);

/** One shop's order message; a missing / null message is "". */
export const orderShopParamRule = z.object({
  shopId: shopIdRule,
  remarks: z.preprocess((v) => (v == null ? "" : v), orderRemarkRule),
});

export const invoiceHeaderRule = textRule(K.invoiceHeaderRequired)
  .trim()
  .min(1, { error: K.invoiceHeaderRequired, abort: true })
  .max(INVOICE_HEADER_MAX, K.invoiceHeaderTooLong);

/** An invoice choice; output: trimmed header, tax number upper-case for a unit and null for a person. */
export const orderInvoiceRule = z
  .object({
    shopId: shopIdRule,
    invoiceType: z.preprocess(
      (v) => (v === "1" || v === "2" ? Number(v) : v),
      z.union([z.literal(1), z.literal(2)], { error: K.invoiceTypeInvalid }),
    ),
    headerName: invoiceHeaderRule,
    invoiceTaxNumber: z.preprocess((v) => (typeof v === "string" ? v.trim() : v == null ? "" : v), z.string({ error: K.invoiceTaxNumberInvalid })).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.invoiceType !== 2) return;
    const tax = v.invoiceTaxNumber ?? "";
    if (tax === "") ctx.addIssue({ code: "custom", message: K.invoiceTaxNumberRequired, path: ["invoiceTaxNumber"] });
    else if (!TAX_NUMBER_RE.test(tax)) ctx.addIssue({ code: "custom", message: K.invoiceTaxNumberInvalid, path: ["invoiceTaxNumber"] });
  })
  .transform((v) => ({
    shopId: v.shopId,
    invoiceType: v.invoiceType,
    headerName: v.headerName,
    invoiceTaxNumber: v.invoiceType === 2 ? (v.invoiceTaxNumber ?? "").toUpperCase() : null,
  }));
export type OrderInvoiceInput = z.infer<typeof orderInvoiceRule>;

/** The per-shop lists of the submit body (at most one message / invoice per shop: the last one wins). */
export const orderShopParamsRule = z.array(orderShopParamRule).max(100, K.shopInvalid);
export const orderInvoiceListRule = z.array(orderInvoiceRule).max(100, K.shopInvalid);

export { ORDER_REMARK_MAX };
