/** The coupon's calls (CONTRACT §7.4): the user's coupons and the claim buttons of the coupon pages. */
import type { Page } from "../../lib/api-types.ts";
import type { MyCouponCountDto, MyCouponDto } from "../../lib/coupon/coupon-types.ts";
import { api } from "../api.ts";

/** GET /p/myCoupon/getMyCouponsStatusCount */
export function getMyCouponCounts(): Promise<MyCouponCountDto> {
  return api.get<MyCouponCountDto>("/p/myCoupon/getMyCouponsStatusCount");
}

/** GET /p/myCoupon/getCouponList */
export function listMyCoupons(status: number, current: number, size: number): Promise<Page<MyCouponDto>> {
  return api.get<Page<MyCouponDto>>("/p/myCoupon/getCouponList", { status, current, size });
}

/** DELETE /p/myCoupon/deleteCoupon/{couponUserId} */
export async function deleteMyCoupon(couponUserId: number): Promise<void> {
  await api.del(`/p/myCoupon/deleteCoupon/${couponUserId}`);
}

/** POST /p/myCoupon/receive: claims one coupon (silent: the card shows the refusal). */
export async function claimCoupon(couponId: number): Promise<void> {
  await api.post<number>("/p/myCoupon/receive", couponId, { silent: true });
}

/** GET /p/myCoupon/listCouponIds: the ids of the coupons the user holds. */
export function listHeldCouponIds(): Promise<number[]> {
  return api.get<number[]>("/p/myCoupon/listCouponIds", undefined, { silent: true, dontShowLogin: true });
}
