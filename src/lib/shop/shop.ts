/** Shop types and statuses both sides read (SPEC §2, §4; CONTRACT §3.7), and what a visitor may enter. */

/** At most this many hot shops are shown. */
export const HOT_SHOPS_MAX = 6;

/** Shop types. */
export const SHOP_TYPE = { GENERAL: 0, SELF_OPERATED: 1, PREFERRED: 2 } as const;

/**
 * Shop status (SPEC §4, CONTRACT §3.7): 1 open, 0 under review, -1 not opened (approved, not yet
 * opened by the platform), 2 taken offline by the platform, 3 suspended; anything but 1/0/-1 is
 * "offline" to visitors.
 */
export const SHOP_STATUS = { OPEN: 1, UNDER_REVIEW: 0, NOT_OPENED: -1, OFFLINE: 2, SUSPENDED: 3 } as const;

export type ShopEntryState = "open" | "underReview" | "notOpened" | "offline";

/**
 * What happens when a visitor tries to enter a shop (SPEC §2): allowed only when the status
 * is 1; otherwise a message says under review (0), not opened (-1) or offline (anything else).
 * Accepts numbers or numeric strings as APIs may send either.
 */
export function shopEntryState(status: number | string | null | undefined): ShopEntryState {
  if (status === null || status === undefined || status === "") return "offline";
  const n = typeof status === "number" ? status : Number(status);
  if (!Number.isInteger(n)) return "offline";
  if (n === SHOP_STATUS.OPEN) return "open";
  if (n === SHOP_STATUS.UNDER_REVIEW) return "underReview";
  if (n === SHOP_STATUS.NOT_OPENED) return "notOpened";
  return "offline";
}
