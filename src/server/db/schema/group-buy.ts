/** Group buy (domain/group-buy; CONTRACT §6.2, docs/group-buy.md). */
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, money, ts, updated } from "./columns.ts";

/**
 * Group-buy activities: one product of one shop. groupNumber = team size; maxNum = pieces one
 * buyer may buy per order (-1 no limit); teamHours = how long an opened team may take to fill.
 * status 1 on, 0 ended by the merchant.
 */
export const groupActivities = pgTable(
  "group_activities",
  {
    groupActivityId: serial("group_activity_id").primaryKey(),
    shopId: integer("shop_id").notNull(),
    prodId: integer("prod_id").notNull(),
    groupNumber: integer("group_number").notNull(),
    maxNum: integer("max_num").notNull().default(-1),
    teamHours: integer("team_hours").notNull().default(24),
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time").notNull(),
    status: smallint("status").notNull().default(1),
    createdAt: created(),
  },
  (t) => [index("group_activities_prod_idx").on(t.prodId), index("group_activities_time_idx").on(t.status, t.endTime)],
);

export const groupSkus = pgTable(
  "group_skus",
  {
    groupSkuId: serial("group_sku_id").primaryKey(),
    groupActivityId: integer("group_activity_id").notNull(),
    skuId: integer("sku_id").notNull(),
    actPrice: money("act_price").notNull(),
    sellNum: integer("sell_num").notNull().default(0),
  },
  (t) => [uniqueIndex("group_skus_uq").on(t.groupActivityId, t.skuId)],
);

/**
 * Teams. status 0 awaiting (leader not paid), 1 grouping, 2 succeeded, 3 failed.
 * seats = members holding a place (unpaid and paid orders); joinNum = paid members.
 * endTime is set when the leader pays (the team opens).
 */
export const groupTeams = pgTable(
  "group_teams",
  {
    groupTeamId: serial("group_team_id").primaryKey(),
    groupActivityId: integer("group_activity_id").notNull(),
    shopId: integer("shop_id").notNull(),
    prodId: integer("prod_id").notNull(),
    leaderUserId: text("leader_user_id").notNull(),
    groupNumber: integer("group_number").notNull(),
    seats: integer("seats").notNull().default(0),
    joinNum: integer("join_num").notNull().default(0),
    status: smallint("status").notNull().default(0),
    startTime: ts("start_time"),
    endTime: ts("end_time"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("group_teams_activity_idx").on(t.groupActivityId, t.status, t.endTime)],
);

/** Members of a team: one row per order. leader 1 = opened the team. paid 1 once its order is paid; left 1 once its order closed unpaid. */
export const groupMembers = pgTable(
  "group_members",
  {
    id: serial("id").primaryKey(),
    groupTeamId: integer("group_team_id").notNull(),
    userId: text("user_id").notNull(),
    orderNumber: text("order_number").notNull(),
    leader: smallint("leader").notNull().default(0),
    paid: smallint("paid").notNull().default(0),
    left: smallint("left").notNull().default(0),
    createdAt: created(),
  },
  (t) => [uniqueIndex("group_members_order_uq").on(t.orderNumber), index("group_members_team_idx").on(t.groupTeamId)],
);
