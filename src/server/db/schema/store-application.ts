/** Store-opening applications (domain/store-application). */
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns.ts";

/**
 * Store-opening applications (SPEC §1/§3/§4, CONTRACT §8), one row per buyer: a rejected one is
 * modified and resubmitted in place. status: 0 under review, 1 approved, -1 rejected (the
 * buyer's `shopAuditStatus`). shopId is set when the platform approves (the shop it created).
 * type: the store type asked for (0 general, 2 preferred). Images are upload paths: the logo in folder "store", the licence and ID card in the private folder "identity".
 */
export const storeApplications = pgTable(
  "store_applications",
  {
    applyId: serial("apply_id").primaryKey(),
    userId: text("user_id").notNull(),
    shopName: text("shop_name").notNull(),
    mobile: text("mobile").notNull(),
    provinceId: integer("province_id").notNull(),
    province: text("province").notNull(),
    cityId: integer("city_id").notNull(),
    city: text("city").notNull(),
    areaId: integer("area_id").notNull(),
    area: text("area").notNull(),
    addr: text("addr").notNull(),
    intro: text("intro").notNull(),
    shopLogo: text("shop_logo").notNull(),
    businessLicense: text("business_license").notNull(),
    identityCardFront: text("identity_card_front").notNull(),
    identityCardLater: text("identity_card_later").notNull(),
    type: smallint("type").notNull().default(0),
    status: smallint("status").notNull().default(0),
    rejectReason: text("reject_reason"),
    shopId: integer("shop_id"),
    submittedAt: ts("submitted_at").notNull().defaultNow(),
    reviewedAt: ts("reviewed_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("store_applications_user_uq").on(t.userId),
    index("store_applications_status_idx").on(t.status, t.submittedAt),
  ],
);
