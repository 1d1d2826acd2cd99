/**
 * The lines a checkout buys, read from the database with everything the order snapshot needs (cart
 * lines or one buy-now line), the address, the shops' freight rules and the buyer (docs/order.md
 * "Submit order").
 */
import { memberEquity, memberPriceProvider } from "../member/member-equity.ts";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { ResponseCode } from "../../../lib/api-types.ts";
import { CART_SETTLE_MAX } from "../../../lib/cart/cart-limits.ts";
import { LOCALES, pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import { ProdMold, WRITE_OFF_LONG_TERM } from "../../../lib/order/virtual-goods.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  addresses,
  cartItems,
  products,
  shopFreightRules,
  shops,
  skus,
  users,
  type OrderAddress,
} from "../../db/schema/index.ts";
import { areasOf } from "../address/area.ts";
import { productTranslationRows } from "../catalog/product-cards.ts";
import { groupByShop, lineColumns, lineStatus, selectCartLines } from "../cart/cart.ts";
import { freightRuleOf, type FreightRule } from "../pricing/order-pricing.ts";
import type { ActivityPriceProvider } from "../pricing/pricing-shapes.ts";
import { ShopStatus } from "../shop/shop.ts";
import { OrderSubmitError, type BuyNowItem, type ActivityRef } from "./order-submit-payload.ts";
import type { PriceLine, CheckoutShopInput } from "./order-checkout-pricing.ts";

/**
 * An activity buy (flash sale, group buy), given by the activity's own module so this one knows
 * none of them: the price it offers (step 2 of the pricing engine), its checks, and what it takes
 * in the submit transaction (its own stock, per-user limits, a team seat). Only buy-now lines.
 */
export interface ActivityBuy extends ActivityRef {
  /** orders.orderType: 1 group buy, 2 flash sale. */
  orderType: number;
  provider: ActivityPriceProvider;
  /** true = the activity keeps its own stock (the SKU's stock is neither checked nor taken). */
  ownStock: boolean;
  /** Refuses a line the activity does not allow now (throws OrderSubmitError). */
  check: (q: Db | Tx, userId: string, line: BuyLine, now: Date) => Promise<void>;
  /** In the submit transaction, before the order is made: takes stock / limits / seat; answers what to record once the order number is known. */
  take: (
    tx: Tx,
    userId: string,
    line: BuyLine,
    now: Date,
  ) => Promise<{ payDeadline: Date; record: (orderNumber: string) => Promise<void> }>;
}

/** A LocalizedText from per-locale rows, missing locales filled like pickText (zh-tw → zh, en → zh). */
export function localizedFrom(rows: readonly { locale: string; text: string }[]): LocalizedText {
  const by = new Map(rows.map((r) => [r.locale, r.text]));
  const partial: Partial<LocalizedText> = {};
  for (const l of LOCALES) if (by.get(l)) partial[l] = by.get(l)!;
  return { zh: pickText(partial, "zh"), "zh-tw": pickText(partial, "zh-tw"), en: pickText(partial, "en") };
}

export type Q = Db | Tx;

/** A line to buy, with everything the order snapshot needs. */
export interface BuyLine extends PriceLine {
  basketId: number;
  prodId: number;
  skuId: number;
  shopId: number;
  shopName: LocalizedText;
  shopType: number;
  prodName: LocalizedText;
  skuName: LocalizedText;
  properties: LocalizedText;
  pic: string;
  stocks: number;
  status: "valid" | "offline" | "noStock";
  basketDate: string;
  discountId: number;
  /** CONTRACT `mold` (0 physical, 1 virtual), the codes' validity rule and refund flag (lib/order/virtual-goods.ts). */
  mold: number;
  writeOffTime: number;
  isRefund: number;
}

/** Products' names in the three languages (missing ones filled like pickText). */
export async function loadNames(q: Q, prodIds: readonly number[]): Promise<Map<number, LocalizedText>> {
  const out = new Map<number, LocalizedText>();
  const by = new Map<number, { locale: string; text: string }[]>();
  for (const r of await productTranslationRows(q, prodIds)) {
    (by.get(r.prodId) ?? by.set(r.prodId, []).get(r.prodId)!).push({ locale: r.locale, text: r.prodName });
  }
  for (const id of prodIds) out.set(id, localizedFrom(by.get(id) ?? []));
  return out;
}

/**
 * The products a flash sale's or a group buy's activities sell, as their cards show them: the
 * picture and the name in `locale`, only those on sale in an open shop (an activity of another
 * product is not shown).
 */
