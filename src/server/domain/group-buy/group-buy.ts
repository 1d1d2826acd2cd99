/**
 * Group buy (CONTRACT §6.2; docs/group-buy.md). An activity offers a product's SKUs
 * at an activity price to teams of `groupNumber` buyers.
 *
 * - Open a team: the buyer's order makes a team (AWAITING) holding one seat. When that order is
 *   paid the team opens (GROUPING) for `teamHours`; if it closes unpaid the team never opens
 *   (FAILED, nobody could join it).
 * - Join: an open team with a free seat, not the buyer's own. A seat is taken with one
 *   conditional update (seats < groupNumber) in the submit transaction, so of concurrent joins
 *   for the last seat exactly one wins; a joiner's order must be paid before the team's end.
 *   An order closing unpaid frees its seat.
 * - Paid group orders wait in WAIT_GROUP ("grouping"). The payment that makes every seat paid
 *   moves the team to SUCCEEDED and all its orders to PADYED in the same transaction.
 * - The job groupTeamExpire (due at the team's end) fails a team still GROUPING: every paid
 *   member is refunded in full the way they paid (refund/refund.ts refundWholeOrderNow) and the
 *   orders close; unpaid members' orders close. The job locks the team and checks its status, so
 *   running it twice, or from two processes, refunds once.
 */
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { ID_MAX } from "../../../lib/constants.ts";
import type { Page } from "../../../lib/api-types.ts";
import {
  GroupActivityState,
  joinRefusal,
  maskNickname,
  TeamStatus,
  teamTransition,
  type GroupActivityDto,
  type GroupSkuDto,
  type JoinableTeamDto,
  type TeamInfoDto,
} from "../../../lib/group-buy/group-buy.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { compare, formatPrice } from "../../../lib/money.ts";
import { OrderStatus, transition } from "../../../lib/order/order-state.ts";
import { ORDER_PAY_MINUTES } from "../../../lib/order/order-types.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  groupActivities,
  groupMembers,
  groupSkus,
  groupTeams,
  orderItems,
  products,
  shops,
  skus,
  users,
} from "../../db/schema/index.ts";
import { finishJobs, registerJobHandler, scheduleJob } from "../jobs/jobs.ts";
import {
  CloseType,
  closeOrder,
  lockOrders,
  OrderError,
  registerOrderTypeHooks,
  setOrderStatus,
  type OrderRow,
} from "../order/order-lifecycle.ts";
import { loadNames, type ActivityBuy } from "../order/order-buy-lines.ts";
import { OrderSubmitError, type ActivityRef } from "../order/order-submit-payload.ts";
import { refundJobProvider, refundWholeOrderNow } from "../refund/refund-payout.ts";
import { ShopStatus } from "../shop/shop.ts";
import { DomainError } from "../kernel/domain-error.ts";

/** orders.orderType of group orders (CONTRACT: 1 group buy). */
export const GROUP_ORDER_TYPE = 1;
const MINUTE_MS = 60_000;
const HOUR_MS = 3600_000;

/** A refusal of the group-buy rules; `key` is an i18n key ("groupBuy.*"). */
export class GroupBuyError extends DomainError {}

type Q = Db | Tx;
type ActivityRow = typeof groupActivities.$inferSelect;
type TeamRow = typeof groupTeams.$inferSelect;

/** 1 not started, 2 running, 3 ended (also when the merchant ended it). */
export function activityState(a: { status: number; startTime: Date; endTime: Date }, now: Date): number {
  if (a.status !== 1 || now.getTime() >= a.endTime.getTime()) return GroupActivityState.ENDED;
  return now.getTime() < a.startTime.getTime() ? GroupActivityState.UPCOMING : GroupActivityState.LIVE;
}

/** When an opened team must be full: teamHours after it opened, never after the activity ends. */
export function teamEnd(openedAt: Date, teamHours: number, activityEnd: Date): Date {
  return new Date(Math.min(openedAt.getTime() + teamHours * HOUR_MS, activityEnd.getTime()));
}

/** A joiner pays within ORDER_PAY_MINUTES and before the team's end; a leader within ORDER_PAY_MINUTES and before the activity's end. */
export function payDeadlineOf(now: Date, limit: Date): Date {
  return new Date(Math.min(now.getTime() + ORDER_PAY_MINUTES * MINUTE_MS, limit.getTime()));
}

// ------------------------------------------------------------------------------------------
// Reading
// ------------------------------------------------------------------------------------------

