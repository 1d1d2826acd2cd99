/**
 * Cart (CONTRACT §4.1; SPEC §5, §8, §9): one line per user and SKU (cart_items).
 * Every function works on the given user's lines only; ids of other users' lines are treated as
 * unknown ("cart item not found") and nothing is changed.
 *
 * Rules:
 * - changeItem: `count` is a DELTA (non-zero integer). The product must be on sale (status 1) in
 *   an open shop, shopId must be the product's shop, the SKU must belong to the product and be on
 *   sale. The resulting quantity must be ≥ 1 ("enter correct quantity"); when adding (delta > 0)
 *   it must not exceed the SKU stock ("insufficient inventory"); decreasing is always allowed.
 *   With oldSkuId the user's line of that SKU (same product) is removed and its SKU switched:
 *   the delta goes to the new SKU's line, merged with it when it exists. One transaction.
 * - A line is invalid when its product is off shelf/gone, its shop is not open, its SKU is gone,
 *   off sale or of another product ("offline"), or its SKU stock is 0 ("noStock"). Invalid lines
 *   are listed with their status, never counted in totals, and cannot be checked.
 * - A line keeps the SKU price of its last changeItem (priceSeen); while the price is another, the
 *   line answers that price as priceBefore (the cart says "dropped from" / "rose from").
 * - totalPay counts the user's valid lines among the given ids; more than CART_SETTLE_MAX items
 *   (sum of quantities) is refused.
 */
import { and, asc, desc, eq, inArray, sum as sqlSum } from "drizzle-orm";
import type {
  CartLineStatus,
  CartTotal,
  ShopCartDto,
  ShopCartItemDiscount,
  ShopCartItemDto,
} from "../../../lib/cart/cart-types.ts";
import { priceBefore } from "../../../lib/cart/cart-price.ts";
import { CART_IDS_MAX, CART_SETTLE_MAX } from "../../../lib/cart/cart-limits.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import {
  formatPrice,
  formatPriceSafe,
  mulQty,
  sum as sumMoney,
  sumLines,
  tryDecimal,
  type MoneyInput,
} from "../../../lib/money.ts";
import { takesPromotions } from "../../../lib/order/virtual-goods.ts";
import type { Db, Tx } from "../../db/client.ts";
import { cartItems, products, shops, skus } from "../../db/schema/index.ts";
import { loadProductTexts } from "../catalog/product-cards.ts";
import { ShopStatus } from "../shop/shop.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { chooseDiscountDto } from "../discount/discount.ts";
import { priceLines } from "../pricing/pricing.ts";
import { evaluateDiscount } from "../pricing/pricing-steps.ts";
import type { DiscountRuleSet, PricedGroup } from "../pricing/pricing-shapes.ts";

/** The largest |delta| accepted by changeItem. */
export const CART_DELTA_MAX = 99_999;
/** At most this many basketIds per totalPay / checkItems / deleteItem call (a lib constant: the checkout rule shares it). */
export { CART_IDS_MAX };

export type CartErrorKey =
  | "badCount"
  | "insufficientStock"
  | "prodUnavailable"
  | "skuUnavailable"
  | "itemNotFound"
  | "invalidItem"
  | "selectOne"
  | "checkDelete"
  | "settleMax";

/** A business refusal: A00001 with the translated `cart.<reason>` (the settle limit as {{max}}). */
export class CartError extends DomainError {
  constructor(readonly reason: CartErrorKey) {
    super(`cart.${reason}`, { params: { max: CART_SETTLE_MAX } });
  }
}

// ------------------------------------------------------------------------------------------
// Pure rules
// ------------------------------------------------------------------------------------------

export interface LineFacts {
  prodId: number;
  shopId: number;
  /** null = product row gone. */
  prodStatus: number | null;
  prodShopId: number | null;
  shopStatus: number | null;
  /** null = SKU row gone. */
  skuStatus: number | null;
  skuProdId: number | null;
  stocks: number | null;
}

/** Whether a cart line can be bought now, and why not. */
export function lineStatus(f: LineFacts): CartLineStatus {
  if (f.prodStatus !== 1 || f.prodShopId !== f.shopId || f.shopStatus !== ShopStatus.OPEN) return "offline";
  if (f.skuStatus !== 1 || f.skuProdId !== f.prodId) return "offline";
  if (f.stocks === null || f.stocks <= 0) return "noStock";
  return "valid";
}

/** A changeItem delta: a non-zero integer within ±CART_DELTA_MAX. */
export function isValidDelta(delta: unknown): delta is number {
  return typeof delta === "number" && Number.isSafeInteger(delta) && delta !== 0 && Math.abs(delta) <= CART_DELTA_MAX;
}

