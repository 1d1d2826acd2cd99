/**
 * Group buys read (docs/group-buy.md): the activities on sale, a product's activity, the open teams
 * to join, a team and the buyer's teams.
 */
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import {
  joinRefusal,
  maskNickname,
  TeamStatus,
  type GroupActivityDto,
  type GroupSkuDto,
  type JoinableTeamDto,
  type TeamInfoDto,
} from "../../../lib/group-buy/group-buy.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { compare, formatPrice } from "../../../lib/money.ts";
import type { Db } from "../../db/client.ts";
import { groupActivities, groupMembers, groupSkus, groupTeams, skus, users } from "../../db/schema/index.ts";
import { liveActivityProducts } from "../order/order-buy-lines.ts";
import { GroupBuyError, type Q, type ActivityRow, activityState } from "./group-buy.ts";
import { pageOf } from "../kernel/page.ts";

async function activityDtos(
  q: Q,
  rows: readonly ActivityRow[],
  locale: Locale,
  now: Date,
): Promise<GroupActivityDto[]> {
  if (rows.length === 0) return [];
  const prods = await liveActivityProducts(
    q,
    rows.map((r) => r.prodId),
    locale,
  );
  const skuRows = await q
    .select({
      groupSkuId: groupSkus.groupSkuId,
      groupActivityId: groupSkus.groupActivityId,
      skuId: groupSkus.skuId,
      actPrice: groupSkus.actPrice,
      sellNum: groupSkus.sellNum,
      price: skus.price,
      stocks: skus.stocks,
      skuName: skus.skuName,
      properties: skus.properties,
      skuStatus: skus.status,
    })
    .from(groupSkus)
    .innerJoin(skus, eq(skus.skuId, groupSkus.skuId))
    .where(
      inArray(
        groupSkus.groupActivityId,
        rows.map((r) => r.groupActivityId),
      ),
    )
    .orderBy(asc(groupSkus.groupSkuId));
  const out: GroupActivityDto[] = [];
  for (const r of rows) {
    const p = prods.get(r.prodId);
    if (!p) continue;
    const list = skuRows.filter((s) => s.groupActivityId === r.groupActivityId && s.skuStatus === 1);
    if (list.length === 0) continue;
    const dtos: GroupSkuDto[] = list.map((s) => ({
      groupSkuId: s.groupSkuId,
      skuId: s.skuId,
      skuName: pickText(s.skuName, locale),
      properties: pickText(s.properties, locale),
      price: formatPrice(s.price),
      actPrice: formatPrice(s.actPrice),
      stocks: s.stocks,
    }));
    const cheapest = dtos.reduce((a, b) => (compare(b.actPrice, a.actPrice) < 0 ? b : a));
    out.push({
      groupActivityId: r.groupActivityId,
      prodId: r.prodId,
      shopId: r.shopId,
      prodName: p.name,
      pic: p.pic,
      groupNumber: r.groupNumber,
      maxNum: r.maxNum,
      teamHours: r.teamHours,
      startTime: r.startTime.toISOString(),
      endTime: r.endTime.toISOString(),
      activityStatus: activityState(r, now),
      actPrice: cheapest.actPrice,
      price: cheapest.price,
      soldNum: list.reduce((n, s) => n + s.sellNum, 0),
      groupSkuList: dtos,
    });
  }
  return out;
}

/** Running activities (ending soonest first), then upcoming ones (starting soonest first), paged. */
export async function groupActivityList(
  db: Db,
  locale: Locale,
  now: Date,
  page: { current: number; size: number },
): Promise<Page<GroupActivityDto>> {
  const where = and(eq(groupActivities.status, 1), gt(groupActivities.endTime, now));
  const [{ n }] = [...(await db.select({ n: count() }).from(groupActivities).where(where))] as [{ n: number }];
  const at = sql`${now.toISOString()}::timestamptz`;
  const running = sql`case when ${groupActivities.startTime} <= ${at} then 0 else 1 end`;
  const rows = await db
    .select()
    .from(groupActivities)
    .where(where)
    .orderBy(
      running,
      sql`case when ${groupActivities.startTime} <= ${at} then ${groupActivities.endTime} else ${groupActivities.startTime} end`,
      asc(groupActivities.groupActivityId),
    )
    .limit(page.size)
    .offset((page.current - 1) * page.size);
  return pageOf(await activityDtos(db, rows, locale, now), Number(n), page);
}

/**
 * The products with a group-buy activity that is on or still to come (what groupActivityOfProd
 * can find), and the earliest time one of them ends: product pages ask groupActivityOfProd only for
 * these.
 */
export async function groupBuyProdIds(q: Q, now: Date): Promise<{ prodIds: Set<number>; changesAt: number }> {
  const rows = await q
    .select({ prodId: groupActivities.prodId, endTime: groupActivities.endTime })
    .from(groupActivities)
    .where(and(eq(groupActivities.status, 1), gt(groupActivities.endTime, now)));
  return {
    prodIds: new Set(rows.map((r) => r.prodId)),
    changesAt: rows.reduce((min, r) => Math.min(min, r.endTime.getTime()), Infinity),
  };
}

/** The product's group activity shown on its page: the running one, else the next upcoming one; null when none. */
export async function groupActivityOfProd(
  q: Q,
  prodId: number,
  locale: Locale,
  now: Date,
): Promise<GroupActivityDto | null> {
  const rows = await q
    .select()
    .from(groupActivities)
    .where(and(eq(groupActivities.prodId, prodId), eq(groupActivities.status, 1), gt(groupActivities.endTime, now)))
    .orderBy(asc(groupActivities.startTime), asc(groupActivities.groupActivityId))
    .limit(1);
  const [dto] = await activityDtos(q, rows, locale, now);
  return dto ?? null;
}

