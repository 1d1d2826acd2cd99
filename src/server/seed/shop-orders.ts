/**
 * The demo's shop life (docs/demo-data.md), relative to the moment of seeding:
 * - orders of every open shop (1-7) in every state — unpaid, paid (to ship), shipped, completed,
 *   refunded — some of the demo buyer's, the others of reviewers (shop 4 already has the demo
 *   buyer's paid and completed orders of after-sales.ts);
 * - the demo buyer's default delivery address;
 * - reviews with ratings (some with photos) on the best sellers.
 * Orders go through the real lifecycle functions (payment, shipping, receipt); paid through the
 * sandbox provider, so the demo balance stays as seeded.
 */
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { CLOSE_TYPE_REFUNDED, OrderStatus } from "../../lib/order/order-state.ts";
import { RefundSts } from "../../lib/refund/refund-state.ts";
import { addresses, orderRefunds, orders, prodComments, products, shops, skus } from "../db/schema/index.ts";
import { confirmReceipt, shipOrder } from "../domain/order/order-lifecycle.ts";
import { demoOrder, DEMO_ADDRESS } from "./after-sales.ts";
import type { SeedContext } from "./context.ts";
import { seedDeliveryTrail } from "./logistics.ts";
import { Rng, SEED, fixedUuid } from "./random.ts";
import { DEMO_USER, reviewLang } from "./users.ts";

const MIN = 60_000;
const DAY = 1440 * MIN;
type State = "unpaid" | "paid" | "shipped" | "completed" | "refunded";
const STATES: State[] = ["unpaid", "paid", "shipped", "completed", "refunded"];

/** Products the browser tests name and the first products of each shop (the API tests pick those) get no seeded orders or reviews. */
const NAMED_IN_TESTS = [1, 19, 66, 68, 72, 85, 304, 355];
const KEEP_FIRST = 8;

async function spareProducts(ctx: SeedContext): Promise<{ prodId: number; shopId: number }[]> {
  const rows = await ctx.tx
    .select({ prodId: products.prodId, shopId: products.shopId })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(and(eq(products.status, 1), eq(products.prodType, 0), eq(shops.shopStatus, 1)))
    .orderBy(asc(products.prodId));
  const seen = new Map<number, number>();
  return rows.filter((r) => {
    const n = (seen.get(r.shopId) ?? 0) + 1;
    seen.set(r.shopId, n);
    return n > KEEP_FIRST && !NAMED_IN_TESTS.includes(r.prodId);
  });
}

