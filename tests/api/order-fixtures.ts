/**
 * Orders for API tests that need them without going through confirm/submit: a real `orders` row
 * with its items (names from the catalogue, prices from the SKUs, stock taken), moved to the
 * wanted status through the real lifecycle functions (payment, ship, receipt, close).
 */
import { randomBytes } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { formatPrice, mulQty, sum } from "../../src/lib/money.ts";
import {
  orderItems,
  orders,
  payments,
  products,
  productTranslations,
  shops,
  skus,
  users,
} from "../../src/server/db/schema/index.ts";
import type { OrderAddress } from "../../src/server/db/schema/index.ts";
import { ORDER_PAY_MINUTES, PayType } from "../../src/lib/order/order-types.ts";
import { scheduleJob } from "../../src/server/domain/jobs/jobs.ts";
import {
  CloseType,
  closeOrder,
  confirmReceipt,
  markPaymentPaid,
  nextOrderNumber,
  shipOrder,
} from "../../src/server/domain/order/order-lifecycle.ts";
import { pointsToMoney } from "../../src/server/domain/points/points.ts";
import type { TestApp } from "./helpers.ts";

export const FIXTURE_ADDRESS: OrderAddress = {
  receiver: "Test Buyer",
  mobile: "13900000000",
  province: "上海市",
  city: "上海市",
  area: "浦东新区",
  addr: "世纪大道 100 号",
  provinceId: 310000,
  cityId: 310100,
  areaId: 310115,
  postCode: null,
};

export interface CreateOrderOptions {
  userId: string;
  /** SKUs of ONE shop. */
  items: { skuId: number; prodCount: number }[];
  /** 1 unpaid (default), 2 paid, 3 shipped, 5 completed, 6 closed by the buyer. */
  status?: 1 | 2 | 3 | 5 | 6;
  freight?: string;
  /** Points used (taken from the user's score). */
  useScore?: number;
  /** Submit time (default now). */
  now?: Date;
  remarks?: string;
}

export interface CreatedOrder {
  orderNumber: string;
  shopId: number;
  actualTotal: string;
  orderItemIds: number[];
  /** Package ids when shipped. */
  deliveryIds: number[];
}

