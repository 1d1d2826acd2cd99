/** The API's context types — cross-cutting edge code, not a feature. */
import type { TFunction } from "i18next";
import type { Locale } from "../../lib/locale.ts";
import type { AppContext } from "../context.ts";

/** What every API handler can read from `c.var`. */
export interface ApiVariables {
  app: AppContext;
  locale: Locale;
  t: TFunction;
  /** Set on /p/ paths by the auth middleware. */
  userId: string;
  sessionId: number;
  /**
   * Set by the handlers of POSTs that change nothing (cart info, totalPay): the change feed is then
   * not expired after them, so the read models keep answering from memory.
   */
  readOnly: boolean;
}
export type ApiEnv = { Variables: ApiVariables };
/** The merchant routes of every feature also know the token's shop (set by requireMerchant, api/merchant.ts). */
export type MerchantEnv = { Variables: ApiVariables & { shopId: number; merchantSessionId: number } };
