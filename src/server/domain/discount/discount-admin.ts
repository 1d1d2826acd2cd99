/**
 * Managing limited-time discounts (docs/merchant-api.md "Coupons and discounts"): a shop creates,
 * lists and stops its discounts through the merchant API. The form is checked by the shared rule
 * (src/lib/discount/discount-rules.ts) first.
 *
 * - Create is one transaction: the products of a selected-products discount must all be the
 *   shop's own, an uploaded picture the shop's own upload; the discount, its tiers and its products are written together.
 * - Stop (status 0) ends it at once: carts and checkouts price without it from then on; orders
 *   already submitted keep their amounts. Only a discount of the caller's shop that is on and
 *   not over can be stopped; another shop's is answered like an unknown one.
 * - The discount tables' triggers record a content change (cached pages are dropped).
 */
import { and, desc, eq, gt, lte, or, type SQL } from "drizzle-orm";
import type { Locale } from "../../../lib/locale.ts";
import { MANAGED_STATE } from "../../../lib/merchant/merchant-fields.ts";
import type { DiscountForm } from "../../../lib/discount/discount-rules.ts";
import type { DiscountDto } from "../../../lib/discount/discount-types.ts";
import type { Db } from "../../db/client.ts";
import { discountItems, discountProds, discounts } from "../../db/schema/index.ts";
import { checkOwnProducts } from "../coupon/coupon-admin.ts";
import { isStoredUpload } from "../upload/upload.ts";
import { assertOwnUploads } from "../upload/upload-owner.ts";
import { activityStatus, DiscountError, discountDto, withRules } from "./discount.ts";
import { pageOf, readPage } from "../kernel/page.ts";

/** A discount as its shop sees it: the public shape plus every product id and whether it was stopped. */
export interface ManagedDiscountDto extends Omit<DiscountDto, "shopName"> {
  state: "upcoming" | "running" | "ended" | "stopped";
  prodIds: number[];
  createTime: string;
}

export function managedDiscountState(
  d: { status: number; startTime: Date; endTime: Date },
  now: Date,
): ManagedDiscountDto["state"] {
  if (d.status !== 1) return "stopped";
  const s = activityStatus(d, now);
  return s === 1 ? "upcoming" : s === 2 ? "running" : "ended";
}

/** POST /merchant/discounts: answers the new discount's id. */
export async function createDiscount(db: Db, shopId: number, form: DiscountForm): Promise<number> {
  return db.transaction(async (tx) => {
    await checkOwnProducts(tx, shopId, form.prodIds);
    // An uploaded picture must be one of the shop's own uploads (seed pictures and outside URLs as
    // before). The rule took the path in one spelling only (isOfferPicture: no "." or "" segment),
    // so another account's upload can not pass under another spelling.
    const pics = [form.pcPic, form.pcBackgroundPic].filter(isStoredUpload);
    await assertOwnUploads(tx, pics, { userId: null, shopId });
    const { prodIds, discountItems: tiers, ...fields } = form;
    const [row] = await tx
      .insert(discounts)
      .values({ ...fields, shopId, status: 1 })
      .returning({ id: discounts.discountId });
    const discountId = row!.id;
    await tx
      .insert(discountItems)
      .values(tiers.map((t) => ({ discountId, needAmount: t.needAmount, discount: t.discount })));
    if (prodIds.length) await tx.insert(discountProds).values(prodIds.map((prodId) => ({ discountId, prodId })));
    return discountId;
  });
}

function stateWhere(state: number, now: Date): SQL | undefined {
  if (state === MANAGED_STATE.OVER) return or(eq(discounts.status, 0), lte(discounts.endTime, now));
  if (state === MANAGED_STATE.LIVE) return and(eq(discounts.status, 1), gt(discounts.endTime, now));
  return undefined;
}

/** GET /merchant/discounts: the shop's discounts, newest first. */
export async function listManagedDiscounts(
  db: Db,
  shopId: number,
  locale: Locale,
  q: { state: number; current: number; size: number },
  now: Date,
) {
  const where = and(eq(discounts.shopId, shopId), stateWhere(q.state, now));
  const { rows, total } = await readPage(db, discounts, where, [desc(discounts.discountId)], q);
  const rules = await withRules(db, rows);
  const records: ManagedDiscountDto[] = rows.map((r, i) => {
    const { shopName: _shopName, ...dto } = discountDto(r, rules[i]!, "", locale, now);
    return {
      ...dto,
      state: managedDiscountState(r, now),
      prodIds: [...(rules[i]!.prodIds ?? [])].sort((a, b) => a - b),
      createTime: r.createdAt.toISOString(),
    };
  });
  return pageOf(records, total, q);
}

/** POST /merchant/discounts/{id}/stop. */
export async function stopDiscount(db: Db, shopId: number, discountId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(discounts)
      .where(and(eq(discounts.discountId, discountId), eq(discounts.shopId, shopId)))
      .for("update")
      .limit(1);
    if (!d) throw new DiscountError("merchant.marketing.discountNotFound");
    const state = managedDiscountState(d, now);
    if (state === "stopped" || state === "ended") throw new DiscountError("merchant.marketing.alreadyStopped");
    await tx.update(discounts).set({ status: 0, updatedAt: now }).where(eq(discounts.discountId, discountId));
  });
}