export async function seedShopOrders(ctx: SeedContext): Promise<void> {
  const { tx } = ctx;
  const now = ctx.clock.now;
  await tx.insert(addresses).values({ userId: DEMO_USER.userId, ...DEMO_ADDRESS, commonAddr: 1 });

  const spare = await spareProducts(ctx);
  const skuRows = await tx
    .select({ skuId: skus.skuId, prodId: skus.prodId })
    .from(skus)
    .where(
      and(
        eq(skus.status, 1),
        gt(skus.stocks, 30),
        inArray(
          skus.prodId,
          spare.map((p) => p.prodId),
        ),
      ),
    )
    .orderBy(asc(skus.price), asc(skus.skuId));
  const usedProds = new Set<number>();
  const skuOf = (shopId: number): number | null => {
    for (const s of skuRows) {
      const p = spare.find((x) => x.prodId === s.prodId);
      if (p?.shopId !== shopId || usedProds.has(s.prodId)) continue;
      usedProds.add(s.prodId);
      return s.skuId;
    }
    return null;
  };

  // [shop, state, buyer]: shop 4 completes the demo buyer's story of after-sales.ts.
  const plan: [number, State, string][] = [
    [4, "unpaid", DEMO_USER.userId],
    [4, "shipped", DEMO_USER.userId],
    [4, "refunded", DEMO_USER.userId],
  ];
  // Reviewers 1-7, 9 and 10 buy in turn; reviewer08 keeps an empty order history (the account
  // the user-centre tests read zero order counts of).
  const buyers = [1, 2, 3, 4, 5, 6, 7, 9, 10].map((n) => fixedUuid(0x100 + n));
  let reviewer = 0;
  for (const shopId of [1, 2, 3, 5, 6, 7])
    for (const state of STATES) {
      const demo = (shopId === 5 && state === "completed") || (shopId === 6 && state === "paid");
      plan.push([shopId, state, demo ? DEMO_USER.userId : buyers[reviewer++ % buyers.length]!]);
    }

  for (const [i, [shopId, state, userId]] of plan.entries()) {
    const skuId = skuOf(shopId);
    if (skuId === null) continue;
    // Spread over the last days at varied times of day; unpaid ones minutes ago (they close at their deadline).
    const at =
      state === "unpaid"
        ? new Date(now.getTime() - (3 + i) * MIN)
        : new Date(now.getTime() - (STATES.indexOf(state) + 1) * DAY - (97 + i * 131) * MIN);
    const o = await demoOrder(tx, [{ skuId, prodCount: 1 + (i % 2) }], at, null, {
      userId,
      unpaid: state === "unpaid",
    });
    if (state === "shipped" || state === "completed") {
      const shipped = new Date(at.getTime() + 19 * 60 * MIN + i * 7 * MIN);
      const received = state === "completed" ? new Date(shipped.getTime() + 29 * 60 * MIN + i * 11 * MIN) : null;
      const packages = await shipOrder(
        tx,
        o.orderNumber,
        shopId,
        [{ dvyId: 1, dvyFlowId: `SF${o.orderNumber.slice(-10)}` }],
        shipped,
      );
      await seedDeliveryTrail(tx, shopId, packages, shipped, received, now);
      if (received) await confirmReceipt(tx, o.orderNumber, received, { userId });
    }
    if (state === "refunded") await refundedInFull(ctx, o, userId, new Date(at.getTime() + 3 * 60 * MIN + 17 * MIN));
  }

  await reviewBestSellers(ctx, new Set(spare.map((p) => p.prodId)));
}

/** The buyer asked for a refund of the whole paid order the same day; the shop agreed and it was paid back: the order is closed as refunded. */
async function refundedInFull(
  ctx: SeedContext,
  o: { orderNumber: string; shopId: number; total: string },
  userId: string,
  at: Date,
): Promise<void> {
  const handled = new Date(at.getTime() + 2 * 60 * MIN + 41 * MIN);
  await ctx.tx.insert(orderRefunds).values({
    refundSn: `${o.orderNumber.slice(0, 12)}0000002`,
    orderNumber: o.orderNumber,
    shopId: o.shopId,
    userId,
    refundType: 1,
    orderItemId: null,
    goodsNum: 1,
    applyType: 1,
    isReceiver: 0,
    buyerReason: 0,
    buyerDesc: "不想要了 / Changed my mind",
    buyerMobile: DEMO_USER.userMobile,
    refundAmount: o.total,
    returnMoneySts: RefundSts.REFUNDED,
    refundWay: "provider",
    sellerMsg: "已同意退款 / Refund approved",
    applyTime: at,
    handelTime: handled,
    refundTime: handled,
    updateTime: handled,
  });
  await ctx.tx
    .update(orders)
    .set({
      status: OrderStatus.CLOSE,
      closeType: CLOSE_TYPE_REFUNDED,
      cancelTime: handled,
      refundStatus: 2,
      updatedAt: handled,
    })
    .where(eq(orders.orderNumber, o.orderNumber));
}

