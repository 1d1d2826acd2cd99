/**
 * What the /cart island shows, computed from the cart API's answer (POST /p/shopCart/info,
 * ShopCartDto[]). Pure; no money arithmetic here (totals come from /p/shopCart/totalPay).
 *
 * - Valid lines stay in their shop and discount group; shops left without a valid line are
 *   dropped from the main list.
 * - Invalid lines (status offline / noStock) are collected, in cart order, into the separate
 *   "invalid items" block, each with its shop name.
 * - Selection is over valid lines only (the server never checks an invalid line).
 */
import type { ShopCartDto, ShopCartItemDto } from "../../lib/cart/cart-types.ts";
import type { ChooseDiscountDto } from "../../lib/discount/discount-types.ts";
import { rateValues } from "../../lib/discount/rate.ts";

export interface CartGroup {
  /** Index of the discount group in the shop (stable React key together with the shop id). */
  index: number;
  /** The limited-time discount the lines share (tier reached, saving, next-tier hint); null = none. */
  discount: ChooseDiscountDto | null;
  lines: ShopCartItemDto[];
}

/**
 * The texts of a discount group's header, as i18n keys with values (amounts come formatted from
 * the server): the rule of the tier reached or the first one, and the "spend more" hint.
 */
export function discountTexts(d: ChooseDiscountDto): {
  reached: { key: string; values: Record<string, string> } | null;
  hint: { key: string; values: Record<string, string> } | null;
} {
  const count = d.discountRule === 1 || d.discountRule === 3;
  const rate = d.discountRule === 2 || d.discountRule === 3;
  const reached = d.reduceAmount !== "0.00" ? { key: "discount.reached", values: { reduce: d.reduceAmount } } : null;
  if (!d.hint) return { reached, hint: null };
  const key = count
    ? rate
      ? "discount.hintCountRate"
      : "discount.hintCount"
    : rate
      ? "discount.hintAmountRate"
      : "discount.hintAmount";
  return {
    reached,
    hint: { key, values: { more: d.hint.more, reduce: d.hint.reduce ?? "", ...rateValues(d.hint.discount ?? "") } },
  };
}

export interface CartShopView {
  shopId: number;
  shopName: string;
  shopType: number;
  groups: CartGroup[];
  /** All valid lines of the shop, in display order. */
  lines: ShopCartItemDto[];
}

export interface InvalidLine extends ShopCartItemDto {
  shopName: string;
}

export interface CartView {
  shops: CartShopView[];
  invalid: InvalidLine[];
  /** Every valid line, in display order. */
  valid: ShopCartItemDto[];
}

export function isValidLine(line: Pick<ShopCartItemDto, "status">): boolean {
  return line.status === "valid";
}

/** Splits the cart into the shop list (valid lines) and the invalid block. */
export function cartView(cart: readonly ShopCartDto[] | null | undefined): CartView {
  const shops: CartShopView[] = [];
  const invalid: InvalidLine[] = [];
  const valid: ShopCartItemDto[] = [];
  for (const shop of cart ?? []) {
    const groups: CartGroup[] = [];
    const lines: ShopCartItemDto[] = [];
    shop.shopCartItemDiscounts.forEach((group, index) => {
      const ok = group.shopCartItems.filter(isValidLine);
      for (const l of group.shopCartItems) if (!isValidLine(l)) invalid.push({ ...l, shopName: shop.shopName });
      if (ok.length > 0) {
        groups.push({ index, discount: group.chooseDiscountItemDto, lines: ok });
        lines.push(...ok);
      }
    });
    if (lines.length > 0)
      shops.push({ shopId: shop.shopId, shopName: shop.shopName, shopType: shop.shopType, groups, lines });
    valid.push(...lines);
  }
  return { shops, invalid, valid };
}

/** Ids of the checked valid lines, in display order. */
export function checkedIds(lines: readonly ShopCartItemDto[]): number[] {
  return lines.filter((l) => isValidLine(l) && l.isChecked === 1).map((l) => l.basketId);
}

/** Sum of the quantities of the checked valid lines (what the settle limit counts). */
export function checkedCount(lines: readonly ShopCartItemDto[]): number {
  return lines.reduce((n, l) => (isValidLine(l) && l.isChecked === 1 ? n + l.prodCount : n), 0);
}

/** true when there is at least one valid line and all valid lines are checked. */
export function allChecked(lines: readonly ShopCartItemDto[]): boolean {
  const ok = lines.filter(isValidLine);
  return ok.length > 0 && ok.every((l) => l.isChecked === 1);
}

/** The checkItems body that sets every valid line of `lines` to `checked` (only the ones that change). */
export function checkBody(
  lines: readonly ShopCartItemDto[],
  checked: boolean,
): { basketId: number; isChecked: 0 | 1 }[] {
  const v = checked ? 1 : 0;
  return lines.filter((l) => isValidLine(l) && l.isChecked !== v).map((l) => ({ basketId: l.basketId, isChecked: v }));
}

/** The cart with the checkItems `changes` applied (for showing a click at once). */
export function withChecked(
  cart: readonly ShopCartDto[],
  changes: readonly { basketId: number; isChecked: 0 | 1 }[],
): ShopCartDto[] {
  const next = new Map(changes.map((c) => [c.basketId, c.isChecked]));
  return cart.map((shop) => ({
    ...shop,
    shopCartItemDiscounts: shop.shopCartItemDiscounts.map((g) => ({
      ...g,
      shopCartItems: g.shopCartItems.map((l) =>
        next.has(l.basketId) && isValidLine(l) ? { ...l, isChecked: next.get(l.basketId)! } : l,
      ),
    })),
  }));
}

/** The largest quantity the count input accepts (the cart API's largest delta). */
export const COUNT_INPUT_MAX = 99_999;

/** Keeps only digits of what was typed (the count input accepts positive integers only). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "").slice(0, String(COUNT_INPUT_MAX).length);
}

/** A typed quantity: a positive integer up to COUNT_INPUT_MAX, or null. */
export function parseCount(text: string): number | null {
  const s = text.trim();
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= 1 && n <= COUNT_INPUT_MAX ? n : null;
}

/** The /submit-order query for the given lines: "basketIds=1,2,3". */
export function settleQuery(ids: readonly number[]): string {
  return `basketIds=${ids.join(",")}`;
}
