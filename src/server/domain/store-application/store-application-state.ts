/**
 * The state rules of store applications and of the shops they create (SPEC §4, CONTRACT §8), as
 * pure functions (unit tests beside them). The database side is store-application.ts.
 *
 * Application (`shopAuditStatus`): none → 0 under review (submit) → 1 approved | -1 rejected;
 * a rejected one is modified and resubmitted (→ 0). While under review or once approved, a new
 * submission is refused. Only an application under review can be approved or rejected (so a
 * second approval creates no second shop).
 *
 * Shop (`shopStatus`, created by the approval as -1 "not yet open" or 1 "open"): the platform
 * opens (or reopens) it → 1, takes it offline → 2, suspends it → 3, from any other status.
 */
import { APPLY_STATUS } from "../../../lib/store-application/store-application.ts";
import { SHOP_STATUS } from "../../../lib/shop/shop.ts";

export type SubmitCheck =
  { ok: true } | { ok: false; key: "storeApplication.errors.pending" | "storeApplication.errors.approved" };

/** Whether a buyer whose application is in `current` (null: none) may submit now. */
export function canSubmit(current: number | null): SubmitCheck {
  if (current === APPLY_STATUS.UNDER_REVIEW) return { ok: false, key: "storeApplication.errors.pending" };
  if (current === APPLY_STATUS.APPROVED) return { ok: false, key: "storeApplication.errors.approved" };
  return { ok: true };
}

export type ReviewAction = "approve" | "reject";

/** The application status after the platform's decision, or the refusal when it is not under review. */
export function reviewTransition(
  current: number,
  action: ReviewAction,
): { ok: true; status: number } | { ok: false; key: "storeApplication.errors.notPending" } {
  if (current !== APPLY_STATUS.UNDER_REVIEW) return { ok: false, key: "storeApplication.errors.notPending" };
  return { ok: true, status: action === "approve" ? APPLY_STATUS.APPROVED : APPLY_STATUS.REJECTED };
}

export type ShopAction = "open" | "offline" | "suspend";
export const SHOP_ACTIONS: readonly ShopAction[] = ["open", "offline", "suspend"];

const TARGET: Record<ShopAction, number> = {
  open: SHOP_STATUS.OPEN,
  offline: SHOP_STATUS.OFFLINE,
  suspend: SHOP_STATUS.SUSPENDED,
};

/** The shop status after a platform action, or the refusal when the shop already has it. */
export function shopTransition(
  current: number,
  action: ShopAction,
): { ok: true; status: number } | { ok: false; key: "storeApplication.errors.sameStatus" } {
  const next = TARGET[action];
  if (current === next) return { ok: false, key: "storeApplication.errors.sameStatus" };
  return { ok: true, status: next };
}

/** The shop status an approval creates: open at once, or "not yet open" until the platform opens it. */
export function approvedShopStatus(openNow: boolean): number {
  return openNow ? SHOP_STATUS.OPEN : SHOP_STATUS.NOT_OPENED;
}
