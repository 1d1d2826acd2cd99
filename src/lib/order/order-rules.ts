/**
 * Submit-order form rules (SPEC §5 "order message", invoice; CONTRACT §4.3, §5.3), shared by the
 * submit-order page and the API (POST /p/order/confirm, POST /p/order/submit; as zod schemas in
 * rule-schemas.ts).
 * Messages are i18n keys: "rules.*" for the order message and the points step (the order message
 * rule here, the points rule of points/points.ts), "submitOrder.*" for the invoice. Text rules trim first; the parsed
 * value is the trimmed text.
 *
 * - Order message per shop: optional (empty is fine), not only spaces, at most ORDER_REMARK_MAX
 *   (100) characters after trimming.
 * - Invoice per shop: invoiceType 1 personal / 2 unit (company); headerName required, at most
 *   INVOICE_HEADER_MAX (100) characters; for a unit the taxpayer number is required: 15-20
 *   letters or digits (stored upper-case). A personal invoice keeps no taxpayer number.
 * - Points: a non-negative integer multiple of 10.
 */
import { ORDER_REMARK_MAX } from "./order-types.ts";
import { pointsRule } from "../points/points.ts";
import { RULE_KEYS } from "../rule-keys.ts";
import { defineRule, fail, objectRule, RuleFailure, textRule } from "../rule-kit.ts";
import { ID_MAX } from "../ids.ts";

/**
 * The order message of one shop (SPEC §5): may be empty, not all spaces, at most ORDER_REMARK_MAX
 * (100) characters after trimming.
 */
export const orderRemarkRule = textRule({
  type: RULE_KEYS.notAllSpaces,
  multiline: true,
  raw: [(s) => s === "" || s.trim() !== "", RULE_KEYS.notAllSpaces],
  trim: true,
  max: [ORDER_REMARK_MAX, RULE_KEYS.orderMessageTooLong],
});

/** Longest invoice header (person or company name). */
export const INVOICE_HEADER_MAX = 100;
/** Taxpayer identification number (unified social credit code is 18; older ones 15-20). */
export const TAX_NUMBER_RE = /^[A-Za-z0-9]{15,20}$/;

export const ORDER_RULE_KEYS = {
  invoiceTypeInvalid: "submitOrder.invoiceTypeInvalid",
  invoiceHeaderRequired: "submitOrder.invoiceHeaderRequired",
  invoiceHeaderTooLong: "submitOrder.invoiceHeaderTooLong",
  invoiceTaxNumberRequired: "submitOrder.invoiceTaxNumberRequired",
  invoiceTaxNumberInvalid: "submitOrder.invoiceTaxNumberInvalid",
  shopInvalid: "submitOrder.shopInvalid",
} as const;
const K = ORDER_RULE_KEYS;

/** Points to use at checkout (multiple of 10). */
export const usePointsRule = pointsRule;

/** A shop id in the submit body: digit strings accepted. */
export const shopIdRule = defineRule<number>((v) => {
  const n = typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= ID_MAX ? n : fail(K.shopInvalid);
});

/** One shop's order message; a missing / null message is "". */
export const orderShopParamRule = objectRule({
  shopId: shopIdRule,
  remarks: defineRule((v) => {
    const r = orderRemarkRule.safeParse(v == null ? "" : v);
    return r.success ? r.data : new RuleFailure(r.error.issues);
  }),
});

export const invoiceHeaderRule = textRule({
  name: true,
  type: K.invoiceHeaderRequired,
  trim: true,
  required: K.invoiceHeaderRequired,
  max: [INVOICE_HEADER_MAX, K.invoiceHeaderTooLong],
});

export interface OrderInvoiceInput extends InvoiceChoiceInput {
  shopId: number;
}

/** An invoice choice (type, title, taxpayer number) without its shop: the /invoice-detail edit. */
export interface InvoiceChoiceInput {
  invoiceType: 1 | 2;
  headerName: string;
  /** Upper-case for a unit; null for a person. */
  invoiceTaxNumber: string | null;
}

const invoiceFields = {
  invoiceType: defineRule<1 | 2>((t) =>
    t === 1 || t === 2 ? t : t === "1" || t === "2" ? (Number(t) as 1 | 2) : fail(K.invoiceTypeInvalid),
  ),
  headerName: invoiceHeaderRule,
  invoiceTaxNumber: defineRule<string | undefined>((t) =>
    typeof t === "string" ? t.trim() : t === null ? "" : t === undefined ? undefined : fail(K.invoiceTaxNumberInvalid),
  ),
};

/** The choice's fields, then a unit (company) needs a valid taxpayer number. */
function invoiceOf(v: {
  invoiceType: 1 | 2;
  headerName: string;
  invoiceTaxNumber: string | undefined;
}): InvoiceChoiceInput | RuleFailure {
  if (v.invoiceType === 2) {
    const tax = v.invoiceTaxNumber ?? "";
    if (tax === "") return fail(K.invoiceTaxNumberRequired, ["invoiceTaxNumber"]);
    if (!TAX_NUMBER_RE.test(tax)) return fail(K.invoiceTaxNumberInvalid, ["invoiceTaxNumber"]);
  }
  return {
    invoiceType: v.invoiceType,
    headerName: v.headerName,
    invoiceTaxNumber: v.invoiceType === 2 ? (v.invoiceTaxNumber ?? "").toUpperCase() : null,
  };
}

/** An invoice choice without its shop; output: trimmed header, tax number upper-case for a unit and null for a person. */
export const invoiceChoiceRule = defineRule<InvoiceChoiceInput>((v) => {
  const fields = objectRule(invoiceFields).safeParse(v);
  return fields.success ? invoiceOf(fields.data) : new RuleFailure(fields.error.issues);
});

/** An invoice choice of one shop (the submit body). */
export const orderInvoiceRule = defineRule<OrderInvoiceInput>((v) => {
  const fields = objectRule({ shopId: shopIdRule, ...invoiceFields }).safeParse(v);
  if (!fields.success) return new RuleFailure(fields.error.issues);
  const choice = invoiceOf(fields.data);
  return choice instanceof RuleFailure ? choice : { shopId: fields.data.shopId, ...choice };
});

/** Most entries of the per-shop lists of the submit body. */
export const ORDER_SHOP_LIST_MAX = 100;

export { ORDER_REMARK_MAX };

/** Held coupons chosen at checkout: at most one per shop plus one platform coupon. */
export const COUPON_CHOICE_MAX = 51;
