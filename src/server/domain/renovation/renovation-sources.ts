/**
 * What the renovation studio's pickers offer a shop (docs/renovation.md "The studio"): its own
 * products on sale (by name), categories, coupons, activities (flash sales and limited-time
 * discounts), decorated pages and uploaded pictures — the very things `checkRenovation` accepts
 * for that shop, so a pick is never refused for its owner. Names are in the request's language.
 */
import { and, desc, eq, ilike, inArray } from "drizzle-orm";
import { pickText, type Locale } from "../../../lib/locale.ts";
import type { Db } from "../../db/client.ts";
import {
  categories,
  coupons,
  discounts,
  flashActivities,
  products,
  productTranslations,
  renovations,
  shops,
  uploadOwners,
} from "../../db/schema/index.ts";
import { PROD_ON_SALE } from "../catalog/search-plan.ts";
import { RENOVATION_PC } from "../shop/shop-index.ts";
import { ShopStatus } from "../shop/shop.ts";
import type { SourceOption } from "../../../lib/renovation/renovation-types.ts";

export const SOURCE_KINDS = ["products", "categories", "coupons", "activities", "pages", "pictures"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export type { SourceOption };

const LIMIT = 50;

/** Escapes LIKE wildcards in a name search. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listSources(
  db: Db,
  shopId: number,
  kind: SourceKind,
  locale: Locale,
  q = "",
): Promise<SourceOption[]> {
  switch (kind) {
    case "products": {
      const rows = await db
        .select({ id: products.prodId, name: productTranslations.prodName, pic: products.pic })
        .from(products)
        .innerJoin(shops, and(eq(shops.shopId, products.shopId), eq(shops.shopStatus, ShopStatus.OPEN)))
        .innerJoin(
          productTranslations,
          and(eq(productTranslations.prodId, products.prodId), eq(productTranslations.locale, locale)),
        )
        .where(
          and(
            eq(products.shopId, shopId),
            eq(products.status, PROD_ON_SALE),
            q ? ilike(productTranslations.prodName, likeOf(q)) : undefined,
          ),
        )
        .orderBy(desc(products.soldNum), products.prodId)
        .limit(LIMIT);
      return rows.map((r) => ({ value: r.id, label: r.name, pic: r.pic }));
    }
    case "categories": {
      const rows = await db
        .select({ id: categories.categoryId, name: categories.name })
        .from(categories)
        .where(and(eq(categories.shopId, shopId), eq(categories.status, 1)))
        .orderBy(categories.categoryId)
        .limit(200);
      return rows.map((r) => ({ value: r.id, label: pickText(r.name, locale) }));
    }
    case "coupons": {
      const rows = await db
        .select({ id: coupons.couponId, name: coupons.couponName })
        .from(coupons)
        .where(and(eq(coupons.shopId, shopId), eq(coupons.status, 1)))
        .orderBy(desc(coupons.couponId))
        .limit(LIMIT);
      return rows.map((r) => ({ value: r.id, label: pickText(r.name, locale) }));
    }
    case "activities": {
      const [flash, disc] = await Promise.all([
        db
          .select({ id: flashActivities.seckillId, prodId: flashActivities.prodId })
          .from(flashActivities)
          .where(and(eq(flashActivities.shopId, shopId), eq(flashActivities.status, 1)))
          .orderBy(desc(flashActivities.seckillId))
          .limit(LIMIT),
        db
          .select({ id: discounts.discountId, name: discounts.discountName })
          .from(discounts)
          .where(and(eq(discounts.shopId, shopId), eq(discounts.status, 1)))
          .orderBy(desc(discounts.discountId))
          .limit(LIMIT),
      ]);
      const names = flash.length
        ? await db
            .select({ id: productTranslations.prodId, name: productTranslations.prodName })
            .from(productTranslations)
            .where(
              and(
                inArray(
                  productTranslations.prodId,
                  flash.map((f) => f.prodId),
                ),
                eq(productTranslations.locale, locale),
              ),
            )
        : [];
      const nameOf = new Map(names.map((n) => [n.id, n.name]));
      return [
        ...flash.map((f) => ({
          value: f.id,
          label: `#${f.id} ${nameOf.get(f.prodId) ?? ""}`.trim(),
          group: "flash" as const,
        })),
        ...disc.map((d) => ({
          value: d.id,
          label: `#${d.id} ${pickText(d.name, locale)}`,
          group: "discount" as const,
        })),
      ];
    }
    case "pages": {
      const rows = await db
        .select({ id: renovations.renovationId, name: renovations.name })
        .from(renovations)
        .where(and(eq(renovations.shopId, shopId), eq(renovations.renovationType, RENOVATION_PC)))
        .orderBy(desc(renovations.renovationId))
        .limit(LIMIT);
      return rows.map((r) => ({ value: r.id, label: `#${r.id} ${r.name}` }));
    }
    case "pictures": {
      const rows = await db
        .select({ path: uploadOwners.path })
        .from(uploadOwners)
        .where(eq(uploadOwners.shopId, shopId))
        .orderBy(desc(uploadOwners.createdAt))
        .limit(LIMIT);
      return rows
        .filter((r) => /\.(?:jpg|png|gif|webp|svg)$/.test(r.path))
        .map((r) => ({ value: r.path, label: r.path.split("/").pop()!, pic: r.path }));
    }
  }
}
