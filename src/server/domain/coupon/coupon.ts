/**
 * Coupons (CONTRACT §6.4): the coupon centre, claiming, my coupons, the coupons a checkout may
 * use, and marking them used / giving them back. Rules (docs/pricing.md "Coupons"):
 *
 * - Claimable while status is 1, launchTime ≤ now < overTime, stocks > 0, the shop is open (or
 *   it is a platform coupon, shopId 0), a fixed-validity coupon has not already expired, and the
 *   user holds fewer than limitNum of it (deleted ones count: deleting does not give a claim back).
 * - A claim is one transaction that locks the coupon row first, so concurrent claims queue on it:
 *   stock never goes below zero and the per-user limit holds.
 * - A held coupon is usable from validStart to validEnd (fixed range, or validDays days starting
 *   afterReceiveDays days after the claim). Not used + validEnd passed = expired (computed).
 * - Used: a conditional update (status 1 → 2) in the order's transaction, so two submits can never
 *   both use it. Given back (status 1) when every order it was used on closes unpaid.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import { pickText, type Locale } from "../../../lib/locale.ts";
import {
  COUPON_PAGE_SIZE,
  MY_COUPON_PAGE_SIZE,
  MyCouponStatus,
  ValidTimeType,
  type CouponDto,
  type CouponTypeValue,
  type MyCouponCountDto,
  type MyCouponDto,
  type MyCouponStatusValue,
  type SuitableProdTypeValue,
  type ValidTimeTypeValue,
} from "../../../lib/coupon/coupon-types.ts";
import { formatPrice } from "../../../lib/money.ts";
import type { Db, Tx } from "../../db/client.ts";
import { couponProds, couponUsers, coupons, products, shops } from "../../db/schema/index.ts";
import { loadProductTexts } from "../catalog/product-cards.ts";
import { couponCovers } from "../pricing/pricing-steps.ts";
import type { CouponChoice, HeldCoupon } from "../pricing/pricing-shapes.ts";
import { ShopStatus } from "../shop/shop.ts";
import { memberEquity } from "../member/member-equity.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { pageOf, readPage } from "../kernel/page.ts";

export type Q = Db | Tx;
type CouponRow = typeof coupons.$inferSelect;
const DAY_MS = 24 * 3600 * 1000;

/** A refusal; `key` is a full i18n key ("coupon.soldOut"…). */
export class CouponError extends DomainError {
  constructor(key: string, params: Record<string, unknown> = {}) {
    super(key, { params });
  }
}

// ------------------------------------------------------------------------------------------
// Pure rules
// ------------------------------------------------------------------------------------------

/** When a coupon claimed at `receiveTime` can be used. */
export function heldValidity(
  c: Pick<CouponRow, "validTimeType" | "startTime" | "endTime" | "afterReceiveDays" | "validDays">,
  receiveTime: Date,
): { validStart: Date; validEnd: Date } {
  if (c.validTimeType === ValidTimeType.FIXED)
    return { validStart: c.startTime ?? receiveTime, validEnd: c.endTime ?? receiveTime };
  const validStart = new Date(receiveTime.getTime() + c.afterReceiveDays * DAY_MS);
  return { validStart, validEnd: new Date(validStart.getTime() + c.validDays * DAY_MS) };
}

export type ClaimRefusal =
  | "coupon.stopped"
  | "coupon.notStarted"
  | "coupon.ended"
  | "coupon.expired"
  | "coupon.soldOut"
  | "coupon.limitReached"
  | "member.notMember";

/**
 * Why this user cannot claim the coupon now (null = can). `held` = how many of it the user has
 * claimed; `member` = the user is an active paid member (an exclusive coupon, memberOnly 1, needs it;
 * null = unknown, e.g. a visitor: not refused here, the claim decides).
 */
export function claimRefusal(
  c: Pick<CouponRow, "status" | "launchTime" | "overTime" | "validTimeType" | "endTime" | "stocks" | "limitNum"> & {
    memberOnly?: number;
  },
  held: number,
  now: Date,
  member: boolean | null = null,
): ClaimRefusal | null {
  if (c.status !== 1) return "coupon.stopped";
  if (now.getTime() < c.launchTime.getTime()) return "coupon.notStarted";
  if (now.getTime() >= c.overTime.getTime()) return "coupon.ended";
  if (c.validTimeType === ValidTimeType.FIXED && c.endTime && now.getTime() >= c.endTime.getTime())
    return "coupon.expired";
  if (c.stocks <= 0) return "coupon.soldOut";
  if (held >= c.limitNum) return "coupon.limitReached";
  if (c.memberOnly === 1 && member === false) return "member.notMember";
  return null;
}