/** Inserts an order (stock taken, pay-timeout job scheduled) and moves it to `status`. */
export async function createOrder(app: TestApp, opts: CreateOrderOptions): Promise<CreatedOrder> {
  const now = opts.now ?? new Date();
  const db = app.ctx.db;
  return db.transaction(async (tx) => {
    const skuIds = opts.items.map((i) => i.skuId);
    const rows = await tx
      .select({
        skuId: skus.skuId,
        prodId: skus.prodId,
        price: skus.price,
        skuName: skus.skuName,
        properties: skus.properties,
        pic: skus.pic,
        shopId: products.shopId,
        prodPic: products.pic,
        shopName: shops.shopName,
      })
      .from(skus)
      .innerJoin(products, eq(products.prodId, skus.prodId))
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .where(inArray(skus.skuId, skuIds))
      .orderBy(asc(skus.skuId));
    if (rows.length !== new Set(skuIds).size) throw new Error("createOrder: unknown skuId");
    const shopId = rows[0]!.shopId;
    if (rows.some((r) => r.shopId !== shopId)) throw new Error("createOrder: SKUs of one shop only");
    const names = await tx
      .select()
      .from(productTranslations)
      .where(
        inArray(
          productTranslations.prodId,
          rows.map((r) => r.prodId),
        ),
      );
    const nameOf = (prodId: number) => {
      const t = (locale: string) => names.find((n) => n.prodId === prodId && n.locale === locale)?.prodName ?? "";
      return { zh: t("zh"), "zh-tw": t("zh-tw"), en: t("en") };
    };
    const byId = new Map(rows.map((r) => [r.skuId, r]));
    const lines = opts.items.map((i) => ({ ...byId.get(i.skuId)!, prodCount: i.prodCount }));
    for (const l of lines) {
      const taken = await tx
        .update(skus)
        .set({ stocks: sql`${skus.stocks} - ${l.prodCount}` })
        .where(sql`${skus.skuId} = ${l.skuId} and ${skus.stocks} >= ${l.prodCount}`)
        .returning({ id: skus.skuId });
      if (taken.length === 0) throw new Error(`createOrder: not enough stock for sku ${l.skuId}`);
      await tx
        .update(products)
        .set({ totalStocks: sql`${products.totalStocks} - ${l.prodCount}` })
        .where(eq(products.prodId, l.prodId));
    }
    const total = sum(lines.map((l) => mulQty(l.price, l.prodCount)));
    const freight = opts.freight ?? "0.00";
    const useScore = opts.useScore ?? 0;
    const scoreAmount = pointsToMoney(useScore);
    const actualTotal = formatPrice(total.plus(freight).minus(scoreAmount));
    if (useScore > 0) {
      const paid = await tx
        .update(users)
        .set({ score: sql`${users.score} - ${useScore}` })
        .where(sql`${users.userId} = ${opts.userId} and ${users.score} >= ${useScore}`)
        .returning({ id: users.userId });
      if (paid.length === 0) throw new Error("createOrder: not enough points");
    }
    const orderNumber = await nextOrderNumber(tx, now);
    const payDeadline = new Date(now.getTime() + ORDER_PAY_MINUTES * 60_000);
    await tx.insert(orders).values({
      orderNumber,
      userId: opts.userId,
      shopId,
      shopName: rows[0]!.shopName,
      prodNames: lines.map((l) => nameOf(l.prodId).zh).join(","),
      status: 1,
      total: formatPrice(total),
      freightAmount: freight,
      scoreAmount,
      actualTotal,
      useScore,
      productNums: lines.reduce((n, l) => n + l.prodCount, 0),
      remarks: opts.remarks ?? "",
      address: FIXTURE_ADDRESS,
      payDeadline,
      createdAt: now,
      updatedAt: now,
    });
    const inserted = await tx
      .insert(orderItems)
      .values(
        lines.map((l) => ({
          orderNumber,
          shopId,
          userId: opts.userId,
          prodId: l.prodId,
          skuId: l.skuId,
          prodName: nameOf(l.prodId),
          skuName: l.skuName,
          properties: l.properties,
          pic: l.pic || l.prodPic,
          price: l.price,
          prodCount: l.prodCount,
          productTotalAmount: formatPrice(mulQty(l.price, l.prodCount)),
          createdAt: now,
        })),
      )
      .returning({ id: orderItems.orderItemId });
    await scheduleJob(tx, "orderPayTimeout", orderNumber, payDeadline);

    const status = opts.status ?? 1;
    let deliveryIds: number[] = [];
    if (status === 6) await closeOrder(tx, orderNumber, CloseType.BUYER_CANCEL, now, { userId: opts.userId });
    if (status === 2 || status === 3 || status === 5) {
      const payNo = `T${randomBytes(8).toString("hex")}`;
      await tx.insert(payments).values({
        payNo,
        userId: opts.userId,
        orderNumbers: orderNumber,
        payType: PayType.BALANCE,
        amount: actualTotal,
        expiresAt: payDeadline,
      });
      await markPaymentPaid(tx, payNo, { amount: actualTotal, providerTradeNo: `fixture-${payNo}` }, now);
    }
    if (status === 3 || status === 5)
      deliveryIds = await shipOrder(
        tx,
        orderNumber,
        shopId,
        [{ dvyId: 1, dvyFlowId: `SF${orderNumber.slice(-10)}` }],
        now,
      );
    if (status === 5) await confirmReceipt(tx, orderNumber, now, { userId: opts.userId });
    return { orderNumber, shopId, actualTotal, orderItemIds: inserted.map((r) => r.id), deliveryIds };
  });
}

/** An on-sale SKU with at least `minStock` in an open shop, optionally of a given shop; sets its stock when `stock` is given. */
export async function pickSku(
  app: TestApp,
  opts: { shopId?: number; stock?: number; skip?: number } = {},
): Promise<{ skuId: number; prodId: number; shopId: number; price: string }> {
  const db = app.ctx.db;
  const rows = await db
    .select({ skuId: skus.skuId, prodId: skus.prodId, shopId: products.shopId, price: skus.price })
    .from(skus)
    .innerJoin(products, eq(products.prodId, skus.prodId))
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(
      sql`${skus.status} = 1 and ${products.status} = 1 and ${shops.shopStatus} = 1 and ${skus.stocks} > 5 ${opts.shopId ? sql`and ${products.shopId} = ${opts.shopId}` : sql``}`,
    )
    .orderBy(asc(skus.skuId))
    .offset(opts.skip ?? 0)
    .limit(1);
  const row = rows[0];
  if (!row) throw new Error("pickSku: none");
  if (opts.stock !== undefined) await db.update(skus).set({ stocks: opts.stock }).where(eq(skus.skuId, row.skuId));
  return row;
}
