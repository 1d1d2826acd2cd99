/**
 * Demo after-sales data for the demo buyer (docs/review.md, invoice.md, refund.md "Demo data"), relative to the
 * seeding instant: a completed order of two lines ready to review with a personal invoice in progress
 * (received a day ago, so the seven-day return window is open), and a paid order with a refund
 * application waiting for the shop (the shop's three days run from the application). Orders are
 * paid through the sandbox provider (payType 3), so the demo balance the browser tests spend stays
 * as seeded. Two products of shop 3 do not offer the seven-day no-reason return.
 * Goes through the real lifecycle functions (payment, shipping, receipt) in the seed transaction.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { formatPrice, mulQty, sum } from "../../lib/money.ts";
import {
  orderItems,
  orderRefunds,
  orders,
  payments,
  products,
  productTranslations,
  shops,
  skus,
} from "../db/schema/index.ts";
import { ORDER_PAY_MINUTES, PayType } from "../../lib/order/order-types.ts";
import { REFUND_SELLER_DAYS } from "../../lib/refund/refund-rules.ts";
import type { Tx } from "../db/client.ts";
import { scheduleJob } from "../domain/jobs/jobs.ts";
import { confirmReceipt, markPaymentPaid, nextOrderNumber, shipOrder } from "../domain/order/order-lifecycle.ts";
import type { SeedContext } from "./context.ts";
import { seedDeliveryTrail } from "./logistics.ts";
import { DEMO_USER } from "./users.ts";

/** The demo buyer's address (their default delivery address, and on their seeded orders). */
export const DEMO_ADDRESS = {
  receiver: "演示买家",
  mobile: "13800138000",
  province: "上海市",
  city: "上海市",
  area: "浦东新区",
  addr: "世纪大道 100 号",
  provinceId: 31,
  cityId: 3101,
  areaId: 310115,
  postCode: null,
};

/** A paid order (sandbox provider) of one shop's SKUs; `opts` for other buyers, order types and activity prices (the group-buy seed). */
export async function demoOrder(
  tx: Tx,
  lines: { skuId: number; prodCount: number }[],
  at: Date,
  invoice: { invoiceType: 1 | 2; headerName: string; invoiceTaxNumber: string | null } | null,
  opts: {
    userId?: string;
    orderType?: number;
    unitPrice?: (skuId: number) => string | undefined;
    beforePay?: (orderNumber: string) => Promise<void>;
    /** Leave the order unpaid (it closes at its pay deadline like any order). */
    unpaid?: boolean;
  } = {},
) {
  const userId = opts.userId ?? DEMO_USER.userId;
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
    .where(
      inArray(
        skus.skuId,
        lines.map((l) => l.skuId),
      ),
    )
    .orderBy(asc(skus.skuId));
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
  const items = lines.map((l) => {
    const r = rows.find((x) => x.skuId === l.skuId)!;
    return { ...r, price: opts.unitPrice?.(l.skuId) ?? r.price, prodCount: l.prodCount };
  });
  const total = formatPrice(sum(items.map((i) => mulQty(i.price, i.prodCount))));
  const orderNumber = await nextOrderNumber(tx, at);
  const shopId = items[0]!.shopId;
  await tx.insert(orders).values({
    orderNumber,
    userId,
    orderType: opts.orderType ?? 0,
    shopId,
    shopName: items[0]!.shopName,
    prodNames: items.map((i) => nameOf(i.prodId).zh).join(","),
    status: 1,
    total,
    freightAmount: "0.00",
    actualTotal: total,
    productNums: items.reduce((n, i) => n + i.prodCount, 0),
    address: DEMO_ADDRESS,
    invoice,
    payDeadline: new Date(at.getTime() + ORDER_PAY_MINUTES * 60_000),
    createdAt: at,
    updatedAt: at,
  });
  const ids = await tx
    .insert(orderItems)
    .values(
      items.map((i) => {
        const amount = formatPrice(mulQty(i.price, i.prodCount));
        return {
          orderNumber,
          shopId,
          userId,
          prodId: i.prodId,
          skuId: i.skuId,
          prodName: nameOf(i.prodId),
          skuName: i.skuName,
          properties: i.properties,
          pic: i.pic || i.prodPic,
          price: i.price,
          prodCount: i.prodCount,
          productTotalAmount: amount,
          actualTotal: amount,
          createdAt: at,
        };
      }),
    )
    .returning({ id: orderItems.orderItemId });
  for (const i of items) {
    await tx
      .update(skus)
      .set({ stocks: sql`${skus.stocks} - ${i.prodCount}` })
      .where(eq(skus.skuId, i.skuId));
    await tx
      .update(products)
      .set({ totalStocks: sql`${products.totalStocks} - ${i.prodCount}` })
      .where(eq(products.prodId, i.prodId));
  }
  await opts.beforePay?.(orderNumber);
  const done = {
    orderNumber,
    shopId,
    total,
    orderItemIds: ids.map((r) => r.id),
    amounts: items.map((i) => formatPrice(mulQty(i.price, i.prodCount))),
  };
  if (opts.unpaid) {
    await scheduleJob(tx, "orderPayTimeout", orderNumber, new Date(at.getTime() + ORDER_PAY_MINUTES * 60_000));
    return done;
  }
  const payNo = `SEED${orderNumber}`;
  await tx.insert(payments).values({
    payNo,
    userId,
    orderNumbers: orderNumber,
    payType: PayType.WECHAT_SCAN,
    amount: total,
    expiresAt: new Date(at.getTime() + 3600_000),
    createdAt: at,
  });
  await markPaymentPaid(tx, payNo, { amount: total, providerTradeNo: `SBXSEED${orderNumber}` }, at);
  return done;
}