/** The wallet status of a held coupon: used, expired (not used, validEnd passed) or not used. */
export function myStatus(h: { status: number; validEnd: Date }, now: Date): MyCouponStatusValue {
  if (h.status === 2) return MyCouponStatus.USED;
  return now.getTime() >= h.validEnd.getTime() ? MyCouponStatus.EXPIRED : MyCouponStatus.UNUSED;
}

/**
 * The engine's CouponChoice from the ids a buyer picked: every id must be one of `held`
 * (coupon.notYours); at most one per shop and one platform coupon (coupon.onePerShop). Shops
 * without a pick get none.
 */
export function choiceFromIds(
  held: readonly HeldCoupon[],
  ids: readonly number[],
  shopIds: readonly number[],
): CouponChoice {
  const shopsChoice: Record<number, number> = Object.fromEntries(shopIds.map((id) => [id, 0]));
  let platform = 0;
  for (const id of new Set(ids)) {
    const h = held.find((x) => x.couponUserId === id);
    if (!h) throw new CouponError("coupon.notYours");
    if (h.shopId === 0) {
      if (platform) throw new CouponError("coupon.onePerShop");
      platform = id;
    } else {
      if (!(h.shopId in shopsChoice)) throw new CouponError("coupon.reason.outOfScope");
      if (shopsChoice[h.shopId]) throw new CouponError("coupon.onePerShop");
      shopsChoice[h.shopId] = id;
    }
  }
  return { shops: shopsChoice, platform };
}

// ------------------------------------------------------------------------------------------
// DTOs
// ------------------------------------------------------------------------------------------

export function couponBaseDto(r: CouponRow, shopName: string, locale: Locale) {
  return {
    couponId: r.couponId,
    shopId: r.shopId,
    shopName,
    couponName: pickText(r.couponName, locale),
    couponType: r.couponType as CouponTypeValue,
    cashCondition: formatPrice(r.cashCondition),
    reduceAmount: r.reduceAmount === null ? null : formatPrice(r.reduceAmount),
    couponDiscount: r.couponDiscount === null ? null : String(Number(r.couponDiscount)),
    suitableProdType: r.suitableProdType as SuitableProdTypeValue,
    validTimeType: r.validTimeType as ValidTimeTypeValue,
    startTime: r.startTime?.toISOString() ?? null,
    endTime: r.endTime?.toISOString() ?? null,
    afterReceiveDays: r.afterReceiveDays,
    validDays: r.validDays,
    launchTime: r.launchTime.toISOString(),
    overTime: r.overTime.toISOString(),
    limitNum: r.limitNum,
    stocks: Math.max(0, r.stocks),
    sourceStock: r.sourceStock,
    status: r.status,
    /** 1 = an exclusive coupon of paid members. */
    memberOnly: r.memberOnly,
  };
}

async function shopNames(
  q: Q,
  rows: readonly CouponRow[],
  locale: Locale,
  platformName: string,
): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.shopId).filter((id) => id > 0))];
  const out = new Map<number, string>([[0, platformName]]);
  if (ids.length === 0) return out;
  for (const s of await q
    .select({ shopId: shops.shopId, shopName: shops.shopName })
    .from(shops)
    .where(inArray(shops.shopId, ids)))
    out.set(s.shopId, pickText(s.shopName, locale));
  return out;
}

async function claimedCounts(q: Q, userId: string | null, couponIds: readonly number[]): Promise<Map<number, number>> {
  if (!userId || couponIds.length === 0) return new Map();
  const rows = await q
    .select({ couponId: couponUsers.couponId, n: count() })
    .from(couponUsers)
    .where(and(eq(couponUsers.userId, userId), inArray(couponUsers.couponId, [...couponIds])))
    .groupBy(couponUsers.couponId);
  return new Map(rows.map((r) => [r.couponId, Number(r.n)]));
}

