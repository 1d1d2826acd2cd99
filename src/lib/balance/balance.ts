/**
 * Balance rules both sides need (SPEC §5 "Top-up at least 0.01", §9 "max 100,000 yuan per time";
 * CONTRACT §7.4). Browser-safe: no decimal.js; amounts are checked as whole cents.
 */

/** A top-up's bounds as decimal strings (the API's rule; compare with src/lib/money.ts). */
export const TOPUP_MIN = "0.01";
export const TOPUP_MAX = "100000";
export const RECHARGE_MIN_CENTS = 1;
export const RECHARGE_MAX_CENTS = 100_000_00;
/** A top-up earns 1 point per whole yuan (points source "top-up bonus"; docs/points.md). */
export const RECHARGE_POINTS_PER_YUAN = 1;

const AMOUNT = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

/** "12.3" → 1230 cents; null when not plain digits with at most 2 decimals. */
export function toCents(raw: string): number | null {
  const s = raw.trim();
  if (!AMOUNT.test(s)) return null;
  const [whole, frac = ""] = s.split(".");
  return Number(whole) * 100 + Number((frac + "00").slice(0, 2));
}

/** Why a typed top-up amount is refused (an i18n key of namespace "balance"), or null when fine. */
export function rechargeAmountError(
  raw: unknown,
): "balance.amountRequired" | "balance.amountInvalid" | "balance.amountRange" | null {
  if (typeof raw !== "string" && typeof raw !== "number") return "balance.amountRequired";
  const s = String(raw).trim();
  if (s === "") return "balance.amountRequired";
  const cents = toCents(s);
  if (cents === null) return "balance.amountInvalid";
  if (cents < RECHARGE_MIN_CENTS || cents > RECHARGE_MAX_CENTS) return "balance.amountRange";
  return null;
}

/** Balance log `type` (CONTRACT §7.4): 1 recharge, 2 recharge bonus, 3 shopping, 4 refund, 5 platform adjustment, 6 buy membership. */
export const BalanceLogType = {
  RECHARGE: 1,
  RECHARGE_BONUS: 2,
  SHOPPING: 3,
  REFUND: 4,
  ADJUST: 5,
  BUY_MEMBER: 6,
} as const;

/** A row of GET /p/userBalanceLog/log. */
export interface BalanceLogDto {
  id: number;
  /** Unsigned amount, 2 decimals. */
  changeBalance: string;
  /** 0 out, 1 in. */
  ioType: 0 | 1;
  type: number;
  createTime: string;
  orderNumberList: string[];
}

/** GET /p/userBalance/getBalanceInfo. */
export interface BalanceInfoDto {
  totalBalance: string;
  minRecharge: string;
  maxRecharge: string;
}
