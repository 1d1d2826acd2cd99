/** What the after-sales islands show (pure): status texts, links. Rules live in src/lib/refund/refund-state.ts. */
import { ApplyType, RefundSts } from "../../lib/refund/refund-state.ts";

/** Server: domain/refund RefundDto (the fields the pages read). */
export interface Refund {
  refundSn: string; orderNumber: string; shopName: string; refundType: number; orderItemId: number | null; applyType: number;
  buyerReason: number; buyerDesc: string; photoFiles: string[]; buyerMobile: string; refundAmount: string; refundScore: number; goodsNum: number;
  returnMoneySts: number; sellerMsg: string | null; rejectMessage: string | null;
  refundDelivery: { dvyId: number; expressName: string; expressNo: string } | null;
  refundWay: string | null; applyTime: string; refundTime: string | null; dueAt: string | null; maxRefundAmount: string;
  orderItems: { orderItemId: number; prodId: number; prodName: string; skuName: string; pic: string; price: string; goodsNum: number }[];
  steps: { key: string; done: boolean; time: string | null }[];
}

/** The status text key: an accepted return asks the buyer to send the goods. */
export function refundStsKey(r: { returnMoneySts: number; applyType: number }): string {
  if (r.returnMoneySts === RefundSts.ACCEPTED && r.applyType === ApplyType.RETURN) return "refund.stsReturn2";
  return `refund.sts.${r.returnMoneySts}`;
}

export const canWithdraw = (r: { returnMoneySts: number; applyType: number }) =>
  r.returnMoneySts === RefundSts.APPLIED || r.returnMoneySts === RefundSts.REFUSED || (r.returnMoneySts === RefundSts.ACCEPTED && r.applyType === ApplyType.RETURN);
export const canModify = (r: { returnMoneySts: number }) => r.returnMoneySts === RefundSts.APPLIED || r.returnMoneySts === RefundSts.REFUSED;
export const canShip = (r: { returnMoneySts: number; applyType: number }) => r.returnMoneySts === RefundSts.ACCEPTED && r.applyType === ApplyType.RETURN;

export const returnDetailHref = (base: string, refundSn: string) => `${base}/return-detail?refundSn=${encodeURIComponent(refundSn)}`;
export const applyReturnHref = (base: string, orderNumber: string, extra: Record<string, string | number> = {}) => {
  const q = new URLSearchParams({ orderNumber, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) });
  return `${base}/user-center/apply-return?${q}`;
};
