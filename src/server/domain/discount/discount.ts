/**
 * Limited-time discounts (CONTRACT §6.3): the running rule sets the pricing engine applies, and
 * what /special-discount, /discount-detail and the product page show.
 *
 * - A discount runs while status is 1 and startTime ≤ now < endTime; upcoming ones are listed
 *   with their start time, ended or stopped ones are not listed (detail answers "ended").
 * - It covers all of its shop's products (suitableProdType 0) or the ones in discount_prods.
 * - Only products on sale in an open shop are listed.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { isOfferPicture } from "../../../lib/merchant/merchant-fields.ts";
import {
  ActivityStatus,
  DISCOUNT_PAGE_SIZE,
  DISCOUNT_PROD_PAGE_SIZE,
  type ChooseDiscountDto,
  type DiscountDto,
  type DiscountProdDto,
  type DiscountRuleValue,
  type DiscountTypeValue,
} from "../../../lib/discount/discount-types.ts";
import { formatPrice } from "../../../lib/money.ts";
import type { Db, Tx } from "../../db/client.ts";
import { discountItems, discountProds, discounts, products, shops } from "../../db/schema/index.ts";
import { loadProductTexts } from "../catalog/product-cards.ts";
import { priceLines } from "../pricing/pricing.ts";
import type { DiscountRuleSet, PricedGroup } from "../pricing/pricing-shapes.ts";
import { ShopStatus } from "../shop/shop.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { pageOf } from "../kernel/page.ts";

type Q = Db | Tx;
type DiscountRow = typeof discounts.$inferSelect;

export class DiscountError extends DomainError {}

export function activityStatus(d: { startTime: Date; endTime: Date; status: number }, now: Date): number {
  if (d.status !== 1 || now.getTime() >= d.endTime.getTime()) return ActivityStatus.ENDED;
  return now.getTime() < d.startTime.getTime() ? ActivityStatus.UPCOMING : ActivityStatus.RUNNING;
}

export async function withRules(q: Q, rows: readonly DiscountRow[]): Promise<DiscountRuleSet[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.discountId);
  const [tiers, prods] = await Promise.all([
    q.select().from(discountItems).where(inArray(discountItems.discountId, ids)).orderBy(asc(discountItems.needAmount)),
    q.select().from(discountProds).where(inArray(discountProds.discountId, ids)),
  ]);
  return rows.map((r) => ({
    discountId: r.discountId,
    shopId: r.shopId,
    name: r.discountName,
    rule: r.discountRule as DiscountRuleValue,
    type: r.discountType as DiscountTypeValue,
    maxReduce: r.maxReduceAmount,
    tiers: tiers.filter((t) => t.discountId === r.discountId).map((t) => ({ need: t.needAmount, value: t.discount })),
    prodIds: r.suitableProdType === 1 ? prods.filter((p) => p.discountId === r.discountId).map((p) => p.prodId) : null,
    startTime: r.startTime,
    endTime: r.endTime,
  }));
}

/** The discounts running now in these shops, with tiers and products (what the pricing engine needs). */
export async function runningDiscounts(q: Q, shopIds: readonly number[], now: Date): Promise<DiscountRuleSet[]> {
  if (shopIds.length === 0) return [];
  const rows = await q
    .select()
    .from(discounts)
    .where(
      and(
        inArray(discounts.shopId, [...new Set(shopIds)]),
        eq(discounts.status, 1),
        lte(discounts.startTime, now),
        gt(discounts.endTime, now),
      ),
    )
    .orderBy(asc(discounts.discountId));
  return withRules(q, rows);
}

/**
 * The discounts of one shop that have not ended (running or upcoming; status 1), with tiers and
 * products: what a read model keeps, narrowed to the running ones at use (pricing's isRunning).
 */
export async function liveDiscounts(q: Q, shopId: number, now: Date): Promise<DiscountRuleSet[]> {
  const rows = await q
    .select()
    .from(discounts)
    .where(and(eq(discounts.shopId, shopId), eq(discounts.status, 1), gt(discounts.endTime, now)))
    .orderBy(asc(discounts.discountId));
  return withRules(q, rows);
}