/**
 * The quantity after applying `delta` to `current` (0 = no line yet), or the refusal:
 * badCount for a bad delta or a result below 1; insufficientStock when adding beyond `stock`.
 */
export function nextQuantity(
  current: number,
  delta: number,
  stock: number,
): { ok: true; quantity: number } | { ok: false; error: "badCount" | "insufficientStock" } {
  if (!isValidDelta(delta)) return { ok: false, error: "badCount" };
  const quantity = current + delta;
  if (quantity < 1) return { ok: false, error: "badCount" };
  if (delta > 0 && quantity > stock) return { ok: false, error: "insufficientStock" };
  return { ok: true, quantity };
}

export interface PricedLine {
  price: MoneyInput;
  prodCount: number;
  status: CartLineStatus;
}

/** Totals over the valid lines only (decimal arithmetic; no promotions yet so subtract is 0). */
export function cartTotals(lines: readonly PricedLine[]): CartTotal {
  const valid = lines.filter((l) => l.status === "valid");
  const total = sumLines(valid.map((l) => ({ price: tryDecimal(l.price) ?? 0, quantity: l.prodCount })));
  return {
    totalMoney: formatPrice(total),
    finalMoney: formatPrice(total),
    subtractMoney: "0.00",
    count: valid.reduce((n, l) => n + l.prodCount, 0),
  };
}

/** true when `count` items may be settled at once (SPEC §9: at most 50). */
export function withinSettleLimit(count: number): boolean {
  return count <= CART_SETTLE_MAX;
}

/**
 * Groups lines by shop. Shops come in the order of their most recently added line (newest
 * first); lines inside a shop newest first. Ties by higher basketId first.
 */
export function groupByShop<L extends { shopId: number; basketId: number; basketDate: string }>(
  lines: readonly L[],
): { shopId: number; lines: L[] }[] {
  const sorted = [...lines].sort((a, b) =>
    a.basketDate < b.basketDate ? 1 : a.basketDate > b.basketDate ? -1 : b.basketId - a.basketId,
  );
  const groups = new Map<number, L[]>();
  for (const l of sorted) {
    const g = groups.get(l.shopId);
    if (g) g.push(l);
    else groups.set(l.shopId, [l]);
  }
  return [...groups].map(([shopId, ls]) => ({ shopId, lines: ls }));
}

// ------------------------------------------------------------------------------------------
// Database
// ------------------------------------------------------------------------------------------

export interface ChangeItemInput {
  prodId: number;
  skuId: number;
  shopId: number;
  count: number;
  oldSkuId?: number | undefined;
}

/** Applies a changeItem; answers the user's new total quantity. Throws CartError. */
export async function changeItem(db: Db, userId: string, input: ChangeItemInput): Promise<number> {
  const { prodId, skuId, shopId, count } = input;
  if (!isValidDelta(count)) throw new CartError("badCount");
  const [prod] = await db
    .select({ shopId: products.shopId })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(and(eq(products.prodId, prodId), eq(products.status, 1), eq(shops.shopStatus, ShopStatus.OPEN)))
    .limit(1);
  if (!prod || prod.shopId !== shopId) throw new CartError("prodUnavailable");
  const [sku] = await db
    .select({ stocks: skus.stocks, price: skus.price })
    .from(skus)
    .where(and(eq(skus.skuId, skuId), eq(skus.prodId, prodId), eq(skus.status, 1)))
    .limit(1);
  if (!sku) throw new CartError("skuUnavailable");

  await db.transaction(async (tx) => {
    const oldSkuId = input.oldSkuId && input.oldSkuId !== skuId ? input.oldSkuId : undefined;
    if (oldSkuId !== undefined) {
      const removed = await tx
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.skuId, oldSkuId), eq(cartItems.prodId, prodId)))
        .returning({ basketId: cartItems.basketId });
      if (removed.length === 0) throw new CartError("itemNotFound");
    }
    const lineOf = async () =>
      (
        await tx
          .select({ basketId: cartItems.basketId, prodCount: cartItems.prodCount })
          .from(cartItems)
          .where(and(eq(cartItems.userId, userId), eq(cartItems.skuId, skuId)))
          .for("update")
          .limit(1)
      )[0];
    let line = await lineOf();
    if (!line) {
      const next = nextQuantity(0, count, sku.stocks);
      if (!next.ok) throw new CartError(next.error);
      const inserted = await tx
        .insert(cartItems)
        .values({ userId, shopId, prodId, skuId, prodCount: next.quantity, priceSeen: sku.price })
        .onConflictDoNothing()
        .returning({ basketId: cartItems.basketId });
      if (inserted.length > 0) return;
      line = await lineOf(); // added concurrently: merge below
      if (!line) throw new CartError("itemNotFound");
    }
    const next = nextQuantity(line.prodCount, count, sku.stocks);
    if (!next.ok) throw new CartError(next.error);
    await tx
      .update(cartItems)
      .set({ prodCount: next.quantity, shopId, prodId, priceSeen: sku.price, updatedAt: new Date() })
      .where(eq(cartItems.basketId, line.basketId));
  });
  return cartProdCount(db, userId);
}

