/**
 * Cart badge text (SPEC §2/§9): the count, or "999+" at 1000 or more ("99+" with cap 99).
 * Pure; used by the header script in the browser and by server-rendered badges.
 */

/** Cart badge cap: shows "999+" at 1000 or more. */
export const CART_COUNT_CAP = 999;
/** Alternative cart badge cap used by one text set ("99+"). */
export const CART_COUNT_CAP_ALT = 99;

/** Cart badge text: "999+" at 1000 or more (or "99+" with the alternative cap). */
export function formatCartCount(count: number, cap: number = CART_COUNT_CAP): string {
  if (!Number.isFinite(count) || count <= 0) return "0";
  const n = Math.floor(count);
  return n > cap ? `${cap}+` : String(n);
}
