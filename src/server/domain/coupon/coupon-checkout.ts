/**
 * Coupons at checkout (docs/coupon.md): the buyer's coupons that can serve the shops bought from,
 * their names, marking them used with the orders, giving them back when an order closes, and why an
 * asked coupon is not held.
 */
import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { MyCouponStatus, type CouponTypeValue, type SuitableProdTypeValue } from "../../../lib/coupon/coupon-types.ts";
import type { Tx } from "../../db/client.ts";
import { couponProds, couponUsers, coupons, orders } from "../../db/schema/index.ts";
import type { HeldCoupon } from "../pricing/pricing-shapes.ts";
import { type Q, CouponError, myStatus } from "./coupon.ts";

/**
 * The user's not-used, not-expired coupons of these shops and the platform, as the engine takes
 * them (locked FOR UPDATE in a transaction).
 */
export async function heldCoupons(q: Q, userId: string, shopIds: readonly number[], now: Date): Promise<HeldCoupon[]> {
  const rows = await q
    .select({ h: couponUsers, c: coupons })
    .from(couponUsers)
    .innerJoin(coupons, eq(coupons.couponId, couponUsers.couponId))
    .where(
      and(
        eq(couponUsers.userId, userId),
        eq(couponUsers.deleted, 0),
        eq(couponUsers.status, 1),
        gt(couponUsers.validEnd, now),
        inArray(couponUsers.shopId, [0, ...new Set(shopIds)]),
      ),
    )
    .orderBy(asc(couponUsers.couponUserId));
  const scoped = rows.filter((r) => r.c.suitableProdType !== 0).map((r) => r.c.couponId);
  const links = scoped.length
    ? await q
        .select()
        .from(couponProds)
        .where(inArray(couponProds.couponId, [...new Set(scoped)]))
    : [];
  return rows.map(({ h, c }) => ({
    couponUserId: h.couponUserId,
    couponId: c.couponId,
    shopId: c.shopId,
    couponType: c.couponType as CouponTypeValue,
    cashCondition: c.cashCondition,
    reduceAmount: c.reduceAmount,
    couponDiscount: c.couponDiscount,
    suitableProdType: c.suitableProdType as SuitableProdTypeValue,
    prodIds: links.filter((l) => l.couponId === c.couponId).map((l) => l.prodId),
    validStart: h.validStart,
    validEnd: h.validEnd,
    used: false,
  }));
}

/** Names of held coupons for the checkout (per locale). */
export async function couponNames(q: Q, couponIds: readonly number[], locale: Locale): Promise<Map<number, string>> {
  if (couponIds.length === 0) return new Map();
  const rows = await q
    .select({ id: coupons.couponId, name: coupons.couponName })
    .from(coupons)
    .where(inArray(coupons.couponId, [...new Set(couponIds)]));
  return new Map(rows.map((r) => [r.id, pickText(r.name, locale)]));
}

/**
 * Marks coupons used by orders, in the orders' transaction: status 1 → 2 only if still 1 and the
 * user's, else coupon.reason.used (the transaction then rolls back).
 */
export async function useCoupons(
  tx: Tx,
  userId: string,
  uses: readonly { couponUserId: number; orderNumbers: string[] }[],
  now: Date,
): Promise<void> {
  for (const u of [...uses].sort((a, b) => a.couponUserId - b.couponUserId)) {
    const done = await tx
      .update(couponUsers)
      .set({ status: 2, useTime: now, orderNumbers: u.orderNumbers.join(",") })
      .where(
        and(
          eq(couponUsers.couponUserId, u.couponUserId),
          eq(couponUsers.userId, userId),
          eq(couponUsers.status, 1),
          gt(couponUsers.validEnd, now),
        ),
      )
      .returning({ id: couponUsers.couponUserId });
    if (done.length === 0) throw new CouponError("coupon.reason.used");
  }
}

/**
 * Gives back the coupons used on an order that just closed unpaid: a coupon comes back (not used
 * again) when every order it was used on is closed. An expired one comes back as expired.
 */
export async function giveBackCoupons(tx: Tx, orderNumber: string): Promise<void> {
  const used = await tx
    .select()
    .from(couponUsers)
    .where(
      and(eq(couponUsers.status, 2), sql`(',' || ${couponUsers.orderNumbers} || ',') like ${`%,${orderNumber},%`}`),
    );
  for (const h of used) {
    const numbers = (h.orderNumbers ?? "").split(",").filter(Boolean);
    const open = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(inArray(orders.orderNumber, numbers), sql`${orders.status} <> 6`));
    if (Number(open[0]?.n ?? 0) > 0) continue;
    await tx
      .update(couponUsers)
      .set({ status: 1, useTime: null, orderNumbers: null })
      .where(and(eq(couponUsers.couponUserId, h.couponUserId), eq(couponUsers.status, 2)));
  }
}

/**
 * Why coupons a buyer picked are not among their usable ones: one of theirs that is used or
 * expired says so; anything else is not theirs.
 */
export async function whyNotHeld(q: Q, userId: string, ids: readonly number[], now: Date): Promise<string> {
  if (ids.length === 0) return "coupon.notYours";
  const rows = await q
    .select()
    .from(couponUsers)
    .where(
      and(eq(couponUsers.userId, userId), inArray(couponUsers.couponUserId, [...ids]), eq(couponUsers.deleted, 0)),
    );
  if (rows.some((r) => r.status === 2)) return "coupon.reason.used";
  if (rows.some((r) => myStatus(r, now) === MyCouponStatus.EXPIRED)) return "coupon.reason.expired";
  return "coupon.notYours";
}
