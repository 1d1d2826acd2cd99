/**
 * Cart badge text (SPEC §2/§9): the count, or "999+" at 1000 or more ("99+" with cap 99).
 * Pure; used by the header script in the browser and by server-rendered badges. The rule itself
 * lives in src/lib/constants.ts (formatCartCount) so there is exactly one implementation.
 */
export { formatCartCount } from "../constants.ts";
