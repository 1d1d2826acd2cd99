/**
 * A platform adjustment of a user's points or balance (`npm run ops -- adjust`; docs/points.md
 * "Adjustments"): what may be asked. Browser-safe, shared by the CLI and the platform API.
 */
import { toCents } from "../balance/balance.ts";

export type AdjustKind = "points" | "balance";

/** Largest change of one adjustment: 1,000,000 points or 100,000.00 yuan either way. */
export const ADJUST_MAX_POINTS = 1_000_000;
export const ADJUST_MAX_CENTS = 100_000_00;
export const ADJUST_REASON_MAX = 200;

export interface AdjustInput {
  kind: AdjustKind;
  /** Points: a signed integer; balance: a signed amount with at most two decimals. */
  amount: string;
  reason: string;
}

/** The i18n key (namespace "points") of why an adjustment is refused, or null when fine. */
export function adjustmentError(input: { kind?: unknown; amount?: unknown; reason?: unknown }): string | null {
  if (input.kind !== "points" && input.kind !== "balance") return "points.adjust.badKind";
  const raw =
    typeof input.amount === "number"
      ? String(input.amount)
      : typeof input.amount === "string"
        ? input.amount.trim()
        : "";
  const negative = raw.startsWith("-");
  const digits = negative || raw.startsWith("+") ? raw.slice(1) : raw;
  if (input.kind === "points") {
    if (!/^\d{1,7}$/.test(digits) || Number(digits) === 0 || Number(digits) > ADJUST_MAX_POINTS)
      return "points.adjust.badPoints";
  } else {
    const cents = toCents(digits);
    if (cents === null || cents === 0 || cents > ADJUST_MAX_CENTS) return "points.adjust.badBalance";
  }
  const reason = typeof input.reason === "string" ? input.reason.trim() : "";
  if (reason.length === 0 || reason.length > ADJUST_REASON_MAX || /[\u0000-\u001f\u007f]/.test(reason))
    return "points.adjust.badReason";
  return null;
}
