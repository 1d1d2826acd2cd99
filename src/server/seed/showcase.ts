/**
 * The demo's marketing showcase (docs/demo-data.md), added on top of the first activities of
 * marketing.ts and flash-group.ts and timed from the moment of seeding, so every marketing page
 * is full whenever the demo is seeded:
 * - flash sales of shops 2-7 in the three seeded sessions (the one on now holds nine products);
 * - six more group buys of shops 2-7 (teams opened by reviewers in shops 4-7);
 * - three more platform coupons and one shop coupon each for shops 4-7 (cash, rate, "N days
 *   after claiming");
 * - four more running discounts of shops 4-7 on selected products.
 * Products come from different categories and brands, never the first products of a shop (the
 * API tests pick those) nor the products the browser tests name; each product is in at most one
 * flash sale, group buy or discount. The teams opened here are the showcase's only orders (shops
 * 4-7); every open shop (1-7) has orders in every state from shop-orders.ts.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { formatPrice, toDecimal } from "../../lib/money.ts";
import {
  coupons,
  discountItems,
  discountProds,
  discounts,
  flashActivities,
  flashSkus,
  groupActivities,
  groupSkus,
  products,
  skus,
} from "../db/schema/index.ts";
import type { SeedContext } from "./context.ts";
import { openGroupTeam } from "./flash-group.ts";
import { fixedUuid } from "./random.ts";

const DAY = 24 * 3600 * 1000;
const t = (zh: string, tw: string, en: string) => ({ zh, "zh-tw": tw, en });
const cut = (price: string, rate: string) => formatPrice(toDecimal(price).times(rate));

/** Products the browser tests name (e2e helpers and specs): never part of an activity. */
const NAMED_IN_TESTS = new Set([1, 19, 66, 68, 72, 85, 304, 355]);
/** The first products of a shop (by id) stay as they are: the API tests pick them. */
const KEEP_FIRST = 8;

interface Pick {
  prodId: number;
  shopId: number;
  skus: { skuId: number; price: string; stocks: number }[];
}

/** Hands out products of a shop from its newest id down, one per category and brand, each once. */
async function productPicker(ctx: SeedContext) {
  const { tx } = ctx;
  const rows = await tx
    .select({
      prodId: products.prodId,
      shopId: products.shopId,
      categoryId: products.categoryId,
      brandId: products.brandId,
    })
    .from(products)
    .where(and(eq(products.status, 1), eq(products.prodType, 0), gt(products.totalStocks, 0)))
    .orderBy(asc(products.prodId));
  const skuRows = await tx
    .select({ skuId: skus.skuId, prodId: skus.prodId, price: skus.price, stocks: skus.stocks })
    .from(skus)
    .where(and(eq(skus.status, 1), gt(skus.stocks, 20)))
    .orderBy(asc(skus.skuId));
  const busy = new Set<number>([
    ...(await tx.select({ id: flashActivities.prodId }).from(flashActivities)).map((r) => r.id),
    ...(await tx.select({ id: groupActivities.prodId }).from(groupActivities)).map((r) => r.id),
    ...(await tx.select({ id: discountProds.prodId }).from(discountProds)).map((r) => r.id),
  ]);
  const seenCategory = new Set<number>();
  const seenBrand = new Set<number>();
  const byShop = new Map<number, typeof rows>();
  for (const r of rows) byShop.set(r.shopId, [...(byShop.get(r.shopId) ?? []), r]);
  return (shopId: number, n: number): Pick[] => {
    const candidates = (byShop.get(shopId) ?? []).slice(KEEP_FIRST).reverse();
    const out: Pick[] = [];
    for (const strict of [true, false]) {
      for (const p of candidates) {
        if (out.length >= n) break;
        if (busy.has(p.prodId) || NAMED_IN_TESTS.has(p.prodId)) continue;
        if (strict && (seenCategory.has(p.categoryId) || seenBrand.has(p.brandId ?? 0))) continue;
        const list = skuRows.filter((s) => s.prodId === p.prodId).slice(0, 3);
        if (list.length === 0) continue;
        busy.add(p.prodId);
        seenCategory.add(p.categoryId);
        if (p.brandId !== null) seenBrand.add(p.brandId);
        out.push({ prodId: p.prodId, shopId, skus: list });
      }
    }
    return out;
  };
}

