/**
 * Refunds and returns, buyer side (CONTRACT §5.1; docs/after-sales.md), login required (/p/):
 *   GET  /p/orderRefund/preview?orderNumber=      → RefundPreviewDto (lines, what each may still refund)
 *   POST /p/orderRefund/apply {orderNumber, refundType 1|2, orderItemId?, applyType 1|2, buyerReason 0-6,
 *        goodsNum?, refundAmount, buyerMobile, buyerDesc?, photoFiles?}   → {refundSn}
 *   PUT  /p/orderRefund/update {refundSn, …the apply fields}              → null (pending or refused only)
 *   PUT  /p/orderRefund/cancel {refundSn} (or the raw refundSn)           → null (withdraw)
 *   POST /p/orderRefund/submitExpress {refundSn, expressId, expressNo, mobile?, senderRemarks?} → null
 *   GET  /p/orderRefund/list?current&size                                 → Page<RefundDto>
 *   GET  /p/orderRefund/info?refundSn=                                    → RefundDto
 * and, public (the payment provider calls it; signed):
 *   POST /pay/refund-notify/sandbox {refundSn, refundNo, amount, status, sign} → {refundSn, refunded, alreadyRefunded}
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { refundApplyRule, refundExpressRule } from "../../lib/refund/refund-rules.ts";
import { pageParams } from "../../lib/validation.ts";
import { applyRefund, asRefundNotification, handleRefundNotification, modifyRefund, myRefund, myRefunds, refundPreview, shipReturn, withdrawRefund } from "../domain/refund/refund.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, envelope } from "./envelope.ts";
import { jsonBody, parseInput, runDomain } from "./input.ts";

export const refundRouter = new Hono<ApiEnv>();

const limit = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c as unknown as { var: { t: (k: string) => string } }).var.t("auth.bodyTooLarge")), 413) });
const digits = (key: string) => z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: key }).regex(/^\d{1,32}$/, key));
const refundSnRule = digits("refund.notFound");
const snOf = (body: unknown) => (typeof body === "string" ? body : (body as { refundSn?: unknown } | null)?.refundSn ?? "");

refundRouter.get("/p/orderRefund/preview", async (c) => {
  const orderNumber = parseInput(c, digits("refund.orderNotFound"), c.req.query("orderNumber") ?? "");
  return runDomain(c, () => refundPreview(c.var.app.db, c.var.userId, orderNumber, c.var.locale, new Date()));
});

refundRouter.post("/p/orderRefund/apply", limit, async (c) => {
  const input = parseInput(c, refundApplyRule, await jsonBody(c));
  return runDomain(c, () => applyRefund(c.var.app.db, { storage: c.var.app.storage }, c.var.userId, input, new Date()));
});

refundRouter.put("/p/orderRefund/update", limit, async (c) => {
  const body = await jsonBody(c);
  const refundSn = parseInput(c, refundSnRule, snOf(body));
  const input = parseInput(c, refundApplyRule, body);
  return runDomain(c, async () => {
    await modifyRefund(c.var.app.db, { storage: c.var.app.storage }, c.var.userId, refundSn, input, new Date());
    return null;
  });
});

refundRouter.put("/p/orderRefund/cancel", limit, async (c) => {
  const text = (await c.req.text()).trim();
  // The raw refundSn (CONTRACT), maybe quoted, or {refundSn}. Digits are never parsed as a number (19 digits).
  let body: unknown = text.replace(/^"(\d+)"$/, "$1");
  if (text.startsWith("{")) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.badJson"));
    }
  }
  const refundSn = parseInput(c, refundSnRule, snOf(body));
  return runDomain(c, async () => {
    await withdrawRefund(c.var.app.db, c.var.userId, refundSn, new Date());
    return null;
  });
});

refundRouter.post("/p/orderRefund/submitExpress", limit, async (c) => {
  const body = await jsonBody(c);
  const refundSn = parseInput(c, refundSnRule, snOf(body));
  const input = parseInput(c, refundExpressRule, body);
  return runDomain(c, async () => {
    await shipReturn(c.var.app.db, c.var.userId, refundSn, input, new Date());
    return null;
  });
});

refundRouter.get("/p/orderRefund/list", async (c) => {
  const q = parseInput(c, pageParams, c.req.query());
  return runDomain(c, () => myRefunds(c.var.app.db, c.var.userId, c.var.locale, q));
});

refundRouter.get("/p/orderRefund/info", async (c) => {
  const refundSn = parseInput(c, refundSnRule, c.req.query("refundSn") ?? "");
  return runDomain(c, () => myRefund(c.var.app.db, c.var.userId, refundSn, c.var.locale));
});

/** The payment provider's refund notification: the one path that finishes provider refunds. */
refundRouter.post("/pay/refund-notify/sandbox", limit, async (c) => {
  const n = asRefundNotification(await jsonBody(c));
  if (!n) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("refund.badNotification"));
  return runDomain(c, () => handleRefundNotification(c.var.app.db, c.var.app.config.paymentSecret, n, new Date()));
});