async function prodNames(q: Q, prodIds: readonly number[], locale: Locale): Promise<Map<number, string>> {
  return new Map([...(await loadNames(q, prodIds))].map(([id, t]) => [id, pickText(t, locale)]));
}

async function activityDtos(
  q: Q,
  rows: readonly ActivityRow[],
  locale: Locale,
  now: Date,
): Promise<GroupActivityDto[]> {
  if (rows.length === 0) return [];
  const prodRows = await q
    .select({ prodId: products.prodId, pic: products.pic, status: products.status, shopStatus: shops.shopStatus })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(
      inArray(
        products.prodId,
        rows.map((r) => r.prodId),
      ),
    );
  const prods = new Map(prodRows.map((p) => [p.prodId, p]));
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
  const names = await prodNames(
    q,
    rows.map((r) => r.prodId),
    locale,
  );
  const out: GroupActivityDto[] = [];
  for (const r of rows) {
    const p = prods.get(r.prodId);
    if (!p || p.status !== 1 || p.shopStatus !== ShopStatus.OPEN) continue;
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
      prodName: names.get(r.prodId) ?? "",
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
  return {
    records: await activityDtos(db, rows, locale, now),
    total: Number(n),
    size: page.size,
    current: page.current,
    pages: Math.ceil(Number(n) / page.size),
  };
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
  return { records, total: Number(n), size: page.size, current: page.current, pages: Math.ceil(Number(n) / page.size) };
}

// ------------------------------------------------------------------------------------------
// Buying
// ------------------------------------------------------------------------------------------

async function loadForBuy(q: Q, groupActivityId: number, groupSkuId: number) {
  const [row] = await q
    .select({ a: groupActivities, skuId: groupSkus.skuId, actPrice: groupSkus.actPrice })
    .from(groupActivities)
    .innerJoin(
      groupSkus,
      and(eq(groupSkus.groupActivityId, groupActivities.groupActivityId), eq(groupSkus.groupSkuId, groupSkuId)),
    )
    .where(eq(groupActivities.groupActivityId, groupActivityId))
    .limit(1);
  return row ?? null;
}

function checkActivity(a: ActivityRow, prodCount: number, now: Date): void {
  const st = activityState(a, now);
  if (st === GroupActivityState.UPCOMING) throw new OrderSubmitError("groupBuy.notStarted");
  if (st === GroupActivityState.ENDED) throw new OrderSubmitError("groupBuy.ended");
  if (a.maxNum >= 0 && prodCount > a.maxNum)
    throw new OrderSubmitError("groupBuy.overLimit", undefined, { max: a.maxNum });
}

async function joinCheck(q: Q, teamId: number, groupActivityId: number, userId: string, now: Date): Promise<TeamRow> {
  const [team] = await q
    .select()
    .from(groupTeams)
    .where(and(eq(groupTeams.groupTeamId, teamId), eq(groupTeams.groupActivityId, groupActivityId)))
    .limit(1);
  if (!team) throw new OrderSubmitError("groupBuy.teamNotFound");
  const memberIds = (
    await q
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupTeamId, teamId), eq(groupMembers.left, 0)))
  ).map((m) => m.userId);
  const why = joinRefusal({ ...team, memberIds }, userId, now);
  if (why) throw new OrderSubmitError(why);
  return team;
}

