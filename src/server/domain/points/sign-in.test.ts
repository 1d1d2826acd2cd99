import { describe, expect, it } from "vitest";
import { shanghaiDay } from "../footprint/footprint.ts";
import {
  addDays,
  currentStreak,
  cyclePosition,
  nextStreak,
  rewardFor,
  signInStrip,
  SIGN_IN_REWARDS,
} from "./sign-in.ts";

describe("sign-in streaks", () => {
  it("adds days across month and year ends and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
  });

  it("continues a streak only from yesterday, across a month end", () => {
    expect(nextStreak(null, "2025-05-01")).toBe(1);
    expect(nextStreak({ day: "2025-04-30", streak: 6 }, "2025-05-01")).toBe(7);
    expect(nextStreak({ day: "2025-12-31", streak: 7 }, "2026-01-01")).toBe(8);
    expect(nextStreak({ day: "2025-04-29", streak: 6 }, "2025-05-01")).toBe(1);
  });

  it("the calendar day is Asia/Shanghai's: 16:00 UTC starts the next day", () => {
    expect(shanghaiDay(new Date("2025-04-30T15:59:59Z"))).toBe("2025-04-30");
    expect(shanghaiDay(new Date("2025-04-30T16:00:00Z"))).toBe("2025-05-01");
    // Two sign-ins 1 minute apart around Shanghai midnight are on consecutive days.
    const a = shanghaiDay(new Date("2025-04-30T15:59:00Z"));
    const b = shanghaiDay(new Date("2025-04-30T16:00:00Z"));
    expect(nextStreak({ day: a, streak: 1 }, b)).toBe(2);
  });

  it("rewards follow a 7-day cycle", () => {
    expect(SIGN_IN_REWARDS).toHaveLength(7);
    expect([1, 2, 7, 8, 14, 15].map(cyclePosition)).toEqual([1, 2, 7, 1, 7, 1]);
    expect(rewardFor(7)).toBe(SIGN_IN_REWARDS[6]);
    expect(rewardFor(8)).toBe(SIGN_IN_REWARDS[0]);
  });

  it("current streak: today, yesterday or broken", () => {
    expect(currentStreak(null, "2025-05-01")).toEqual({ count: 0, signedToday: false });
    expect(currentStreak({ day: "2025-05-01", streak: 3 }, "2025-05-01")).toEqual({ count: 3, signedToday: true });
    expect(currentStreak({ day: "2025-04-30", streak: 3 }, "2025-05-01")).toEqual({ count: 3, signedToday: false });
    expect(currentStreak({ day: "2025-04-28", streak: 3 }, "2025-05-01")).toEqual({ count: 0, signedToday: false });
  });

  it("the strip starts at the cycle's first day and marks signed days", () => {
    const s = signInStrip({ day: "2025-04-30", streak: 2 }, "2025-05-01");
    expect(s.map((d) => d.day)).toEqual([
      "2025-04-29",
      "2025-04-30",
      "2025-05-01",
      "2025-05-02",
      "2025-05-03",
      "2025-05-04",
      "2025-05-05",
    ]);
    expect(s.map((d) => d.signed)).toEqual([true, true, false, false, false, false, false]);
    expect(s[2]!.today).toBe(true);
    expect(s.map((d) => d.points)).toEqual([...SIGN_IN_REWARDS]);
    const signed = signInStrip({ day: "2025-05-01", streak: 7 }, "2025-05-01");
    expect(signed[6]).toMatchObject({ day: "2025-05-01", signed: true, today: true });
    const fresh = signInStrip(null, "2025-05-01");
    expect(fresh[0]).toMatchObject({ day: "2025-05-01", signed: false, today: true });
  });
});