/** GET /p/shopCart/prodCount: total quantity of all the user's lines (valid or not). */
export async function cartProdCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sqlSum(cartItems.prodCount) })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return Number(row?.n ?? 0);
}

export interface LoadedLine extends Omit<ShopCartItemDto, "activityPrice"> {
  shopName: string;
  shopType: number;
  rawPrice: string | null;
}

/**
 * Where the cart's read-only answers (info, totalPay) get the user's lines (loadLines) and the
 * running discounts: the buyer read models in memory (src/server/domain/content/buyer-read-models.ts).
 * Writes always read the database. The lines are shared: callers never change them.
 */
export interface CartReads {
  lines(userId: string, locale: Locale): Promise<readonly LoadedLine[]>;
  discounts(shopIds: readonly number[], now: Date): Promise<DiscountRuleSet[]>;
}

/**
 * The product, shop and SKU columns of a line to buy (a cart line, a buy-now line), read with
 * products, shops and skus joined: what `lineStatus` checks and a line shows.
 */
export const lineColumns = {
  prodStatus: products.status,
  prodShopId: products.shopId,
  prodPic: products.pic,
  mold: products.mold,
  writeOffTime: products.writeOffTime,
  isRefund: products.isRefund,
  shopStatus: shops.shopStatus,
  shopName: shops.shopName,
  shopType: shops.type,
  skuStatus: skus.status,
  skuProdId: skus.prodId,
  stocks: skus.stocks,
  skuName: skus.skuName,
  properties: skus.properties,
  price: skus.price,
  skuPic: skus.pic,
};

/** Cart lines with their `lineColumns`: cart_items joined to products, shops and skus (the cart, the checkout). */
export function selectCartLines(q: Db | Tx) {
  return q
    .select({
      basketId: cartItems.basketId,
      prodId: cartItems.prodId,
      skuId: cartItems.skuId,
      shopId: cartItems.shopId,
      prodCount: cartItems.prodCount,
      isChecked: cartItems.isChecked,
      discountId: cartItems.discountId,
      priceSeen: cartItems.priceSeen,
      createdAt: cartItems.createdAt,
      ...lineColumns,
      oriPrice: skus.oriPrice,
    })
    .from(cartItems)
    .leftJoin(products, eq(products.prodId, cartItems.prodId))
    .leftJoin(shops, eq(shops.shopId, cartItems.shopId))
    .leftJoin(skus, eq(skus.skuId, cartItems.skuId));
}

/** The user's lines (optionally only `basketIds`), with their validity. */
export async function loadLines(
  db: Db,
  userId: string,
  locale: Locale,
  basketIds?: readonly number[],
): Promise<LoadedLine[]> {
  const rows = await selectCartLines(db)
    .where(
      basketIds
        ? and(eq(cartItems.userId, userId), inArray(cartItems.basketId, [...basketIds]))
        : eq(cartItems.userId, userId),
    )
    .orderBy(desc(cartItems.createdAt), asc(cartItems.basketId));
  const texts = await loadProductTexts(db, locale, [...new Set(rows.map((r) => r.prodId))]);
  return rows.map((r) => {
    const status = lineStatus(r);
    const price = tryDecimal(r.price);
    return {
      basketId: r.basketId,
      prodId: r.prodId,
      skuId: r.skuId,
      shopId: r.shopId,
      prodName: texts.get(r.prodId)?.prodName ?? "",
      skuName: pickText(r.skuName, locale),
      properties: pickText(r.properties, locale),
      pic: r.skuPic || r.prodPic || "",
      price: formatPriceSafe(r.price),
      priceBefore: status === "offline" ? null : priceBefore(r.priceSeen, r.price),
      oriPrice: formatPriceSafe(r.oriPrice),
      prodCount: r.prodCount,
      productTotalAmount: formatPrice(price ? mulQty(price, r.prodCount) : 0),
      isChecked: status === "valid" && r.isChecked === 1 ? 1 : 0,
      actualStock: Math.max(0, r.stocks ?? 0),
      status,
      basketDate: r.createdAt.toISOString(),
      discountId: r.discountId,
      mold: r.mold ?? 0,
      writeOffTime: r.writeOffTime ?? -1,
      shopName: pickText(r.shopName, locale),
      shopType: r.shopType ?? 0,
      rawPrice: r.price,
    };
  });
}