/** The ActivityBuy of a group SKU: ref {groupActivityId, groupSkuId, groupTeamId (0 = open a team)}. */
export function groupBuy(ref: { groupActivityId: number; groupSkuId: number; groupTeamId: number }): ActivityBuy {
  let price: string | null = null;
  let skuId = 0;
  const matches = async (q: Q, line: { prodId: number; skuId: number }) => {
    const r = await loadForBuy(q, ref.groupActivityId, ref.groupSkuId);
    if (!r || r.a.prodId !== line.prodId || r.skuId !== line.skuId) throw new OrderSubmitError("groupBuy.notFound");
    price = formatPrice(r.actPrice);
    skuId = r.skuId;
    return r.a;
  };
  return {
    kind: "group",
    ref: { ...ref },
    orderType: GROUP_ORDER_TYPE,
    ownStock: false,
    provider: (line) =>
      price !== null && line.skuId === skuId
        ? { kind: "group", activityId: ref.groupActivityId, price, excludesDiscounts: true }
        : null,
    check: async (q, userId, line, now) => {
      const a = await matches(q, line);
      checkActivity(a, line.prodCount, now);
      if (ref.groupTeamId > 0) await joinCheck(q, ref.groupTeamId, a.groupActivityId, userId, now);
    },
    take: async (tx, userId, line, now) => {
      const a = await matches(tx, line);
      checkActivity(a, line.prodCount, now);
      let teamId = ref.groupTeamId;
      let limit = a.endTime;
      if (teamId === 0) {
        const [team] = await tx
          .insert(groupTeams)
          .values({
            groupActivityId: a.groupActivityId,
            shopId: a.shopId,
            prodId: a.prodId,
            leaderUserId: userId,
            groupNumber: a.groupNumber,
            seats: 1,
            status: TeamStatus.AWAITING,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: groupTeams.groupTeamId });
        teamId = team!.id;
      } else {
        await joinCheck(tx, teamId, a.groupActivityId, userId, now);
        // The seat: one conditional update; of concurrent joins for the last seat exactly one passes.
        const [seat] = await tx
          .update(groupTeams)
          .set({ seats: sql`${groupTeams.seats} + 1`, updatedAt: now })
          .where(
            and(
              eq(groupTeams.groupTeamId, teamId),
              eq(groupTeams.status, TeamStatus.GROUPING),
              gt(groupTeams.endTime, now),
              sql`${groupTeams.seats} < ${groupTeams.groupNumber}`,
            ),
          )
          .returning({ endTime: groupTeams.endTime });
        if (!seat) {
          const again = await joinCheck(tx, teamId, a.groupActivityId, userId, now);
          throw new OrderSubmitError(again.seats >= again.groupNumber ? "groupBuy.teamFull" : "groupBuy.teamFailed");
        }
        limit = seat.endTime!;
        // The same buyer twice at once: the second sees the first's seat (members are unique per order, so check after taking).
      }
      const id = teamId;
      return {
        payDeadline: payDeadlineOf(now, limit),
        record: async (orderNumber) => {
          await tx
            .insert(groupMembers)
            .values({ groupTeamId: id, userId, orderNumber, leader: ref.groupTeamId === 0 ? 1 : 0, createdAt: now });
          const mine = await tx
            .select({ n: count() })
            .from(groupMembers)
            .where(and(eq(groupMembers.groupTeamId, id), eq(groupMembers.userId, userId), eq(groupMembers.left, 0)));
          if (Number(mine[0]!.n) > 1) throw new OrderSubmitError("groupBuy.ownTeam");
        },
      };
    },
  };
}

/** The group ActivityBuy a submit token stands for (null when it is not a group one). */
export function groupBuyOf(ref: ActivityRef): ActivityBuy | null {
  const { groupActivityId, groupSkuId, groupTeamId } = ref.ref;
  if (
    ref.kind !== "group" ||
    !Number.isSafeInteger(groupActivityId) ||
    !Number.isSafeInteger(groupSkuId) ||
    !Number.isSafeInteger(groupTeamId)
  )
    return null;
  return groupBuy({ groupActivityId: groupActivityId!, groupSkuId: groupSkuId!, groupTeamId: groupTeamId! });
}

// ------------------------------------------------------------------------------------------
// Lifecycle: paid, closed unpaid, team end
// ------------------------------------------------------------------------------------------

async function memberOf(tx: Tx, orderNumber: string) {
  const [m] = await tx.select().from(groupMembers).where(eq(groupMembers.orderNumber, orderNumber)).limit(1);
  return m ?? null;
}

async function lockTeam(tx: Tx, teamId: number): Promise<TeamRow> {
  const [t] = await tx.select().from(groupTeams).where(eq(groupTeams.groupTeamId, teamId)).for("update").limit(1);
  if (!t) throw new GroupBuyError("groupBuy.teamNotFound");
  return t;
}

/** Refunds a paid group order in full and closes it (its row locked by the caller). */
async function refundAndClose(tx: Tx, o: OrderRow, now: Date): Promise<void> {
  await refundWholeOrderNow(tx, refundJobProvider(), o, now);
  const r = transition(o.status, "groupFailed");
  if (r.ok) await setOrderStatus(tx, o.orderNumber, r.status, now, { closeType: CloseType.GROUP_FAILED });
}

