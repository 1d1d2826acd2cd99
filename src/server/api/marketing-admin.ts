/**
 * Managing coupons and limited-time discounts (docs/merchant-api.md "Coupons and discounts").
 * Merchant (mounted on the merchant router, behind its token check; the token's shop):
 *   GET  /merchant/coupons?state=0|1|2&current&size      → Page<ManagedCouponDto>
 *   POST /merchant/coupons {CouponForm}                   → {couponId}
 *   POST /merchant/coupons/{couponId}/stop                → null
 *   GET  /merchant/discounts?state=0|1|2&current&size    → Page<ManagedDiscountDto>
 *   POST /merchant/discounts {DiscountForm}               → {discountId}
 *   POST /merchant/discounts/{discountId}/stop            → null
 * Platform (`Authorization: <PLATFORM_API_TOKEN>`; the platform's own coupons, shopId 0):
 *   GET  /platform/coupons, POST /platform/coupons, POST /platform/coupons/{couponId}/stop
 * Forms are checked by the shared rules of src/lib/coupon/ and src/lib/discount/; refusals are A00001 in the
 * request's language and change nothing. Another shop's coupon or discount is answered like an
 * unknown one.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { couponFormRule } from "../../lib/coupon/coupon-rules.ts";
import { discountFormRule } from "../../lib/discount/discount-rules.ts";
import { managedListRule } from "../../lib/merchant/merchant-fields.ts";
import { createCoupon, listManagedCoupons, stopCoupon } from "../domain/coupon/coupon-admin.ts";
import { CouponError } from "../domain/coupon/coupon.ts";
import { createDiscount, listManagedDiscounts, stopDiscount } from "../domain/discount/discount-admin.ts";
import { DiscountError } from "../domain/discount/discount.ts";
import type { ApiVariables, MerchantEnv } from "./context.ts";
import { envelope } from "./envelope.ts";
import { jsonBody, parseInput, runDomain } from "./input.ts";
import { requirePlatform } from "./platform-auth.ts";

const body = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c.var as ApiVariables).t("auth.bodyTooLarge")), 413),
});

/** A path id, or the "not found" refusal (a malformed id is an unknown one). */
function idOf(raw: string | undefined, notFound: () => Error): number {
  const r = z.string().regex(/^\d{1,10}$/).transform(Number).refine((n) => n >= 1 && n <= 2_147_483_647).safeParse(raw);
  if (!r.success) throw notFound();
  return r.data;
}

const couponNotFound = () => new CouponError("merchant.marketing.couponNotFound");
const discountNotFound = () => new DiscountError("merchant.marketing.discountNotFound");

/** The coupon routes for one owner: the merchant's shop, or the platform (0). */
function couponRoutes(r: Hono<MerchantEnv>, base: string, shopOf: (c: Context<MerchantEnv>) => number): void {
  r.get(base, async (c) => {
    const q = parseInput(c, managedListRule, c.req.query());
    return runDomain(c, () => listManagedCoupons(c.var.app.db, shopOf(c), c.var.locale, q, new Date()));
  });
  r.post(base, body, async (c) => {
    const now = new Date();
    const form = parseInput(c, couponFormRule(now), await jsonBody(c));
    return runDomain(c, async () => ({ couponId: await createCoupon(c.var.app.db, shopOf(c), form) }));
  });
  r.post(`${base}/:couponId/stop`, async (c) => runDomain(c, async () => {
    await stopCoupon(c.var.app.db, shopOf(c), idOf(c.req.param("couponId"), couponNotFound), new Date());
    return null;
  }));
}

export function mountMerchantMarketing(r: Hono<MerchantEnv>): void {
  couponRoutes(r, "/merchant/coupons", (c) => c.var.shopId);

  r.get("/merchant/discounts", async (c) => {
    const q = parseInput(c, managedListRule, c.req.query());
    return runDomain(c, () => listManagedDiscounts(c.var.app.db, c.var.shopId, c.var.locale, q, new Date()));
  });
  r.post("/merchant/discounts", body, async (c) => {
    const now = new Date();
    const form = parseInput(c, discountFormRule(now), await jsonBody(c));
    return runDomain(c, async () => ({ discountId: await createDiscount(c.var.app.db, c.var.shopId, form) }));
  });
  r.post("/merchant/discounts/:discountId/stop", async (c) => runDomain(c, async () => {
    await stopDiscount(c.var.app.db, c.var.shopId, idOf(c.req.param("discountId"), discountNotFound), new Date());
    return null;
  }));
}

/** The platform's router (its env has no shop: the platform's coupons are shop 0). */
export const platformMarketingRouter = new Hono<MerchantEnv>();
platformMarketingRouter.use("/platform/coupons", requirePlatform);
platformMarketingRouter.use("/platform/coupons/*", requirePlatform);
couponRoutes(platformMarketingRouter, "/platform/coupons", () => 0);