/** Up to 3 products a selected-products coupon applies to. */
async function previewProds(
  q: Db,
  rows: readonly CouponRow[],
  locale: Locale,
): Promise<Map<number, CouponDto["prods"]>> {
  const ids = rows.filter((r) => r.suitableProdType === 1).map((r) => r.couponId);
  const out = new Map<number, CouponDto["prods"]>();
  if (ids.length === 0) return out;
  const links = await q
    .select({ couponId: couponProds.couponId, prodId: products.prodId, pic: products.pic, price: products.price })
    .from(couponProds)
    .innerJoin(products, and(eq(products.prodId, couponProds.prodId), eq(products.status, 1)))
    .where(inArray(couponProds.couponId, ids))
    .orderBy(asc(couponProds.prodId));
  const texts = await loadProductTexts(q, locale, [...new Set(links.map((l) => l.prodId))]);
  for (const l of links) {
    const list = out.get(l.couponId) ?? out.set(l.couponId, []).get(l.couponId)!;
    if (list.length < 3)
      list.push({
        prodId: l.prodId,
        prodName: texts.get(l.prodId)?.prodName ?? "",
        pic: l.pic,
        price: formatPrice(l.price),
      });
  }
  return out;
}

async function toCouponDtos(
  db: Db,
  rows: readonly CouponRow[],
  locale: Locale,
  userId: string | null,
  platformName: string,
  now: Date,
): Promise<CouponDto[]> {
  const [names, counts, prods] = await Promise.all([
    shopNames(db, rows, locale, platformName),
    claimedCounts(
      db,
      userId,
      rows.map((r) => r.couponId),
    ),
    previewProds(db, rows, locale),
  ]);
  return rows.map((r) => {
    const held = counts.get(r.couponId) ?? 0;
    return {
      ...couponBaseDto(r, names.get(r.shopId) ?? "", locale),
      curUserReceiveCount: held,
      canReceive: claimRefusal(r, held, now) === null,
      prods: prods.get(r.couponId) ?? [],
    };
  });
}

// ------------------------------------------------------------------------------------------
// Coupon centre, product page, shop page
// ------------------------------------------------------------------------------------------

/** Coupons shown to claim: on, launched, not over, not already expired, in an open shop (or platform). */
function shown(now: Date) {
  return and(
    eq(coupons.status, 1),
    lte(coupons.launchTime, now),
    gt(coupons.overTime, now),
    or(eq(coupons.validTimeType, ValidTimeType.AFTER_CLAIM), gt(coupons.endTime, now)),
    or(
      eq(coupons.shopId, 0),
      inArray(
        coupons.shopId,
        sql`(select ${shops.shopId} from ${shops} where ${shops.shopStatus} = ${ShopStatus.OPEN})`,
      ),
    ),
  );
}

/**
 * GET /coupon/generalCouponList (kind "platform") and /coupon/getCouponPage (kind "shop"):
 * coupons to claim, newest first; sold-out ones stay listed (shown as sold out).
 */
export async function couponCentre(
  db: Db,
  locale: Locale,
  userId: string | null,
  kind: "platform" | "shop",
  page: { current: number; size?: number },
  now: Date,
  platformName: string,
) {
  const size = Math.min(page.size ?? COUPON_PAGE_SIZE, 50);
  const where = and(shown(now), kind === "platform" ? eq(coupons.shopId, 0) : gt(coupons.shopId, 0));
  const at = { current: page.current, size };
  const { rows, total } = await readPage(db, coupons, where, [desc(coupons.couponId)], at);
  return pageOf(await toCouponDtos(db, rows, locale, userId, platformName, now), total, at);
}

/** A claimable coupon with what it covers (couponCovers), before a product is chosen. */
export interface CouponOffer {
  dto: CouponDto;
  cover: { shopId: number; suitableProdType: SuitableProdTypeValue; prodIds: number[] };
}

/**
 * The claimable coupons that can apply to a product of `shopId`: the platform's and the shop's
 * (the 50 newest, shop first), each with the products it names. The same for every product of the
 * shop, so the read models keep one list per shop; couponsCovering picks a product's. With
 * `forProdId` only that product's links are read (one product's answer, not a list to keep).
 */
