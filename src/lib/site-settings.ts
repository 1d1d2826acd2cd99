/**
 * Site settings the browser keeps (src/client/site.ts) and the server's fallback
 * (src/server/domain/kernel/site.ts): how long each is kept, and the exchange rate when none loads.
 */

/** Exchange rate cache: 15 days. */
export const EXCHANGE_RATE_CACHE_MS = 1_296_000_000;
/** Exchange rate used when none could be loaded (decimal string). */
export const DEFAULT_EXCHANGE_RATE = "21.99";
/** Pay switch info cache: 5 hours. */
export const PAY_SWITCH_CACHE_MS = 18_000_000;
