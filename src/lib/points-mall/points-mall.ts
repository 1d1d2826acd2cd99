/**
 * Points mall (SPEC §1, §2 /member-center/integral-mall, /submit-integral-order; CONTRACT §6.5;
 * docs/points.md "Points mall"): shapes and rules both sides read. Browser-safe.
 */

/** products.prodType of points-mall items. */
export const POINTS_PROD_TYPE = 3;
/** products.status of points-mall items: on sale in the points mall only (never in the ordinary catalogue). */
export const POINTS_MALL_STATUS = 3;
/** orders.orderType of a points exchange. */
export const POINTS_ORDER_TYPE = 3;
/** Most pieces of one item in one exchange. */
export const EXCHANGE_MAX_COUNT = 99;

export interface PointsMallItemDto {
  prodId: number;
  skuId: number;
  prodName: string;
  brief: string;
  pic: string;
  /** Points of one piece. */
  scorePrice: number;
  /** Money of one piece besides the points ("0.00" = points only). */
  price: string;
  /** The ordinary price shown for reference. */
  oriPrice: string;
  stocks: number;
  /** Pieces one buyer may exchange in all (0 = no limit). */
  scoreLimit: number;
}

export interface PointsMallDetailDto extends PointsMallItemDto {
  content: string;
  shopId: number;
  shopName: string;
}

/** POST /p/score/submit answer: the order, and whether money remains to be paid at the counter. */
export interface ExchangeResultDto {
  orderNumber: string;
  /** Money still to pay ("0.00" = paid with points alone). */
  actualTotal: string;
  useScore: number;
  paid: boolean;
}

/** Why a typed count is refused (an i18n key), or null. */
export function exchangeCountError(raw: unknown): "points.mall.badCount" | null {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,3}$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= EXCHANGE_MAX_COUNT ? null : "points.mall.badCount";
}

/** Why this exchange cannot be made (an i18n key), or null: stock, per-user limit, points. */
export function exchangeRefusal(
  item: { stocks: number; scoreLimit: number; scorePrice: number },
  count: number,
  alreadyExchanged: number,
  points: number,
): "points.mall.noStock" | "points.mall.limitReached" | "points.notEnough" | null {
  if (item.stocks < count) return "points.mall.noStock";
  if (item.scoreLimit > 0 && alreadyExchanged + count > item.scoreLimit) return "points.mall.limitReached";
  if (item.scorePrice * count > points) return "points.notEnough";
  return null;
}