async function onPaid(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const m = await memberOf(tx, order.orderNumber);
  if (!m) return;
  const team = await lockTeam(tx, m.groupTeamId);
  await tx.update(groupMembers).set({ paid: 1 }).where(eq(groupMembers.id, m.id));
  if (team.status === TeamStatus.FAILED || team.status === TeamStatus.SUCCEEDED) {
    // Paid after the team ended (a provider callback late): the money goes back at once.
    await refundAndClose(tx, order, now);
    return;
  }
  let status = team.status;
  let endTime = team.endTime;
  if (status === TeamStatus.AWAITING && m.leader === 1) {
    const [a] = await tx
      .select()
      .from(groupActivities)
      .where(eq(groupActivities.groupActivityId, team.groupActivityId))
      .limit(1);
    status = teamTransition(status, "leaderPaid")!;
    endTime = teamEnd(now, a!.teamHours, a!.endTime);
    await scheduleJob(tx, "groupTeamExpire", String(team.groupTeamId), endTime);
  }
  const joinNum = team.joinNum + 1;
  for (const it of await tx
    .select({ skuId: orderItems.skuId, n: orderItems.prodCount })
    .from(orderItems)
    .where(eq(orderItems.orderNumber, order.orderNumber))) {
    await tx
      .update(groupSkus)
      .set({ sellNum: sql`${groupSkus.sellNum} + ${it.n}` })
      .where(and(eq(groupSkus.groupActivityId, team.groupActivityId), eq(groupSkus.skuId, it.skuId)));
  }
  if (status === TeamStatus.GROUPING && joinNum >= team.groupNumber) {
    status = teamTransition(status, "filled")!;
    // Every seat is paid: all the team's orders move to pending delivery together.
    const paid = await tx
      .select({ orderNumber: groupMembers.orderNumber })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupTeamId, team.groupTeamId), eq(groupMembers.paid, 1)));
    const rows = await lockOrders(
      tx,
      paid.map((p) => p.orderNumber),
    );
    for (const o of rows) {
      const r = transition(o.status, "groupSucceeded");
      if (r.ok) await setOrderStatus(tx, o.orderNumber, r.status, now);
    }
    await finishJobs(tx, "groupTeamExpire", [String(team.groupTeamId)], now);
  }
  await tx
    .update(groupTeams)
    .set({
      status,
      endTime,
      startTime: team.startTime ?? (status !== team.status ? now : null),
      joinNum,
      updatedAt: now,
    })
    .where(eq(groupTeams.groupTeamId, team.groupTeamId));
}

async function onClose(tx: Tx, order: OrderRow, now: Date): Promise<boolean> {
  const m = await memberOf(tx, order.orderNumber);
  if (!m || m.left === 1) return false;
  const team = await lockTeam(tx, m.groupTeamId);
  await tx.update(groupMembers).set({ left: 1 }).where(eq(groupMembers.id, m.id));
  const next = m.leader === 1 ? teamTransition(team.status, "leaderClosed") : null;
  await tx
    .update(groupTeams)
    .set({
      seats: sql`greatest(0, ${groupTeams.seats} - 1)`,
      ...(next !== null ? { status: next } : {}),
      updatedAt: now,
    })
    .where(eq(groupTeams.groupTeamId, team.groupTeamId));
  return false;
}

registerOrderTypeHooks(GROUP_ORDER_TYPE, { onPaid, onClose });

/**
 * groupTeamExpire (refKey = team id, due at the team's end): fails a team still grouping. Orders
 * are locked before the team (the lock order of payments), then every paid member is refunded
 * once and every unpaid order closed.
 */
export async function expireTeam(tx: Tx, teamId: number, now: Date): Promise<void> {
  const numbers = (
    await tx
      .select({ orderNumber: groupMembers.orderNumber })
      .from(groupMembers)
      .where(eq(groupMembers.groupTeamId, teamId))
  ).map((m) => m.orderNumber);
  const rows = await lockOrders(tx, numbers);
  const team = await lockTeam(tx, teamId);
  const next = teamTransition(team.status, "expired");
  if (next === null || (team.endTime && team.endTime.getTime() > now.getTime()))
    throw new GroupBuyError("groupBuy.teamNotExpired");
  await tx.update(groupTeams).set({ status: next, updatedAt: now }).where(eq(groupTeams.groupTeamId, teamId));
  for (const o of rows) {
    if (o.status === OrderStatus.WAIT_GROUP) await refundAndClose(tx, o, now);
    else if (o.status === OrderStatus.UNPAY) await closeOrder(tx, o.orderNumber, CloseType.GROUP_FAILED, now);
  }
}

registerJobHandler("groupTeamExpire", {
  run: (tx, refKey, now) => expireTeam(tx, Number(refKey), now),
  isNoop: (err) => err instanceof GroupBuyError || err instanceof OrderError,
});

// ------------------------------------------------------------------------------------------
// Merchant side (docs/merchant-api.md "Group buy")
// ------------------------------------------------------------------------------------------

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