export async function seedShowcase(ctx: SeedContext, sessionIds: number[]): Promise<void> {
  const { tx } = ctx;
  const now = ctx.clock.now;
  const take = await productPicker(ctx);

  // Flash sales: [session, shop, rate, per-buyer limit, units, share already sold].
  const flashPlan: [number, number, string, number, number, number][] = [
    [0, 6, "0.55", 2, 40, 0.7],
    [0, 7, "0.6", 1, 25, 0.35],
    [0, 2, "0.7", 1, 15, 0.85],
    [0, 3, "0.65", 2, 30, 0.5],
    [0, 4, "0.5", 3, 60, 0.2],
    [0, 5, "0.6", -1, 80, 0.55],
    [1, 6, "0.6", 2, 30, 0],
    [1, 7, "0.5", 1, 20, 0],
    [1, 3, "0.7", 1, 12, 0],
    [2, 2, "0.65", 1, 10, 0],
    [2, 4, "0.55", 2, 35, 0],
  ];
  for (const [si, shopId, rate, maxNum, units, sold] of flashPlan) {
    const sessionId = sessionIds[si];
    const [p] = take(shopId, 1);
    if (sessionId === undefined || !p) continue;
    const [a] = await tx
      .insert(flashActivities)
      .values({ sessionId, shopId, prodId: p.prodId, maxNum, payMinutes: 5, createdAt: now })
      .returning({ id: flashActivities.seckillId });
    await tx.insert(flashSkus).values(
      p.skus.map((s) => ({
        seckillId: a!.id,
        skuId: s.skuId,
        price: cut(s.price, rate),
        stocks: Math.max(1, Math.round(units * (1 - sold))),
        originStocks: units,
      })),
    );
  }

  // Group buys: [shop, team size, rate, opens a team]. They end after the first two (which
  // the group-buy tests use first), in 9-14 days.
  const groupPlan: [number, number, string, boolean][] = [
    [5, 2, "0.75", true],
    [7, 3, "0.7", true],
    [4, 2, "0.8", true],
    [3, 5, "0.65", false],
    [2, 3, "0.8", false],
    [6, 2, "0.7", true],
  ];
  let reviewer = 3;
  for (const [i, [shopId, groupNumber, rate, withTeam]] of groupPlan.entries()) {
    const [p] = take(shopId, 1);
    if (!p) continue;
    const [a] = await tx
      .insert(groupActivities)
      .values({
        shopId,
        prodId: p.prodId,
        groupNumber,
        maxNum: 5,
        teamHours: 24,
        startTime: new Date(now.getTime() - (2 + i) * DAY),
        endTime: new Date(now.getTime() + (9 + i) * DAY),
        createdAt: now,
      })
      .returning({ id: groupActivities.groupActivityId });
    const gskus = await tx
      .insert(groupSkus)
      .values(p.skus.map((s) => ({ groupActivityId: a!.id, skuId: s.skuId, actPrice: cut(s.price, rate) })))
      .returning({ skuId: groupSkus.skuId, actPrice: groupSkus.actPrice });
    if (withTeam)
      await openGroupTeam(ctx, {
        groupActivityId: a!.id,
        shopId,
        prodId: p.prodId,
        groupNumber,
        skuId: p.skus[0]!.skuId,
        leader: fixedUuid(0x101 + reviewer++),
        at: new Date(now.getTime() - (90 + i * 37) * 60_000),
        price: (skuId) => gskus.find((g) => g.skuId === skuId)?.actPrice,
      });
  }

  await seedShowcaseCoupons(ctx);
  await seedShowcaseDiscounts(ctx, take);
}

