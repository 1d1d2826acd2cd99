/**
 * Checkout: confirm (settlement preview + submit token) and submit (orders), CONTRACT §4.2-§4.3.
 * Rules (docs/order.md "Submit order"):
 *
 * - What is bought: the user's cart lines (basketIds; every id must be the user's, every line
 *   valid and within stock, at most CART_SETTLE_MAX pieces in all) or one buy-now line (product
 *   on sale in an open shop, SKU of that product on sale, 1 ≤ prodCount ≤ stock and ≤ 50).
 * - One order per shop. Shops come in the cart's order (most recently added line first).
 * - Freight per shop order from shop_freight_rules, else DEFAULT_FREIGHT_RULE (pricing/order-pricing.ts);
 *   active paid members (member/member.ts) ship free at self-operated shops and get the member price.
 * - Points: isScorePay 1 uses userUseScore points (missing = the most allowed). The most allowed is
 *   min(balance, 50% of the whole goods total, sum of each shop's own 50% cap) in multiples of 10;
 *   they are split over the shops by splitPoints (points.ts): proportional to the goods totals,
 *   remainder on the last shop, never over a shop's 50% cap. 100 points = 1.00.
 * - Confirm stores a submit token (192 random bits) with what is bought, the address and the
 *   points choice; it changes nothing else. Submit uses the token once, in one transaction with
 *   everything else: a used token answers A03002 "do not submit the order twice" (with the order
 *   numbers made the first time), an unknown / expired / foreign one A03002 "order expired".
 *   Everything is recomputed from the database (prices, freight, points); the client sends no
 *   amounts. Stock is taken with one conditional update per SKU; a failure answers A03010
 *   naming the product and rolls everything back (the token stays usable).
 */
import { memberEquity, memberPriceProvider } from "../member/member-equity.ts";
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { ResponseCode } from "../../../lib/api-types.ts";
import { CART_SETTLE_MAX } from "../../../lib/constants.ts";
import { LOCALES, pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import type { CheckoutCouponDto } from "../../../lib/coupon/coupon-types.ts";
import type { LineOffers } from "../../../lib/pricing/pricing-types.ts";
import { compare, formatPrice, mulQty, sub, sum, type MoneyInput } from "../../../lib/money.ts";
import {
  ORDER_PAY_MINUTES,
  SUBMIT_TOKEN_MINUTES,
  type ConfirmItemDto,
  type OrderAddrDto,
  type OrderConfirmDto,
  type ShopCartOrderDto,
} from "../../../lib/order/order-types.ts";
import type { OrderSubmitParam } from "../../../lib/order/submit-rules.ts";
import { DVY_TYPE_VIRTUAL, ProdMold, takesPromotions, WRITE_OFF_LONG_TERM } from "../../../lib/order/virtual-goods.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  addresses,
  cartItems,
  orderItems,
  orders,
  productTranslations,
  products,
  shopFreightRules,
  shops,
  skus,
  submitTokens,
  users,
  type OrderAddress,
  type OrderInvoice,
} from "../../db/schema/index.ts";
import { localizeAreas } from "../address/area.ts";
import { groupByShop, lineStatus, removeBoughtLines } from "../cart/cart.ts";
import { scheduleJob } from "../jobs/jobs.ts";
import { nextOrderNumber } from "./order-lifecycle.ts";
import { freightRuleOf, type FreightRule } from "../pricing/order-pricing.ts";
import { POINTS_PER_YUAN } from "../points/points.ts";
import { changePoints, PointsError, PointsReason } from "../points/points-ledger.ts";
import { takeStock } from "../product/stock.ts";
import {
  priceLines,
  PricingRefusal,
  type ActivityPriceProvider,
  type CouponChoice,
  type CouponOption,
  type DiscountRuleSet,
  type HeldCoupon,
  type PricedLine,
  type PricedShopResult,
  type PricingResult,
} from "../pricing/pricing.ts";
import { choiceFromIds, CouponError, couponNames, heldCoupons, useCoupons, whyNotHeld } from "../coupon/coupon.ts";
import { chooseDiscountDto, runningDiscounts } from "../discount/discount.ts";
import { ShopStatus } from "../shop/shop.ts";
import { DomainError } from "../kernel/domain-error.ts";

const MINUTE_MS = 60_000;

type RefusalCode = typeof ResponseCode.SHOW_FAIL | typeof ResponseCode.REPEAT_ORDER | typeof ResponseCode.NO_STOCK;

/**
 * A refusal of confirm / submit: `key` is a full i18n key ("orderSubmit.noStock", "cart.settleMax",
 * "order.pointsOverBalance"…), translated with `params`; `code` is the envelope code; `data` is
 * sent in the envelope (the first order numbers for a repeated submit).
 */
export class OrderSubmitError extends DomainError {
  constructor(
    key: string,
    code: RefusalCode = ResponseCode.SHOW_FAIL,
    params: Record<string, unknown> = {},
    data: unknown = null,
  ) {
    super(key, { code, params, data });
  }
}