const REVIEWS: [score: number, zh: string, tw: string, en: string][] = [
  [
    5,
    "卖得火是有道理的，质量对得起价格，已经推荐给同事。",
    "賣得好是有原因的，品質對得起價格，已經推薦給同事了。",
    "Popular for a reason: worth every yuan. Already told my colleagues.",
  ],
  [
    5,
    "第三次回购，品质稳定，包装也很仔细。",
    "第三次回購，品質穩定，包裝也很仔細。",
    "Third time buying it — consistent quality, carefully packed.",
  ],
  [
    4,
    "整体满意，物流两天就到了，做工不错。",
    "整體滿意，兩天就到貨了，做工不錯。",
    "Happy overall; arrived in two days and nicely made.",
  ],
  [
    5,
    "和详情页描述一致，用着很顺手。",
    "跟商品頁描述一致，用起來很順手。",
    "Exactly as described and a pleasure to use.",
  ],
  [
    4,
    "性价比很高，就是颜色比图片稍深一点。",
    "CP值很高，只是顏色比圖片深一點。",
    "Great value; the colour is a touch darker than the photos.",
  ],
  [
    3,
    "还可以，中规中矩，期待下次活动价。",
    "還可以，中規中矩，等下次特價再買。",
    "It's fine, nothing special — waiting for the next sale.",
  ],
  [5, "送人很有面子，朋友很喜欢。", "送禮很體面，朋友很喜歡。", "Made a great gift — my friend loves it."],
];

/** The shop's thanks, in the language of the review it answers. */
const THANKS = {
  zh: "感谢支持，期待您再次光临！",
  "zh-tw": "感謝支持，期待您再次光臨！",
  en: "Thank you — see you again soon!",
} as const;

/** The twelve best sellers (by sales) that have fewer than four reviews get four to seven more, some with photos and a shop reply. */
async function reviewBestSellers(ctx: SeedContext, allowed: Set<number>): Promise<void> {
  const rng = new Rng(SEED + 27);
  const best = (
    await ctx.tx
      .select({
        prodId: products.prodId,
        imgs: products.imgs,
        commentNum: products.commentNum,
        putawayTime: products.putawayTime,
      })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .where(and(eq(products.status, 1), eq(products.prodType, 0), eq(shops.shopStatus, 1)))
      .orderBy(desc(products.soldNum), asc(products.prodId))
      .limit(40)
  )
    .filter((p) => allowed.has(p.prodId) && p.commentNum < 4)
    .slice(0, 12);
  for (const p of best) {
    const [sku] = await ctx.tx
      .select({ skuId: skus.skuId, skuName: skus.skuName })
      .from(skus)
      .where(eq(skus.prodId, p.prodId))
      .orderBy(asc(skus.skuId))
      .limit(1);
    if (!sku) continue;
    const authors = rng.sample(
      Array.from({ length: 10 }, (_, i) => fixedUuid(0x101 + i)),
      rng.int(4, 7),
    );
    let first = 0;
    const rows = authors.map((userId, k) => {
      const [score, zh, tw, en] = rng.pick(REVIEWS);
      // Written 2-40 days ago, never before the product was listed (nor in the future).
      const now = ctx.clock.now.getTime();
      const earliest = Math.max(p.putawayTime.getTime() + 60 * MIN, now - 40 * DAY);
      const latest = Math.max(earliest, now - 2 * DAY);
      const recTime = new Date(Math.min(now, earliest + rng.int(0, Math.round((latest - earliest) / MIN)) * MIN));
      const photos = rng.chance(0.4) ? rng.sample(p.imgs.split(","), rng.int(1, 2)).join(",") : "";
      const reply = rng.chance(0.4);
      // One draw a review, as before; the languages rotate from the first (users.ts reviewLang).
      const draw = rng.next();
      if (k === 0) first = draw;
      const lang = reviewLang(k, first);
      return {
        prodId: p.prodId,
        userId,
        orderItemId: null,
        skuId: sku.skuId,
        skuName: sku.skuName,
        score,
        evaluate: score >= 4 ? 0 : score === 3 ? 1 : 2,
        content: { zh, "zh-tw": tw, en }[lang],
        pics: photos,
        isAnonymous: rng.chance(0.15) ? 1 : 0,
        status: 1,
        replyContent: reply ? THANKS[lang] : null,
        replyTime: reply ? new Date(Math.min(now, recTime.getTime() + rng.int(60, 2880) * MIN)) : null,
        recTime,
      };
    });
    await ctx.tx.insert(prodComments).values(rows);
    await ctx.tx
      .update(products)
      .set({ commentNum: sql`${products.commentNum} + ${rows.length}` })
      .where(eq(products.prodId, p.prodId));
  }
}