/** The engine's view of cart lines (discounts only: coupons and points come at checkout, freight with the address). */
function priceCart(lines: readonly LoadedLine[], discounts: readonly DiscountRuleSet[], now: Date) {
  const shopIds = [...new Set(lines.map((l) => l.shopId))];
  return priceLines({
    lines: lines.map((l) => ({
      key: l.basketId,
      prodId: l.prodId,
      skuId: l.skuId,
      shopId: l.shopId,
      price: l.rawPrice ?? "0",
      count: l.prodCount,
      discountId: l.discountId,
      noPromotions: !takesPromotions(l.mold),
    })),
    shops: shopIds.map((shopId) => ({
      shopId,
      shopType: lines.find((l) => l.shopId === shopId)!.shopType,
      freight: null,
    })),
    buyer: { points: 0, memberFreeShipping: false },
    discounts,
    now,
  });
}

/**
 * POST /p/shopCart/info: the cart grouped by shop, inside a shop by the discount its lines share
 * (groups and activity prices over all valid lines; savings and "spend more" hints over the
 * checked ones). Invalid lines stay in their shop (in no discount) with their status.
 */
export async function cartInfo(
  reads: CartReads,
  userId: string,
  locale: Locale,
  now = new Date(),
): Promise<ShopCartDto[]> {
  const lines = await reads.lines(userId, locale);
  const valid = lines.filter((l) => l.status === "valid");
  const discounts = await reads.discounts(
    valid.map((l) => l.shopId),
    now,
  );
  // The answer depends only on the lines (of one locale) and the running discounts (the time
  // matters through which discounts run): lines and discounts kept in memory (CartReads) make the
  // same answer, which is then kept with the lines.
  const known = infoMemo.get(lines);
  if (known && known.discounts.length === discounts.length && known.discounts.every((d, i) => d === discounts[i]))
    return known.value;
  const value = shopCarts(lines, valid, discounts, locale, now);
  infoMemo.set(lines, { discounts, value });
  return value;
}

/** Answers of cartInfo by the (shared, unchanging) lines they were made from. */
const infoMemo = new WeakMap<readonly LoadedLine[], { discounts: readonly DiscountRuleSet[]; value: ShopCartDto[] }>();

function shopCarts(
  lines: readonly LoadedLine[],
  valid: readonly LoadedLine[],
  discounts: readonly DiscountRuleSet[],
  locale: Locale,
  now: Date,
): ShopCartDto[] {
  const all = valid.length ? priceCart(valid, discounts, now) : null;
  const checkedLines = valid.filter((l) => l.isChecked === 1);
  const checked = checkedLines.length ? priceCart(checkedLines, discounts, now) : null;
  return groupByShop(lines).map(({ shopId, lines: ls }) => {
    const allShop = all?.shops.find((s) => s.shopId === shopId);
    const checkedShop = checked?.shops.find((s) => s.shopId === shopId);
    const unit = new Map(allShop?.lines.map((l) => [l.key, l.activityPrice]) ?? []);
    const item = ({ shopName: _n, shopType: _t, rawPrice: _p, ...rest }: LoadedLine): ShopCartItemDto => ({
      ...rest,
      activityPrice: unit.get(rest.basketId) ?? rest.price,
    });
    const byKey = new Map(ls.map((l) => [l.basketId, l]));
    const groups: ShopCartItemDiscount[] = (allShop?.groups ?? []).map((g) => {
      const now_ = checkedShop?.groups.find((x) => x.discountId === g.discountId);
      const view = g.discount ? (now_ ?? { ...g, ...evaluateForNothing(g) }) : g;
      return {
        chooseDiscountItemDto: chooseDiscountDto(view, locale),
        activityType: g.discount ? 1 : 0,
        shopCartItems: g.lineKeys.map((k) => item(byKey.get(k)!)),
      };
    });
    const invalid = ls.filter((l) => l.status !== "valid");
    if (invalid.length) {
      const none = groups.find((g) => g.chooseDiscountItemDto === null);
      if (none) none.shopCartItems.push(...invalid.map(item));
      else groups.push({ chooseDiscountItemDto: null, activityType: 0, shopCartItems: invalid.map(item) });
    }
    const discountReduce = checkedShop
      ? formatPrice(sumMoney([checkedShop.activityReduce, checkedShop.discountReduce]))
      : "0.00";
    return {
      shopId,
      shopName: ls[0]!.shopName,
      shopType: ls[0]!.shopType,
      shopCartItemDiscounts: groups,
      total: checkedShop?.total ?? "0.00",
      discountReduce,
      actualTotal: checkedShop?.goodsAfterCoupons ?? "0.00",
      totalCount: checkedShop?.totalCount ?? 0,
    };
  });
}

