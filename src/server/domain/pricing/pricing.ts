/**
 * The pricing engine: ONE pure function, priceLines, that turns lines and a buyer into every
 * amount the cart, the checkout, the order and the payment use. Steps, in this order
 * (docs/pricing.md):
 *
 *   1. SKU price            the SKU's price × count (`amount`)
 *   2. activity price       plug-in providers (limited-time per-piece price now; group-buy,
 *                           flash-sale and member prices later) offer a unit price; the lowest
 *                           wins, rounded half-up to cents per unit
 *   3. shop discount tiers  lines of a shop grouped by the limited-time discount they join;
 *                           each group's reduction shared over its lines
 *   4. shop coupon          one per shop, on its products in scope
 *   5. platform coupon      one per checkout, on all shops' products in scope
 *   6. points               in multiples of 10, at most 50 % of each shop's goods after coupons
 *   7. freight              per shop, on the shop's goods after reductions (before points)
 *
 * Every reduction is computed in cents (half-up) and shared over the lines it applies to by
 * shareByLargestRemainder, so the lines always add up to the shop and the shops to the total.
 * All money through src/lib/money.ts (decimal.js). What it takes and answers: pricing-shapes.ts;
 * money sharing, discount tiers and coupons: pricing-steps.ts.
 */
import type { DiscountHint } from "../../../lib/discount/discount-types.ts";
import { formatPrice, toDecimal, type MoneyDecimal } from "../../../lib/money.ts";
import { freightFor } from "./order-pricing.ts";
import { maxUsablePointsForShops, pointsToMoney, splitPoints, validatePointsUse } from "../points/points.ts";
import {
  type PricingLine,
  type ActivityOffer,
  type ActivityPriceProvider,
  type DiscountRuleSet,
  type PricingInput,
  type PricedLine,
  type PricedGroup,
  type CouponOption,
  type PricedShopResult,
  type PricingResult,
  PricingRefusal,
} from "./pricing-shapes.ts";
import {
  ZERO,
  cents,
  dsum,
  shareByLargestRemainder,
  isRunning,
  discountCovers,
  isPerPieceDiscount,
  evaluateDiscount,
  limitedTimePriceProvider,
  type WorkLine,
  remaining,
  chooseCoupon,
} from "./pricing-steps.ts";

// ------------------------------------------------------------------------------------------
// The engine
// ------------------------------------------------------------------------------------------

function checkLine(l: PricingLine): MoneyDecimal {
  if (!Number.isSafeInteger(l.count) || l.count <= 0) throw new PricingRefusal("order.invalidCount");
  let price: MoneyDecimal;
  try {
    price = toDecimal(l.price);
  } catch {
    throw new PricingRefusal("order.invalidPrice");
  }
  if (price.isNegative()) throw new PricingRefusal("order.invalidPrice");
  return price;
}

/** Step 2: the lowest offer of the providers (first provider on a tie), never above the SKU price. */
function activityStep(
  line: PricingLine,
  skuPrice: MoneyDecimal,
  providers: readonly ActivityPriceProvider[],
  now: Date,
) {
  let best: { offer: ActivityOffer; price: MoneyDecimal } | null = null;
  for (const p of providers) {
    const offer = p(line, now);
    if (!offer || (offer.promotion === true && line.noPromotions === true)) continue;
    const price = cents(toDecimal(offer.price));
    if (price.isNegative() || price.greaterThanOrEqualTo(skuPrice)) continue;
    if (!best || price.lessThan(best.price)) best = { offer, price };
  }
  return best;
}

