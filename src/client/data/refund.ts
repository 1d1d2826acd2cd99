/** The refund's calls (CONTRACT §7.7, [refund.md](../../../docs/refund.md)): apply, change, cancel, send the parcel. */
import type { Page } from "../../lib/api-types.ts";
import type { RefundApplyBody, RefundExpressBody } from "../../lib/refund/refund-rules.ts";
import type { RefundDto, RefundPreviewDto } from "../../lib/refund/refund-types.ts";
import { api } from "../api.ts";

/** GET /p/orderRefund/list */
export function listRefunds(current: number, size: number): Promise<Page<RefundDto>> {
  return api.get<Page<RefundDto>>("/p/orderRefund/list", { current, size });
}

/** GET /p/orderRefund/info?refundSn= (silent: a refusal is the page's "not found"). */
export function getRefund(refundSn: string): Promise<RefundDto> {
  return api.get<RefundDto>("/p/orderRefund/info", { refundSn }, { silent: true });
}

/** GET /p/orderRefund/preview?orderNumber=: what of the order may be refunded. */
export function getRefundPreview(orderNumber: string): Promise<RefundPreviewDto> {
  return api.get<RefundPreviewDto>("/p/orderRefund/preview", { orderNumber }, { silent: true });
}

/** POST /p/orderRefund/apply: answers the new refund's number. */
export async function applyRefund(body: RefundApplyBody): Promise<string> {
  return (await api.post<{ refundSn: string }>("/p/orderRefund/apply", body, { silent: true })).refundSn;
}

/** PUT /p/orderRefund/update: the refused application changed and sent again. */
export async function updateRefund(body: RefundApplyBody & { refundSn: string }): Promise<void> {
  await api.put("/p/orderRefund/update", body, { silent: true });
}

/** PUT /p/orderRefund/cancel */
export async function cancelRefund(refundSn: string): Promise<void> {
  await api.put("/p/orderRefund/cancel", { refundSn });
}

/** POST /p/orderRefund/submitExpress: the buyer's return parcel. */
export async function submitRefundExpress(body: RefundExpressBody & { refundSn: string }): Promise<void> {
  await api.post("/p/orderRefund/submitExpress", body, { silent: true });
}
