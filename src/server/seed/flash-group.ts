/**
 * Demo flash sales and group buys (docs/flash-sale.md, group-buy.md "Demo data"), timed from the
 * moment of seeding so a new visitor always sees them live:
 * - three flash sessions, each starting on the hour or half hour: one on now (started 30-59 minutes
 *   ago, 3 hours long), one later (starts in 2.5-3 hours), one tomorrow 10:00-12:00 Asia/Shanghai;
 *   products of shop 5, flash stock per SKU;
 * - two group-buy products of shop 6 (running 7 days), each with a team opened by a reviewer
 *   whose order is paid: a 2-person team one seat short and a 3-person team.
 * Shops 1-4 stay free of these (the other features' tests use them).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { compare, formatPrice, toDecimal } from "../../lib/money.ts";
import {
  flashActivities,
  flashSessions,
  flashSkus,
  groupActivities,
  groupMembers,
  groupSkus,
  groupTeams,
  products,
  skus,
} from "../db/schema/index.ts";
import { shanghaiDayStart } from "../domain/flash-sale/flash-sale.ts";
import { GROUP_ORDER_TYPE } from "../domain/group-buy/group-buy.ts";
import { demoOrder } from "./after-sales.ts";
import type { SeedContext } from "./context.ts";
import { fixedUuid } from "./random.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
export const FLASH_SHOP_ID = 5;
export const GROUP_SHOP_ID = 6;

/** A share of a price ("0.5" = half), to the cent. */
const cut = (price: string, rate: string) => formatPrice(toDecimal(price).times(rate));

/**
 * The first `n` products of a shop on sale whose cheapest SKU is in stock, with up to three SKUs
 * in stock, the cheapest first: an activity then always covers the SKU the product's price is
 * (its cards elsewhere show that price), so the activity never asks more than the product.
 */
async function productsWithSkus(ctx: SeedContext, shopId: number, n: number) {
  const prods = await ctx.tx
    .select({ prodId: products.prodId })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.status, 1), eq(products.prodType, 0)))
    .orderBy(asc(products.prodId));
  const skuRows = await ctx.tx
    .select({ skuId: skus.skuId, prodId: skus.prodId, price: skus.price, stocks: skus.stocks })
    .from(skus)
    .where(
      and(
        inArray(
          skus.prodId,
          prods.map((p) => p.prodId),
        ),
        eq(skus.status, 1),
      ),
    )
    .orderBy(asc(skus.skuId));
  return prods
    .map((p) => {
      const own = skuRows
        .filter((s) => s.prodId === p.prodId)
        .sort((a, b) => compare(a.price, b.price) || a.skuId - b.skuId);
      const cheapestInStock = (own[0]?.stocks ?? 0) > 5;
      return { prodId: p.prodId, skus: cheapestInStock ? own.filter((s) => s.stocks > 5).slice(0, 3) : [] };
    })
    .filter((p) => p.skus.length > 0)
    .slice(0, n);
}