async function seedShowcaseCoupons(ctx: SeedContext): Promise<void> {
  const at = (days: number) => new Date(ctx.clock.now.getTime() + days * DAY);
  const live = { launchTime: at(-2), overTime: at(25) };
  const fixed = (days: number) => ({ validTimeType: 1, startTime: at(-2), endTime: at(days) });
  const afterClaim = (days: number) => ({ validTimeType: 2, afterReceiveDays: 0, validDays: days });
  const stock = (n: number, left = n) => ({ stocks: left, sourceStock: n });
  const rows: (typeof coupons.$inferInsert)[] = [
    {
      shopId: 0,
      couponName: t("全场满99减10", "全場滿99減10", "Mall-wide: ¥10 off ¥99"),
      couponType: 1,
      cashCondition: "99",
      reduceAmount: "10",
      limitNum: 3,
      ...fixed(20),
      ...stock(8000, 5230),
      ...live,
    },
    {
      shopId: 0,
      couponName: t("大额券 满1000减100", "大額券 滿1000減100", "Big spender: ¥100 off ¥1000"),
      couponType: 1,
      cashCondition: "1000",
      reduceAmount: "100",
      limitNum: 1,
      ...fixed(14),
      ...stock(500, 86),
      ...live,
    },
    {
      shopId: 0,
      couponName: t("新人无门槛3元券", "新人無門檻3元券", "Welcome gift: ¥3 off, no minimum"),
      couponType: 1,
      cashCondition: "0",
      reduceAmount: "3",
      limitNum: 1,
      ...afterClaim(7),
      ...stock(10000, 7412),
      ...live,
    },
    {
      shopId: 4,
      couponName: t("潮流服饰 满150减15", "潮流服飾 滿150減15", "Fashion: ¥15 off ¥150"),
      couponType: 1,
      cashCondition: "150",
      reduceAmount: "15",
      limitNum: 2,
      ...fixed(12),
      ...stock(600, 318),
      ...live,
    },
    {
      shopId: 5,
      couponName: t("零食8.8折券", "零食8.8折券", "Snacks: 12% off"),
      couponType: 2,
      cashCondition: "30",
      couponDiscount: "8.8",
      limitNum: 1,
      ...afterClaim(5),
      ...stock(400, 120),
      ...live,
    },
    {
      shopId: 6,
      couponName: t("母婴图书 满200减30", "母嬰圖書 滿200減30", "Baby & books: ¥30 off ¥200"),
      couponType: 1,
      cashCondition: "200",
      reduceAmount: "30",
      limitNum: 1,
      ...fixed(18),
      ...stock(300, 241),
      ...live,
    },
    {
      shopId: 7,
      couponName: t("领取后7天内有效 满300减40", "領取後7天內有效 滿300減40", "7 days from claiming: ¥40 off ¥300"),
      couponType: 1,
      cashCondition: "300",
      reduceAmount: "40",
      limitNum: 1,
      ...afterClaim(7),
      ...stock(200, 37),
      ...live,
    },
  ];
  await ctx.tx.insert(coupons).values(rows);
}

async function seedShowcaseDiscounts(ctx: SeedContext, take: (shopId: number, n: number) => Pick[]): Promise<void> {
  const at = (days: number) => new Date(ctx.clock.now.getTime() + days * DAY);
  const plan: {
    shopId: number;
    name: ReturnType<typeof t>;
    rule: number;
    type: number;
    cap?: string;
    tiers: [string, string][];
    days: [number, number];
  }[] = [
    {
      shopId: 4,
      name: t("任选2件95折，3件9折", "任選2件95折，3件9折", "2 items 5% off, 3 items 10% off"),
      rule: 3,
      type: 0,
      tiers: [
        ["2", "9.5"],
        ["3", "9"],
      ],
      days: [-2, 5],
    },
    {
      shopId: 5,
      name: t("零食节 满88减12", "零食節 滿88減12", "Snack fest: ¥12 off ¥88"),
      rule: 0,
      type: 1,
      cap: "36",
      tiers: [["88", "12"]],
      days: [-1, 6],
    },
    {
      shopId: 6,
      name: t("开学季 满2件减15", "開學季 滿2件減15", "Back to school: ¥15 off 2 items"),
      rule: 1,
      type: 0,
      tiers: [["2", "15"]],
      days: [-3, 7],
    },
    {
      shopId: 7,
      name: t("户外装备 满500打88折", "戶外裝備 滿500打88折", "Outdoor gear: 12% off ¥500"),
      rule: 2,
      type: 0,
      tiers: [["500", "8.8"]],
      days: [-1, 8],
    },
  ];
  for (const d of plan) {
    const prods = take(d.shopId, 6);
    if (prods.length === 0) continue;
    const [row] = await ctx.tx
      .insert(discounts)
      .values({
        shopId: d.shopId,
        discountName: d.name,
        discountRule: d.rule,
        discountType: d.type,
        maxReduceAmount: d.cap ?? null,
        suitableProdType: 1,
        pcPic: "",
        pcBackgroundPic: "",
        startTime: at(d.days[0]),
        endTime: at(d.days[1]),
      })
      .returning({ id: discounts.discountId });
    await ctx.tx
      .insert(discountItems)
      .values(d.tiers.map(([needAmount, discount]) => ({ discountId: row!.id, needAmount, discount })));
    await ctx.tx.insert(discountProds).values(prods.map((p) => ({ discountId: row!.id, prodId: p.prodId })));
  }
}
