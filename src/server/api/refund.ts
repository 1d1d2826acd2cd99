/**
 * Refunds and returns, buyer side (CONTRACT §5.1; docs/refund.md), login required (/p/):
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
 * Merchant (docs/merchant-api.md "After-sales"), behind the merchant token; another shop's refund
 * is answered like an unknown one:
 *   GET  /merchant/refunds?sts=&current&size            → Page<RefundDto> (sts: returnMoneySts, 0 all)
 *   GET  /merchant/refunds/{refundSn}                   → RefundDto
 *   POST /merchant/refunds/{refundSn}/accept {message?} → null (refund only: paid at once)
 *   POST /merchant/refunds/{refundSn}/refuse {reason}   → null
 *   POST /merchant/refunds/{refundSn}/receive           → null (returned goods arrived: paid at once)
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import {
  refundAcceptRule,
  refundApplyRule,
  refundExpressRule,
  refundRefuseRule,
} from "../../lib/refund/refund-rules.ts";
import { intFieldDefault, pageParams } from "../../lib/validation.ts";
import {
  acceptRefund,
  applyRefund,
  modifyRefund,
  receiveReturn,
  refuseRefund,
  shipReturn,
  withdrawRefund,
} from "../domain/refund/refund.ts";
import { asRefundNotification, handleRefundNotification } from "../domain/refund/refund-payout.ts";
import {
  myRefund,
  myRefunds,
  refundPreview,
  RefundError,
  shopRefund,
  shopRefunds,
} from "../domain/refund/refund-read.ts";
import { paymentProviderFor } from "../providers/payment.ts";
import type { ApiEnv, MerchantEnv } from "./context.ts";
import { ApiError } from "./envelope.ts";
import { parse, parseParams, parseQuery, parseQueryValue, readJson, readText, run } from "./kit.ts";

export const refundRouter = new Hono<ApiEnv>();

const digits = (key: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: key }).regex(/^\d{1,32}$/, key));
const refundSnRule = digits("refund.notFound");
const snOf = (body: unknown) =>
  typeof body === "string" ? body : ((body as { refundSn?: unknown } | null)?.refundSn ?? "");

refundRouter.get("/p/orderRefund/preview", async (c) => {
  const orderNumber = parseQueryValue(c, "orderNumber", digits("refund.orderNotFound"));
  return run(c, () => refundPreview(c.var.app.db, c.var.userId, orderNumber, c.var.locale, new Date()));
});

refundRouter.post("/p/orderRefund/apply", async (c) => {
  const input = parse(c, refundApplyRule, await readJson(c));
  return run(c, () => applyRefund(c.var.app.db, { storage: c.var.app.storage }, c.var.userId, input, new Date()));
});

refundRouter.put("/p/orderRefund/update", async (c) => {
  const body = await readJson(c);
  const refundSn = parse(c, refundSnRule, snOf(body));
  const input = parse(c, refundApplyRule, body);
  return run(c, async () => {
    await modifyRefund(c.var.app.db, { storage: c.var.app.storage }, c.var.userId, refundSn, input, new Date());
    return null;
  });
});

refundRouter.put("/p/orderRefund/cancel", async (c) => {
  const text = (await readText(c)).trim();
  // The raw refundSn (CONTRACT), maybe quoted, or {refundSn}. Digits are never parsed as a number (19 digits).
  let body: unknown = text.replace(/^"(\d+)"$/, "$1");
  if (text.startsWith("{")) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.badJson"));
    }
  }
  const refundSn = parse(c, refundSnRule, snOf(body));
  return run(c, async () => {
    await withdrawRefund(c.var.app.db, c.var.userId, refundSn, new Date());
    return null;
  });
});

refundRouter.post("/p/orderRefund/submitExpress", async (c) => {
  const body = await readJson(c);
  const refundSn = parse(c, refundSnRule, snOf(body));
  const input = parse(c, refundExpressRule, body);
  return run(c, async () => {
    await shipReturn(c.var.app.db, c.var.userId, refundSn, input, new Date());
    return null;
  });
});

refundRouter.get("/p/orderRefund/list", async (c) => {
  const q = parseQuery(c, pageParams);
  return run(c, () => myRefunds(c.var.app.db, c.var.userId, c.var.locale, q));
});

refundRouter.get("/p/orderRefund/info", async (c) => {
  const refundSn = parseQueryValue(c, "refundSn", refundSnRule);
  return run(c, () => myRefund(c.var.app.db, c.var.userId, refundSn, c.var.locale));
});

/** The payment provider's refund notification: the one path that finishes provider refunds. */
refundRouter.post("/pay/refund-notify/sandbox", async (c) => {
  const n = asRefundNotification(await readJson(c));
  if (!n) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("refund.badNotification"));
  return run(c, () => handleRefundNotification(c.var.app.db, c.var.app.config.paymentSecret, n, new Date()));
});

// ---- a shop's refunds (merchant token) ----------------------------------------------------------

const refundListRule = pageParams.extend({
  sts: z.preprocess((v) => (v === "" || v === undefined ? 0 : v), intFieldDefault(-1, 8, 0)),
});

const refundSnParams = z.object({ refundSn: z.string().default("") });

/** The path's refundSn; a malformed one is an unknown refund. */
const snOfPath = (c: Context<MerchantEnv>) => {
  const sn = parseParams(c, refundSnParams).refundSn;
  if (!/^\d{1,32}$/.test(sn)) throw new RefundError("refund.notFound");
  return sn;
};
/** The optional JSON body of accept / refuse: none unless sent as JSON. */
const optionalJson = async (c: Context<MerchantEnv>) =>
  (c.req.header("content-type") ?? "").includes("json") ? readJson(c) : {};

export const refundMerchantRouter = new Hono<MerchantEnv>();

refundMerchantRouter.get("/merchant/refunds", async (c) => {
  const q = parseQuery(c, refundListRule);
  return run(c, () => shopRefunds(c.var.app.db, c.var.shopId, c.var.locale, q));
});

refundMerchantRouter.get("/merchant/refunds/:refundSn", (c) =>
  run(c, () => shopRefund(c.var.app.db, c.var.shopId, snOfPath(c), c.var.locale)),
);

refundMerchantRouter.post("/merchant/refunds/:refundSn/accept", async (c) => {
  const input = parse(c, refundAcceptRule, await optionalJson(c));
  return run(c, async () => {
    await acceptRefund(
      c.var.app.db,
      paymentProviderFor(c.var.app.config),
      c.var.shopId,
      snOfPath(c),
      input.message,
      new Date(),
    );
    return null;
  });
});

refundMerchantRouter.post("/merchant/refunds/:refundSn/refuse", async (c) => {
  const input = parse(c, refundRefuseRule, await optionalJson(c));
  return run(c, async () => {
    await refuseRefund(c.var.app.db, c.var.shopId, snOfPath(c), input.reason, new Date());
    return null;
  });
});

refundMerchantRouter.post("/merchant/refunds/:refundSn/receive", (c) =>
  run(c, async () => {
    await receiveReturn(c.var.app.db, paymentProviderFor(c.var.app.config), c.var.shopId, snOfPath(c), new Date());
    return null;
  }),
);
