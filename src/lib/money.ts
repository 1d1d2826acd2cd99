/**
 * The one money module (SPEC §9: decimal arithmetic, prices shown with 2 decimals).
 * Every amount goes through decimal.js; never add, multiply or round money as JS numbers.
 * Uses a private Decimal clone (ROUND_HALF_UP) so the global decimal.js config is untouched.
 * Imported by browser and server code; imports nothing from either side.
 */
import DecimalJs from "decimal.js";

/** Decimal constructor used for money: 40 significant digits, half-up rounding. */
export const Money = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type MoneyDecimal = InstanceType<typeof Money>;

/** What money functions accept: a decimal string ("12.3"), an integer/number from JSON, or a Decimal. */
export type MoneyInput = string | number | DecimalJs | MoneyDecimal;

export class InvalidMoneyError extends Error {
  constructor(readonly input: unknown) {
    super(`Invalid money value: ${String(input)}`);
    this.name = "InvalidMoneyError";
  }
}

const NUMERIC_STRING = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Like toDecimal but answers null for invalid input instead of throwing. */
export function tryDecimal(v: unknown): MoneyDecimal | null {
  if (DecimalJs.isDecimal(v)) {
    // Re-wrap Decimals made by another constructor so our precision and rounding apply.
    const d = (v as DecimalJs).constructor === Money ? (v as MoneyDecimal) : new Money(v as DecimalJs);
    return d.isFinite() ? d : null;
  }
  if (typeof v === "number") {
    // A JS number is converted through its shortest string form (0.1 → "0.1"), not its binary value.
    return Number.isFinite(v) ? new Money(String(v)) : null;
  }
  if (typeof v === "string") {
    const s = v.trim();
    if (!NUMERIC_STRING.test(s)) return null;
    return new Money(s);
  }
  return null;
}

/** Converts to a Decimal; throws InvalidMoneyError for NaN, Infinity, empty or non-numeric input. */
export function toDecimal(v: MoneyInput): MoneyDecimal {
  const d = tryDecimal(v);
  if (d === null) throw new InvalidMoneyError(v);
  return d;
}

export function add(a: MoneyInput, b: MoneyInput): MoneyDecimal {
  return toDecimal(a).plus(toDecimal(b));
}

export function sub(a: MoneyInput, b: MoneyInput): MoneyDecimal {
  return toDecimal(a).minus(toDecimal(b));
}

/** a × b (e.g. price × discount rate, amount × exchange rate). Not rounded. */
export function mul(a: MoneyInput, b: MoneyInput): MoneyDecimal {
  return toDecimal(a).times(toDecimal(b));
}

/** Unit price × quantity; the quantity must be a non-negative integer. */
export function mulQty(price: MoneyInput, quantity: number): MoneyDecimal {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new InvalidMoneyError(quantity);
  return toDecimal(price).times(quantity);
}

/** Sum of a list (empty list → 0). */
export function sum(list: readonly MoneyInput[]): MoneyDecimal {
  let total = new Money(0);
  for (const v of list) total = total.plus(toDecimal(v));
  return total;
}

/** Sum of price × quantity over lines such as cart items. */
export function sumLines(lines: readonly { price: MoneyInput; quantity: number }[]): MoneyDecimal {
  let total = new Money(0);
  for (const l of lines) total = total.plus(mulQty(l.price, l.quantity));
  return total;
}

/** Rounds to 2 decimals, half up (away from zero for .5): 1.005 → 1.01, -1.005 → -1.01. */
export function round2(v: MoneyInput): MoneyDecimal {
  return toDecimal(v).toDecimalPlaces(2, Money.ROUND_HALF_UP);
}

/** "12.30": 2 decimals, ROUND_HALF_UP, no grouping, no currency sign. Throws for invalid input. */
export function formatPrice(v: MoneyInput): string {
  const s = toDecimal(v).toFixed(2, Money.ROUND_HALF_UP);
  return s === "-0.00" ? "0.00" : s;
}

/** formatPrice for untrusted data: invalid or missing input gives `fallback` (default "0.00"). */
export function formatPriceSafe(v: unknown, fallback = "0.00"): string {
  const d = tryDecimal(v);
  return d === null ? fallback : formatPrice(d);
}

/** Splits a price for display with a large integer part and small decimals: "12.30" → {integer: "12", decimal: "30"}. */
export function splitPrice(v: MoneyInput): { integer: string; decimal: string } {
  const [integer, decimal] = formatPrice(v).split(".");
  return { integer: integer!, decimal: decimal! };
}

/** -1 when a < b, 0 when equal, 1 when a > b. */
export function compare(a: MoneyInput, b: MoneyInput): -1 | 0 | 1 {
  const c = toDecimal(a).comparedTo(toDecimal(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

export function isZero(v: MoneyInput): boolean {
  return toDecimal(v).isZero();
}

const AMOUNT_PATTERN = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/**
 * A user-typed amount: plain digits, at most 2 decimals, greater than 0, optionally within
 * [min, max]. Refuses negative, zero, signs, exponents, spaces inside, "1.", ".5", "1.234".
 */
export function isValidAmount(str: string, range: { min?: MoneyInput; max?: MoneyInput } = {}): boolean {
  if (typeof str !== "string") return false;
  const s = str.trim();
  if (!AMOUNT_PATTERN.test(s)) return false;
  const d = new Money(s);
  if (!d.greaterThan(0)) return false;
  if (range.min !== undefined && d.lessThan(toDecimal(range.min))) return false;
  if (range.max !== undefined && d.greaterThan(toDecimal(range.max))) return false;
  return true;
}