// ------------------------------------------------------------------------------------------
// Pure parts
// ------------------------------------------------------------------------------------------

/** A new submit token: 24 random bytes (192 bits), base64url (32 characters). */
export function newSubmitToken(): string {
  return randomBytes(24).toString("base64url");
}

export interface BuyNowItem {
  prodId: number;
  skuId: number;
  prodCount: number;
  shopId: number;
}

/** What a submit token stands for (submit_tokens.payload). */
export type SubmitPayload = ({ source: "cart"; basketIds: number[] } | { source: "buyNow"; orderItem: BuyNowItem }) & {
  /** The address confirmed (null = the user had none). */
  addrId: number | null;
  isScorePay: 0 | 1;
  /** Points asked for at confirm (null = the most allowed). */
  userUseScore: number | null;
  shopIds: number[];
  /** Coupons chosen at confirm (null = the best combination). */
  couponUserIds: number[] | null;
  /** An activity buy (flash sale, group buy): its kind and ids, resolved again at submit. */
  activity?: ActivityRef | undefined;
};

/** What a submit token remembers of an activity buy. */
export interface ActivityRef {
  kind: string;
  ref: Record<string, number>;
}

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

const posInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;

/** Reads a stored payload back; null when it is not one (treated as an expired token). */
export function parsePayload(v: unknown): SubmitPayload | null {
  if (!v || typeof v !== "object") return null;
  const p = v as Record<string, unknown>;
  const addrId = p.addrId === null || p.addrId === undefined ? null : posInt(p.addrId) ? p.addrId : undefined;
  if (addrId === undefined) return null;
  const isScorePay = p.isScorePay === 1 ? 1 : 0;
  const userUseScore =
    typeof p.userUseScore === "number" && Number.isSafeInteger(p.userUseScore) ? p.userUseScore : null;
  const shopIds = Array.isArray(p.shopIds) ? p.shopIds.filter(posInt) : [];
  const couponUserIds = Array.isArray(p.couponUserIds) ? p.couponUserIds.filter(posInt) : null;
  const act = p.activity as Record<string, unknown> | undefined;
  const activity =
    act && typeof act.kind === "string" && act.ref && typeof act.ref === "object"
      ? { kind: act.kind, ref: act.ref as Record<string, number> }
      : undefined;
  const common = {
    addrId,
    isScorePay,
    userUseScore,
    shopIds,
    couponUserIds,
    ...(activity ? { activity } : {}),
  } as const;
  if (p.source === "cart" && Array.isArray(p.basketIds) && p.basketIds.length > 0 && p.basketIds.every(posInt)) {
    return { source: "cart", basketIds: p.basketIds, ...common };
  }
  const item = p.orderItem as Record<string, unknown> | undefined;
  if (
    p.source === "buyNow" &&
    item &&
    posInt(item.prodId) &&
    posInt(item.skuId) &&
    posInt(item.prodCount) &&
    posInt(item.shopId)
  ) {
    return {
      source: "buyNow",
      orderItem: { prodId: item.prodId, skuId: item.skuId, prodCount: item.prodCount, shopId: item.shopId },
      ...common,
    };
  }
  return null;
}

/** A line as the pricing needs it. */
export interface PriceLine {
  price: string;
  prodCount: number;
  prodId?: number;
  skuId?: number;
  /** The discount the cart line chose (0 = decide, -1 = none). */
  discountId?: number;
  /** CONTRACT `mold`: virtual goods take no promotion (takesPromotions). */
  mold?: number;
}

export interface CheckoutShopInput<L extends PriceLine> {
  shopId: number;
  /** 1 = self-operated. */
  shopType: number;
  rule: FreightRule;
  lines: L[];
}

export interface PricedShop<L extends PriceLine> extends CheckoutShopInput<L> {
  total: string;
  transFee: string;
  useScore: number;
  scoreReduce: string;
  actualTotal: string;
  totalCount: number;
  /** The engine's answer for this shop (per line in `lines` order: priced.lines[i]). */
  priced: PricedShopResult;
}

export interface Checkout<L extends PriceLine> {
  shops: PricedShop<L>[];
  total: string;
  totalTransFee: string;
  totalCount: number;
  actualTotal: string;
  isScorePay: 0 | 1;
  maxUsableScore: number;
  useScore: number;
  totalScoreAmount: string;
  pricing: PricingResult;
}

export interface PointsChoice {
  /** The buyer's points balance. */
  balance: number;
  isScorePay: 0 | 1;
  /** Points to use; null / undefined = the most allowed. */
  userUseScore?: number | null | undefined;
  /** A paid member (free shipping at self-operated shops). */
  memberFreeShipping?: boolean;
  /** A paid member's price (member/member.ts memberPriceProvider), step 2 of the pricing engine. */
  memberPrice?: ActivityPriceProvider | undefined;
  /** An activity's price (flash sale, group buy: ActivityBuy.provider), step 2 of the pricing engine. */
  activityPrice?: ActivityPriceProvider | undefined;
}