export async function couponOffersOfShop(
  db: Db,
  locale: Locale,
  userId: string | null,
  shopId: number,
  now: Date,
  platformName: string,
  forProdId?: number,
): Promise<CouponOffer[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(shown(now), or(eq(coupons.shopId, 0), eq(coupons.shopId, shopId))))
    .orderBy(desc(coupons.shopId), desc(coupons.couponId))
    .limit(50);
  const named = rows.filter((r) => r.suitableProdType !== 0).map((r) => r.couponId);
  const [links, dtos] = await Promise.all([
    named.length
      ? db
          .select({ couponId: couponProds.couponId, prodId: couponProds.prodId })
          .from(couponProds)
          .where(
            and(
              inArray(couponProds.couponId, named),
              forProdId === undefined ? undefined : eq(couponProds.prodId, forProdId),
            ),
          )
      : Promise.resolve([]),
    toCouponDtos(db, rows, locale, userId, platformName, now),
  ]);
  return rows.map((r, i) => ({
    dto: dtos[i]!,
    cover: {
      shopId: r.shopId,
      suitableProdType: r.suitableProdType as SuitableProdTypeValue,
      prodIds: links.filter((l) => l.couponId === r.couponId).map((l) => l.prodId),
    },
  }));
}

/** The offers that apply to one product of the shop. */
export function couponsCovering(offers: readonly CouponOffer[], shopId: number, prodId: number): CouponDto[] {
  return offers.filter((o) => couponCovers(o.cover, { shopId, prodId })).map((o) => o.dto);
}

/** GET /coupon/listByProdId: the shop's and the platform's claimable coupons that apply to a product. */
export async function couponsForProduct(
  db: Db,
  locale: Locale,
  userId: string | null,
  prodId: number,
  now: Date,
  platformName: string,
): Promise<CouponDto[]> {
  const [prod] = await db
    .select({ shopId: products.shopId })
    .from(products)
    .where(eq(products.prodId, prodId))
    .limit(1);
  if (!prod) return [];
  const offers = await couponOffersOfShop(db, locale, userId, prod.shopId, now, platformName, prodId);
  return couponsCovering(offers, prod.shopId, prodId);
}

/** The claimable coupons of one shop (decorated shop page's discount_coupon block). */
export async function couponsOfShop(
  db: Db,
  locale: Locale,
  shopId: number,
  now: Date,
  limit = 12,
): Promise<CouponDto[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(shown(now), eq(coupons.shopId, shopId)))
    .orderBy(desc(coupons.couponId))
    .limit(limit);
  return toCouponDtos(db, rows, locale, null, "", now);
}

// ------------------------------------------------------------------------------------------
// Claim
// ------------------------------------------------------------------------------------------

/** POST /p/myCoupon/receive: claims one. Answers the new held coupon's id. Throws CouponError. */
export async function claimCoupon(db: Db, userId: string, couponId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // The coupon (locked) with its shop's status in one statement. The user's count is read
    // after the lock is held, in its own statement: a subquery of the locking statement would
    // see the snapshot from before the wait (PostgreSQL READ COMMITTED) and let the limit slip.
    const [locked] = await tx
      .select({ c: coupons, shopStatus: shops.shopStatus })
      .from(coupons)
      .leftJoin(shops, eq(shops.shopId, coupons.shopId))
      .where(eq(coupons.couponId, couponId))
      .for("update", { of: coupons })
      .limit(1);
    if (!locked) throw new CouponError("coupon.notFound");
    const c = locked.c;
    if (c.shopId !== 0 && locked.shopStatus !== ShopStatus.OPEN) throw new CouponError("coupon.notFound");
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(couponUsers)
      .where(and(eq(couponUsers.couponId, couponId), eq(couponUsers.userId, userId)));
    const member = c.memberOnly === 1 ? (await memberEquity(tx, userId, now)) !== null : null;
    const refusal = claimRefusal(c, Number(n), now, member);
    if (refusal) throw new CouponError(refusal, { n: c.limitNum });
    const taken = await tx
      .update(coupons)
      .set({ stocks: sql`${coupons.stocks} - 1` })
      .where(and(eq(coupons.couponId, couponId), gt(coupons.stocks, 0)))
      .returning({ stocks: coupons.stocks });
    if (taken.length === 0) throw new CouponError("coupon.soldOut");
    const v = heldValidity(c, now);
    const [row] = await tx
      .insert(couponUsers)
      .values({
        couponId,
        userId,
        shopId: c.shopId,
        status: 1,
        validStart: v.validStart,
        validEnd: v.validEnd,
        receiveTime: now,
      })
      .returning({ id: couponUsers.couponUserId });
    return row!.id;
  });
}

