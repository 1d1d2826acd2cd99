/**
 * Flash sale (seckill) rules both sides need (docs/flash-sale.md): the state of a
 * session window, the countdown the pages show, the per-user limit, the % sold, and the shapes
 * of the API. Pure: no clock, no database.
 */

/** activityStatus (CONTRACT §6.1): 1 upcoming, 2 live, 3 ended. */
export const FlashState = { UPCOMING: 1, LIVE: 2, ENDED: 3 } as const;
export type FlashStateValue = (typeof FlashState)[keyof typeof FlashState];

/** A window [start, end): live from the start's millisecond, ended from the end's millisecond. */
export function windowState(start: Date | number, end: Date | number, now: Date | number): FlashStateValue {
  const s = +start;
  const e = +end;
  const n = +now;
  if (n < s) return FlashState.UPCOMING;
  if (n < e) return FlashState.LIVE;
  return FlashState.ENDED;
}

/** Milliseconds to the next switch of a window (to the start when upcoming, to the end when live), null when ended. */
export function msToSwitch(start: Date | number, end: Date | number, now: Date | number): number | null {
  const st = windowState(start, end, now);
  if (st === FlashState.UPCOMING) return +start - +now;
  if (st === FlashState.LIVE) return +end - +now;
  return null;
}

/** The page's countdown templates (docs/design.md "Dates and countdowns"): with hours, and without. */
export interface CountdownTemplates {
  /** "{{h}} h {{m}} min {{s}} s" */
  hms: string;
  /** "{{m}} min {{s}} s" */
  ms: string;
}

/**
 * A non-negative duration, rounded up to the second, as a countdown with its units in the page's
 * language ("1 h 02 min 06 s", "2分05秒"; hours may exceed 24) — never a clock-like "01:02:06".
 */
export function countdownText(ms: number, tpl: CountdownTemplates): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const two = (n: number) => String(n).padStart(2, "0");
  const values: Record<string, string> = { h: String(h), m: two(Math.floor((total % 3600) / 60)), s: two(total % 60) };
  return (h > 0 ? tpl.hms : tpl.ms).replace(/\{\{(h|m|s)\}\}/g, (_, k: string) => values[k]!);
}

/**
 * Pieces a buyer may still buy: maxNum −1 = no limit (then only `stock` bounds it), else
 * maxNum − already bought, never below 0.
 */
export function pieceAllowance(maxNum: number, bought: number, stock: number): number {
  const byLimit = maxNum < 0 ? Number.POSITIVE_INFINITY : Math.max(0, maxNum - bought);
  return Math.max(0, Math.min(byLimit, stock));
}

/** Whether a buyer who holds `bought` pieces may take `count` more. */
export function withinLimit(maxNum: number, bought: number, count: number): boolean {
  if (!Number.isSafeInteger(count) || count < 1) return false;
  return maxNum < 0 || bought + count <= maxNum;
}

/** % of the units sold (0-100, whole, rounded down; 100 only when nothing is left). */
export function soldPercent(origin: number, left: number): number {
  if (origin <= 0) return 100;
  const sold = Math.min(origin, Math.max(0, origin - left));
  return Math.floor((sold * 100) / origin);
}

/** One flash SKU as the pages and the API show it. */
export interface FlashSkuDto {
  seckillSkuId: number;
  skuId: number;
  skuName: string;
  properties: string;
  pic: string;
  price: string;
  seckillPrice: string;
  seckillStocks: number;
}

/** A flash activity (CONTRACT §6.1 seckillVO, plus the product). Times are ISO strings. */
export interface FlashActivityDto {
  seckillId: number;
  sessionId: number;
  prodId: number;
  shopId: number;
  prodName: string;
  pic: string;
  startTime: string;
  endTime: string;
  activityStatus: FlashStateValue;
  /** The lowest flash price, and the original price of that SKU. */
  seckillPrice: string;
  price: string;
  maxNum: number;
  payMinutes: number;
  seckillTotalStocks: number;
  seckillOriginStocks: number;
  salesRatio: number;
  seckillSkuList: FlashSkuDto[];
}

export interface FlashSessionDto {
  sessionId: number;
  startTime: string;
  endTime: string;
  activityStatus: FlashStateValue;
  activities: FlashActivityDto[];
}

/**
 * The flash sale a product page announces (docs/flash-sale.md "What the pages show"): the
 * product's activity on now with units left, else its next one to start (soonest first); null
 * when it has neither (a sold-out or ended activity: the product is sold at its own price).
 */
export function flashOfProduct(sessions: readonly FlashSessionDto[], prodId: number): FlashActivityDto | null {
  const acts = sessions.flatMap((s) => s.activities).filter((a) => a.prodId === prodId);
  const live = acts.find((a) => a.activityStatus === FlashState.LIVE && a.seckillTotalStocks > 0);
  if (live) return live;
  return (
    acts
      .filter((a) => a.activityStatus === FlashState.UPCOMING)
      .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))[0] ?? null
  );
}