export async function liveActivityProducts(
  q: Q,
  prodIds: readonly number[],
  locale: Locale,
): Promise<Map<number, { pic: string; name: string }>> {
  const rows = await q
    .select({ prodId: products.prodId, pic: products.pic, status: products.status, shopStatus: shops.shopStatus })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(inArray(products.prodId, [...prodIds]));
  const names = await loadNames(q, prodIds);
  const out = new Map<number, { pic: string; name: string }>();
  for (const p of rows) {
    if (p.status !== 1 || p.shopStatus !== ShopStatus.OPEN) continue;
    const name = names.get(p.prodId);
    out.set(p.prodId, { pic: p.pic, name: name ? pickText(name, locale) : "" });
  }
  return out;
}

const emptyText: LocalizedText = { zh: "", "zh-tw": "", en: "" };

const asText = (v: LocalizedText | null | undefined): LocalizedText =>
  v ? { zh: v.zh ?? "", "zh-tw": v["zh-tw"] ?? "", en: v.en ?? "" } : emptyText;

type RawLine = {
  basketId: number;
  prodId: number;
  skuId: number;
  shopId: number;
  prodCount: number;
  createdAt: Date;
  discountId?: number;
  prodStatus: number | null;
  prodShopId: number | null;
  prodPic: string | null;
  mold: number | null;
  writeOffTime: number | null;
  isRefund: number | null;
  shopStatus: number | null;
  shopName: LocalizedText | null;
  shopType: number | null;
  skuStatus: number | null;
  skuProdId: number | null;
  stocks: number | null;
  skuName: LocalizedText | null;
  properties: LocalizedText | null;
  price: string | null;
  skuPic: string | null;
};

async function toBuyLines(q: Q, rows: readonly RawLine[]): Promise<BuyLine[]> {
  const names = await loadNames(
    q,
    rows.map((r) => r.prodId),
  );
  return rows.map((r) => ({
    basketId: r.basketId,
    prodId: r.prodId,
    skuId: r.skuId,
    shopId: r.shopId,
    prodCount: r.prodCount,
    price: r.price ?? "0",
    stocks: r.stocks ?? 0,
    status: lineStatus(r),
    shopName: asText(r.shopName),
    shopType: r.shopType ?? 0,
    prodName: names.get(r.prodId) ?? emptyText,
    skuName: asText(r.skuName),
    properties: asText(r.properties),
    pic: r.skuPic || r.prodPic || "",
    basketDate: r.createdAt.toISOString(),
    discountId: r.discountId ?? 0,
    mold: r.mold ?? ProdMold.PHYSICAL,
    writeOffTime: r.writeOffTime ?? WRITE_OFF_LONG_TERM,
    isRefund: r.isRefund ?? 1,
  }));
}

/**
 * The user's cart lines with these ids (locked FOR UPDATE inside a transaction), or
 * cart.itemNotFound when any id is not one of the user's lines.
 */
async function loadCartLines(q: Q, userId: string, basketIds: readonly number[], lock: boolean): Promise<BuyLine[]> {
  const ids = [...new Set(basketIds)];
  const query = selectCartLines(q)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.basketId, ids)))
    .orderBy(asc(cartItems.basketId));
  const rows = lock ? await query.for("update", { of: cartItems }) : await query;
  if (rows.length !== ids.length) throw new OrderSubmitError("cart.itemNotFound");
  return toBuyLines(q, rows);
}

/** The buy-now line; refuses an unavailable product / SKU like the cart does. */
async function loadBuyNowLine(q: Q, item: BuyNowItem, now: Date): Promise<BuyLine> {
  const [row] = await q
    .select({ prodId: products.prodId, ...lineColumns })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .leftJoin(skus, and(eq(skus.skuId, item.skuId), eq(skus.prodId, products.prodId)))
    .where(eq(products.prodId, item.prodId))
    .limit(1);
  if (!row || row.prodStatus !== 1 || row.shopStatus !== ShopStatus.OPEN || row.prodShopId !== item.shopId)
    throw new OrderSubmitError("cart.prodUnavailable");
  if (row.skuStatus !== 1) throw new OrderSubmitError("cart.skuUnavailable");
  const [line] = await toBuyLines(q, [
    { ...row, basketId: 0, skuId: item.skuId, shopId: item.shopId, prodCount: item.prodCount, createdAt: now },
  ]);
  return line!;
}

