/**
 * Bank card input of the payment counter (docs/payment-card.md), checked the same way in the
 * browser (before posting) and on the server (before the provider sees it). Pure.
 */

/** What the buyer types: the number (spaces allowed), expiry "MM/YY" and CVC. */
export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

export interface CheckedCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  brand: string;
  last4: string;
}

/** i18n keys of what is wrong with a field (payment.card.*). */
export type CardProblem = "badNumber" | "badExpiry" | "expired" | "badCvc";

/** Luhn checksum (ISO/IEC 7812). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The card scheme by its first digits ("Visa", "Mastercard", "UnionPay", "Amex", "JCB"; "Card" otherwise). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "Mastercard";
  if (/^62/.test(digits)) return "UnionPay";
  if (/^3[47]/.test(digits)) return "Amex";
  if (/^35/.test(digits)) return "JCB";
  return "Card";
}

/** "4242 4242 4242 4242" as typed → its digits; anything but digits and spaces/dashes → null. */
function digitsOf(number: string): string | null {
  const s = number.replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(s) ? s : null;
}

/**
 * The card, or what is wrong with it (first problem per field, in field order). The expiry
 * month counts to its last day: 11/26 is good through November 2026 (UTC).
 */
export function checkCard(
  form: CardForm,
  now: Date,
): { ok: true; card: CheckedCard } | { ok: false; problems: Partial<Record<keyof CardForm, CardProblem>> } {
  const problems: Partial<Record<keyof CardForm, CardProblem>> = {};
  const digits = digitsOf(String(form.number ?? ""));
  if (!digits || !luhnValid(digits)) problems.number = "badNumber";
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(String(form.expiry ?? ""));
  let expMonth = 0;
  let expYear = 0;
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) problems.expiry = "badExpiry";
  else {
    expMonth = Number(m[1]);
    expYear = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    const end = Date.UTC(expYear, expMonth, 1);
    if (end <= now.getTime()) problems.expiry = "expired";
  }
  const cvc = String(form.cvc ?? "").trim();
  if (!/^\d{3,4}$/.test(cvc)) problems.cvc = "badCvc";
  if (Object.keys(problems).length > 0 || !digits) return { ok: false, problems };
  return {
    ok: true,
    card: { number: digits, expMonth, expYear, cvc, brand: cardBrand(digits), last4: digits.slice(-4) },
  };
}

/** The number shown while typing: groups of four ("4242 4242 4242 4242"). */
export function groupCardNumber(typed: string): string {
  return typed
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}