/** The shop of the demo after-sales orders (log in as shop04 to handle them); the other open shops get their orders from shop-orders.ts. */
export const DEMO_SHOP_ID = 4;

export async function seedAfterSales(ctx: SeedContext): Promise<void> {
  const { tx, clock } = ctx;
  const cheap = await tx
    .select({ skuId: skus.skuId, prodId: skus.prodId })
    .from(skus)
    .innerJoin(products, eq(products.prodId, skus.prodId))
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(
      sql`${products.shopId} = ${DEMO_SHOP_ID} and ${products.status} = 1 and ${skus.status} = 1 and ${skus.stocks} > 20`,
    )
    .orderBy(asc(skus.price), asc(skus.skuId))
    .limit(12);
  const distinct = cheap.filter((s, i) => cheap.findIndex((x) => x.prodId === s.prodId) === i);
  if (distinct.length < 3) return;
  const [a, b, c] = distinct as [(typeof distinct)[0], (typeof distinct)[0], (typeof distinct)[0]];

  // Completed about a day ago, ready to review, invoice in progress: ordered, shipped and received
  // at spans before the seeding instant (never after it, whatever the hour).
  const done = await demoOrder(
    tx,
    [
      { skuId: a.skuId, prodCount: 1 },
      { skuId: b.skuId, prodCount: 2 },
    ],
    clock.ago(3, 7 * 60 + 48),
    { invoiceType: 1, headerName: "演示买家", invoiceTaxNumber: null },
  );
  const shippedAt = clock.ago(2, 3 * 60 + 13);
  const receivedAt = clock.ago(1, 4 * 60 + 55);
  const packages = await shipOrder(
    tx,
    done.orderNumber,
    done.shopId,
    [{ dvyId: 1, dvyFlowId: `SF${done.orderNumber.slice(-10)}` }],
    shippedAt,
  );
  await seedDeliveryTrail(tx, done.shopId, packages, shippedAt, receivedAt, clock.now);
  await confirmReceipt(tx, done.orderNumber, receivedAt, { userId: DEMO_USER.userId });

  // Paid a few hours ago, a refund-only application (half an hour later) waiting for the shop.
  const paid = await demoOrder(tx, [{ skuId: c.skuId, prodCount: 1 }], clock.ago(0, 3 * 60 + 20), null);
  const applied = clock.ago(0, 2 * 60 + 50);
  const dueAt = new Date(applied.getTime() + REFUND_SELLER_DAYS * 24 * 3600 * 1000);
  const refundSn = `${paid.orderNumber.slice(0, 12)}0000001`;
  await tx.insert(orderRefunds).values({
    refundSn,
    orderNumber: paid.orderNumber,
    shopId: paid.shopId,
    userId: DEMO_USER.userId,
    refundType: 2,
    orderItemId: paid.orderItemIds[0]!,
    goodsNum: 1,
    applyType: 1,
    isReceiver: 0,
    buyerReason: 0,
    buyerDesc: "拍错了，不想要了",
    buyerMobile: DEMO_USER.userMobile,
    refundAmount: paid.amounts[0]!,
    returnMoneySts: 1,
    dueAt,
    applyTime: applied,
    updateTime: applied,
  });
  await tx.update(orders).set({ refundStatus: 1 }).where(eq(orders.orderNumber, paid.orderNumber));
  await scheduleJob(tx, "refundSellerTimeout", refundSn, dueAt);

  // Goods without the seven-day no-reason return (custom-made / fresh in a real shop).
  const noReturn = await tx
    .select({ prodId: products.prodId })
    .from(products)
    .where(eq(products.shopId, 3))
    .orderBy(asc(products.prodId))
    .limit(2);
  if (noReturn.length)
    await tx
      .update(products)
      .set({ sevenDayReturn: 0 })
      .where(
        inArray(
          products.prodId,
          noReturn.map((p) => p.prodId),
        ),
      );
}