/** GET /p/myCoupon/listCouponIds: ids of the coupons the user has claimed (to show "claimed"). */
export async function claimedCouponIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: couponUsers.couponId })
    .from(couponUsers)
    .where(eq(couponUsers.userId, userId))
    .orderBy(asc(couponUsers.couponId));
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------------------------------
// My coupons
// ------------------------------------------------------------------------------------------

function statusWhere(status: MyCouponStatusValue, now: Date) {
  if (status === MyCouponStatus.USED) return eq(couponUsers.status, 2);
  if (status === MyCouponStatus.EXPIRED) return and(eq(couponUsers.status, 1), lte(couponUsers.validEnd, now));
  return and(eq(couponUsers.status, 1), gt(couponUsers.validEnd, now));
}

/** GET /p/myCoupon/getCouponList?status=: the user's coupons of one status (not deleted), newest first. */
export async function myCoupons(
  db: Db,
  userId: string,
  locale: Locale,
  status: MyCouponStatusValue,
  page: { current: number; size?: number },
  now: Date,
  platformName: string,
) {
  const size = Math.min(page.size ?? MY_COUPON_PAGE_SIZE, 50);
  const where = and(eq(couponUsers.userId, userId), eq(couponUsers.deleted, 0), statusWhere(status, now));
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(couponUsers).where(where);
  const rows = await db
    .select({ h: couponUsers, c: coupons })
    .from(couponUsers)
    .innerJoin(coupons, eq(coupons.couponId, couponUsers.couponId))
    .where(where)
    .orderBy(
      status === MyCouponStatus.UNUSED ? asc(couponUsers.validEnd) : desc(couponUsers.receiveTime),
      desc(couponUsers.couponUserId),
    )
    .limit(size)
    .offset((page.current - 1) * size);
  const names = await shopNames(
    db,
    rows.map((r) => r.c),
    locale,
    platformName,
  );
  const records: MyCouponDto[] = rows.map(({ h, c }) => ({
    ...couponBaseDto(c, names.get(c.shopId) ?? "", locale),
    couponUserId: h.couponUserId,
    userCouponStatus: myStatus(h, now),
    receiveTime: h.receiveTime.toISOString(),
    validStart: h.validStart.toISOString(),
    validEnd: h.validEnd.toISOString(),
    useTime: h.useTime?.toISOString() ?? null,
    orderNumbers: h.orderNumbers,
  }));
  return pageOf(records, n, { current: page.current, size });
}

/** GET /p/myCoupon/getMyCouponsStatusCount. */
export async function myCouponCounts(db: Db, userId: string, now: Date): Promise<MyCouponCountDto> {
  const [r] = await db
    .select({
      unUse: sql<number>`count(*) filter (where ${couponUsers.status} = 1 and ${couponUsers.validEnd} > ${now.toISOString()}::timestamptz)`,
      used: sql<number>`count(*) filter (where ${couponUsers.status} = 2)`,
      expired: sql<number>`count(*) filter (where ${couponUsers.status} = 1 and ${couponUsers.validEnd} <= ${now.toISOString()}::timestamptz)`,
    })
    .from(couponUsers)
    .where(and(eq(couponUsers.userId, userId), eq(couponUsers.deleted, 0)));
  return { unUseCount: Number(r?.unUse ?? 0), useCount: Number(r?.used ?? 0), expiredCount: Number(r?.expired ?? 0) };
}

/** DELETE /p/myCoupon/deleteCoupon/{couponUserId}: only a used or expired one of the user's. */
export async function deleteMyCoupon(db: Db, userId: string, couponUserId: number, now: Date): Promise<void> {
  const [h] = await db
    .select()
    .from(couponUsers)
    .where(and(eq(couponUsers.couponUserId, couponUserId), eq(couponUsers.userId, userId), eq(couponUsers.deleted, 0)))
    .limit(1);
  if (!h) throw new CouponError("coupon.notFound");
  if (myStatus(h, now) === MyCouponStatus.UNUSED) throw new CouponError("coupon.deleteUnused");
  await db.update(couponUsers).set({ deleted: 1 }).where(eq(couponUsers.couponUserId, couponUserId));
}
