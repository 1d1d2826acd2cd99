/**
 * The /submit-order island's pure parts: what to buy from the page query, the confirm body and
 * the submit body. The form checks are in submit-checks.ts (they bring zod, loaded on first use).
 *
 * Query: `?basketIds=1,2,3` (from the cart) or buy now `?prodId=&skuId=&count=` (the detail page's
 * buy box). Anything else is "bad" and the page offers the way back to the cart.
 */
import { CART_IDS_MAX, CART_SETTLE_MAX } from "../../lib/cart/cart-limits.ts";
import type { OrderConfirmParam, OrderInvoiceParam, OrderSubmitParam } from "../../lib/order/submit-rules.ts";

export type SubmitSource =
  | { kind: "cart"; basketIds: number[] }
  | { kind: "buyNow"; prodId: number; skuId: number; count: number }
  | { kind: "seckill"; seckillId: number; seckillSkuId: number; count: number; path: string }
  | { kind: "group"; groupActivityId: number; groupSkuId: number; groupTeamId: number; count: number };

const MAX_INT = 2_147_483_647;

function positiveInt(v: string | null | undefined): number | null {
  if (v == null || !/^\d{1,10}$/.test(v.trim())) return null;
  const n = Number(v.trim());
  return n >= 1 && n <= MAX_INT ? n : null;
}

/** What the page buys, or null when the query names nothing valid. */
export function parseSubmitQuery(search: string | URLSearchParams): SubmitSource | null {
  const q = typeof search === "string" ? new URLSearchParams(search) : search;
  const basket = q.get("basketIds");
  if (basket !== null) {
    const parts = basket
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
    if (parts.length === 0 || parts.length > CART_IDS_MAX) return null;
    const ids = parts.map(positiveInt);
    if (ids.some((n) => n === null)) return null;
    return { kind: "cart", basketIds: [...new Set(ids as number[])] };
  }
  const count0 = positiveInt(q.get("count") ?? "1");
  if (q.has("seckillId")) {
    const seckillId = positiveInt(q.get("seckillId"));
    const seckillSkuId = positiveInt(q.get("seckillSkuId"));
    const path = q.get("path") ?? "";
    if (seckillId === null || seckillSkuId === null || count0 === null || count0 > 50 || !/^[\w-]{8,64}$/.test(path))
      return null;
    return { kind: "seckill", seckillId, seckillSkuId, count: count0, path };
  }
  if (q.has("groupActivityId")) {
    const groupActivityId = positiveInt(q.get("groupActivityId"));
    const groupSkuId = positiveInt(q.get("groupSkuId"));
    const team = q.get("groupTeamId") ?? "0";
    const groupTeamId = team === "0" ? 0 : positiveInt(team);
    if (groupActivityId === null || groupSkuId === null || groupTeamId === null || count0 === null || count0 > 50)
      return null;
    return { kind: "group", groupActivityId, groupSkuId, groupTeamId, count: count0 };
  }
  const prodId = positiveInt(q.get("prodId"));
  const skuId = positiveInt(q.get("skuId"));
  const count = positiveInt(q.get("count") ?? "1");
  if (prodId === null || skuId === null || count === null || count > CART_SETTLE_MAX) return null;
  return { kind: "buyNow", prodId, skuId, count };
}

/**
 * Where the checkout's "back" link leads and its text key: the cart for a buyer who came from it
 * (or whose query names nothing), else where the buy started — the product page of a buy now, the
 * flash-sale product of a flash buy, the group buys of a team buy.
 */
export function backLink(
  source: SubmitSource | null | undefined,
  links: { cart: string; base: string },
): { href: string; textKey: string } {
  if (!source || source.kind === "cart") return { href: links.cart, textKey: "submitOrder.backToCart" };
  if (source.kind === "buyNow")
    return { href: `${links.base}/detail/${source.prodId}`, textKey: "submitOrder.backToProduct" };
  if (source.kind === "seckill")
    return { href: `${links.base}/secdetail/${source.seckillId}`, textKey: "submitOrder.backToFlashSale" };
  return { href: `${links.base}/group-buy`, textKey: "submitOrder.backToGroupBuy" };
}

export interface ConfirmChoice {
  /** 0 / missing = the default address. */
  addrId?: number | undefined;
  usePoints: boolean;
  /** Points to use; missing = the most allowed. */
  points?: number | undefined;
  /** The buyer's coupon choice (held coupon ids); missing = the best combination. */
  coupons?: number[] | undefined;
}

