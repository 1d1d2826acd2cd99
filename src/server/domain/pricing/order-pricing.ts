/**
 * Order amounts per shop and over a whole checkout (CONTRACT §4.2 `total`, `transFee`,
 * `actualTotal`). Pure functions; all money goes through src/lib/money.ts (decimal.js) and
 * comes out as 2-decimal strings.
 *
 * Freight rule (one per shop, decided here because SPEC and CONTRACT do not show one):
 * - each shop has a fixed fee per order (`fee`) and an optional free-shipping threshold
 *   (`freeOver`, null = never free);
 * - the goods total of the shop's order at or above `freeOver` ships free (the boundary itself
 *   is free: "free over 99" means 99.00 ships free);
 * - paid members ship free at self-operated shops, whatever the total;
 * - freight is never added to an empty order (zero items are refused).
 */
import { compare, formatPrice, mulQty, sum, toDecimal, type MoneyInput } from "../../../lib/money.ts";
import { DomainError } from "../kernel/domain-error.ts";

export type FreightRule = {
  /** Fixed freight per shop order, decimal string ≥ 0. */
  fee: string;
  /** Goods total at or above which shipping is free; null = no free shipping. */
  freeOver: string | null;
};

export type FreightOptions = {
  /** The buyer is a paid member (free shipping at self-operated shops). */
  memberFreeShipping?: boolean;
  /** The shop is self-operated (shop type 1). */
  selfOperated?: boolean;
};

export type OrderLine = { price: MoneyInput; count: number };

export type ShopOrderAmounts = {
  /** Goods total (price × count summed). */
  total: string;
  freight: string;
  /** total + freight. */
  actualTotal: string;
};

export const PRICING_ERRORS = {
  noItems: "order.noItems",
  invalidCount: "order.invalidCount",
  invalidPrice: "order.invalidPrice",
  invalidFreightRule: "order.invalidFreightRule",
} as const;
export type PricingErrorKey = (typeof PRICING_ERRORS)[keyof typeof PRICING_ERRORS];

/** Thrown for input the pricing refuses; `key` is an i18n key of the "order" namespace. */
export class PricingError extends DomainError {
  declare readonly key: PricingErrorKey;
  constructor(key: PricingErrorKey) {
    super(key);
  }
}

function nonNegative(v: MoneyInput | null | undefined, key: PricingErrorKey) {
  let d;
  try {
    d = toDecimal(v as MoneyInput);
  } catch {
    throw new PricingError(key);
  }
  if (d.isNegative()) throw new PricingError(key);
  return d;
}

/**
 * Freight of one shop order for a goods total (see the rule above). Answers a 2-decimal
 * string. Throws PricingError for a negative or invalid total, fee or threshold.
 */
export function freightFor(shopItemsTotal: MoneyInput, rule: FreightRule, opts: FreightOptions = {}): string {
  const total = nonNegative(shopItemsTotal, PRICING_ERRORS.invalidPrice);
  const fee = nonNegative(rule?.fee, PRICING_ERRORS.invalidFreightRule);
  const freeOver = rule.freeOver === null ? null : nonNegative(rule.freeOver, PRICING_ERRORS.invalidFreightRule);
  if (opts.memberFreeShipping && opts.selfOperated) return formatPrice(0);
  if (freeOver !== null && compare(total, freeOver) >= 0) return formatPrice(0);
  return formatPrice(fee);
}

/**
 * Goods total, freight and amount to pay of one shop's order. Refuses an empty order
 * (order.noItems), a count that is not a positive integer (order.invalidCount) and a negative
 * or invalid price (order.invalidPrice).
 */
export function shopOrderAmounts(
  lines: readonly OrderLine[],
  rule: FreightRule,
  opts: FreightOptions = {},
): ShopOrderAmounts {
  if (!Array.isArray(lines) || lines.length === 0) throw new PricingError(PRICING_ERRORS.noItems);
  const subtotals = lines.map((l) => {
    if (!Number.isSafeInteger(l.count) || l.count <= 0) throw new PricingError(PRICING_ERRORS.invalidCount);
    return mulQty(nonNegative(l.price, PRICING_ERRORS.invalidPrice), l.count);
  });
  const total = sum(subtotals);
  const freight = freightFor(total, rule, opts);
  return { total: formatPrice(total), freight, actualTotal: formatPrice(total.plus(toDecimal(freight))) };
}

export type ShopOrderInput = { lines: readonly OrderLine[]; rule: FreightRule; opts?: FreightOptions };

export type OrderTotals = ShopOrderAmounts & { shops: ShopOrderAmounts[] };

/** Amounts of each shop's order (one order per shop) and their sums. Refuses no shop at all. */
export function orderTotals(shops: readonly ShopOrderInput[]): OrderTotals {
  if (!Array.isArray(shops) || shops.length === 0) throw new PricingError(PRICING_ERRORS.noItems);
  const each = shops.map((s) => shopOrderAmounts(s.lines, s.rule, s.opts));
  return {
    shops: each,
    total: formatPrice(sum(each.map((s) => s.total))),
    freight: formatPrice(sum(each.map((s) => s.freight))),
    actualTotal: formatPrice(sum(each.map((s) => s.actualTotal))),
  };
}

/**
 * Freight rule of a shop that has no row in shop_freight_rules: 10.00 per order, free at or
 * above 99.00 of goods.
 */
export const DEFAULT_FREIGHT_RULE: Readonly<FreightRule> = Object.freeze({ fee: "10.00", freeOver: "99.00" });

/** A shop's freight rule from its shop_freight_rules row (fee, free_over), or the default when it has none. */
export function freightRuleOf(row: { fee: string; freeOver: string | null } | null | undefined): FreightRule {
  return row ? { fee: row.fee, freeOver: row.freeOver } : { ...DEFAULT_FREIGHT_RULE };
}
