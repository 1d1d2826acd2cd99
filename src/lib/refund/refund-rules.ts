/**
 * Refund application rules (SPEC §5 "Refund", CONTRACT §5.1) shared by /user-center/apply-return
 * and POST /p/orderRefund/apply|update: type (refund only / return), reason, quantity ≥ 1,
 * amount (a money amount; the server checks it against what the lines were paid), description
 * ≤ 200, up to 5 voucher images (uploads), contact mobile of 11 digits. Messages: "refund.*",
 * "rules.*" i18n keys.
 */
import { z } from "zod";
import { REFUND_NOTE_MAX, REFUND_VOUCHERS_MAX } from "./refund-form.ts";
import { hasControlChars, picList } from "../review/review-rules.ts";
import { refundDescriptionRule } from "../rule-schemas.ts";

/** The reason that needs the seven-day no-reason return. */
export const NO_REASON = 0;

/** Completed orders accept applications this many days after completion. */
export const REFUND_WINDOW_DAYS = 7;
/** The shop answers within this many days, else the application counts as accepted. */
export const REFUND_SELLER_DAYS = 3;
/** For a return the buyer sends the parcel within this many days after acceptance, else it closes. */
export const REFUND_SHIP_DAYS = 7;

const DAY_MS = 24 * 3600 * 1000;

/**
 * When a refund timeout job is due, counted from `from`: "seller" — the shop's answer (after
 * applying or changing; then the application counts as accepted); "ship" — the buyer's return
 * parcel (after the shop accepted a return; then the application closes).
 */
export function refundDueAt(kind: "seller" | "ship", from: Date): Date {
  return new Date(from.getTime() + (kind === "seller" ? REFUND_SELLER_DAYS : REFUND_SHIP_DAYS) * DAY_MS);
}

/** A completed order takes after-sales applications until REFUND_WINDOW_DAYS after completion (inclusive). */
export function withinRefundWindow(completedAt: Date, now: Date): boolean {
  return now.getTime() <= completedAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS;
}

export const REFUND_KEYS = {
  typeInvalid: "refund.typeInvalid",
  reasonInvalid: "refund.reasonInvalid",
  quantityInvalid: "refund.quantityInvalid",
  amountInvalid: "refund.amountInvalid",
  mobileInvalid: "refund.mobileInvalid",
  tooManyPhotos: "refund.tooManyPhotos",
  badPhoto: "refund.badPhoto",
  controlChars: "review.controlChars",
  expressRequired: "refund.expressRequired",
  expressNoRequired: "refund.expressNoRequired",
  refuseReasonRequired: "refund.refuseReasonRequired",
  refuseReasonTooLong: "refund.refuseReasonTooLong",
  itemRequired: "refund.itemRequired",
} as const;
const K = REFUND_KEYS;

const num = (v: unknown) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);
const intIn = (key: string, min: number, max: number) =>
  z.preprocess(num, z.number({ error: key }).int(key).min(min, key).max(max, key));

/** An 11-digit mobile number (mainland). */
export const REFUND_MOBILE_RE = /^1[3-9]\d{9}$/;

/** The application form (also the body of "modify"); orderNumber / orderItemId say what it is for. */
export const refundApplyRule = z
  .object({
    orderNumber: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z.string({ error: "refund.orderNotFound" }).regex(/^\d{1,32}$/, "refund.orderNotFound"),
    ),
    /** 1 whole order, 2 one line. */
    refundType: z.preprocess(num, z.union([z.literal(1), z.literal(2)], { error: K.typeInvalid })),
    orderItemId: z.preprocess(
      (v) => (v === "" || v === null ? undefined : num(v)),
      z
        .number({ error: K.itemRequired })
        .int(K.itemRequired)
        .min(1, K.itemRequired)
        .max(2_147_483_647, K.itemRequired)
        .optional(),
    ),
    /** 1 refund only, 2 return and refund. */
    applyType: z.preprocess(num, z.union([z.literal(1), z.literal(2)], { error: K.typeInvalid })),
    buyerReason: intIn(K.reasonInvalid, 0, 6),
    goodsNum: intIn(K.quantityInvalid, 1, 99_999).optional(),
    refundAmount: z.preprocess(
      (v) => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(2) : typeof v === "string" ? v.trim() : v),
      z.string({ error: K.amountInvalid }).regex(/^\d{1,9}(\.\d{1,2})?$/, K.amountInvalid),
    ),
    buyerMobile: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z.string({ error: K.mobileInvalid }).regex(REFUND_MOBILE_RE, K.mobileInvalid),
    ),
    buyerDesc: z.preprocess(
      (v) => (v == null ? "" : v),
      refundDescriptionRule.refine((s) => !hasControlChars(s), K.controlChars),
    ),
    photoFiles: z.preprocess(
      picList,
      z
        .array(z.string({ error: K.badPhoto }).max(200, K.badPhoto), { error: K.badPhoto })
        .max(REFUND_VOUCHERS_MAX, K.tooManyPhotos),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.refundType === 2 && v.orderItemId === undefined)
      ctx.addIssue({ code: "custom", message: K.itemRequired, path: ["orderItemId"] });
  });
export type RefundApplyInput = z.infer<typeof refundApplyRule>;
/** What the browser sends (POST /p/orderRefund/apply, PUT /p/orderRefund/update): the rule's input, form values as typed. */
export type RefundApplyBody = z.input<typeof refundApplyRule>;

/** The buyer's return parcel. */
export const refundExpressRule = z.object({
  expressId: intIn(K.expressRequired, 1, 1000),
  expressNo: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: K.expressNoRequired }).min(1, K.expressNoRequired).max(30, K.expressNoRequired),
  ),
  mobile: z.preprocess(
    (v) => (v == null ? "" : typeof v === "string" ? v.trim() : v),
    z.string({ error: K.mobileInvalid }).refine((s) => s === "" || REFUND_MOBILE_RE.test(s), K.mobileInvalid),
  ),
  senderRemarks: z.preprocess(
    (v) => (v == null ? "" : v),
    refundDescriptionRule.refine((s) => !hasControlChars(s), K.controlChars),
  ),
});
export type RefundExpressInput = z.infer<typeof refundExpressRule>;
/** What the browser sends (POST /p/orderRefund/submitExpress, with the refundSn). */
export type RefundExpressBody = z.input<typeof refundExpressRule>;

/** The shop's refusal: a reason of 1-200 characters. */
export const refundRefuseRule = z.object({
  reason: z.preprocess(
    (v) => (v == null ? "" : v),
    z
      .string({ error: K.refuseReasonRequired })
      .trim()
      .min(1, { error: K.refuseReasonRequired, abort: true })
      .max(REFUND_NOTE_MAX, K.refuseReasonTooLong)
      .refine((s) => !hasControlChars(s), K.controlChars),
  ),
});

/** The shop's acceptance: an optional message (e.g. the return address), at most 200. */
export const refundAcceptRule = z.object({
  message: z.preprocess(
    (v) => (v == null ? "" : v),
    z
      .string()
      .trim()
      .max(REFUND_NOTE_MAX, K.refuseReasonTooLong)
      .refine((s) => !hasControlChars(s), K.controlChars),
  ),
});
