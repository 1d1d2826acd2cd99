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
 *
 * Managing coupons (docs/merchant-api.md "Coupons and discounts"); forms are checked by the shared
 * rules of src/lib/coupon/coupon-rules.ts, another shop's coupon is answered like an unknown one:
 *   merchant (behind the merchant token; the token's shop):
 *     GET  /merchant/coupons?state=0|1|2&current&size → Page<ManagedCouponDto>
 *     POST /merchant/coupons {CouponForm}              → {couponId}
 *     POST /merchant/coupons/{couponId}/stop           → null
 *   platform (`Authorization: <PLATFORM_API_TOKEN>`; the platform's own coupons, shop 0):
 *     GET  /platform/coupons, POST /platform/coupons, POST /platform/coupons/{couponId}/stop
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { couponFormRule } from "../../lib/coupon/coupon-rules.ts";
import { managedListRule } from "../../lib/merchant/merchant-fields.ts";
import { intField, intFieldDefault, pageParams } from "../../lib/validation.ts";
import { createCoupon, listManagedCoupons, stopCoupon } from "../domain/coupon/coupon-admin.ts";
import {
  claimCoupon,
  claimedCouponIds,
  couponCentre,
  couponsForProduct,
  deleteMyCoupon,
  myCouponCounts,
  myCoupons,
} from "../domain/coupon/coupon.ts";
import type { ApiEnv, MerchantEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { parse, parseJson, parseParams, parseQuery, pathId, readIdBody, run } from "./kit.ts";
import { requirePlatform } from "./platform-auth.ts";
import { ID_MAX } from "../../lib/ids.ts";

const couponIdRule = z.object({ couponId: intField(1, ID_MAX) });
const prodIdRule = z.object({ prodId: intField(1, ID_MAX) });
const couponUserIdRule = z.object({ couponUserId: intField(1, ID_MAX) });
const myListRule = pageParams.extend({ status: intFieldDefault(0, 2, 1) });

const platformName = (c: Context<ApiEnv>) => c.var.t("coupon.platformName");
const userOf = (c: Context<ApiEnv>): string | null => (c.req.path.startsWith("/api/p/") ? c.var.userId : null);

export const couponRouter = new Hono<ApiEnv>();

for (const [kind, paths] of [
  ["platform", ["/coupon/generalCouponList", "/p/myCoupon/generalCouponList"]],
  ["shop", ["/coupon/getCouponPage", "/p/myCoupon/getCouponPage"]],
] as const) {
  for (const path of paths) {
    couponRouter.get(path, async (c) => {
      const q = parseQuery(c, pageParams);
      return ok(c, await couponCentre(c.var.app.db, c.var.locale, userOf(c), kind, q, new Date(), platformName(c)));
    });
  }
}

for (const path of ["/coupon/listByProdId", "/p/myCoupon/listByProdId"]) {
  couponRouter.get(path, async (c) => {
    const { prodId } = parseQuery(c, prodIdRule);
    return ok(c, await couponsForProduct(c.var.app.db, c.var.locale, userOf(c), prodId, new Date(), platformName(c)));
  });
}

couponRouter.post("/p/myCoupon/receive", async (c) => {
  const { couponId } = parse(c, couponIdRule, await readIdBody(c, "couponId"));
  return run(c, () => claimCoupon(c.var.app.db, c.var.userId, couponId, new Date()));
});

couponRouter.get("/p/myCoupon/getCouponList", async (c) => {
  const q = parseQuery(c, myListRule);
  return ok(
    c,
    await myCoupons(c.var.app.db, c.var.userId, c.var.locale, q.status as 0 | 1 | 2, q, new Date(), platformName(c)),
  );
});

couponRouter.get("/p/myCoupon/getMyCouponsStatusCount", async (c) =>
  ok(c, await myCouponCounts(c.var.app.db, c.var.userId, new Date())),
);

couponRouter.get("/p/myCoupon/listCouponIds", async (c) => ok(c, await claimedCouponIds(c.var.app.db, c.var.userId)));

couponRouter.delete("/p/myCoupon/deleteCoupon/:couponUserId", async (c) => {
  const { couponUserId } = parseParams(c, couponUserIdRule);
  return run(c, async () => {
    await deleteMyCoupon(c.var.app.db, c.var.userId, couponUserId, new Date());
    return null;
  });
});

// ---- managing coupons: a shop's own (merchant token), the platform's (platform token) ----------

/** The coupon management routes under `base` for one owner: the merchant's shop, or the platform (0). */
function couponAdminRoutes(r: Hono<MerchantEnv>, base: string, shopOf: (c: Context<MerchantEnv>) => number): void {
  r.get(base, async (c) => {
    const q = parseQuery(c, managedListRule);
    return run(c, () => listManagedCoupons(c.var.app.db, shopOf(c), c.var.locale, q, new Date()));
  });
  r.post(base, async (c) => {
    const form = await parseJson(c, couponFormRule(new Date()));
    return run(c, async () => ({ couponId: await createCoupon(c.var.app.db, shopOf(c), form) }));
  });
  r.post(`${base}/:couponId/stop`, async (c) =>
    run(c, async () => {
      await stopCoupon(c.var.app.db, shopOf(c), pathId(c, "couponId", "merchant.marketing.couponNotFound"), new Date());
      return null;
    }),
  );
}

/** The merchant's and the platform's coupons (the platform has no shop: its coupons are shop 0). */
export const couponMerchantRouter = new Hono<MerchantEnv>();
couponAdminRoutes(couponMerchantRouter, "/merchant/coupons", (c) => c.var.shopId);
couponMerchantRouter.use("/platform/coupons", requirePlatform);
couponMerchantRouter.use("/platform/coupons/*", requirePlatform);
couponAdminRoutes(couponMerchantRouter, "/platform/coupons", () => 0);
