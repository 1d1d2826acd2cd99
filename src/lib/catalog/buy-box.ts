/**
 * Pure SKU selection and quantity rules of the product detail buy box (SPEC §8 "Stock": insufficient
 * inventory, enter correct quantity). Used by src/scripts/buy-box.ts in the browser and by the detail
 * page on the server (initial state), so the first paint and the script agree.
 *
 * - A product has 0..n properties ("specs": Color, Size, ...); each SKU has one value per property,
 *   written "k1:v1;k2:v2" in its `properties`.
 * - The selection is one value (or null) per spec, in spec order.
 * - A value is disabled when no AVAILABLE SKU (status 1, stock > 0 or -1 = unlimited) carries it
 *   together with the values chosen in the OTHER specs. Clicking a chosen value deselects it, so a
 *   buyer can always reach every available SKU (no dead ends).
 * - Prices are strings already formatted by the server ("12.30"); this module never does money
 *   arithmetic, it only passes them through.
 */

/** What the buy box needs of a SKU (a subset of SkuItem in product-types.ts). */
export interface BuyBoxSku {
  skuId: number;
  properties: string;
  price: string;
  oriPrice: string;
  /** -1 = unlimited. */
  stocks: number;
  pic?: string | null;
  skuName?: string;
  /** 1 on sale (default when absent). */
  status?: number;
  /** The paid members' price of this SKU (shown beside the price), when there is one. */
  memberPrice?: string | null;
}

/** One property and its values, in display order (SkuSpec in product-types.ts). */
export interface BuyBoxSpec {
  name: string;
  values: { value: string }[];
}

/** The chosen value per spec (null = nothing chosen), aligned with the specs array. */
export type Selection = (string | null)[];

/** Upper bound of the quantity when a SKU's stock is unlimited (-1). */
export const UNLIMITED_QTY_MAX = 99_999;

/** i18n keys (namespace "product") of the quantity messages. */
export type QuantityMessage = "insufficientStock" | "enterCorrectQuantity";

/** "Color:Red;Size:M" → [["Color","Red"],["Size","M"]]; tolerant of spaces, empty parts and "：". */
export function parseProperties(properties: string | null | undefined): [string, string][] {
  if (!properties) return [];
  const out: [string, string][] = [];
  for (const part of properties.split(";")) {
    const m = /^([^:：]*)[:：](.*)$/.exec(part.trim());
    if (!m) continue;
    const name = m[1]!.trim();
    const value = m[2]!.trim();
    if (name && value) out.push([name, value]);
  }
  return out;
}

/** Derives the spec matrix from SKU properties (names and values in first-seen order). */
export function deriveSpecs(skuList: readonly BuyBoxSku[]): BuyBoxSpec[] {
  const specs: BuyBoxSpec[] = [];
  for (const sku of skuList) {
    for (const [name, value] of parseProperties(sku.properties)) {
      let spec = specs.find((s) => s.name === name);
      if (!spec) {
        spec = { name, values: [] };
        specs.push(spec);
      }
      if (!spec.values.some((v) => v.value === value)) spec.values.push({ value });
    }
  }
  return specs;
}

/** The SKU's value for each spec (null where the SKU has none). */
export function skuValues(sku: BuyBoxSku, specs: readonly BuyBoxSpec[]): Selection {
  const props = new Map(parseProperties(sku.properties));
  return specs.map((s) => props.get(s.name) ?? null);
}

/** On sale and in stock (stock -1 = unlimited). */
export function isSkuAvailable(sku: BuyBoxSku): boolean {
  return (sku.status ?? 1) === 1 && (sku.stocks < 0 || sku.stocks > 0);
}

/** Whether the SKU carries every chosen value of the selection, ignoring spec `skip`. */
function matches(values: Selection, selection: Selection, skip = -1): boolean {
  for (let i = 0; i < selection.length; i++) {
    if (i === skip) continue;
    const chosen = selection[i];
    if (chosen != null && values[i] !== chosen) return false;
  }
  return true;
}

/** The first available SKU's values, else the first SKU's, else nothing chosen. */
export function initialSelection(skuList: readonly BuyBoxSku[], specs: readonly BuyBoxSpec[]): Selection {
  const first = skuList.find(isSkuAvailable) ?? skuList[0];
  return first ? skuValues(first, specs) : specs.map(() => null);
}

/** The SKU of a complete selection (every spec chosen), else null. A product without specs → its first SKU. */
export function findSku<S extends BuyBoxSku>(
  skuList: readonly S[],
  specs: readonly BuyBoxSpec[],
  selection: Selection,
): S | null {
  if (specs.length === 0) return skuList[0] ?? null;
  if (selection.length !== specs.length || selection.some((v) => v == null)) return null;
  return (
    skuList.find((s) => {
      const values = skuValues(s, specs);
      return values.every((v, i) => v === selection[i]);
    }) ?? null
  );
}