/** Seeds the first flash sales and group buys; answers the flash session ids (on now, later today, tomorrow). */
export async function seedFlashGroup(ctx: SeedContext): Promise<number[]> {
  const { tx } = ctx;
  const now = ctx.clock.now;
  let sessionIds: number[] = [];
  // Flash sale.
  const flashProds = await productsWithSkus(ctx, FLASH_SHOP_ID, 6);
  if (flashProds.length >= 4) {
    const tomorrow10 = new Date(shanghaiDayStart(now).getTime() + DAY + 10 * HOUR);
    // Sessions start on the hour or half hour, as a mall schedules them: the one on now started
    // 30-59 minutes before seeding, the later one starts 2.5-3 hours after it.
    const onStart = Math.floor(now.getTime() / (30 * MIN)) * 30 * MIN - 30 * MIN;
    const laterStart = onStart + 210 * MIN;
    const sessions = await tx
      .insert(flashSessions)
      .values([
        { startTime: new Date(onStart), endTime: new Date(onStart + 3 * HOUR), createdAt: now },
        { startTime: new Date(laterStart), endTime: new Date(laterStart + 2 * HOUR), createdAt: now },
        { startTime: tomorrow10, endTime: new Date(tomorrow10.getTime() + 2 * HOUR), createdAt: now },
      ])
      .returning({ id: flashSessions.sessionId });
    sessionIds = sessions.map((x) => x.id);
    const plan: [session: number, prod: number, maxNum: number, stock: number][] = [
      [0, 0, 2, 30],
      [0, 1, 1, 8],
      [0, 2, -1, 50],
      [1, 3, 2, 20],
      [2, 4, 1, 10],
      [2, 5, 3, 40],
    ];
    for (const [si, pi, maxNum, stock] of plan) {
      const p = flashProds[pi];
      if (!p) continue;
      const [a] = await tx
        .insert(flashActivities)
        .values({
          sessionId: sessions[si]!.id,
          shopId: FLASH_SHOP_ID,
          prodId: p.prodId,
          maxNum,
          payMinutes: 5,
          createdAt: now,
        })
        .returning({ id: flashActivities.seckillId });
      await tx.insert(flashSkus).values(
        p.skus.map((s, i) => {
          // The first activity shows a partly sold bar.
          const left = si === 0 && pi === 0 && i === 0 ? Math.floor(stock * 0.4) : stock;
          return { seckillId: a!.id, skuId: s.skuId, price: cut(s.price, "0.5"), stocks: left, originStocks: stock };
        }),
      );
    }
  }

  // Group buy.
  const groupProds = await productsWithSkus(ctx, GROUP_SHOP_ID, 2);
  for (const [i, p] of groupProds.slice(0, 2).entries()) {
    const groupNumber = i === 0 ? 2 : 3;
    const [a] = await tx
      .insert(groupActivities)
      .values({
        shopId: GROUP_SHOP_ID,
        prodId: p.prodId,
        groupNumber,
        maxNum: 5,
        teamHours: 24,
        startTime: new Date(now.getTime() - DAY),
        endTime: new Date(now.getTime() + 7 * DAY),
        createdAt: now,
      })
      .returning({ id: groupActivities.groupActivityId });
    const gskus = await tx
      .insert(groupSkus)
      .values(p.skus.map((s) => ({ groupActivityId: a!.id, skuId: s.skuId, actPrice: cut(s.price, "0.7") })))
      .returning({ skuId: groupSkus.skuId, actPrice: groupSkus.actPrice });
    // A reviewer opened a team an hour ago and paid: the team is grouping.
    await openGroupTeam(ctx, {
      groupActivityId: a!.id,
      shopId: GROUP_SHOP_ID,
      prodId: p.prodId,
      groupNumber,
      skuId: p.skus.find((s) => s.stocks > 5)!.skuId,
      leader: fixedUuid(0x101 + i),
      at: new Date(now.getTime() - HOUR),
      price: (skuId) => gskus.find((g) => g.skuId === skuId)?.actPrice,
    });
  }
  return sessionIds;
}

/** A team of one opened by `leader` at `at`, whose group order (one unit of `skuId`) is paid: the team is grouping. */
export async function openGroupTeam(
  ctx: SeedContext,
  t: {
    groupActivityId: number;
    shopId: number;
    prodId: number;
    groupNumber: number;
    skuId: number;
    leader: string;
    at: Date;
    price: (skuId: number) => string | undefined;
  },
): Promise<void> {
  const { tx } = ctx;
  const [team] = await tx
    .insert(groupTeams)
    .values({
      groupActivityId: t.groupActivityId,
      shopId: t.shopId,
      prodId: t.prodId,
      leaderUserId: t.leader,
      groupNumber: t.groupNumber,
      seats: 1,
      status: 0,
      createdAt: t.at,
      updatedAt: t.at,
    })
    .returning({ id: groupTeams.groupTeamId });
  await demoOrder(tx, [{ skuId: t.skuId, prodCount: 1 }], t.at, null, {
    userId: t.leader,
    orderType: GROUP_ORDER_TYPE,
    unitPrice: t.price,
    // The member row goes in before the payment, so the payment opens the team.
    beforePay: async (orderNumber) => {
      await tx
        .insert(groupMembers)
        .values({ groupTeamId: team!.id, userId: t.leader, orderNumber, leader: 1, createdAt: t.at });
    },
  });
}
