/**
 * Managing coupons (docs/merchant-api.md "Coupons and discounts"): a shop creates, lists and stops
 * its coupons through the merchant API, the platform its own (shopId 0) through the platform API.
 * The form is checked by the shared rule (src/lib/coupon/coupon-rules.ts) before it gets here.
 *
 * - Create is one transaction: the products a selected / excluded coupon names must all exist
 *   and be the shop's own (any shop's for a platform coupon), then the coupon and its product
 *   links are written. stocks = sourceStock = the number issued.
 * - Stop ends claiming at once (status 0); coupons already claimed stay usable until their
 *   validity ends. Only a coupon of the caller's shop that is on and not over can be stopped;
 *   another shop's coupon is answered like an unknown one.
 * - The coupon tables' triggers record a content change: cached pages showing coupons are
 *   dropped (docs/performance.md "Finer invalidation").
 */
import { and, count, desc, eq, gt, inArray, lte, or, type SQL } from "drizzle-orm";
import type { Locale } from "../../../lib/locale.ts";
import { MANAGED_STATE } from "../../../lib/merchant/merchant-fields.ts";
import type { CouponForm } from "../../../lib/coupon/coupon-rules.ts";
import { ValidTimeType, type CouponDto } from "../../../lib/coupon/coupon-types.ts";
import type { Db, Tx } from "../../db/client.ts";
import { couponProds, coupons, products } from "../../db/schema/index.ts";
import { couponBaseDto, CouponError } from "./coupon.ts";
import { pageOf, readPage } from "../kernel/page.ts";

type CouponRow = typeof coupons.$inferSelect;

/** Where a coupon is in its life, for its shop: upcoming, claiming, ended (claiming over or validity passed), stopped. */
export type ManagedState = "upcoming" | "claiming" | "ended" | "stopped";

export function managedCouponState(
  c: Pick<CouponRow, "status" | "launchTime" | "overTime" | "validTimeType" | "endTime">,
  now: Date,
): ManagedState {
  if (c.status !== 1) return "stopped";
  const t = now.getTime();
  if (t >= c.overTime.getTime() || (c.validTimeType === ValidTimeType.FIXED && c.endTime && t >= c.endTime.getTime()))
    return "ended";
  return t < c.launchTime.getTime() ? "upcoming" : "claiming";
}

/** A coupon as its shop (or the platform) sees it. */
export interface ManagedCouponDto extends Omit<CouponDto, "curUserReceiveCount" | "canReceive" | "prods" | "shopName"> {
  state: ManagedState;
  /** How many have been claimed (sourceStock − stocks). */
  claimed: number;
  /** The selected (or excluded) products. */
  prodIds: number[];
  createTime: string;
}

/**
 * Throws `merchant.marketing.notOwnProducts` unless every id is an existing product of the shop
 * (shopId 0: of any shop).
 */
export async function checkOwnProducts(q: Db | Tx, shopId: number, prodIds: readonly number[]): Promise<void> {
  if (prodIds.length === 0) return;
  const where = and(inArray(products.prodId, [...prodIds]), shopId === 0 ? undefined : eq(products.shopId, shopId));
  const [{ n } = { n: 0 }] = await q.select({ n: count() }).from(products).where(where);
  if (Number(n) !== new Set(prodIds).size) throw new CouponError("merchant.marketing.notOwnProducts");
}

/** POST /merchant/coupons, /platform/coupons: answers the new coupon's id. */
export async function createCoupon(db: Db, shopId: number, form: CouponForm): Promise<number> {
  return db.transaction(async (tx) => {
    await checkOwnProducts(tx, shopId, form.prodIds);
    const { prodIds, ...fields } = form;
    const [row] = await tx
      .insert(coupons)
      .values({ ...fields, shopId, sourceStock: form.stocks, status: 1 })
      .returning({ id: coupons.couponId });
    const couponId = row!.id;
    if (prodIds.length) await tx.insert(couponProds).values(prodIds.map((prodId) => ({ couponId, prodId })));
    return couponId;
  });
}

function stateWhere(state: number, now: Date): SQL | undefined {
  const over = or(
    eq(coupons.status, 0),
    lte(coupons.overTime, now),
    and(eq(coupons.validTimeType, ValidTimeType.FIXED), lte(coupons.endTime, now)),
  );
  if (state === MANAGED_STATE.OVER) return over;
  if (state === MANAGED_STATE.LIVE) {
    return and(
      eq(coupons.status, 1),
      gt(coupons.overTime, now),
      or(eq(coupons.validTimeType, ValidTimeType.AFTER_CLAIM), gt(coupons.endTime, now)),
    );
  }
  return undefined;
}

/** GET /merchant/coupons, /platform/coupons: the shop's coupons, newest first. */
export async function listManagedCoupons(
  db: Db,
  shopId: number,
  locale: Locale,
  q: { state: number; current: number; size: number },
  now: Date,
) {
  const where = and(eq(coupons.shopId, shopId), stateWhere(q.state, now));
  const { rows, total } = await readPage(db, coupons, where, [desc(coupons.couponId)], q);
  const links = rows.length
    ? await db
        .select()
        .from(couponProds)
        .where(
          inArray(
            couponProds.couponId,
            rows.map((r) => r.couponId),
          ),
        )
    : [];
  const records: ManagedCouponDto[] = rows.map((r) => {
    const { shopName: _shopName, ...base } = couponBaseDto(r, "", locale);
    return {
      ...base,
      state: managedCouponState(r, now),
      claimed: Math.max(0, r.sourceStock - Math.max(0, r.stocks)),
      prodIds: links
        .filter((l) => l.couponId === r.couponId)
        .map((l) => l.prodId)
        .sort((a, b) => a - b),
      createTime: r.createdAt.toISOString(),
    };
  });
  return pageOf(records, total, q);
}

/** POST /merchant/coupons/{id}/stop, /platform/coupons/{id}/stop. */
export async function stopCoupon(db: Db, shopId: number, couponId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.couponId, couponId), eq(coupons.shopId, shopId)))
      .for("update")
      .limit(1);
    if (!c) throw new CouponError("merchant.marketing.couponNotFound");
    const state = managedCouponState(c, now);
    if (state === "stopped" || state === "ended") throw new CouponError("merchant.marketing.alreadyStopped");
    await tx.update(coupons).set({ status: 0, updatedAt: now }).where(eq(coupons.couponId, couponId));
  });
}
