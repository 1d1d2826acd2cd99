/**
 * Group buys on the merchant side (docs/merchant-api.md "Group buy"): create, end, the teams of a
 * shop.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { ID_MAX } from "../../../lib/ids.ts";
import { compare, formatPrice } from "../../../lib/money.ts";
import type { Db } from "../../db/client.ts";
import { groupActivities, groupSkus, groupTeams, products, skus } from "../../db/schema/index.ts";
import { GroupBuyError } from "./group-buy.ts";

export interface GroupActivityInput {
  prodId: number;
  groupNumber: number;
  maxNum: number;
  teamHours: number;
  startTime: Date;
  endTime: Date;
  skus: { skuId: number; actPrice: string }[];
}

/** A new group activity of the shop's own product: team of 2-50, price below the SKU price, a window not over. */
export async function createGroupActivity(
  db: Db,
  shopId: number,
  input: GroupActivityInput,
  now: Date,
): Promise<number> {
  if (!Number.isSafeInteger(input.groupNumber) || input.groupNumber < 2 || input.groupNumber > 50)
    throw new GroupBuyError("groupBuy.badTeamSize");
  if (!(input.endTime.getTime() > input.startTime.getTime()) || input.endTime.getTime() <= now.getTime())
    throw new GroupBuyError("groupBuy.badWindow");
  return db.transaction(async (tx) => {
    const [prod] = await tx
      .select({ shopId: products.shopId })
      .from(products)
      .where(eq(products.prodId, input.prodId))
      .limit(1);
    if (!prod || prod.shopId !== shopId) throw new GroupBuyError("groupBuy.prodNotFound");
    const ids = input.skus.map((s) => s.skuId);
    if (ids.length === 0 || new Set(ids).size !== ids.length) throw new GroupBuyError("groupBuy.badSkus");
    const rows = await tx
      .select({ skuId: skus.skuId, price: skus.price })
      .from(skus)
      .where(and(inArray(skus.skuId, ids), eq(skus.prodId, input.prodId)));
    if (rows.length !== ids.length) throw new GroupBuyError("groupBuy.badSkus");
    for (const s of input.skus) {
      if (!(compare(s.actPrice, 0) > 0) || compare(s.actPrice, rows.find((r) => r.skuId === s.skuId)!.price) >= 0)
        throw new GroupBuyError("groupBuy.badSkus");
    }
    const [a] = await tx
      .insert(groupActivities)
      .values({
        shopId,
        prodId: input.prodId,
        groupNumber: input.groupNumber,
        maxNum: input.maxNum,
        teamHours: input.teamHours,
        startTime: input.startTime,
        endTime: input.endTime,
        createdAt: now,
      })
      .returning({ id: groupActivities.groupActivityId });
    await tx
      .insert(groupSkus)
      .values(input.skus.map((s) => ({ groupActivityId: a!.id, skuId: s.skuId, actPrice: formatPrice(s.actPrice) })));
    return a!.id;
  });
}

/** Ends one of the shop's group activities now: no new teams or joins; open teams still fill or fail at their end. */
export async function endGroupActivity(db: Db, shopId: number, groupActivityId: number): Promise<void> {
  // an id outside the column's range names nothing (and must not reach the database)
  if (!Number.isSafeInteger(groupActivityId) || groupActivityId < 1 || groupActivityId > ID_MAX)
    throw new GroupBuyError("groupBuy.notFound");
  const done = await db
    .update(groupActivities)
    .set({ status: 0 })
    .where(and(eq(groupActivities.groupActivityId, groupActivityId), eq(groupActivities.shopId, shopId)))
    .returning({ id: groupActivities.groupActivityId });
  if (done.length === 0) throw new GroupBuyError("groupBuy.notFound");
}

/** The shop's teams (newest first), optionally of one activity. */
export async function shopTeams(
  db: Db,
  shopId: number,
  groupActivityId: number | undefined,
): Promise<
  {
    groupTeamId: number;
    groupActivityId: number;
    prodId: number;
    status: number;
    groupNumber: number;
    seats: number;
    joinNum: number;
    endTime: string | null;
    createdAt: string;
  }[]
> {
  const rows = await db
    .select()
    .from(groupTeams)
    .where(
      and(eq(groupTeams.shopId, shopId), ...(groupActivityId ? [eq(groupTeams.groupActivityId, groupActivityId)] : [])),
    )
    .orderBy(desc(groupTeams.groupTeamId))
    .limit(200);
  return rows.map((t) => ({
    groupTeamId: t.groupTeamId,
    groupActivityId: t.groupActivityId,
    prodId: t.prodId,
    status: t.status,
    groupNumber: t.groupNumber,
    seats: t.seats,
    joinNum: t.joinNum,
    endTime: t.endTime ? t.endTime.toISOString() : null,
    createdAt: t.createdAt.toISOString(),
  }));
}
