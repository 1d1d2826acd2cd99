/**
 * Shop search for /shopList (and GET /shop/listShop): open shops whose name in any language
 * contains the keyword, with the number of products on sale.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import type { Locale } from "../../../lib/locale.ts";
import type { ShopCard } from "../../../lib/shop/shop-types.ts";
import type { Db } from "../../db/client.ts";
import { products, shops } from "../../db/schema/index.ts";
import { PROD_ON_SALE } from "../catalog/search-plan.ts";
import { anyLocaleContains } from "../kernel/sql.ts";
import { shopHeadColumns, ShopStatus, ShopType, toShopHeadInfo } from "./shop.ts";
import { pageOf } from "../kernel/page.ts";

/** Products on sale of the shop in the current row (correlated subquery). */
// Written with explicit aliases: drizzle leaves columns unqualified in single-table queries, which would
// make the subquery compare products.shop_id with itself.
export const onSaleCount = sql<number>`(select count(*)::int from ${products} as op where op.shop_id = ${shops}.shop_id and op.status = ${PROD_ON_SALE})`;

/** SQL: the shop's name in any language contains `keyword` (case-insensitive, LIKE wildcards escaped). */
export function shopNameMatches(keyword: string): SQL {
  return anyLocaleContains(shops.shopName, keyword);
}

/**
 * Open shops whose name (any language) contains the trimmed `shopName` (empty → all open
 * shops): self-operated first, then by sales, then shopId.
 */
export async function searchShops(
  db: Db,
  locale: Locale,
  opts: { shopName?: string | undefined; current: number; size: number },
): Promise<Page<ShopCard>> {
  const conds: SQL[] = [eq(shops.shopStatus, ShopStatus.OPEN)];
  const name = opts.shopName?.trim();
  if (name) conds.push(shopNameMatches(name));
  const where = and(...conds);
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shops)
    .where(where);
  const total = Number(countRow?.n ?? 0);
  if (total === 0 || (opts.current - 1) * opts.size >= total) return pageOf([], total, opts);
  const rows = await db
    .select({ ...shopHeadColumns, productCount: onSaleCount })
    .from(shops)
    .where(where)
    .orderBy(
      sql`case when ${shops.type} = ${ShopType.SELF_OPERATED} then 0 else 1 end`,
      desc(shops.soldNum),
      asc(shops.shopId),
    )
    .limit(opts.size)
    .offset((opts.current - 1) * opts.size);
  const records = rows.map((r): ShopCard => ({
    ...toShopHeadInfo(r, locale),
    productCount: Number(r.productCount ?? 0),
  }));
  return pageOf(records, total, opts);
}