/** Refuses a line that cannot be bought now: offline → itemUnavailable; over stock → noStock (A00001 at confirm). */
export function checkLineNow(l: BuyLine, locale: Locale): void {
  const prodName = pickText(l.prodName, locale);
  if (l.status === "offline")
    throw new OrderSubmitError("submitOrder.itemUnavailable", ResponseCode.SHOW_FAIL, { prodName });
  if (l.status === "noStock" || l.prodCount > l.stocks)
    throw new OrderSubmitError("submitOrder.noStock", ResponseCode.SHOW_FAIL, { prodName });
}

export async function loadLines(
  q: Q,
  userId: string,
  what: { basketIds?: number[]; orderItem?: BuyNowItem },
  now: Date,
  lock: boolean,
): Promise<BuyLine[]> {
  const lines = what.orderItem
    ? [await loadBuyNowLine(q, what.orderItem, now)]
    : await loadCartLines(q, userId, what.basketIds ?? [], lock);
  if (lines.length === 0) throw new OrderSubmitError("cart.selectOne");
  const count = lines.reduce((n, l) => n + l.prodCount, 0);
  if (count > CART_SETTLE_MAX)
    throw new OrderSubmitError("cart.settleMax", ResponseCode.SHOW_FAIL, { max: CART_SETTLE_MAX });
  orderMoldOf(lines);
  return lines;
}

/**
 * The kind of order these lines make (docs/virtual-goods.md): all virtual → 1, all physical → 0.
 * Virtual goods are checked out on their own: a checkout that mixes them with physical goods is
 * refused (submitOrder.mixedVirtual), so a virtual order never needs an address or freight.
 */
export function orderMoldOf(lines: readonly { mold: number }[]): number {
  const virtual = lines.filter((l) => l.mold === ProdMold.VIRTUAL).length;
  if (virtual > 0 && virtual < lines.length) throw new OrderSubmitError("submitOrder.mixedVirtual");
  return virtual > 0 ? ProdMold.VIRTUAL : ProdMold.PHYSICAL;
}

/** Virtual goods ship nothing: no freight. */
const NO_FREIGHT: FreightRule = { fee: "0", freeOver: null };

/** What a virtual-goods order keeps as its address: nothing (the pages show none for orderMold 1). */
export const NO_ADDRESS: OrderAddress = {
  receiver: "",
  mobile: "",
  province: "",
  city: "",
  area: "",
  addr: "",
  provinceId: 0,
  cityId: 0,
  areaId: 0,
  postCode: null,
};

type AddressRow = typeof addresses.$inferSelect;

/** The address to use: `addrId` (> 0) must be the user's (else submitOrder.addrNotFound); 0/none → default, else newest, else null. */
export async function resolveAddress(
  q: Q,
  userId: string,
  addrId: number | null | undefined,
): Promise<AddressRow | null> {
  if (addrId) {
    const [row] = await q
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.addrId, addrId)))
      .limit(1);
    if (!row) throw new OrderSubmitError("submitOrder.addrNotFound");
    return row;
  }
  const [row] = await q
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.commonAddr), desc(addresses.createdAt), desc(addresses.addrId))
    .limit(1);
  return row ?? null;
}

/** The address as the order keeps it (also points-mall orders). */
export function addrSnapshot(r: AddressRow): OrderAddress {
  return {
    receiver: r.receiver,
    mobile: r.mobile,
    ...areasOf(r),
    addr: r.addr,
    postCode: r.postCode ?? null,
  };
}

/** Lines grouped into shop orders (cart order: most recently added first) with their freight rules. */
export async function shopInputs(q: Q, lines: readonly BuyLine[]): Promise<CheckoutShopInput<BuyLine>[]> {
  const groups = groupByShop(lines);
  const ruleRows = await q
    .select()
    .from(shopFreightRules)
    .where(
      inArray(
        shopFreightRules.shopId,
        groups.map((g) => g.shopId),
      ),
    );
  const rules = new Map(ruleRows.map((r) => [r.shopId, r]));
  const virtual = orderMoldOf(lines) === ProdMold.VIRTUAL;
  return groups.map((g) => ({
    shopId: g.shopId,
    shopType: g.lines[0]!.shopType,
    rule: virtual ? NO_FREIGHT : freightRuleOf(rules.get(g.shopId)),
    lines: g.lines,
  }));
}

export async function loadUser(
  q: Q,
  userId: string,
  now: Date = new Date(),
): Promise<{ score: number; member: boolean; memberPrice: ActivityPriceProvider | undefined }> {
  const [u] = await q.select({ score: users.score }).from(users).where(eq(users.userId, userId)).limit(1);
  const equity = await memberEquity(q, userId, now);
  return {
    score: u?.score ?? 0,
    member: equity !== null,
    memberPrice: equity ? memberPriceProvider(equity.level) : undefined,
  };
}
