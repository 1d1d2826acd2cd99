import { describe, expect, it } from "vitest";
import { PointsSource } from "../../../lib/points/points.ts";
import {
  clawBackAmount,
  dueExpiry,
  pointsSourceOf,
  PointsReason,
  shanghaiYear,
  upcomingExpiry,
  yearStart,
  type LedgerEntry,
} from "./points-ledger.ts";

const at = (iso: string) => new Date(iso);
const e = (
  amount: number,
  iso: string,
  reason: string = amount > 0 ? PointsReason.EARN : PointsReason.USE,
): LedgerEntry => ({ amount, createdAt: at(iso), reason });

describe("points ledger rules", () => {
  it("maps reasons to CONTRACT sources and directions", () => {
    expect(pointsSourceOf(PointsReason.EARN, 5)).toEqual({ source: PointsSource.SHOPPING, ioType: 1 });
    expect(pointsSourceOf(PointsReason.CLAW_BACK, -5)).toEqual({ source: PointsSource.SHOPPING, ioType: 0 });
    expect(pointsSourceOf(PointsReason.USE, -10)).toEqual({ source: PointsSource.ORDER, ioType: 0 });
    expect(pointsSourceOf(PointsReason.EXCHANGE, -10)).toEqual({ source: PointsSource.EXCHANGE, ioType: 0 });
    expect(pointsSourceOf(PointsReason.RETURNED, 10)).toEqual({ source: PointsSource.ORDER, ioType: 1 });
    expect(pointsSourceOf(PointsReason.SIGN_IN, 10).source).toBe(PointsSource.SIGN_IN);
    expect(pointsSourceOf(PointsReason.EXPIRE, -1).source).toBe(PointsSource.EXPIRED);
    expect(pointsSourceOf(PointsReason.RECHARGE_BONUS, 1).source).toBe(PointsSource.RECHARGE_BONUS);
    expect(pointsSourceOf(PointsReason.REGISTER, 1).source).toBe(PointsSource.REGISTER);
    expect(pointsSourceOf("somethingElse", 1).source).toBe(PointsSource.ADJUST);
  });

  it("years are Shanghai calendar years", () => {
    expect(yearStart(2025).toISOString()).toBe("2024-12-31T16:00:00.000Z");
    expect(shanghaiYear(at("2024-12-31T15:59:59Z"))).toBe(2024);
    expect(shanghaiYear(at("2024-12-31T16:00:00Z"))).toBe(2025);
  });

  it("points received in a year expire when the next year ends, oldest spent first", () => {
    const entries = [e(1000, "2023-03-01T00:00:00Z"), e(-300, "2024-06-01T00:00:00Z"), e(500, "2024-07-01T00:00:00Z")];
    // During 2024 nothing is due; 700 of 2023's points expire at the end of 2024.
    expect(dueExpiry(entries, 1200, at("2024-12-31T15:59:00Z"))).toBe(0);
    expect(upcomingExpiry(entries, 1200, at("2024-08-01T00:00:00Z"))).toEqual({ points: 700, at: yearStart(2025) });
    // From 2025-01-01 00:00 Shanghai, 700 are due.
    expect(dueExpiry(entries, 1200, at("2024-12-31T16:00:00Z"))).toBe(700);
    // Spending in 2025 before the expiry is settled does not save 2023's points.
    const spentLate = [...entries, e(-200, "2025-01-02T00:00:00Z")];
    expect(dueExpiry(spentLate, 1000, at("2025-01-03T00:00:00Z"))).toBe(700);
    // Once expired, nothing more is due (idempotent) and 2024's 500 are next, at the end of 2025.
    const expired = [...entries, e(-700, "2025-02-01T00:00:00Z", PointsReason.EXPIRE)];
    expect(dueExpiry(expired, 500, at("2025-03-01T00:00:00Z"))).toBe(0);
    expect(upcomingExpiry(expired, 500, at("2025-03-01T00:00:00Z")).points).toBe(500);
  });

  it("never expires more than the balance", () => {
    const entries = [e(1000, "2020-01-01T00:00:00Z")];
    expect(dueExpiry(entries, 40, at("2025-01-01T00:00:00Z"))).toBe(40);
    expect(dueExpiry([], 0, at("2025-01-01T00:00:00Z"))).toBe(0);
  });

  it("claws back the refunded share of earned points, once, within the balance", () => {
    expect(clawBackAmount(120, 0, 60, 120.5, 1000)).toBe(59);
    expect(clawBackAmount(120, 0, 120.5, 120.5, 1000)).toBe(120);
    expect(clawBackAmount(120, 100, 120.5, 120.5, 1000)).toBe(20);
    expect(clawBackAmount(120, 0, 500, 120.5, 1000)).toBe(120);
    expect(clawBackAmount(120, 0, 120.5, 120.5, 30)).toBe(30);
    expect(clawBackAmount(0, 0, 10, 10, 100)).toBe(0);
    expect(clawBackAmount(50, 0, 0, 10, 100)).toBe(0);
  });
});
