/**
 * Buyers and products for the flash-sale and group-buy API tests: a buyer with an address and a
 * balance, and a product of a shop with SKUs in stock.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { addresses, products, skus, users } from "../../src/server/db/schema/index.ts";
import { createTestUser, type TestUser } from "./account-helpers.ts";
import type { TestApp } from "./helpers.ts";

export type Buyer = TestUser & { addrId: number };

let seq = 0;

export async function buyerWithAddress(app: TestApp, name: string, balance = "10000.00"): Promise<Buyer> {
  const u = await createTestUser(app, `${name}${++seq}`);
  await app.ctx.db.update(users).set({ balance }).where(eq(users.userId, u.userId));
  const [a] = await app.ctx.db
    .insert(addresses)
    .values({
      userId: u.userId,
      receiver: "Li Lei",
      mobile: "13800138000",
      provinceId: 11,
      province: "北京市",
      cityId: 1101,
      city: "北京市",
      areaId: 110101,
      area: "东城区",
      addr: "Wangfujing Street 1",
      commonAddr: 1,
    })
    .returning({ addrId: addresses.addrId });
  return { ...u, addrId: a!.addrId };
}

/** The `nth` product of a shop (on sale) with its first SKU in stock. */
export async function productOf(
  app: TestApp,
  shopId: number,
  nth = 0,
): Promise<{ prodId: number; skuId: number; price: string; shopId: number }> {
  const rows = await app.ctx.db
    .select({ prodId: products.prodId, skuId: skus.skuId, price: skus.price })
    .from(products)
    .innerJoin(skus, eq(skus.prodId, products.prodId))
    .where(and(eq(products.shopId, shopId), eq(products.status, 1), eq(skus.status, 1), gt(skus.stocks, 100)))
    .orderBy(asc(products.prodId), asc(skus.skuId));
  const distinct = rows.filter((r, i) => rows.findIndex((x) => x.prodId === r.prodId) === i);
  const p = distinct[nth];
  if (!p) throw new Error(`no product #${nth} in shop ${shopId}`);
  return { ...p, shopId };
}