export function discountDto(
  r: DiscountRow,
  rules: DiscountRuleSet,
  shopName: string,
  locale: Locale,
  now: Date,
): DiscountDto {
  return {
    discountId: r.discountId,
    discountName: pickText(r.discountName, locale),
    shopId: r.shopId,
    shopName,
    discountRule: rules.rule,
    discountType: rules.type,
    maxReduceAmount: r.maxReduceAmount === null ? null : formatPrice(r.maxReduceAmount),
    suitableProdType: r.suitableProdType === 1 ? 1 : 0,
    // Only pictures the rule takes (a row stored before it, or by hand, shows none).
    pcPic: isOfferPicture(r.pcPic) ? r.pcPic : "",
    pcBackgroundPic: isOfferPicture(r.pcBackgroundPic) ? r.pcBackgroundPic : "",
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    activityStatus: activityStatus(r, now),
    discountItems: rules.tiers.map((t) => ({
      needAmount: rules.rule === 1 || rules.rule === 3 ? String(Number(t.need)) : formatPrice(t.need),
      discount: rules.rule === 2 || rules.rule === 3 ? String(Number(t.value)) : formatPrice(t.value),
    })),
  };
}

const listable = (now: Date) =>
  and(eq(discounts.status, 1), gt(discounts.endTime, now), eq(shops.shopStatus, ShopStatus.OPEN));

/** GET /marking/discount/getDiscountList: running and upcoming discounts, running first, soonest ending first. */
export async function discountList(db: Db, locale: Locale, page: { current: number; size?: number }, now: Date) {
  const size = Math.min(page.size ?? DISCOUNT_PAGE_SIZE, 50);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(discounts)
    .innerJoin(shops, eq(shops.shopId, discounts.shopId))
    .where(listable(now));
  const rows = await db
    .select({ d: discounts, shopName: shops.shopName })
    .from(discounts)
    .innerJoin(shops, eq(shops.shopId, discounts.shopId))
    .where(listable(now))
    .orderBy(
      sql`case when ${discounts.startTime} <= ${now.toISOString()}::timestamptz then 0 else 1 end`,
      asc(discounts.endTime),
      asc(discounts.discountId),
    )
    .limit(size)
    .offset((page.current - 1) * size);
  const rules = await withRules(
    db,
    rows.map((r) => r.d),
  );
  const records = rows.map((r, i) => discountDto(r.d, rules[i]!, pickText(r.shopName, locale), locale, now));
  return pageOf(records, n, { current: page.current, size });
}

/** GET /marking/discount/getDiscountByDiscountId/{id}: a discount (any status; stopped or ended ones say so). */
export async function discountDetail(db: Db, locale: Locale, discountId: number, now: Date): Promise<DiscountDto> {
  const [row] = await db
    .select({ d: discounts, shopName: shops.shopName, shopStatus: shops.shopStatus })
    .from(discounts)
    .innerJoin(shops, eq(shops.shopId, discounts.shopId))
    .where(eq(discounts.discountId, discountId))
    .limit(1);
  if (!row || row.shopStatus !== ShopStatus.OPEN) throw new DiscountError("discount.notFound");
  const [rules] = await withRules(db, [row.d]);
  return discountDto(row.d, rules!, pickText(row.shopName, locale), locale, now);
}

/**
 * GET /marking/discount/prodList: the discount's products on sale, newest first, each with the
 * price of its cheapest on-sale SKU and its activity price: what one piece costs in this
 * activity, priced by the engine alone (so a tier reachable with one piece shows; others show the price).
 */
export async function discountProdList(
  db: Db,
  locale: Locale,
  discountId: number,
  page: { current: number; size?: number },
  now: Date,
) {
  const [row] = await db.select().from(discounts).where(eq(discounts.discountId, discountId)).limit(1);
  if (!row) throw new DiscountError("discount.notFound");
  const [rules] = await withRules(db, [row]);
  const size = Math.min(page.size ?? DISCOUNT_PROD_PAGE_SIZE, 50);
  const where = and(
    eq(products.shopId, row.shopId),
    eq(products.status, 1),
    eq(products.prodType, 0),
    rules!.prodIds === null
      ? undefined
      : rules!.prodIds.length
        ? inArray(products.prodId, [...rules!.prodIds])
        : sql`false`,
  );
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(products).where(where);
  const rows = await db
    .select({
      prodId: products.prodId,
      pic: products.pic,
      price: products.price,
      soldNum: products.soldNum,
      totalStocks: products.totalStocks,
    })
    .from(products)
    .where(where)
    .orderBy(desc(products.putawayTime), desc(products.prodId))
    .limit(size)
    .offset((page.current - 1) * size);
  const texts = await loadProductTexts(
    db,
    locale,
    rows.map((r) => r.prodId),
  );
  const live = activityStatus(row, now) === ActivityStatus.RUNNING;
  const records: DiscountProdDto[] = rows.map((r) => ({
    prodId: r.prodId,
    prodName: texts.get(r.prodId)?.prodName ?? "",
    brief: texts.get(r.prodId)?.brief ?? "",
    pic: r.pic,
    price: formatPrice(r.price),
    soldNum: r.soldNum,
    totalStocks: r.totalStocks,
    activityPrice: onePieceActivityPrice(
      rules!,
      { prodId: r.prodId, shopId: row.shopId, price: r.price },
      live ? now : rules!.startTime,
    ),
  }));
  return pageOf(records, n, { current: page.current, size });
}

