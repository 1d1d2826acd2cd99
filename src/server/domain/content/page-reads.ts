/**
 * The reads pages make on every render (docs/architecture.md "How a page reads data"): data that
 * nothing tags when it changes — a coupon's or a flash sale's stock, a discount's goods, a team
 * forming, a payment, a merchant's preview — so none of it is kept in memory. Each one is the
 * feature's domain function with the database handle already given: a page (src/pages,
 * src/components, src/layouts) never holds the handle itself. What is kept, with the tags of what
 * it shows, is the public read models' (read-models.ts); both are `getAppContext().content`.
 */
import { ActivityStatus, type DiscountDto } from "../../../lib/discount/discount-types.ts";
import type { Locale } from "../../../lib/locale.ts";
import type { Db } from "../../db/client.ts";
import { couponCentre, couponsOfShop } from "../coupon/coupon.ts";
import { discountDetail, discountList, discountProdList, DiscountError } from "../discount/discount.ts";
import { flashActivity, flashSessionList } from "../flash-sale/flash-sale.ts";
import { groupActivityList } from "../group-buy/group-buy-read.ts";
import { getTerms } from "../kernel/site.ts";
import { levelCatalogue } from "../member/member.ts";
import { sandboxPaymentView } from "../payment/payment-sandbox.ts";
import { pointsMallItem, pointsMallPage } from "../points-mall/points-mall.ts";
import { findDraftPreview } from "../renovation/draft-preview.ts";
import { getRenovation, refreshFromDb } from "../renovation/renovation.ts";
import { getShopCategories, getShopHeadInfo } from "../shop/shop-index.ts";
import { searchShops } from "../shop/shop-list.ts";
import { getNotice, listNotices } from "./notice.ts";

/** The parameters of a domain read after its database handle. */
type Rest<F> = F extends (db: Db, ...args: infer A) => unknown ? A : never;

/** A domain read with its database handle given. */
function on<A extends unknown[], R>(db: Db, read: (db: Db, ...args: A) => R): (...args: A) => R {
  return (...args) => read(db, ...args);
}

/**
 * The page reads over `db`; `catalogue` is the handle of public catalogue reads (the read replica
 * when it is current: read-replica.ts), which the shop list takes.
 */
export function pageReads(db: Db, catalogue: () => Promise<Db>) {
  return {
    /** /coupons: one page of the coupon centre, as any visitor sees it (claims change its stock). */
    couponCentre: on(db, couponCentre),
    /** A shop page's and its preview's live coupons (discount_coupon blocks). */
    shopCoupons: on(db, couponsOfShop),
    /** /special-discount: one page of running and upcoming discounts. */
    discounts: on(db, discountList),
    /** A discount's goods (the list's first few, /discount-detail's pages). */
    discountProducts: on(db, discountProdList),
    /**
     * /discount-detail: the discount and one page of its goods; no discount when there is none to
     * show (unknown, its shop closed, or ended), no goods when it went away between the two reads.
     */
    async discountPage(locale: Locale, discountId: number, page: { current: number; size: number }, now: Date) {
      let discount: DiscountDto | null = null;
      let products: Awaited<ReturnType<typeof discountProdList>> | null = null;
      try {
        discount = await discountDetail(db, locale, discountId, now);
        if (discount.activityStatus === ActivityStatus.ENDED) discount = null;
        else products = await discountProdList(db, locale, discountId, page, now);
      } catch (e) {
        if (!(e instanceof DiscountError)) throw e;
      }
      return { discount, products };
    },
    /** /flash-sale: the sessions of today and tomorrow with their activities and sold shares. */
    flashSessions: on(db, flashSessionList),
    /** /secdetail/…: one flash activity with its SKUs' flash stock. */
    flashActivity: on(db, flashActivity),
    /** /group-buy: one page of running group buys. */
    groupActivities: on(db, groupActivityList),
    /** The member centre's pages: the ordinary and paid levels. */
    levelCatalogue: on(db, levelCatalogue),
    /** /member-center/integral-mall: one page of the points mall. */
    pointsMallPage: on(db, pointsMallPage),
    /** A points-mall item (its page, its checkout, and /detail sending its id there). */
    pointsMallItem: on(db, pointsMallItem),
    /** /notice-list: one page of published notices. */
    notices: on(db, listNotices),
    /** /notice-detail: one published notice. */
    notice: on(db, getNotice),
    /** /termsPage: the service terms or the privacy policy. */
    terms: on(db, getTerms),
    /** /shopList: one page of open shops, on the catalogue's handle. */
    shops: async (...args: Rest<typeof searchShops>) => searchShops(await catalogue(), ...args),
    /** /sandbox-pay: the sandbox provider's view of a payment (null: unknown, or not its page key). */
    sandboxPayment: on(db, sandboxPaymentView),
    /** /select-decorate: a decorated page (drafts only for the signed merchant preview). */
    renovation: on(db, getRenovation),
    /** /select-decorate?draft=: the studio's unsaved page. */
    draftPreview: on(db, findDraftPreview),
    /** The products, coupons and shops an unsaved page's blocks name, as they are now. */
    refreshBlocks: on(db, refreshFromDb),
    /** The previewed page's shop header and categories. */
    shopHeadInfo: on(db, getShopHeadInfo),
    shopCategories: on(db, getShopCategories),
  };
}

export type PageReads = ReturnType<typeof pageReads>;