/** Promotions for priceCheckout: running discounts, the buyer's coupons and choice (none = no coupon step). */
export interface CheckoutPromotions {
  discounts?: readonly DiscountRuleSet[];
  coupons?: readonly HeldCoupon[];
  couponChoice?: CouponChoice | undefined;
  now?: Date;
}

/**
 * Amounts of a checkout through the pricing engine (pricing/pricing.ts): per shop goods total,
 * reductions, freight, points and amount to pay, and the sums. Throws OrderSubmitError for what
 * the engine refuses (points not a multiple of 10, over the balance or the 50 % rule; a coupon
 * that is not the buyer's or not usable).
 */
export function priceCheckout<L extends PriceLine>(
  shopsIn: readonly CheckoutShopInput<L>[],
  choice: PointsChoice,
  promo: CheckoutPromotions = {},
): Checkout<L> {
  if (shopsIn.length === 0 || shopsIn.some((s) => s.lines.length === 0)) throw new OrderSubmitError("cart.selectOne");
  let key = 0;
  const keyed = shopsIn.map((s) => s.lines.map((l) => ({ key: ++key, line: l, shopId: s.shopId })));
  let pricing: PricingResult;
  try {
    pricing = priceLines({
      lines: keyed.flat().map(({ key: k, line, shopId }) => ({
        key: k,
        prodId: line.prodId ?? -k,
        skuId: line.skuId ?? -k,
        shopId,
        price: line.price,
        count: line.prodCount,
        discountId: line.discountId ?? 0,
        noPromotions: !takesPromotions(line.mold ?? ProdMold.PHYSICAL),
      })),
      shops: shopsIn.map((s) => ({ shopId: s.shopId, shopType: s.shopType, freight: s.rule })),
      buyer: { points: choice.balance, memberFreeShipping: choice.memberFreeShipping === true },
      providers: [choice.activityPrice, choice.memberPrice].filter((p): p is ActivityPriceProvider => p !== undefined),
      ...(promo.discounts ? { discounts: promo.discounts } : {}),
      ...(promo.coupons ? { coupons: promo.coupons } : {}),
      ...(promo.couponChoice ? { couponChoice: promo.couponChoice } : {}),
      points: { isScorePay: choice.isScorePay, userUseScore: choice.userUseScore ?? null },
      now: promo.now ?? new Date(),
    });
  } catch (e) {
    if (e instanceof PricingRefusal) throw new OrderSubmitError(e.key, ResponseCode.SHOW_FAIL, e.params);
    throw e;
  }
  const shops = shopsIn.map((s, i): PricedShop<L> => {
    const p = pricing.shops.find((x) => x.shopId === s.shopId)!;
    const byKey = new Map(p.lines.map((l) => [l.key, l]));
    const priced = { ...p, lines: keyed[i]!.map((k) => byKey.get(k.key)!) };
    return {
      ...s,
      total: p.total,
      transFee: p.transFee,
      useScore: p.useScore,
      scoreReduce: p.scoreReduce,
      actualTotal: p.actualTotal,
      totalCount: p.totalCount,
      priced,
    };
  });
  return {
    shops,
    total: pricing.total,
    totalTransFee: pricing.totalTransFee,
    totalCount: pricing.totalCount,
    actualTotal: pricing.actualTotal,
    isScorePay: pricing.isScorePay,
    maxUsableScore: pricing.maxUsableScore,
    useScore: pricing.useScore,
    totalScoreAmount: pricing.totalScoreAmount,
    pricing,
  };
}

/** A LocalizedText from per-locale rows, missing locales filled like pickText (zh-tw → zh, en → zh). */
export function localizedFrom(rows: readonly { locale: string; text: string }[]): LocalizedText {
  const by = new Map(rows.map((r) => [r.locale, r.text]));
  const partial: Partial<LocalizedText> = {};
  for (const l of LOCALES) if (by.get(l)) partial[l] = by.get(l)!;
  return { zh: pickText(partial, "zh"), "zh-tw": pickText(partial, "zh-tw"), en: pickText(partial, "en") };
}

// ------------------------------------------------------------------------------------------
// Database: lines, address, freight rules
// ------------------------------------------------------------------------------------------

type Q = Db | Tx;

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