/** disabled[i][k]: value k of spec i has no available SKU together with the other chosen values. */
export function disabledValues(
  skuList: readonly BuyBoxSku[],
  specs: readonly BuyBoxSpec[],
  selection: Selection,
): boolean[][] {
  const available = skuList.filter(isSkuAvailable).map((s) => skuValues(s, specs));
  return specs.map((spec, i) =>
    spec.values.map(({ value }) => !available.some((values) => values[i] === value && matches(values, selection, i))),
  );
}

/** Clicking a value: choose it, or deselect it when it is already chosen. Disabled values change nothing. */
export function toggleValue(
  skuList: readonly BuyBoxSku[],
  specs: readonly BuyBoxSpec[],
  selection: Selection,
  specIndex: number,
  value: string,
): Selection {
  const spec = specs[specIndex];
  if (!spec) return selection;
  const k = spec.values.findIndex((v) => v.value === value);
  if (k < 0) return selection;
  const next = specs.map((_, i) => selection[i] ?? null);
  if (next[specIndex] === value) {
    next[specIndex] = null;
    return next;
  }
  if (disabledValues(skuList, specs, selection)[specIndex]![k]) return selection;
  next[specIndex] = value;
  return next;
}

/** What the buy box shows for a selection. */
export interface BuyBoxView<S extends BuyBoxSku = BuyBoxSku> {
  /** The chosen SKU (complete selection), else null. */
  sku: S | null;
  /** The chosen SKU can be bought (on sale and in stock). */
  canBuy: boolean;
  /** Every spec has a value. */
  complete: boolean;
  price: string;
  oriPrice: string;
  /** Stock to show: the SKU's, or the sum over SKUs matching the partial selection (-1 = unlimited). */
  stocks: number;
  /** The SKU's picture, if any. */
  pic: string | null;
  disabled: boolean[][];
}

/** Product-level values shown while the selection is incomplete. */
export interface BuyBoxFallback {
  price: string;
  oriPrice: string;
}

export function resolveView<S extends BuyBoxSku>(
  skuList: readonly S[],
  specs: readonly BuyBoxSpec[],
  selection: Selection,
  fallback: BuyBoxFallback,
): BuyBoxView<S> {
  const disabled = disabledValues(skuList, specs, selection);
  const sku = findSku(skuList, specs, selection);
  if (sku) {
    return {
      sku,
      canBuy: isSkuAvailable(sku),
      complete: true,
      price: sku.price,
      oriPrice: sku.oriPrice,
      stocks: (sku.status ?? 1) === 1 ? sku.stocks : 0,
      pic: sku.pic || null,
      disabled,
    };
  }
  let stocks = 0;
  for (const s of skuList) {
    if (!isSkuAvailable(s) || !matches(skuValues(s, specs), selection)) continue;
    if (s.stocks < 0) {
      stocks = -1;
      break;
    }
    stocks += s.stocks;
  }
  return {
    sku: null,
    canBuy: false,
    complete: specs.length > 0 && selection.every((v) => v != null),
    price: fallback.price,
    oriPrice: fallback.oriPrice,
    stocks,
    pic: null,
    disabled,
  };
}

/** The largest quantity a stock allows (unlimited → UNLIMITED_QTY_MAX; none → 0). */
export function maxQuantity(stocks: number): number {
  if (stocks < 0) return UNLIMITED_QTY_MAX;
  return Math.min(Math.floor(stocks), UNLIMITED_QTY_MAX);
}

export interface QuantityResult {
  quantity: number;
  message: QuantityMessage | null;
}

/**
 * A typed quantity against a stock: a positive whole number within 1..stock. Not a whole number
 * or below 1 → 1 and "enterCorrectQuantity"; above the stock → the stock (at least 1) and
 * "insufficientStock".
 */
export function clampQuantity(input: string | number, stocks: number): QuantityResult {
  let n: number;
  if (typeof input === "number") n = input;
  else {
    const s = input.trim();
    n = /^\d{1,9}$/.test(s) ? Number(s) : Number.NaN;
  }
  if (!Number.isSafeInteger(n) || n < 1) return { quantity: 1, message: "enterCorrectQuantity" };
  const max = maxQuantity(stocks);
  if (n > max) return { quantity: Math.max(1, max), message: "insufficientStock" };
  return { quantity: n, message: null };
}

/** The +/- buttons: one step, never below 1 (silently), above the stock → "insufficientStock". */
export function stepQuantity(current: number, delta: number, stocks: number): QuantityResult {
  const base = Number.isSafeInteger(current) && current >= 1 ? current : 1;
  const n = base + delta;
  if (n < 1) return { quantity: 1, message: null };
  return clampQuantity(n, stocks);
}
