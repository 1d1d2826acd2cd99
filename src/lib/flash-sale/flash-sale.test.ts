import { describe, expect, it } from "vitest";
import {
  flashOfProduct,
  countdownText,
  FlashState,
  msToSwitch,
  pieceAllowance,
  soldPercent,
  windowState,
  withinLimit,
  type FlashActivityDto,
  type FlashSessionDto,
} from "./flash-sale.ts";

describe("flash sale window", () => {
  const start = new Date("2026-11-24T10:00:00.000Z");
  const end = new Date("2026-11-24T12:00:00.000Z");
  it("is upcoming until the start's millisecond, live from it", () => {
    expect(windowState(start, end, start.getTime() - 1)).toBe(FlashState.UPCOMING);
    expect(windowState(start, end, start)).toBe(FlashState.LIVE);
    expect(windowState(start, end, start.getTime() + 1)).toBe(FlashState.LIVE);
  });
  it("is live until one millisecond before the end, ended from the end", () => {
    expect(windowState(start, end, end.getTime() - 1)).toBe(FlashState.LIVE);
    expect(windowState(start, end, end)).toBe(FlashState.ENDED);
    expect(windowState(start, end, end.getTime() + 1)).toBe(FlashState.ENDED);
  });
  it("counts down to the next switch", () => {
    expect(msToSwitch(start, end, start.getTime() - 1)).toBe(1);
    expect(msToSwitch(start, end, start)).toBe(2 * 3600_000);
    expect(msToSwitch(start, end, end)).toBeNull();
    const tpl = { hms: "{{h}} h {{m}} min {{s}} s", ms: "{{m}} min {{s}} s" };
    expect(countdownText(3_725_001, tpl)).toBe("1 h 02 min 06 s");
    expect(countdownText(-5, tpl)).toBe("00 min 00 s");
    expect(countdownText(90 * 3600_000, tpl)).toBe("90 h 00 min 00 s");
    expect(countdownText(125_000, { hms: "{{h}}小时{{m}}分{{s}}秒", ms: "{{m}}分{{s}}秒" })).toBe("02分05秒");
  });
});

describe("per-user limits", () => {
  it("allows up to maxNum pieces in all", () => {
    expect(withinLimit(2, 0, 2)).toBe(true);
    expect(withinLimit(2, 1, 1)).toBe(true);
    expect(withinLimit(2, 1, 2)).toBe(false);
    expect(withinLimit(2, 2, 1)).toBe(false);
    expect(withinLimit(-1, 1000, 50)).toBe(true);
    expect(withinLimit(2, 0, 0)).toBe(false);
    expect(withinLimit(2, 0, 1.5)).toBe(false);
  });
  it("allowance is bounded by limit and stock", () => {
    expect(pieceAllowance(3, 1, 10)).toBe(2);
    expect(pieceAllowance(3, 5, 10)).toBe(0);
    expect(pieceAllowance(-1, 0, 7)).toBe(7);
    expect(pieceAllowance(5, 0, 2)).toBe(2);
  });
  it("% sold rounds down and reaches 100 only when nothing is left", () => {
    expect(soldPercent(100, 100)).toBe(0);
    expect(soldPercent(3, 1)).toBe(66);
    expect(soldPercent(1000, 1)).toBe(99);
    expect(soldPercent(100, 0)).toBe(100);
    expect(soldPercent(0, 0)).toBe(100);
  });
});

describe("flashOfProduct", () => {
  const NOW = Date.parse("2026-11-26T04:00:00Z");
  const H = 3600_000;
  const act = (seckillId: number, prodId: number, status: 1 | 2 | 3, start: number, left = 5) =>
    ({
      seckillId,
      prodId,
      activityStatus: status,
      startTime: new Date(start).toISOString(),
      seckillTotalStocks: left,
    }) as FlashActivityDto;
  const session = (acts: FlashActivityDto[]) =>
    ({ sessionId: 1, startTime: "", endTime: "", activityStatus: 2, activities: acts }) as FlashSessionDto;

  it("the activity on now with units left, else the next one to start, else none", () => {
    const ended = act(1, 7, 3, NOW - 3 * H);
    const soldOut = act(2, 7, 2, NOW - H, 0);
    const later = act(4, 7, 1, NOW + 5 * H);
    const sooner = act(3, 7, 1, NOW + 2 * H);
    expect(flashOfProduct([session([ended, soldOut, later, sooner])], 7)?.seckillId).toBe(3);
    expect(
      flashOfProduct([session([later]), session([act(5, 7, 2, NOW - H), act(6, 8, 2, NOW - H)])], 7)?.seckillId,
    ).toBe(5);
    expect(flashOfProduct([session([ended, soldOut])], 7)).toBeNull();
    expect(flashOfProduct([session([act(6, 8, 2, NOW - H)])], 7)).toBeNull();
  });
});
