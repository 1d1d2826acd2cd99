/**
 * Coupons (CONTRACT §6.4). Guest paths answer without "claimed" marks; the /p/ twins (login
 * required) fill curUserReceiveCount / canReceive for the buyer.
 *   GET    /coupon/generalCouponList?current&size, /p/myCoupon/generalCouponList   → Page<CouponDto> (platform coupons)
 *   GET    /coupon/getCouponPage?current&size,     /p/myCoupon/getCouponPage       → Page<CouponDto> (shops' coupons)
 *   GET    /coupon/listByProdId?prodId,            /p/myCoupon/listByProdId        → CouponDto[] (usable for the product)
 *   POST   /p/myCoupon/receive                body raw couponId or {couponId}       → couponUserId
 *   GET    /p/myCoupon/getCouponList?status=0|1|2&current&size                   → Page<MyCouponDto> (0 expired, 1 not used, 2 used)
 *   GET    /p/myCoupon/getMyCouponsStatusCount                                   → {unUseCount, useCount, expiredCount}
 *   GET    /p/myCoupon/listCouponIds                                             → couponId[] claimed
 *   DELETE /p/myCoupon/deleteCoupon/{couponUserId}                               → null (used or expired only)
 * Refusals: A00001 with a translated `coupon.*` message; nothing changes.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { intField, intFieldDefault, pageParams } from "../../lib/validation.ts";
import {
  claimCoupon, claimedCouponIds, CouponError, couponCentre, couponsForProduct, deleteMyCoupon, myCouponCounts, myCoupons,
} from "../domain/coupon/coupon.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parseWith } from "./address.ts";
import { readIdBody } from "./collection.ts";

const MAX_INT = 2_147_483_647;
const couponIdRule = z.object({ couponId: intField(1, MAX_INT) });
const prodIdRule = z.object({ prodId: intField(1, MAX_INT) });
const couponUserIdRule = z.object({ couponUserId: intField(1, MAX_INT) });
const myListRule = pageParams.extend({ status: intFieldDefault(0, 2, 1) });

async function run<T>(c: Context<ApiEnv>, f: () => Promise<T>) {
  try {
    return ok(c, await f());
  } catch (err) {
    if (err instanceof CouponError) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(err.key, err.params));
    throw err;
  }
}

const platformName = (c: Context<ApiEnv>) => c.var.t("coupon.platformName");
const userOf = (c: Context<ApiEnv>): string | null => (c.req.path.startsWith("/api/p/") ? c.var.userId : null);

export const couponRouter = new Hono<ApiEnv>();

for (const [kind, paths] of [["platform", ["/coupon/generalCouponList", "/p/myCoupon/generalCouponList"]], ["shop", ["/coupon/getCouponPage", "/p/myCoupon/getCouponPage"]]] as const) {
  for (const path of paths) {
    couponRouter.get(path, async (c) => {
      const q = parseWith(c, pageParams, c.req.query());
      return ok(c, await couponCentre(c.var.app.db, c.var.locale, userOf(c), kind, q, new Date(), platformName(c)));
    });
  }
}

for (const path of ["/coupon/listByProdId", "/p/myCoupon/listByProdId"]) {
  couponRouter.get(path, async (c) => {
    const { prodId } = parseWith(c, prodIdRule, c.req.query());
    return ok(c, await couponsForProduct(c.var.app.db, c.var.locale, userOf(c), prodId, new Date(), platformName(c)));
  });
}

couponRouter.post("/p/myCoupon/receive", async (c) => {
  const { couponId } = parseWith(c, couponIdRule, await readIdBody(c, "couponId"));
  return run(c, () => claimCoupon(c.var.app.db, c.var.userId, couponId, new Date()));
});

couponRouter.get("/p/myCoupon/getCouponList", async (c) => {
  const q = parseWith(c, myListRule, c.req.query());
  return ok(c, await myCoupons(c.var.app.db, c.var.userId, c.var.locale, q.status as 0 | 1 | 2, q, new Date(), platformName(c)));
});

couponRouter.get("/p/myCoupon/getMyCouponsStatusCount", async (c) => ok(c, await myCouponCounts(c.var.app.db, c.var.userId, new Date())));

couponRouter.get("/p/myCoupon/listCouponIds", async (c) => ok(c, await claimedCouponIds(c.var.app.db, c.var.userId)));

couponRouter.delete("/p/myCoupon/deleteCoupon/:couponUserId", async (c) => {
  const { couponUserId } = parseWith(c, couponUserIdRule, { couponUserId: c.req.param("couponUserId") });
  return run(c, async () => {
    await deleteMyCoupon(c.var.app.db, c.var.userId, couponUserId, new Date());
    return null;
  });
});