/** Step 3 for one shop: which discount each line joins, and the groups. */
function discountStep(lines: WorkLine[], discounts: readonly DiscountRuleSet[], now: Date): PricedGroup[] {
  const running = discounts
    .filter((d) => isRunning(d, now) && !isPerPieceDiscount(d))
    .sort((a, b) => a.discountId - b.discountId);
  const groups = new Map<number, WorkLine[]>();
  for (const l of lines) {
    let d: DiscountRuleSet | undefined;
    if (!l.excludesDiscounts && l.src.discountId !== -1 && l.src.noPromotions !== true) {
      const asked =
        l.src.discountId && l.src.discountId > 0
          ? running.find((x) => x.discountId === l.src.discountId && discountCovers(x, l.src))
          : undefined;
      d = asked ?? running.find((x) => discountCovers(x, l.src));
    }
    l.discountId = d?.discountId ?? 0;
    (groups.get(l.discountId) ?? groups.set(l.discountId, []).get(l.discountId)!).push(l);
  }
  const out: PricedGroup[] = [];
  for (const [discountId, ls] of groups) {
    const amount = dsum(ls.map((l) => l.amount.minus(l.activityReduce)));
    const count = ls.reduce((n, l) => n + l.src.count, 0);
    const d = running.find((x) => x.discountId === discountId) ?? null;
    let tierIndex = -1;
    let reduce = ZERO;
    let hint: DiscountHint | null = null;
    if (d) {
      ({ tierIndex, reduce, hint } = evaluateDiscount(d, amount, count));
      const shares = shareByLargestRemainder(
        reduce,
        ls.map((l) => l.amount.minus(l.activityReduce)),
      );
      ls.forEach((l, i) => {
        l.discountReduce = shares[i]!;
      });
    }
    out.push({
      discountId,
      discount: d,
      lineKeys: ls.map((l) => l.src.key),
      amount: formatPrice(amount),
      count,
      tierIndex,
      reduce: formatPrice(reduce),
      hint,
    });
  }
  // Discount groups first (by id), lines in no discount last.
  return out.sort((a, b) => (a.discountId === 0 ? 1 : b.discountId === 0 ? -1 : a.discountId - b.discountId));
}

/**
 * Prices lines for a buyer (see the steps at the top). Lines of shops missing from `shops` are
 * refused (order.noItems when there are none at all). Throws PricingRefusal for bad counts or
 * prices, a coupon choice that is not the buyer's or not usable, and points the rules refuse.
 */
