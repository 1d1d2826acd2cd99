/**
 * Virtual goods (SPEC §9, CONTRACT `mold`, `writeOffTime`, `isRefund`; docs/virtual-goods.md):
 * the validity of write-off codes in Beijing time, the code format and what the pages show.
 * Pure functions, no clock: both the server and the islands use them.
 */

/** CONTRACT `mold` of a product / `orderMold` of an order. */
export const ProdMold = { PHYSICAL: 0, VIRTUAL: 1 } as const;

/**
 * Whether the mall's promotions apply to a product of this mold (docs/virtual-goods.md
 * "Promotions"): virtual goods — gift cards, service vouchers, tickets — are sold at their price:
 * no member price, no limited-time discount or full reduction, no coupon. Points may still pay
 * part, and an activity buy (flash sale, group buy) a merchant sets up still has its price.
 */
export function takesPromotions(mold: number): boolean {
  return mold !== ProdMold.VIRTUAL;
}

/** CONTRACT dvyType 3: no delivery needed (virtual goods). */
export const DVY_TYPE_VIRTUAL = 3;

/** writeOffTime values: -1 long-term, 0 the payment day until 24:00, n > 0 n days after the payment day. */
export const WRITE_OFF_LONG_TERM = -1;
export const WRITE_OFF_SAME_DAY = 0;
/** The longest "n days" a product may set. */
export const WRITE_OFF_MAX_DAYS = 3650;

/** Write-off code statuses (order_write_offs.status). */
export const WriteOffStatus = { UNUSED: 0, USED: 1, VOID: 2 } as const;
export type WriteOffStatus = (typeof WriteOffStatus)[keyof typeof WriteOffStatus];

/** Beijing time is UTC+8 all year (no daylight saving). */
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

/** Whether `rule` is a validity rule a product may have. */
export function isWriteOffRule(rule: unknown): rule is number {
  return (
    typeof rule === "number" && Number.isInteger(rule) && rule >= WRITE_OFF_LONG_TERM && rule <= WRITE_OFF_MAX_DAYS
  );
}

/** 24:00 Beijing time of the Beijing calendar day that is `days` after the day of `at`. */
function beijingMidnightAfter(at: Date, days: number): Date {
  const local = new Date(at.getTime() + BEIJING_OFFSET_MS);
  const startOfDayUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days + 1);
  return new Date(startOfDayUtc - BEIJING_OFFSET_MS);
}

/**
 * When a code paid at `paidAt` stops being valid (exclusive), or null for long-term codes.
 * 0: 24:00 Beijing time of the payment day; n: 24:00 Beijing time of the n-th day after it
 * (paid 2026-11-26 15:00 Beijing, 30 days → valid until 2026-12-26 24:00 Beijing).
 */
export function writeOffExpiresAt(rule: number, paidAt: Date): Date | null {
  if (!isWriteOffRule(rule)) throw new RangeError(`bad writeOffTime ${rule}`);
  if (rule === WRITE_OFF_LONG_TERM) return null;
  return beijingMidnightAfter(paidAt, rule);
}

/** Whether a code with this expiry is past it at `now`. */
export function writeOffExpired(expiresAt: Date | string | null, now: Date): boolean {
  if (expiresAt === null) return false;
  return new Date(expiresAt).getTime() <= now.getTime();
}

/** The Beijing calendar date (YYYY-MM-DD) of the last valid day of a code that expires at `expiresAt`. */
export function beijingLastDay(expiresAt: Date | string): string {
  const t = new Date(expiresAt).getTime() - 1 + BEIJING_OFFSET_MS;
  return new Date(t).toISOString().slice(0, 10);
}

/** A time shown in Beijing time: "YYYY-MM-DD HH:mm". */
export function beijingTime(at: Date | string): string {
  const iso = new Date(new Date(at).getTime() + BEIJING_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The i18n key ("order" namespace) and parameters that describe a validity rule. */
export function writeOffRuleText(rule: number): {
  key: "order.virtual.ruleLongTerm" | "order.virtual.ruleSameDay" | "order.virtual.ruleDays";
  params: { days?: number };
} {
  if (rule === WRITE_OFF_LONG_TERM) return { key: "order.virtual.ruleLongTerm", params: {} };
  if (rule === WRITE_OFF_SAME_DAY) return { key: "order.virtual.ruleSameDay", params: {} };
  return { key: "order.virtual.ruleDays", params: { days: rule } };
}

/** Alphabet of write-off codes: Crockford base 32 (no I, L, O, U: nothing to misread). */
export const WRITE_OFF_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Characters of a code: 12 × 5 bits = 60 random bits. */
export const WRITE_OFF_CODE_LENGTH = 12;

/**
 * A code as typed (spaces, dashes, lower case, O for 0, I/L for 1) → its stored form, or null
 * when it cannot be a code.
 */
export function normalizeWriteOffCode(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (s.length !== WRITE_OFF_CODE_LENGTH) return null;
  for (const ch of s) if (!WRITE_OFF_ALPHABET.includes(ch)) return null;
  return s;
}

/** A code shown to people: groups of four ("7K2M-9QXR-4T0B"). */
export function formatWriteOffCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** Whether a code can still be used at `now`: unused and not past its expiry. */
export function writeOffUsable(code: { status: number; expiresAt: Date | string | null }, now: Date): boolean {
  return code.status === WriteOffStatus.UNUSED && !writeOffExpired(code.expiresAt, now);
}

/** A virtual-goods order is done once none of its codes can be used any more (used, expired or refunded). */
export function writeOffOrderDone(
  codes: readonly { status: number; expiresAt: Date | string | null }[],
  now: Date,
): boolean {
  return !codes.some((c) => writeOffUsable(c, now));
}

/**
 * The after-sales rule of virtual goods (docs/virtual-goods.md): non-refundable goods take no
 * application; the others refund money only (no return), and only for codes still usable — the
 * whole order only while every code is. Answers the refusal's i18n key ("refund" namespace) and
 * its parameters, or the most units that may be asked for.
 */
export function virtualRefundRule(input: {
  /** isRefund of the lines the application covers. */
  isRefund: readonly number[];
  wholeOrder: boolean;
  returnGoods: boolean;
  /** Usable codes of the lines covered, and how many units they hold in all. */
  usable: number;
  units: number;
  /** Units asked for (a line application; missing = all usable). */
  goodsNum?: number | undefined;
}): { ok: true; max: number } | { ok: false; key: string; params?: Record<string, unknown> } {
  if (input.isRefund.some((r) => r !== 1)) return { ok: false, key: "refund.virtualNonRefundable" };
  if (input.returnGoods) return { ok: false, key: "refund.virtualRefundOnly" };
  if (input.usable <= 0) return { ok: false, key: "refund.virtualNoUsableCodes" };
  if (input.wholeOrder && input.usable < input.units) return { ok: false, key: "refund.virtualCodesUsed" };
  if (input.goodsNum !== undefined && input.goodsNum > input.usable)
    return { ok: false, key: "refund.quantityTooLarge", params: { max: input.usable } };
  return { ok: true, max: input.usable };
}
