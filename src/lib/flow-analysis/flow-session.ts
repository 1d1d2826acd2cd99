/**
 * The zod-free part of the flow analysis (page ids, visit/biz types, the 30-minute session rule),
 * so the browser tracker (src/client/flow-analysis.ts, loaded on every page) does not pull zod
 * into the page bundle. src/lib/flow-analysis/flow-analysis.ts re-exports everything here.
 */

/** Tracking session expires after 30 minutes of inactivity. */
export const TRACKING_SESSION_MS = 30 * 60 * 1000;

/** Page ids (uni pageId map of CONTRACT §11, plus 14-16 for pages the PC mall adds). */
export const FlowPageId = {
  HOME: 1,
  PRODUCT_FROM_BANNER: 2,
  PRODUCT_DETAIL: 3,
  SECKILL_PRODUCT: 4,
  GROUP_PRODUCT: 5,
  CATEGORY_LIST: 6,
  SPECIAL_DISCOUNT: 7,
  CART: 8,
  ORDER_DETAIL: 9,
  CASHIER: 10,
  PAY_RESULT: 11,
  MEMBER_CENTRE: 12,
  ORDER_LIST: 13,
  SHOP_INDEX: 14,
  SHOP_LIST: 15,
  NOTICE: 16,
} as const;
export const FLOW_PAGE_ID_MAX = 16;

/** visitType: 1 page view, 2 pay click, 3 click, 4 add to cart. */
export const FlowVisitType = { PAGE_VIEW: 1, PAY_CLICK: 2, CLICK: 3, ADD_TO_CART: 4 } as const;
/** bizType: 0 product, 1 group product, 2 seckill. */
export const FlowBizType = { PRODUCT: 0, GROUP_PRODUCT: 1, SECKILL: 2 } as const;

/** What the tracker remembers between pages (local storage). */
export interface FlowSessionState {
  uuidSession: string;
  /** Epoch milliseconds of the last log sent. */
  lastSeen: number;
  step: number;
}

/**
 * The session of the next log: continue `prev` (step + 1) unless there is none or it has been
 * idle for 30 minutes or more (SPEC §9) — then a new session `newId` starting at step 1.
 * A lastSeen in the future (clock change) counts as idle, so a broken clock cannot keep a session.
 */
export function nextSession(
  prev: FlowSessionState | null | undefined,
  now: number,
  newId: string,
  idleMs: number = TRACKING_SESSION_MS,
): { uuidSession: string; step: number } {
  if (!prev || !prev.uuidSession || !Number.isFinite(prev.lastSeen) || !Number.isFinite(prev.step))
    return { uuidSession: newId, step: 1 };
  const idle = now - prev.lastSeen;
  if (idle < 0 || idle >= idleMs) return { uuidSession: newId, step: 1 };
  return { uuidSession: prev.uuidSession, step: Math.max(0, Math.trunc(prev.step)) + 1 };
}
