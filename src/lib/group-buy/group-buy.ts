/**
 * Group buy rules both sides need (docs/group-buy.md): the team state machine, the
 * masked leader nickname, and the API shapes. Pure: no clock, no database.
 *
 *   AWAITING(0) ──leaderPaid──▶ GROUPING(1) ──filled──▶ SUCCEEDED(2)
 *       │                          └──expired──▶ FAILED(3)
 *       └──leaderClosed (leader's order closed unpaid)──▶ FAILED(3)   (the team never opened)
 */

export const TeamStatus = { AWAITING: 0, GROUPING: 1, SUCCEEDED: 2, FAILED: 3 } as const;
export type TeamStatusValue = (typeof TeamStatus)[keyof typeof TeamStatus];

export type TeamEvent = "leaderPaid" | "filled" | "expired" | "leaderClosed";

const TEAM_MOVES: Record<TeamStatusValue, Partial<Record<TeamEvent, TeamStatusValue>>> = {
  [TeamStatus.AWAITING]: { leaderPaid: TeamStatus.GROUPING, leaderClosed: TeamStatus.FAILED },
  [TeamStatus.GROUPING]: { filled: TeamStatus.SUCCEEDED, expired: TeamStatus.FAILED },
  [TeamStatus.SUCCEEDED]: {},
  [TeamStatus.FAILED]: {},
};

/** The team's status after `event`, or null when the event does not apply. */
export function teamTransition(status: number, event: TeamEvent): TeamStatusValue | null {
  const moves = TEAM_MOVES[status as TeamStatusValue];
  return moves?.[event] ?? null;
}

/** Why a buyer may not join a team now (an i18n key of the groupBuy namespace), or null. */
export function joinRefusal(
  team: {
    status: number;
    seats: number;
    groupNumber: number;
    endTime: Date | null;
    leaderUserId: string;
    memberIds: readonly string[];
  },
  userId: string,
  now: Date,
): string | null {
  if (team.leaderUserId === userId || team.memberIds.includes(userId)) return "groupBuy.ownTeam";
  if (team.status === TeamStatus.SUCCEEDED) return "groupBuy.teamFull";
  if (team.status !== TeamStatus.GROUPING || team.endTime === null || team.endTime.getTime() <= now.getTime())
    return "groupBuy.teamFailed";
  if (team.seats >= team.groupNumber) return "groupBuy.teamFull";
  return null;
}

/** A nickname with its middle hidden: "demo" → "d**o", "张三" → "张*", "a" → "a*". */
export function maskNickname(name: string): string {
  const chars = [...(name || "").trim()];
  if (chars.length === 0) return "***";
  if (chars.length === 1) return `${chars[0]}*`;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${"*".repeat(Math.min(4, chars.length - 2))}${chars[chars.length - 1]}`;
}

/** activityStatus of a group activity: 1 not started, 2 in progress, 3 ended (CONTRACT §6.2). */
export const GroupActivityState = { UPCOMING: 1, LIVE: 2, ENDED: 3 } as const;

export interface GroupSkuDto {
  groupSkuId: number;
  skuId: number;
  skuName: string;
  properties: string;
  price: string;
  actPrice: string;
  stocks: number;
}

export interface GroupActivityDto {
  groupActivityId: number;
  prodId: number;
  shopId: number;
  prodName: string;
  pic: string;
  groupNumber: number;
  maxNum: number;
  teamHours: number;
  startTime: string;
  endTime: string;
  activityStatus: number;
  actPrice: string;
  price: string;
  soldNum: number;
  groupSkuList: GroupSkuDto[];
}

export interface JoinableTeamDto {
  groupTeamId: number;
  groupNumber: number;
  joinNum: number;
  /** Seats still free. */
  missing: number;
  endTime: string;
  shareNickName: string;
  sharePic: string;
}

export interface TeamMemberDto {
  nickName: string;
  pic: string;
  leader: boolean;
}

export interface TeamInfoDto {
  groupTeamId: number;
  groupActivityId: number;
  groupNumber: number;
  joinNum: number;
  missing: number;
  status: number;
  endTime: string | null;
  nowTime: string;
  members: TeamMemberDto[];
  prodId: number;
  prodName: string;
  pic: string;
  price: string;
  actPrice: string;
  /** The viewer's own order in this team (when there is one). */
  orderNumber: string | null;
  /** The viewer may join (not a member, team grouping with seats left). */
  canJoin: boolean;
}