export async function groupActivityById(q: Q, id: number, locale: Locale, now: Date): Promise<GroupActivityDto | null> {
  const rows = await q.select().from(groupActivities).where(eq(groupActivities.groupActivityId, id)).limit(1);
  const [dto] = await activityDtos(q, rows, locale, now);
  return dto ?? null;
}

/** Teams a buyer can join: open, seats left, not ended; ending soonest first. */
export async function joinableTeams(
  db: Db,
  groupActivityId: number,
  now: Date,
  size: number,
): Promise<JoinableTeamDto[]> {
  const rows = await db
    .select({ team: groupTeams, nickName: users.nickName, pic: users.pic })
    .from(groupTeams)
    .innerJoin(users, eq(users.userId, groupTeams.leaderUserId))
    .where(
      and(
        eq(groupTeams.groupActivityId, groupActivityId),
        eq(groupTeams.status, TeamStatus.GROUPING),
        gt(groupTeams.endTime, now),
        sql`${groupTeams.seats} < ${groupTeams.groupNumber}`,
      ),
    )
    .orderBy(asc(groupTeams.endTime), asc(groupTeams.groupTeamId))
    .limit(size);
  return rows.map(({ team, nickName, pic }) => ({
    groupTeamId: team.groupTeamId,
    groupNumber: team.groupNumber,
    joinNum: team.joinNum,
    missing: team.groupNumber - team.seats,
    endTime: team.endTime!.toISOString(),
    shareNickName: maskNickname(nickName),
    sharePic: pic ?? "",
  }));
}

async function membersOf(q: Q, teamId: number) {
  return q
    .select({
      userId: groupMembers.userId,
      orderNumber: groupMembers.orderNumber,
      leader: groupMembers.leader,
      paid: groupMembers.paid,
      left: groupMembers.left,
      nickName: users.nickName,
      pic: users.pic,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.userId, groupMembers.userId))
    .where(eq(groupMembers.groupTeamId, teamId))
    .orderBy(desc(groupMembers.leader), asc(groupMembers.id));
}

/** A team as its page shows it (members with masked nicknames; the viewer's own order). */
export async function teamInfo(
  db: Db,
  teamId: number,
  viewer: string | null,
  locale: Locale,
  now: Date,
): Promise<TeamInfoDto> {
  const [team] = await db.select().from(groupTeams).where(eq(groupTeams.groupTeamId, teamId)).limit(1);
  if (!team) throw new GroupBuyError("groupBuy.teamNotFound");
  const act = await groupActivityById(db, team.groupActivityId, locale, now);
  const members = (await membersOf(db, teamId)).filter((m) => m.left === 0);
  const shown =
    team.status === TeamStatus.AWAITING
      ? members.filter((m) => m.leader === 1)
      : members.filter((m) => m.paid === 1 || m.leader === 1);
  const mine = viewer ? members.find((m) => m.userId === viewer) : undefined;
  return {
    groupTeamId: team.groupTeamId,
    groupActivityId: team.groupActivityId,
    groupNumber: team.groupNumber,
    joinNum: team.joinNum,
    missing: team.groupNumber - team.joinNum,
    status: team.status,
    endTime: team.endTime ? team.endTime.toISOString() : null,
    nowTime: now.toISOString(),
    members: shown.map((m) => ({
      nickName: m.userId === viewer ? m.nickName : maskNickname(m.nickName),
      pic: m.pic ?? "",
      leader: m.leader === 1,
    })),
    prodId: team.prodId,
    prodName: act?.prodName ?? "",
    pic: act?.pic ?? "",
    price: act?.price ?? "0.00",
    actPrice: act?.actPrice ?? "0.00",
    orderNumber: mine?.orderNumber ?? null,
    canJoin:
      viewer !== null &&
      !mine &&
      joinRefusal({ ...team, memberIds: members.map((m) => m.userId) }, viewer, now) === null,
  };
}

/** The team of one of the buyer's group orders. */
export async function teamOfOrder(db: Db, userId: string, orderNumber: string): Promise<number> {
  const [m] = await db
    .select({ teamId: groupMembers.groupTeamId })
    .from(groupMembers)
    .where(and(eq(groupMembers.orderNumber, orderNumber), eq(groupMembers.userId, userId)))
    .limit(1);
  if (!m) throw new GroupBuyError("groupBuy.teamNotFound");
  return m.teamId;
}

/** The buyer's teams, newest first (user center). */
export async function myTeams(
  db: Db,
  userId: string,
  locale: Locale,
  now: Date,
  page: { current: number; size: number },
): Promise<Page<TeamInfoDto>> {
  const where = and(eq(groupMembers.userId, userId), eq(groupMembers.left, 0));
  const [{ n }] = [...(await db.select({ n: count() }).from(groupMembers).where(where))] as [{ n: number }];
  const rows = await db
    .select({ teamId: groupMembers.groupTeamId })
    .from(groupMembers)
    .where(where)
    .orderBy(desc(groupMembers.id))
    .limit(page.size)
    .offset((page.current - 1) * page.size);
  const records = [];
  for (const r of rows) records.push(await teamInfo(db, r.teamId, userId, locale, now));
  return pageOf(records, Number(n), page);
}