/** A discount group with none of its lines checked: no saving yet, the hint from zero. */
function evaluateForNothing(g: PricedGroup): Pick<PricedGroup, "tierIndex" | "reduce" | "hint"> {
  const r = evaluateDiscount(g.discount!, 0, 0);
  return { tierIndex: r.tierIndex, reduce: formatPrice(r.reduce), hint: r.hint };
}

/** The user's lines for these ids, or itemNotFound when any id is not one of them. */
async function ownLines(db: Db, userId: string, locale: Locale, basketIds: readonly number[]): Promise<LoadedLine[]> {
  const ids = [...new Set(basketIds)];
  const lines = await loadLines(db, userId, locale, ids);
  if (lines.length !== ids.length) throw new CartError("itemNotFound");
  return lines;
}

/**
 * POST /p/shopCart/totalPay: totals of the given lines (valid ones only) through the pricing
 * engine: totalMoney at SKU prices, subtractMoney = limited-time discounts, finalMoney = the rest.
 */
export async function cartTotalPay(
  reads: CartReads,
  userId: string,
  basketIds: readonly number[],
  now = new Date(),
): Promise<CartTotal> {
  if (basketIds.length === 0) throw new CartError("selectOne");
  const ids = new Set(basketIds);
  const own = (await reads.lines(userId, "zh")).filter((l) => ids.has(l.basketId));
  if (own.length !== ids.size) throw new CartError("itemNotFound");
  const lines = own.filter((l) => l.status === "valid");
  const count = lines.reduce((n, l) => n + l.prodCount, 0);
  if (!withinSettleLimit(count)) throw new CartError("settleMax");
  if (lines.length === 0) return cartTotals([]);
  const p = priceCart(
    lines,
    await reads.discounts(
      lines.map((l) => l.shopId),
      now,
    ),
    now,
  );
  const subtract = sumMoney([p.activityReduce, p.discountReduce]);
  return { totalMoney: p.total, subtractMoney: formatPrice(subtract), finalMoney: p.goodsAfterCoupons, count };
}

/** POST /p/shopCart/checkItems: persists the checkboxes. Checking an invalid line is refused; nothing changes on refusal. */
export async function checkItems(
  db: Db,
  userId: string,
  items: readonly { basketId: number; isChecked: 0 | 1 }[],
): Promise<void> {
  if (items.length === 0) return;
  const lines = await ownLines(
    db,
    userId,
    "zh",
    items.map((i) => i.basketId),
  );
  const status = new Map(lines.map((l) => [l.basketId, l.status]));
  if (items.some((i) => i.isChecked === 1 && status.get(i.basketId) !== "valid")) throw new CartError("invalidItem");
  const last = new Map(items.map((i) => [i.basketId, i.isChecked]));
  await db.transaction(async (tx) => {
    for (const v of [0, 1] as const) {
      const ids = [...last].filter(([, c]) => c === v).map(([id]) => id);
      if (ids.length > 0)
        await tx
          .update(cartItems)
          .set({ isChecked: v })
          .where(and(eq(cartItems.userId, userId), inArray(cartItems.basketId, ids)));
    }
  });
}

/** Removes the lines an order bought (in the order's transaction; the submit locked them). */
export async function removeBoughtLines(tx: Tx, userId: string, basketIds: readonly number[]): Promise<void> {
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.basketId, [...basketIds])));
}

/** DELETE /p/shopCart/deleteItem: removes the lines; any id not the user's → itemNotFound, nothing removed. */
export async function deleteItems(db: Db, userId: string, basketIds: readonly number[]): Promise<void> {
  if (basketIds.length === 0) throw new CartError("checkDelete");
  const ids = [...new Set(basketIds)];
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.basketId, ids)))
      .returning({ basketId: cartItems.basketId });
    if (removed.length !== ids.length) throw new CartError("itemNotFound");
  });
}
