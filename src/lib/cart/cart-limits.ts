/** How much one cart call and one checkout take (SPEC §9). */

/** At most this many items can be settled at once. */
export const CART_SETTLE_MAX = 50;
/** At most this many basketIds per cart call (totalPay, checkItems, deleteItem) and checkout. */
export const CART_IDS_MAX = 500;
