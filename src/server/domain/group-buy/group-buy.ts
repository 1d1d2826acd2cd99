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
import { and, count, eq, gt, sql } from "drizzle-orm";
import { GroupActivityState, joinRefusal, TeamStatus, teamTransition } from "../../../lib/group-buy/group-buy.ts";
import { formatPrice } from "../../../lib/money.ts";
import { OrderStatus, transition } from "../../../lib/order/order-state.ts";
import { ORDER_PAY_MINUTES } from "../../../lib/order/order-types.ts";
import type { Db, Tx } from "../../db/client.ts";
import { groupActivities, groupMembers, groupSkus, groupTeams, orderItems } from "../../db/schema/index.ts";
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
import type { ActivityBuy } from "../order/order-buy-lines.ts";
import { OrderSubmitError, type ActivityRef } from "../order/order-submit-payload.ts";
import { refundJobProvider, refundWholeOrderNow } from "../refund/refund-payout.ts";
import { DomainError } from "../kernel/domain-error.ts";

/** orders.orderType of group orders (CONTRACT: 1 group buy). */
export const GROUP_ORDER_TYPE = 1;
const MINUTE_MS = 60_000;
const HOUR_MS = 3600_000;

/** A refusal of the group-buy rules; `key` is an i18n key ("groupBuy.*"). */
export class GroupBuyError extends DomainError {}

export type Q = Db | Tx;
export type ActivityRow = typeof groupActivities.$inferSelect;
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
