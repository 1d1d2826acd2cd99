/**
 * What the after-sales islands show (pure): status texts, links. Rules live in
 * src/lib/refund/refund-state.ts (what may happen: refundAllows), shapes in src/lib/refund/refund-types.ts.
 */
import { refundAllows } from "../../lib/refund/refund-state.ts";

/** The status text key: an accepted return asks the buyer to send the goods. */
export function refundStsKey(r: { returnMoneySts: number; applyType: number }): string {
  if (refundAllows(r, "ship")) return "refund.stsReturn2";
  return `refund.sts.${r.returnMoneySts}`;
}

export const returnDetailHref = (base: string, refundSn: string) =>
  `${base}/return-detail?refundSn=${encodeURIComponent(refundSn)}`;
export const applyReturnHref = (base: string, orderNumber: string, extra: Record<string, string | number> = {}) => {
  const q = new URLSearchParams({
    orderNumber,
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
  });
  return `${base}/user-center/apply-return?${q}`;
};