export function priceLines(input: PricingInput): PricingResult {
  const { now } = input;
  if (input.lines.length === 0) throw new PricingRefusal("cart.selectOne");
  const providers = [...(input.providers ?? []), limitedTimePriceProvider(input.discounts ?? [])];
  const shopInfo = new Map(input.shops.map((s) => [s.shopId, s]));

  // Steps 1-2 per line.
  const work: WorkLine[] = input.lines.map((src) => {
    const skuPrice = checkLine(src);
    if (!shopInfo.has(src.shopId)) throw new PricingRefusal("order.noItems");
    const act = activityStep(src, skuPrice, providers, now);
    const unit = act ? act.price : skuPrice;
    const amount = skuPrice.times(src.count);
    return {
      src,
      skuPrice,
      unit,
      amount,
      activity: act ? { kind: act.offer.kind, activityId: act.offer.activityId } : null,
      excludesDiscounts: act?.offer.excludesDiscounts ?? false,
      activityReduce: amount.minus(unit.times(src.count)),
      discountId: 0,
      discountReduce: ZERO,
      shopCouponReduce: ZERO,
      platformCouponReduce: ZERO,
      scoreReduce: ZERO,
    };
  });

  // Shops in the order of their first line.
  const shopIds = [...new Set(work.map((l) => l.src.shopId))];
  const byShop = new Map(shopIds.map((id) => [id, work.filter((l) => l.src.shopId === id)]));

  // Step 3.
  const groups = new Map(
    shopIds.map((id) => [
      id,
      discountStep(
        byShop.get(id)!,
        (input.discounts ?? []).filter((d) => d.shopId === id),
        now,
      ),
    ]),
  );

  // Steps 4-5.
  const couponsOn = input.coupons !== undefined;
  const shopOptions = new Map<number, { options: CouponOption[]; chosen: number }>();
  let platform: { options: CouponOption[]; chosen: number } = { options: [], chosen: 0 };
  if (couponsOn) {
    const held = input.coupons ?? [];
    const choice = input.couponChoice;
    for (const id of shopIds) {
      const mine = held.filter((c) => c.shopId === id);
      const asked = choice?.shops?.[id];
      shopOptions.set(id, chooseCoupon(mine, byShop.get(id)!, asked, "shopCouponReduce", now));
    }
    for (const [idStr, cu] of Object.entries(choice?.shops ?? {})) {
      if (!shopIds.includes(Number(idStr)) && cu !== 0) throw new PricingRefusal("coupon.notYours");
    }
    platform = chooseCoupon(
      held.filter((c) => c.shopId === 0),
      work,
      choice?.platform,
      "platformCouponReduce",
      now,
    );
  }

  // Step 6: points on the goods after coupons, at most 50 % per shop.
  const afterCoupons = shopIds.map((id) => dsum(byShop.get(id)!.map(remaining)));
  const maxUsableScore = maxUsablePointsForShops(
    input.buyer.points,
    afterCoupons.map((d) => formatPrice(d)),
  );
  let useScore = 0;
  const isScorePay = input.points?.isScorePay === 1 ? 1 : 0;
  if (isScorePay === 1) {
    useScore = input.points?.userUseScore ?? maxUsableScore;
    const check = validatePointsUse(useScore, input.buyer.points, formatPrice(dsum(afterCoupons)));
    if (!check.ok) throw new PricingRefusal(check.error);
    if (useScore > maxUsableScore) throw new PricingRefusal("order.pointsOverLimit");
  }
  const split = splitPoints(
    useScore,
    afterCoupons.map((d) => formatPrice(d)),
  );

  // Step 7 and the sums.
  const shops = shopIds.map((id, i): PricedShopResult => {
    const ls = byShop.get(id)!;
    const info = shopInfo.get(id)!;
    const pointsMoney = toDecimal(pointsToMoney(split[i]!));
    const shares = shareByLargestRemainder(pointsMoney, ls.map(remaining));
    ls.forEach((l, k) => {
      l.scoreReduce = shares[k]!;
    });
    const goods = afterCoupons[i]!;
    const transFee =
      info.freight === null
        ? ZERO
        : toDecimal(
            freightFor(formatPrice(goods), info.freight, {
              memberFreeShipping: input.buyer.memberFreeShipping,
              selfOperated: info.shopType === 1,
            }),
          );
    const priced = ls.map((l): PricedLine => ({
      key: l.src.key,
      prodId: l.src.prodId,
      skuId: l.src.skuId,
      shopId: l.src.shopId,
      count: l.src.count,
      skuPrice: formatPrice(l.skuPrice),
      activityPrice: formatPrice(l.unit),
      activity: l.activity,
      amount: formatPrice(l.amount),
      activityReduce: formatPrice(l.activityReduce),
      discountId: l.discountId,
      discountReduce: formatPrice(l.discountReduce),
      shopCouponReduce: formatPrice(l.shopCouponReduce),
      platformCouponReduce: formatPrice(l.platformCouponReduce),
      scoreReduce: formatPrice(l.scoreReduce),
      actualAmount: formatPrice(remaining(l).minus(l.scoreReduce)),
    }));
    const opt = shopOptions.get(id);
    return {
      shopId: id,
      shopType: info.shopType,
      lines: priced,
      groups: groups.get(id)!,
      total: formatPrice(dsum(ls.map((l) => l.amount))),
      activityReduce: formatPrice(dsum(ls.map((l) => l.activityReduce))),
      discountReduce: formatPrice(dsum(ls.map((l) => l.discountReduce))),
      shopCouponReduce: formatPrice(dsum(ls.map((l) => l.shopCouponReduce))),
      platformCouponReduce: formatPrice(dsum(ls.map((l) => l.platformCouponReduce))),
      goodsAfterCoupons: formatPrice(goods),
      useScore: split[i]!,
      scoreReduce: formatPrice(pointsMoney),
      transFee: formatPrice(transFee),
      actualTotal: formatPrice(goods.minus(pointsMoney).plus(transFee)),
      totalCount: ls.reduce((n, l) => n + l.src.count, 0),
      coupons: opt?.options ?? [],
      chosenCouponUserId: opt?.chosen ?? 0,
    };
  });
  const total = (f: (s: PricedShopResult) => string) => formatPrice(dsum(shops.map((s) => toDecimal(f(s)))));
  const activityReduce = total((s) => s.activityReduce);
  const discountReduce = total((s) => s.discountReduce);
  const shopCouponReduce = total((s) => s.shopCouponReduce);
  const platformCouponReduce = total((s) => s.platformCouponReduce);
  return {
    shops,
    platformCoupons: platform.options,
    chosenPlatformCouponUserId: platform.chosen,
    total: total((s) => s.total),
    activityReduce,
    discountReduce,
    shopCouponReduce,
    platformCouponReduce,
    totalReduce: formatPrice(
      dsum([activityReduce, discountReduce, shopCouponReduce, platformCouponReduce].map((x) => toDecimal(x))),
    ),
    goodsAfterCoupons: total((s) => s.goodsAfterCoupons),
    totalTransFee: total((s) => s.transFee),
    isScorePay,
    maxUsableScore,
    useScore,
    totalScoreAmount: pointsToMoney(useScore),
    actualTotal: total((s) => s.actualTotal),
    totalCount: shops.reduce((n, s) => n + s.totalCount, 0),
  };
}