/** What an activity checkout adds to the confirm and submit bodies (flash sale, group buy). */
function activityFields(source: SubmitSource): Record<string, number> {
  if (source.kind === "seckill")
    return { seckillId: source.seckillId, seckillSkuId: source.seckillSkuId, prodCount: source.count };
  if (source.kind === "group")
    return {
      groupActivityId: source.groupActivityId,
      groupSkuId: source.groupSkuId,
      groupTeamId: source.groupTeamId,
      prodCount: source.count,
    };
  return {};
}

/** The confirm body. `shopId` is needed for buy now only. */
export function confirmBody(source: SubmitSource, choice: ConfirmChoice, shopId?: number): OrderConfirmParam {
  const body: OrderConfirmParam =
    source.kind === "cart"
      ? { basketIds: source.basketIds }
      : source.kind === "buyNow"
        ? { orderItem: { prodId: source.prodId, skuId: source.skuId, prodCount: source.count, shopId: shopId ?? 0 } }
        : activityFields(source);
  if (choice.addrId) body.addrId = choice.addrId;
  body.isScorePay = choice.usePoints ? 1 : 0;
  if (choice.usePoints && choice.points !== undefined) body.userUseScore = choice.points;
  if (choice.coupons !== undefined) {
    body.couponUserIds = choice.coupons;
    body.userChangeCoupon = 1;
  }
  return body;
}

/**
 * The coupon choice after picking `couponUserId` (0 = none) for one shop (shopId 0 = the
 * platform coupon), from the coupons the preview applied: the other choices stay.
 */
export function pickCoupon(
  applied: readonly number[],
  options: readonly { couponUserId: number; shopId: number }[],
  shopId: number,
  couponUserId: number,
): number[] {
  const ofShop = new Set(options.filter((o) => o.shopId === shopId).map((o) => o.couponUserId));
  const rest = applied.filter((id) => !ofShop.has(id));
  return couponUserId > 0 ? [...rest, couponUserId] : rest;
}

export type InvoiceKind = 0 | 1 | 2;
export interface InvoiceForm {
  /** 0 none, 1 personal, 2 unit. */
  type: InvoiceKind;
  headerName: string;
  taxNumber: string;
}
export const NO_INVOICE: InvoiceForm = { type: 0, headerName: "", taxNumber: "" };

export interface FormErrors {
  /** Per shop id. */
  remarks: Record<number, string>;
  headerName?: string | undefined;
  taxNumber?: string | undefined;
}

export function hasErrors(e: FormErrors): boolean {
  return Object.values(e.remarks).some(Boolean) || Boolean(e.headerName) || Boolean(e.taxNumber);
}

/**
 * The POST /p/order/submit body: one message and (when chosen) one invoice per shop; the coupons
 * and the amount the preview showed (`shown`), so the server refuses if its amount differs.
 */
export function submitBody(
  uuid: string,
  shopIds: readonly number[],
  remarks: Record<number, string>,
  invoice: InvoiceForm,
  choice: ConfirmChoice,
  shown?: { couponUserIds: number[]; actualTotal: string },
  source?: SubmitSource,
): OrderSubmitParam {
  const body: OrderSubmitParam = {
    ...(source ? activityFields(source) : {}),
    uuid,
    orderShopParams: shopIds.map((shopId) => ({ shopId, remarks: (remarks[shopId] ?? "").trim() })),
    isScorePay: choice.usePoints ? 1 : 0,
  };
  if (shown) {
    body.couponUserIds = shown.couponUserIds;
    body.userChangeCoupon = 1;
    body.actualTotal = shown.actualTotal;
  }
  if (choice.addrId) body.addrId = choice.addrId;
  if (choice.usePoints && choice.points !== undefined) body.userUseScore = choice.points;
  if (invoice.type !== 0) {
    // A person's invoice has no taxpayer number: null, as the rule answers it.
    body.orderInvoiceList = shopIds.map((shopId): OrderInvoiceParam => ({
      shopId,
      invoiceType: invoice.type as 1 | 2,
      headerName: invoice.headerName.trim(),
      invoiceTaxNumber: invoice.type === 2 ? invoice.taxNumber.trim() : null,
    }));
  }
  return body;
}
