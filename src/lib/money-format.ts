/**
 * Display of amounts the server already formatted (SPEC §9: prices shown with 2 decimals).
 * For island pages that only show server amounts: no arithmetic and no decimal.js here, so a page
 * that merely displays "12.30" does not load the money module. Money rules and arithmetic stay in
 * money.ts (the one money module); anything that computes or compares amounts imports that.
 */

/** Digits with at most 2 decimals, the form the server formats amounts in ("12.30"). */
const FORMATTED = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Shows a server amount: "12.30" as is ("12.3" / "12" padded to 2 decimals, "-0.00" → "0.00");
 * missing or non-numeric input gives `fallback` (like formatPriceSafe). A numeric value with more
 * than 2 decimals is not rounded here (that is arithmetic: money.ts); it is shown as sent.
 */
export function priceText(v: unknown, fallback = "0.00"): string {
  let s: string;
  if (typeof v === "string") s = v.trim();
  else if (typeof v === "number" && Number.isFinite(v)) s = String(v);
  else return fallback;
  const m = FORMATTED.exec(s);
  if (!m) return NUMERIC.test(s) ? s : fallback;
  const int = m[2]!.replace(/^0+(?=\d)/, "");
  const dec = (m[3] ?? "").padEnd(2, "0");
  const negative = m[1] === "-" && !(/^0+$/.test(int) && dec === "00");
  return `${negative ? "-" : ""}${int}.${dec}`;
}

/**
 * A positive decimal the server sent (number or digit string, e.g. an exchange rate) as a plain
 * decimal string without trailing zeros ("21.50" → "21.5"); null when it is not a positive
 * decimal. For display and caching only; arithmetic belongs to money.ts.
 */
export function positiveDecimalText(v: unknown): string | null {
  const s = typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : "";
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return null;
  const int = m[1]!.replace(/^0+(?=\d)/, "");
  const dec = (m[2] ?? "").replace(/0+$/, "");
  if (/^0*$/.test(int + dec)) return null;
  return dec ? `${int}.${dec}` : int;
}
