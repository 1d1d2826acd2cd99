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
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { ResponseCode } from "../../../lib/api-types.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { compare, formatPrice, mulQty, sum } from "../../../lib/money.ts";
import {
  ORDER_PAY_MINUTES,
  SUBMIT_TOKEN_MINUTES,
  type ConfirmItemDto,
  type OrderConfirmDto,
  type ShopCartOrderDto,
} from "../../../lib/order/order-types.ts";
import type { OrderSubmitParam } from "../../../lib/order/submit-rules.ts";
import { DVY_TYPE_VIRTUAL, ProdMold } from "../../../lib/order/virtual-goods.ts";
import type { Db, Tx } from "../../db/client.ts";
import { addresses, orderItems, orders, submitTokens, type OrderInvoice } from "../../db/schema/index.ts";
import { removeBoughtLines } from "../cart/cart.ts";
import { scheduleJob } from "../jobs/jobs.ts";
import { nextOrderNumber } from "./order-lifecycle.ts";
import { POINTS_PER_YUAN } from "../points/points.ts";
import { changePoints, PointsError, PointsReason } from "../points/points-ledger.ts";
import { takeStock } from "../product/stock.ts";
import { CouponError } from "../coupon/coupon.ts";
import { couponNames, useCoupons } from "../coupon/coupon-checkout.ts";
import { chooseDiscountDto } from "../discount/discount.ts";
import {
  OrderSubmitError,
  newSubmitToken,
  type BuyNowItem,
  type SubmitPayload,
  type ActivityRef,
  parsePayload,
} from "./order-submit-payload.ts";
import {
  priceWithPromotions,
  chosenCoupons,
  couponDtos,
  lineOffers,
  discountPart,
  atSkuPrice,
  atActivityPrice,
} from "./order-checkout-pricing.ts";
import {
  type ActivityBuy,
  checkLineNow,
  loadLines,
  orderMoldOf,
  NO_ADDRESS,
  resolveAddress,
  addrSnapshot,
  shopInputs,
  loadUser,
} from "./order-buy-lines.ts";
import { addrDto } from "../address/address.ts";

const MINUTE_MS = 60_000;

// ------------------------------------------------------------------------------------------
// Pure parts
// ------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------
// Database: lines, address, freight rules
// ------------------------------------------------------------------------------------------

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
 * the submit: submitOrder.amountChanged).
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
        "submitOrder.repeatSubmit",
        ResponseCode.REPEAT_ORDER,
        {},
        { orderNumbers: row.orderNumbers ?? "", duplicateError: 1 },
      );
    throw new OrderSubmitError("submitOrder.expired", ResponseCode.REPEAT_ORDER);
  }
  const payload = parsePayload(claimed.payload);
  if (!payload) throw new OrderSubmitError("submitOrder.expired", ResponseCode.REPEAT_ORDER);
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
      throw new OrderSubmitError("submitOrder.expired", ResponseCode.REPEAT_ORDER);
    const lines = await loadLines(
      tx,
      userId,
      payload.source === "cart" ? { basketIds: payload.basketIds } : { orderItem: payload.orderItem },
      now,
      true,
    );
    for (const l of lines) {
      if (l.status === "offline")
        throw new OrderSubmitError("submitOrder.itemUnavailable", ResponseCode.SHOW_FAIL, {
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
    if (!virtual && !addrId) throw new OrderSubmitError("submitOrder.noAddress");
    const [addr] = addrId
      ? await tx
          .select()
          .from(addresses)
          .where(and(eq(addresses.userId, userId), eq(addresses.addrId, addrId)))
          .limit(1)
      : [];
    if (!virtual && !addr)
      throw new OrderSubmitError(input.addrId ? "submitOrder.addrNotFound" : "submitOrder.noAddress");

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
      throw new OrderSubmitError("submitOrder.amountChanged", ResponseCode.SHOW_FAIL, { amount: checkout.actualTotal });
    }

    // Stock: one conditional update per SKU (ascending ids), then the products' totals (product/stock.ts).
    const short = activity?.ownStock
      ? null
      : await takeStock(
          tx,
          lines.map((l) => ({ skuId: l.skuId, prodId: l.prodId, count: l.prodCount })),
        );
    if (short)
      throw new OrderSubmitError("submitOrder.noStock", ResponseCode.NO_STOCK, {
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
