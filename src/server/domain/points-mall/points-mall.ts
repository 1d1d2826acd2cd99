/**
 * Points mall (SPEC §1, §2; CONTRACT §6.5; docs/points.md "Points mall"). Items are products with
 * prodType 3 and status 3 (listed only here, never in the ordinary catalogue or cart), priced in
 * points (scorePrice) and optionally money (the SKU price), with stock and a per-user limit
 * (scoreLimit, counted over the buyer's points orders that are not closed).
 *
 * An exchange is one transaction: the buyer's row is locked first (so two exchanges of one buyer
 * can not both pass the limit), the SKU stock taken by the product feature's takeStock (a conditional
 * update: parallel buyers can never take more than there is), the points taken through the ledger ("pointsMallExchange" with
 * the order number) and an order of type 3 written. With no money part it is paid at once (payType 0);
 * otherwise it waits at the payment counter like any order, and closing it unpaid gives the stock
 * and the points back (order-lifecycle.ts closeOrder).
 */
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import { formatPrice, mulQty } from "../../../lib/money.ts";
import { ORDER_PAY_MINUTES, PayType } from "../../../lib/order/order-types.ts";
import {
  exchangeCountError,
  exchangeRefusal,
  POINTS_MALL_STATUS,
  POINTS_ORDER_TYPE,
  POINTS_PROD_TYPE,
  type ExchangeResultDto,
  type PointsMallDetailDto,
  type PointsMallItemDto,
} from "../../../lib/points-mall/points-mall.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  addresses,
  orderItems,
  orders,
  products,
  productTranslations,
  shops,
  skus,
  users,
} from "../../db/schema/index.ts";
import { scheduleJob } from "../jobs/jobs.ts";
import { insertOrder, nextOrderNumber } from "../order/order-lifecycle.ts";
import { addrSnapshot, loadNames } from "../order/order-buy-lines.ts";
import { changePoints, PointsError, PointsReason, settleExpiry } from "../points/points-ledger.ts";
import { takeStock } from "../product/stock.ts";
import { ShopStatus } from "../shop/shop.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { pageOf } from "../kernel/page.ts";

export class PointsMallError extends DomainError {}

const MINUTE_MS = 60_000;

const onSale = and(
  eq(products.prodType, POINTS_PROD_TYPE),
  eq(products.status, POINTS_MALL_STATUS),
  eq(shops.shopStatus, ShopStatus.OPEN),
  eq(skus.status, 1),
);

/** The points-mall items a crawler may find (the sitemap's pages): id and last change, by id. */
export async function pointsMallItemIds(db: Db): Promise<{ prodId: number; updatedAt: Date }[]> {
  return db
    .selectDistinct({ prodId: products.prodId, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .innerJoin(skus, eq(skus.prodId, products.prodId))
    .where(onSale)
    .orderBy(asc(products.prodId));
}

const itemColumns = {
  prodId: products.prodId,
  skuId: skus.skuId,
  pic: products.pic,
  scorePrice: products.scorePrice,
  scoreLimit: products.scoreLimit,
  price: skus.price,
  oriPrice: skus.oriPrice,
  stocks: skus.stocks,
  shopId: products.shopId,
  shopName: shops.shopName,
};

type ItemRow = {
  prodId: number;
  skuId: number;
  pic: string;
  scorePrice: number;
  scoreLimit: number;
  price: string;
  oriPrice: string;
  stocks: number;
  shopId: number;
  shopName: LocalizedText;
};

async function texts(
  db: Db | Tx,
  locale: Locale,
  prodIds: number[],
): Promise<Map<number, { prodName: string; brief: string; content: string }>> {
  const out = new Map<number, { prodName: string; brief: string; content: string }>();
  if (prodIds.length === 0) return out;
  const rows = await db.select().from(productTranslations).where(inArray(productTranslations.prodId, prodIds));
  const rank = (l: string) => (l === locale ? 0 : l === "zh" ? 1 : 2);
  for (const r of [...rows].sort((a, b) => rank(b.locale) - rank(a.locale)))
    out.set(r.prodId, { prodName: r.prodName, brief: r.brief, content: r.content });
  return out;
}

function toItem(r: ItemRow, t: { prodName: string; brief: string } | undefined): PointsMallItemDto {
  return {
    prodId: r.prodId,
    skuId: r.skuId,
    prodName: t?.prodName ?? "",
    brief: t?.brief ?? "",
    pic: r.pic,
    scorePrice: r.scorePrice,
    price: formatPrice(r.price),
    oriPrice: formatPrice(r.oriPrice),
    stocks: Math.max(0, r.stocks),
    scoreLimit: r.scoreLimit,
  };
}

/** The points-mall catalogue, cheapest in points first (one SKU per item). */
export async function pointsMallPage(
  db: Db,
  locale: Locale,
  current: number,
  size: number,
): Promise<Page<PointsMallItemDto>> {
  const base = db
    .select(itemColumns)
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .innerJoin(skus, eq(skus.prodId, products.prodId));
  const [counted, rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .innerJoin(skus, eq(skus.prodId, products.prodId))
      .where(onSale),
    base
      .where(onSale)
      .orderBy(asc(products.scorePrice), asc(products.prodId))
      .limit(size)
      .offset((current - 1) * size),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  const tx = await texts(
    db,
    locale,
    rows.map((r) => r.prodId),
  );
  return pageOf(
    rows.map((r) => toItem(r, tx.get(r.prodId))),
    total,
    { current, size },
  );
}

/** One item (null when it is not in the points mall). */
export async function pointsMallItem(db: Db, locale: Locale, prodId: number): Promise<PointsMallDetailDto | null> {
  const [r] = await db
    .select(itemColumns)
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .innerJoin(skus, eq(skus.prodId, products.prodId))
    .where(and(eq(products.prodId, prodId), onSale))
    .orderBy(asc(skus.skuId))
    .limit(1);
  if (!r) return null;
  const t = (await texts(db, locale, [prodId])).get(prodId);
  return { ...toItem(r, t), content: t?.content ?? "", shopId: r.shopId, shopName: pickText(r.shopName, locale) };
}

/** Pieces of `prodId` the user has exchanged in orders that are not closed. */
async function exchangedBefore(tx: Tx, userId: string, prodId: number): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`coalesce(sum(${orderItems.prodCount}), 0)` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.orderType, POINTS_ORDER_TYPE),
        ne(orders.status, 6),
        eq(orderItems.prodId, prodId),
      ),
    );
  return Number(r?.n ?? 0);
}

