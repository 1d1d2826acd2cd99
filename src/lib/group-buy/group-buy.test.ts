import { describe, expect, it } from "vitest";
import { joinRefusal, maskNickname, TeamStatus, teamTransition } from "./group-buy.ts";

describe("team state machine", () => {
  it("opens when the leader pays, then fills or expires", () => {
    expect(teamTransition(TeamStatus.AWAITING, "leaderPaid")).toBe(TeamStatus.GROUPING);
    expect(teamTransition(TeamStatus.GROUPING, "filled")).toBe(TeamStatus.SUCCEEDED);
    expect(teamTransition(TeamStatus.GROUPING, "expired")).toBe(TeamStatus.FAILED);
  });
  it("never opens when the leader's order closes unpaid", () => {
    expect(teamTransition(TeamStatus.AWAITING, "leaderClosed")).toBe(TeamStatus.FAILED);
    expect(teamTransition(TeamStatus.AWAITING, "filled")).toBeNull();
    expect(teamTransition(TeamStatus.AWAITING, "expired")).toBeNull();
  });
  it("ends for good: nothing moves a succeeded or failed team", () => {
    for (const s of [TeamStatus.SUCCEEDED, TeamStatus.FAILED]) {
      for (const e of ["leaderPaid", "filled", "expired", "leaderClosed"] as const)
        expect(teamTransition(s, e)).toBeNull();
    }
    expect(teamTransition(9, "filled")).toBeNull();
  });
});

describe("joining", () => {
  const now = new Date("2026-11-24T10:00:00.000Z");
  const team = {
    status: TeamStatus.GROUPING,
    seats: 2,
    groupNumber: 3,
    endTime: new Date(now.getTime() + 1),
    leaderUserId: "lead",
    memberIds: ["lead", "m1"],
  };
  it("lets another buyer take a free seat", () => expect(joinRefusal(team, "x", now)).toBeNull());
  it("refuses the own team, a full one, a failed / ended / unopened one", () => {
    expect(joinRefusal(team, "lead", now)).toBe("groupBuy.ownTeam");
    expect(joinRefusal(team, "m1", now)).toBe("groupBuy.ownTeam");
    expect(joinRefusal({ ...team, seats: 3 }, "x", now)).toBe("groupBuy.teamFull");
    expect(joinRefusal({ ...team, status: TeamStatus.SUCCEEDED }, "x", now)).toBe("groupBuy.teamFull");
    expect(joinRefusal({ ...team, status: TeamStatus.FAILED }, "x", now)).toBe("groupBuy.teamFailed");
    expect(joinRefusal({ ...team, endTime: now }, "x", now)).toBe("groupBuy.teamFailed");
    expect(joinRefusal({ ...team, status: TeamStatus.AWAITING, endTime: null }, "x", now)).toBe("groupBuy.teamFailed");
  });
  it("masks nicknames", () => {
    expect(maskNickname("demo")).toBe("d**o");
    expect(maskNickname("张三")).toBe("张*");
    expect(maskNickname("a")).toBe("a*");
    expect(maskNickname("")).toBe("***");
    expect(maskNickname("averyverylongname")).toBe("a****e");
  });
});