/** What one piece of a product costs under a discount (the engine on one line of count 1). */
export function onePieceActivityPrice(
  rules: DiscountRuleSet,
  p: { prodId: number; shopId: number; price: string },
  at: Date,
): string {
  const r = priceLines({
    lines: [
      { key: 1, prodId: p.prodId, skuId: 0, shopId: p.shopId, price: p.price, count: 1, discountId: rules.discountId },
    ],
    shops: [{ shopId: p.shopId, shopType: 0, freight: null }],
    buyer: { points: 0, memberFreeShipping: false },
    discounts: [rules],
    now: at,
  });
  return r.goodsAfterCoupons;
}

/** A running or upcoming discount of a shop with the products it covers (null: all of the shop's). */
export interface DiscountOffer {
  dto: DiscountDto;
  prodIds: readonly number[] | null;
}

/**
 * The running and upcoming discounts of a shop, each with the products it covers: the same for
 * every product of the shop, so the read models keep one list per shop; discountsCovering picks a
 * product's.
 */
export async function discountOffersOfShop(
  db: Db,
  locale: Locale,
  shopId: number,
  now: Date,
): Promise<DiscountOffer[]> {
  const rows = await db
    .select({ d: discounts, shopName: shops.shopName })
    .from(discounts)
    .innerJoin(shops, eq(shops.shopId, discounts.shopId))
    .where(and(eq(discounts.shopId, shopId), listable(now)))
    .orderBy(asc(discounts.startTime), asc(discounts.discountId));
  const rules = await withRules(
    db,
    rows.map((r) => r.d),
  );
  return rows.map((r, i) => ({
    dto: discountDto(r.d, rules[i]!, pickText(r.shopName, locale), locale, now),
    prodIds: rules[i]!.prodIds,
  }));
}

/** The offers that cover one product. */
export function discountsCovering(offers: readonly DiscountOffer[], prodId: number): DiscountDto[] {
  return offers.filter((o) => o.prodIds === null || o.prodIds.includes(prodId)).map((o) => o.dto);
}

/** GET /marking/discount/getDiscountByProdId: the running and upcoming discounts covering a product. */
export async function discountsForProduct(db: Db, locale: Locale, prodId: number, now: Date): Promise<DiscountDto[]> {
  const [prod] = await db
    .select({ shopId: products.shopId })
    .from(products)
    .where(eq(products.prodId, prodId))
    .limit(1);
  if (!prod) return [];
  return discountsCovering(await discountOffersOfShop(db, locale, prod.shopId, now), prodId);
}

/** The cart / checkout view of a discount group (CONTRACT §4.1 chooseDiscountItemDto); null for lines in no discount. */
export function chooseDiscountDto(
  g: Pick<PricedGroup, "discount" | "tierIndex" | "reduce" | "hint">,
  locale: Locale,
): ChooseDiscountDto | null {
  const d = g.discount;
  if (!d) return null;
  const tiers = [...d.tiers].sort((a, b) => Number(a.need) - Number(b.need));
  const tier = g.tierIndex >= 0 ? tiers[g.tierIndex] : undefined;
  const count = d.rule === 1 || d.rule === 3;
  return {
    discountId: d.discountId,
    discountName: pickText(d.name, locale),
    discountRule: d.rule,
    discountType: d.type,
    needAmount: tier ? (count ? String(Number(tier.need)) : formatPrice(tier.need)) : null,
    reduceAmount: g.reduce,
    discount: tier && (d.rule === 2 || d.rule === 3) ? String(Number(tier.value)) : null,
    hint: g.hint,
    endTime: d.endTime.toISOString(),
  };
}