/** POST /p/score/submit: exchanges `prodCount` pieces of an item; see the module comment. Throws PointsMallError. */
export async function exchangeItem(
  db: Db,
  input: { userId: string; prodId: number; prodCount: unknown; addrId: number; remarks?: string | undefined },
  now: Date,
): Promise<ExchangeResultDto> {
  const countError = exchangeCountError(input.prodCount);
  if (countError) throw new PointsMallError(countError);
  const n = Number(input.prodCount);
  try {
    return await db.transaction(async (tx) => {
      await settleExpiry(tx, input.userId, now); // locks the buyer's row: one exchange of a buyer at a time
      const [u] = await tx.select({ score: users.score }).from(users).where(eq(users.userId, input.userId)).limit(1);
      const [item] = await tx
        .select(itemColumns)
        .from(products)
        .innerJoin(shops, eq(shops.shopId, products.shopId))
        .innerJoin(skus, eq(skus.prodId, products.prodId))
        .where(and(eq(products.prodId, input.prodId), onSale))
        .orderBy(asc(skus.skuId))
        .limit(1);
      if (!u || !item) throw new PointsMallError("points.mall.notFound");
      const [addr] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, input.userId), eq(addresses.addrId, input.addrId)))
        .limit(1);
      if (!addr) throw new PointsMallError("submitOrder.noAddress");
      const refusal = exchangeRefusal(item, n, await exchangedBefore(tx, input.userId, item.prodId), u.score);
      if (refusal) throw new PointsMallError(refusal);
      // The product feature's stock (product/stock.ts), in this transaction.
      if (await takeStock(tx, [{ skuId: item.skuId, prodId: item.prodId, count: n }]))
        throw new PointsMallError("points.mall.noStock");

      const orderNumber = await nextOrderNumber(tx, now);
      const useScore = item.scorePrice * n;
      await changePoints(tx, input.userId, -useScore, PointsReason.EXCHANGE, now, orderNumber);
      const money = formatPrice(mulQty(item.price, n));
      const paid = Number(money) === 0;
      const name = (await loadNames(tx, [item.prodId])).get(item.prodId)!;
      const [sku] = await tx
        .select({ skuName: skus.skuName, properties: skus.properties })
        .from(skus)
        .where(eq(skus.skuId, item.skuId))
        .limit(1);
      const payDeadline = new Date(now.getTime() + ORDER_PAY_MINUTES * MINUTE_MS);
      const order: typeof orders.$inferInsert = {
        orderNumber,
        userId: input.userId,
        shopId: item.shopId,
        shopName: item.shopName,
        prodNames: name.zh,
        status: paid ? 2 : 1,
        orderType: POINTS_ORDER_TYPE,
        dvyType: 1,
        total: money,
        freightAmount: "0",
        scoreAmount: "0",
        actualTotal: money,
        useScore,
        productNums: n,
        remarks: (input.remarks ?? "").slice(0, 200),
        address: addrSnapshot(addr),
        payType: paid ? PayType.POINTS : null,
        payTime: paid ? now : null,
        payDeadline,
        createdAt: now,
        updatedAt: now,
      };
      const line: typeof orderItems.$inferInsert = {
        orderNumber,
        shopId: item.shopId,
        userId: input.userId,
        prodId: item.prodId,
        skuId: item.skuId,
        prodName: name,
        skuName: sku!.skuName,
        properties: sku!.properties,
        pic: item.pic,
        price: formatPrice(item.price),
        prodCount: n,
        productTotalAmount: money,
        actualTotal: money,
        createdAt: now,
      };
      await insertOrder(tx, order, [line]); // the order feature's rows
      if (!paid) await scheduleJob(tx, "orderPayTimeout", orderNumber, payDeadline);
      return { orderNumber, actualTotal: money, useScore, paid };
    });
  } catch (err) {
    if (err instanceof PointsError) throw new PointsMallError("points.notEnough");
    throw err;
  }
}