const lineColumns = {
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

/** Products' names in the three languages (missing ones filled like pickText). */
export async function loadNames(q: Q, prodIds: readonly number[]): Promise<Map<number, LocalizedText>> {
  const out = new Map<number, LocalizedText>();
  if (prodIds.length === 0) return out;
  const rows = await q
    .select({
      prodId: productTranslations.prodId,
      locale: productTranslations.locale,
      text: productTranslations.prodName,
    })
    .from(productTranslations)
    .where(inArray(productTranslations.prodId, [...new Set(prodIds)]));
  const by = new Map<number, { locale: string; text: string }[]>();
  for (const r of rows) (by.get(r.prodId) ?? by.set(r.prodId, []).get(r.prodId)!).push(r);
  for (const id of prodIds) out.set(id, localizedFrom(by.get(id) ?? []));
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
  const query = q
    .select({
      basketId: cartItems.basketId,
      prodId: cartItems.prodId,
      skuId: cartItems.skuId,
      shopId: cartItems.shopId,
      prodCount: cartItems.prodCount,
      createdAt: cartItems.createdAt,
      discountId: cartItems.discountId,
      ...lineColumns,
    })
    .from(cartItems)
    .leftJoin(products, eq(products.prodId, cartItems.prodId))
    .leftJoin(shops, eq(shops.shopId, cartItems.shopId))
    .leftJoin(skus, eq(skus.skuId, cartItems.skuId))
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
function checkLineNow(l: BuyLine, locale: Locale): void {
  const prodName = pickText(l.prodName, locale);
  if (l.status === "offline")
    throw new OrderSubmitError("orderSubmit.itemUnavailable", ResponseCode.SHOW_FAIL, { prodName });
  if (l.status === "noStock" || l.prodCount > l.stocks)
    throw new OrderSubmitError("orderSubmit.noStock", ResponseCode.SHOW_FAIL, { prodName });
}

async function loadLines(
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
 * refused (orderSubmit.mixedVirtual), so a virtual order never needs an address or freight.
 */
export function orderMoldOf(lines: readonly { mold: number }[]): number {
  const virtual = lines.filter((l) => l.mold === ProdMold.VIRTUAL).length;
  if (virtual > 0 && virtual < lines.length) throw new OrderSubmitError("orderSubmit.mixedVirtual");
  return virtual > 0 ? ProdMold.VIRTUAL : ProdMold.PHYSICAL;
}

/** Virtual goods ship nothing: no freight. */
const NO_FREIGHT: FreightRule = { fee: "0", freeOver: null };

/** What a virtual-goods order keeps as its address: nothing (the pages show none for orderMold 1). */
const NO_ADDRESS: OrderAddress = {
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

/** The address to use: `addrId` (> 0) must be the user's (else orderSubmit.addrNotFound); 0/none → default, else newest, else null. */
async function resolveAddress(q: Q, userId: string, addrId: number | null | undefined): Promise<AddressRow | null> {
  if (addrId) {
    const [row] = await q
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.addrId, addrId)))
      .limit(1);
    if (!row) throw new OrderSubmitError("orderSubmit.addrNotFound");
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

function addrDto(row: AddressRow, locale: Locale): OrderAddrDto {
  const r = localizeAreas(row, locale);
  return {
    addrId: r.addrId,
    receiver: r.receiver,
    mobile: r.mobile,
    provinceId: r.provinceId,
    province: r.province,
    cityId: r.cityId,
    city: r.city,
    areaId: r.areaId,
    area: r.area,
    addr: r.addr,
  };
}

/** The address as the order keeps it (also points-mall orders). */
export function addrSnapshot(r: AddressRow): OrderAddress {
  return {
    receiver: r.receiver,
    mobile: r.mobile,
    province: r.province,
    city: r.city,
    area: r.area,
    addr: r.addr,
    provinceId: r.provinceId,
    cityId: r.cityId,
    areaId: r.areaId,
    postCode: r.postCode ?? null,
  };
}

/** Lines grouped into shop orders (cart order: most recently added first) with their freight rules. */
async function shopInputs(q: Q, lines: readonly BuyLine[]): Promise<CheckoutShopInput<BuyLine>[]> {
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

async function loadUser(
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

/**
 * Prices a checkout with everything that applies: running discounts, the buyer's coupons and
 * their choice (`couponUserIds` null = the best combination).
 */
async function priceWithPromotions(
  q: Q,
  userId: string,
  inputs: CheckoutShopInput<BuyLine>[],
  points: PointsChoice,
  couponUserIds: readonly number[] | null,
  now: Date,
) {
  const shopIds = inputs.map((s) => s.shopId);
  const [discountsNow, held] = await Promise.all([
    runningDiscounts(q, shopIds, now),
    heldCoupons(q, userId, shopIds, now),
  ]);
  let couponChoice: CouponChoice | undefined;
  try {
    couponChoice = couponUserIds === null ? undefined : choiceFromIds(held, couponUserIds, shopIds);
  } catch (e) {
    if (e instanceof CouponError && e.key === "coupon.notYours") {
      const missing = (couponUserIds ?? []).filter((id) => !held.some((h) => h.couponUserId === id));
      throw new OrderSubmitError(await whyNotHeld(q, userId, missing, now));
    }
    if (e instanceof CouponError) throw new OrderSubmitError(e.key);
    throw e;
  }
  return {
    checkout: priceCheckout(inputs, points, { discounts: discountsNow, coupons: held, couponChoice, now }),
    held,
  };
}

/** The coupon ids a checkout applied (shop coupons in shop order, then the platform coupon). */
function chosenCoupons(p: PricingResult): number[] {
  return [...p.shops.map((s) => s.chosenCouponUserId), p.chosenPlatformCouponUserId].filter((id) => id > 0);
}

function couponDtos(options: readonly CouponOption[], names: ReadonlyMap<number, string>): CheckoutCouponDto[] {
  return options.map((o) => ({
    couponUserId: o.coupon.couponUserId,
    couponId: o.coupon.couponId,
    shopId: o.coupon.shopId,
    couponName: names.get(o.coupon.couponId) ?? "",
    couponType: o.coupon.couponType,
    cashCondition: formatPrice(o.coupon.cashCondition),
    reduceAmount: o.coupon.reduceAmount === null ? null : formatPrice(o.coupon.reduceAmount),
    couponDiscount: o.coupon.couponDiscount === null ? null : String(Number(o.coupon.couponDiscount)),
    suitableProdType: o.coupon.suitableProdType,
    validEnd: o.coupon.validEnd.toISOString(),
    canUse: o.canUse,
    reason: o.reason,
    shortBy: o.shortBy,
    couponReduce: o.reduce,
    choose: o.choose,
  }));
}

const lineOffers = (l: PricedLine): LineOffers => ({
  skuPrice: l.skuPrice,
  activityPrice: l.activityPrice,
  activity: l.activity,
  amount: l.amount,
  activityReduce: l.activityReduce,
  discountId: l.discountId,
  discountReduce: l.discountReduce,
  shopCouponReduce: l.shopCouponReduce,
  platformCouponReduce: l.platformCouponReduce,
  scoreReduce: l.scoreReduce,
  actualAmount: l.actualAmount,
});

/** Discount reduction of a shop as the order stores it: activity prices and tiers together. */
const discountPart = (p: PricedShopResult) => formatPrice(sum([p.activityReduce, p.discountReduce]));

/** The reductions a checkout preview shows, of one shop or of all. */
type Reductions = Pick<
  PricedShopResult,
  "activityReduce" | "discountReduce" | "shopCouponReduce" | "platformCouponReduce"
>;

/**
 * How a checkout preview shows its prices. The ordinary checkout: each line at its SKU price, and
 * activity prices and tiers as one "limited-time discount" reduction. An activity checkout (flash
 * sale, group buy): each line at the activity's price, which is then no reduction.
 */
interface PriceView {
  line: (l: { price: MoneyInput; prodCount: number }, p: PricedLine) => { price: string; productTotalAmount: string };
  total: (goodsTotal: string, r: Reductions) => string;
  discountReduce: (r: Reductions) => string;
  totalReduce: (r: Reductions) => string;
}

const allReductions = (r: Reductions) =>
  [r.activityReduce, r.discountReduce, r.shopCouponReduce, r.platformCouponReduce] as const;

const atSkuPrice: PriceView = {
  line: (l) => ({ price: formatPrice(l.price), productTotalAmount: formatPrice(mulQty(l.price, l.prodCount)) }),
  total: (goodsTotal) => goodsTotal,
  discountReduce: (r) => formatPrice(sum([r.activityReduce, r.discountReduce])),
  totalReduce: (r) => formatPrice(sum(allReductions(r))),
};

const atActivityPrice: PriceView = {
  line: (_l, p) => ({ price: p.activityPrice, productTotalAmount: formatPrice(sub(p.amount, p.activityReduce)) }),
  total: (goodsTotal, r) => formatPrice(sub(goodsTotal, r.activityReduce)),
  discountReduce: (r) => formatPrice(r.discountReduce),
  totalReduce: (r) => formatPrice(sum(allReductions(r).slice(1))),
};

// ------------------------------------------------------------------------------------------
// Confirm
// ------------------------------------------------------------------------------------------

export interface ConfirmInput {
  basketIds?: number[] | undefined;
  orderItem?: BuyNowItem | undefined;
  addrId?: number | undefined;
  isScorePay?: 0 | 1 | undefined;
  userUseScore?: number | null | undefined;
  /** With userChangeCoupon 1: the buyer's coupon choice. */
  couponUserIds?: number[] | undefined;
  userChangeCoupon?: 0 | 1 | undefined;
}

/** Keeps the token table small: the user's unused tokens that expired more than a day ago go. */
const TOKEN_KEEP_MS = 24 * 3600 * 1000;

/** POST /p/order/confirm: the settlement preview and a new submit token. Throws OrderSubmitError. */
export async function confirmOrder(
  db: Db,
  userId: string,
  locale: Locale,
  input: ConfirmInput,
  now: Date,
  activity?: ActivityBuy,
): Promise<OrderConfirmDto> {
  if (activity && !input.orderItem) throw new OrderSubmitError("cart.selectOne");
  const lines = await loadLines(db, userId, input, now, false);
  for (const l of lines) {
    if (activity?.ownStock && l.status !== "offline") continue;
    checkLineNow(l, locale);
  }
  if (activity) await activity.check(db, userId, lines[0]!, now);
  const orderMold = orderMoldOf(lines);
  const addr = orderMold === ProdMold.VIRTUAL ? null : await resolveAddress(db, userId, input.addrId);
  const user = await loadUser(db, userId, now);
  const isScorePay = input.isScorePay === 1 ? 1 : 0;
  const couponUserIds = input.userChangeCoupon === 1 ? [...new Set(input.couponUserIds ?? [])] : null;
  const { checkout, held } = await priceWithPromotions(
    db,
    userId,
    await shopInputs(db, lines),
    {
      balance: user.score,
      isScorePay,
      userUseScore: input.userUseScore ?? null,
      memberFreeShipping: user.member,
      memberPrice: user.memberPrice,
      activityPrice: activity?.provider,
    },
    couponUserIds,
    now,
  );
  const p = checkout.pricing;
  const names = await couponNames(
    db,
    held.map((h) => h.couponId),
    locale,
  );
  // An activity checkout (flash sale, group buy) sells at the activity's price: its lines show that
  // price as their unit price, and the activity's reduction is no "shop promotion" beside it.
  const shown = activity ? atActivityPrice : atSkuPrice;
  const token = newSubmitToken();
  const expiresAt = new Date(now.getTime() + SUBMIT_TOKEN_MINUTES * MINUTE_MS);
  const payload: SubmitPayload = {
    ...(input.orderItem
      ? { source: "buyNow" as const, orderItem: input.orderItem }
      : { source: "cart" as const, basketIds: [...new Set(input.basketIds ?? [])] }),
    addrId: addr?.addrId ?? null,
    isScorePay,
    userUseScore: isScorePay === 1 ? (input.userUseScore ?? null) : null,
    shopIds: checkout.shops.map((s) => s.shopId),
    couponUserIds: chosenCoupons(p),
    ...(activity ? { activity: { kind: activity.kind, ref: activity.ref } } : {}),
  };
  await db.transaction(async (tx) => {
    await tx
      .delete(submitTokens)
      .where(
        and(
          eq(submitTokens.userId, userId),
          isNull(submitTokens.usedAt),
          lt(submitTokens.expiresAt, new Date(now.getTime() - TOKEN_KEEP_MS)),
        ),
      );
    await tx.insert(submitTokens).values({ token, userId, payload, expiresAt, createdAt: now });
  });
  return {
    uuid: token,
    expiresAt: expiresAt.toISOString(),
    userAddr: addr ? addrDto(addr, locale) : null,
    orderMold,
    shopCartOrders: checkout.shops.map((s): ShopCartOrderDto => {
      const items = new Map(s.lines.map((l, i) => [s.priced.lines[i]!.key, { l, priced: s.priced.lines[i]! }]));
      return {
        shopId: s.shopId,
        shopName: pickText(s.lines[0]!.shopName, locale),
        shopType: s.shopType,
        total: shown.total(s.total, s.priced),
        transFee: s.transFee,
        freeOver: s.rule.freeOver === null ? null : formatPrice(s.rule.freeOver),
        discountReduce: shown.discountReduce(s.priced),
        shopCouponReduce: s.priced.shopCouponReduce,
        platformCouponReduce: s.priced.platformCouponReduce,
        scoreReduce: s.scoreReduce,
        actualTotal: s.actualTotal,
        totalCount: s.totalCount,
        coupons: couponDtos(s.priced.coupons, names),
        shopCartItemDiscounts: s.priced.groups.map((g) => ({
          chooseDiscountItemDto: chooseDiscountDto(g, locale),
          shopCartItems: g.lineKeys
            .map((k) => items.get(k)!)
            .map(({ l, priced }): ConfirmItemDto => ({
              basketId: l.basketId,
              prodId: l.prodId,
              skuId: l.skuId,
              prodName: pickText(l.prodName, locale),
              skuName: pickText(l.skuName, locale),
              properties: pickText(l.properties, locale),
              pic: l.pic,
              ...shown.line(l, priced),
              prodCount: l.prodCount,
              offers: lineOffers(priced),
              mold: l.mold,
              writeOffTime: l.writeOffTime,
            })),
        })),
      };
    }),
    total: shown.total(checkout.total, p),
    totalReduce: shown.totalReduce(p),
    discountReduce: shown.discountReduce(p),
    shopCouponReduce: p.shopCouponReduce,
    platformCouponReduce: p.platformCouponReduce,
    coupons: couponDtos(p.platformCoupons, names),
    couponUserIds: chosenCoupons(p),
    totalTransFee: checkout.totalTransFee,
    totalCount: checkout.totalCount,
    actualTotal: checkout.actualTotal,
    isScorePay: checkout.isScorePay,
    userScore: user.score,
    maxUsableScore: checkout.maxUsableScore,
    useScore: checkout.useScore,
    totalScoreAmount: checkout.totalScoreAmount,
    shopUseScore: POINTS_PER_YUAN,
    orderType: "ORDINARY",
  };
}

// ------------------------------------------------------------------------------------------
// Submit
// ------------------------------------------------------------------------------------------

/**
 * The submit body as the domain takes it: the parsed body (OrderSubmitParam, the output of the
 * submit rule, src/lib/order/submit-rules.ts) with the per-shop lists made maps. Missing
 * isScorePay = the choice made at confirm; couponUserIds are used with userChangeCoupon 1 (else
 * the confirm step's); actualTotal is the amount the buyer saw (a different server amount refuses
 * the submit: orderSubmit.amountChanged).
 */
export type SubmitInput = Omit<OrderSubmitParam, "orderShopParams" | "orderShopParam" | "orderInvoiceList"> & {
  /** Trimmed order message per shop (already checked with order-rules.ts). */
  remarks: ReadonlyMap<number, string>;
  /** Invoice per shop (already checked with order-rules.ts). */
  invoices: ReadonlyMap<number, OrderInvoice>;
};

/** Claims the token (used_at set) or throws the A03002 refusal: repeat (with the first order numbers) or expired. */
async function claimToken(tx: Tx, userId: string, token: string, now: Date): Promise<SubmitPayload> {
  const [claimed] = await tx
    .update(submitTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(submitTokens.token, token),
        eq(submitTokens.userId, userId),
        isNull(submitTokens.usedAt),
        gt(submitTokens.expiresAt, now),
      ),
    )
    .returning({ payload: submitTokens.payload });
  if (!claimed) {
    const [row] = await tx
      .select({ usedAt: submitTokens.usedAt, orderNumbers: submitTokens.orderNumbers })
      .from(submitTokens)
      .where(and(eq(submitTokens.token, token), eq(submitTokens.userId, userId)))
      .limit(1);
    if (row?.usedAt)
      throw new OrderSubmitError(
        "orderSubmit.repeatSubmit",
        ResponseCode.REPEAT_ORDER,
        {},
        { orderNumbers: row.orderNumbers ?? "", duplicateError: 1 },
      );
    throw new OrderSubmitError("orderSubmit.expired", ResponseCode.REPEAT_ORDER);
  }
  const payload = parsePayload(claimed.payload);
  if (!payload) throw new OrderSubmitError("orderSubmit.expired", ResponseCode.REPEAT_ORDER);
  return payload;
}

/** What an unused, unexpired submit token stands for, read without claiming it (null when none). */
export async function peekSubmitToken(db: Db, token: string, now: Date): Promise<SubmitPayload | null> {
  const [row] = await db
    .select({ payload: submitTokens.payload })
    .from(submitTokens)
    .where(and(eq(submitTokens.token, token), isNull(submitTokens.usedAt), gt(submitTokens.expiresAt, now)))
    .limit(1);
  return row ? parsePayload(row.payload) : null;
}

/**
 * POST /p/order/submit: makes one unpaid order per shop from a confirm token, in one
 * transaction. Answers the order numbers (in shop order). Throws OrderSubmitError; on any
 * refusal nothing has changed (the token is still usable unless it was the refusal's cause).
 */
export async function submitOrder(
  db: Db,
  userId: string,
  locale: Locale,
  input: SubmitInput,
  now: Date,
  resolveActivity?: (ref: ActivityRef) => ActivityBuy | null,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const payload = await claimToken(tx, userId, input.uuid, now);
    // An activity token is submitted only through its activity's path, an ordinary one only through this.
    const activity = payload.activity ? (resolveActivity?.(payload.activity) ?? null) : null;
    if (Boolean(payload.activity) !== Boolean(activity) || (resolveActivity && !activity))
      throw new OrderSubmitError("orderSubmit.expired", ResponseCode.REPEAT_ORDER);
    const lines = await loadLines(
      tx,
      userId,
      payload.source === "cart" ? { basketIds: payload.basketIds } : { orderItem: payload.orderItem },
      now,
      true,
    );
    for (const l of lines) {
      if (l.status === "offline")
        throw new OrderSubmitError("orderSubmit.itemUnavailable", ResponseCode.SHOW_FAIL, {
          prodName: pickText(l.prodName, locale),
        });
    }
    // An activity takes what it holds (its stock, per-user limit, a team seat) first: a rush fails fast.
    const taken = activity ? await activity.take(tx, userId, lines[0]!, now) : null;
    // The address: the one given now (must be the user's), else the one confirmed (if still there).
    // Virtual goods need none (an addrId sent with them is ignored).
    const orderMold = orderMoldOf(lines);
    const virtual = orderMold === ProdMold.VIRTUAL;
    const addrId = virtual ? null : input.addrId || payload.addrId;
    if (!virtual && !addrId) throw new OrderSubmitError("orderSubmit.noAddress");
    const [addr] = addrId
      ? await tx
          .select()
          .from(addresses)
          .where(and(eq(addresses.userId, userId), eq(addresses.addrId, addrId)))
          .limit(1)
      : [];
    if (!virtual && !addr)
      throw new OrderSubmitError(input.addrId ? "orderSubmit.addrNotFound" : "orderSubmit.noAddress");

    const user = await loadUser(tx, userId, now);
    const isScorePay = input.isScorePay ?? payload.isScorePay;
    const userUseScore = input.isScorePay !== undefined ? (input.userUseScore ?? null) : payload.userUseScore;
    const couponUserIds =
      input.userChangeCoupon === 1 ? [...new Set(input.couponUserIds ?? [])] : (payload.couponUserIds ?? null);
    const { checkout } = await priceWithPromotions(
      tx,
      userId,
      await shopInputs(tx, lines),
      {
        balance: user.score,
        isScorePay,
        userUseScore,
        memberFreeShipping: user.member,
        memberPrice: user.memberPrice,
        activityPrice: activity?.provider,
      },
      couponUserIds,
      now,
    );
    if (input.actualTotal !== undefined && compare(input.actualTotal, checkout.actualTotal) !== 0) {
      throw new OrderSubmitError("orderSubmit.amountChanged", ResponseCode.SHOW_FAIL, { amount: checkout.actualTotal });
    }

    // Stock: one conditional update per SKU (ascending ids), then the products' totals (product/stock.ts).
    const short = activity?.ownStock
      ? null
      : await takeStock(
          tx,
          lines.map((l) => ({ skuId: l.skuId, prodId: l.prodId, count: l.prodCount })),
        );
    if (short)
      throw new OrderSubmitError("orderSubmit.noStock", ResponseCode.NO_STOCK, {
        prodName: pickText(lines.find((l) => l.skuId === short.skuId)!.prodName, locale),
      });

    const payDeadline = taken?.payDeadline ?? new Date(now.getTime() + ORDER_PAY_MINUTES * MINUTE_MS);
    const address = addr ? addrSnapshot(addr) : NO_ADDRESS;
    const numbers: string[] = [];
    for (const s of checkout.shops) {
      const orderNumber = await nextOrderNumber(tx, now);
      numbers.push(orderNumber);
      await tx.insert(orders).values({
        orderNumber,
        userId,
        shopId: s.shopId,
        shopName: s.lines[0]!.shopName,
        prodNames: s.lines.map((l) => l.prodName.zh).join(", "),
        status: 1,
        orderType: activity?.orderType ?? 0,
        dvyType: virtual ? DVY_TYPE_VIRTUAL : 1,
        orderMold,
        total: s.total,
        freightAmount: s.transFee,
        scoreAmount: s.scoreReduce,
        actualTotal: s.actualTotal,
        reduceAmount: formatPrice(
          sum([discountPart(s.priced), s.priced.shopCouponReduce, s.priced.platformCouponReduce]),
        ),
        discountAmount: discountPart(s.priced),
        shopCouponAmount: s.priced.shopCouponReduce,
        platformCouponAmount: s.priced.platformCouponReduce,
        useScore: s.useScore,
        productNums: s.totalCount,
        remarks: input.remarks.get(s.shopId) ?? "",
        address,
        invoice: input.invoices.get(s.shopId) ?? null,
        submitToken: input.uuid,
        payDeadline,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(orderItems).values(
        s.lines.map((l, i) => ({
          orderNumber,
          shopId: s.shopId,
          userId,
          prodId: l.prodId,
          skuId: l.skuId,
          prodName: l.prodName,
          skuName: l.skuName,
          properties: l.properties,
          pic: l.pic,
          price: formatPrice(l.price),
          prodCount: l.prodCount,
          productTotalAmount: formatPrice(mulQty(l.price, l.prodCount)),
          basketId: l.basketId,
          actualTotal: s.priced.lines[i]!.actualAmount,
          offers: lineOffers(s.priced.lines[i]!),
          writeOffTime: virtual ? l.writeOffTime : null,
          isRefund: l.isRefund,
          createdAt: now,
        })),
      );
      // Points: taken from the balance with this order's ledger row (conditional: never below zero).
      if (s.useScore > 0) {
        try {
          await changePoints(tx, userId, -s.useScore, PointsReason.USE, now, orderNumber);
        } catch (e) {
          if (e instanceof PointsError) throw new OrderSubmitError("order.pointsOverBalance");
          throw e;
        }
      }
      await scheduleJob(tx, "orderPayTimeout", orderNumber, payDeadline);
      if (taken) await taken.record(orderNumber);
    }

    // Coupons: marked used in this transaction (a concurrent submit that used one first makes this one fail).
    const byShop = new Map(checkout.shops.map((s, i) => [s.shopId, numbers[i]!]));
    const uses = checkout.pricing.shops
      .filter((s) => s.chosenCouponUserId > 0)
      .map((s) => ({ couponUserId: s.chosenCouponUserId, orderNumbers: [byShop.get(s.shopId)!] }));
    if (checkout.pricing.chosenPlatformCouponUserId > 0) {
      const on = checkout.pricing.shops
        .filter((s) => compare(s.platformCouponReduce, 0) > 0)
        .map((s) => byShop.get(s.shopId)!);
      uses.push({ couponUserId: checkout.pricing.chosenPlatformCouponUserId, orderNumbers: on });
    }
    try {
      await useCoupons(tx, userId, uses, now);
    } catch (e) {
      if (e instanceof CouponError) throw new OrderSubmitError(e.key);
      throw e;
    }

    if (payload.source === "cart") await removeBoughtLines(tx, userId, payload.basketIds);
    await tx
      .update(submitTokens)
      .set({ orderNumbers: numbers.join(",") })
      .where(eq(submitTokens.token, input.uuid));
    return numbers;
  });
}
