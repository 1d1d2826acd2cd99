/**
 * A submit token and what it stands for (CONTRACT §4.2-§4.3, docs/order.md "Submit order"): the
 * refusal of confirm / submit, the token itself and its stored payload.
 */
import { randomBytes } from "node:crypto";
import { ResponseCode } from "../../../lib/api-types.ts";
import { DomainError } from "../kernel/domain-error.ts";

type RefusalCode = typeof ResponseCode.SHOW_FAIL | typeof ResponseCode.REPEAT_ORDER | typeof ResponseCode.NO_STOCK;

/**
 * A refusal of confirm / submit: `key` is a full i18n key ("submitOrder.noStock", "cart.settleMax",
 * "order.pointsOverBalance"…), translated with `params`; `code` is the envelope code; `data` is
 * sent in the envelope (the first order numbers for a repeated submit).
 */
export class OrderSubmitError extends DomainError {
  constructor(
    key: string,
    code: RefusalCode = ResponseCode.SHOW_FAIL,
    params: Record<string, unknown> = {},
    data: unknown = null,
  ) {
    super(key, { code, params, data });
  }
}

/** A new submit token: 24 random bytes (192 bits), base64url (32 characters). */
export function newSubmitToken(): string {
  return randomBytes(24).toString("base64url");
}

export interface BuyNowItem {
  prodId: number;
  skuId: number;
  prodCount: number;
  shopId: number;
}

/** What a submit token stands for (submit_tokens.payload). */
export type SubmitPayload = ({ source: "cart"; basketIds: number[] } | { source: "buyNow"; orderItem: BuyNowItem }) & {
  /** The address confirmed (null = the user had none). */
  addrId: number | null;
  isScorePay: 0 | 1;
  /** Points asked for at confirm (null = the most allowed). */
  userUseScore: number | null;
  shopIds: number[];
  /** Coupons chosen at confirm (null = the best combination). */
  couponUserIds: number[] | null;
  /** An activity buy (flash sale, group buy): its kind and ids, resolved again at submit. */
  activity?: ActivityRef | undefined;
};

/** What a submit token remembers of an activity buy. */
export interface ActivityRef {
  kind: string;
  ref: Record<string, number>;
}

const posInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;

/** Reads a stored payload back; null when it is not one (treated as an expired token). */
export function parsePayload(v: unknown): SubmitPayload | null {
  if (!v || typeof v !== "object") return null;
  const p = v as Record<string, unknown>;
  const addrId = p.addrId === null || p.addrId === undefined ? null : posInt(p.addrId) ? p.addrId : undefined;
  if (addrId === undefined) return null;
  const isScorePay = p.isScorePay === 1 ? 1 : 0;
  const userUseScore =
    typeof p.userUseScore === "number" && Number.isSafeInteger(p.userUseScore) ? p.userUseScore : null;
  const shopIds = Array.isArray(p.shopIds) ? p.shopIds.filter(posInt) : [];
  const couponUserIds = Array.isArray(p.couponUserIds) ? p.couponUserIds.filter(posInt) : null;
  const act = p.activity as Record<string, unknown> | undefined;
  const activity =
    act && typeof act.kind === "string" && act.ref && typeof act.ref === "object"
      ? { kind: act.kind, ref: act.ref as Record<string, number> }
      : undefined;
  const common = {
    addrId,
    isScorePay,
    userUseScore,
    shopIds,
    couponUserIds,
    ...(activity ? { activity } : {}),
  } as const;
  if (p.source === "cart" && Array.isArray(p.basketIds) && p.basketIds.length > 0 && p.basketIds.every(posInt)) {
    return { source: "cart", basketIds: p.basketIds, ...common };
  }
  const item = p.orderItem as Record<string, unknown> | undefined;
  if (
    p.source === "buyNow" &&
    item &&
    posInt(item.prodId) &&
    posInt(item.skuId) &&
    posInt(item.prodCount) &&
    posInt(item.shopId)
  ) {
    return {
      source: "buyNow",
      orderItem: { prodId: item.prodId, skuId: item.skuId, prodCount: item.prodCount, shopId: item.shopId },
      ...common,
    };
  }
  return null;
}
