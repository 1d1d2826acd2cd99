import { describe, expect, it } from "vitest";
import { RenovationStatus } from "./renovation-authoring.ts";
import { SCHEDULE_MAX_AHEAD_MS, windowProblem } from "./renovation-schedule.ts";

const now = new Date("2030-03-01T08:00:00Z");
const at = (h: number) => new Date(now.getTime() + h * 3600_000);
const key = (status: number, start: Date | null, end: Date | null) =>
  windowProblem(status, start, end, now)?.key.replace("renovation.schedule.", "") ?? null;

describe("windowProblem", () => {
  it("takes a future start (and an end after it) for a draft or an earlier version", () => {
    expect(key(RenovationStatus.DRAFT, at(1), null)).toBeNull();
    expect(key(RenovationStatus.EARLIER, at(1), at(5))).toBeNull();
  });
  it("takes an end alone for the live page only", () => {
    expect(key(RenovationStatus.LIVE, null, at(2))).toBeNull();
    expect(key(RenovationStatus.LIVE, at(1), at(2))).toBe("alreadyLive");
    expect(key(RenovationStatus.DRAFT, null, at(2))).toBe("startRequired");
  });
  it("refuses an empty window, a start that is not ahead, an end not after the start", () => {
    expect(key(RenovationStatus.DRAFT, null, null)).toBe("empty");
    expect(key(RenovationStatus.DRAFT, now, null)).toBe("startPast");
    expect(key(RenovationStatus.DRAFT, at(-1), null)).toBe("startPast");
    expect(key(RenovationStatus.DRAFT, at(2), at(2))).toBe("endBeforeStart");
    expect(key(RenovationStatus.LIVE, null, at(-1))).toBe("endBeforeStart");
  });
  it("refuses a start more than a year ahead, or a window longer than a year", () => {
    const far = new Date(now.getTime() + SCHEDULE_MAX_AHEAD_MS + 1000);
    expect(key(RenovationStatus.DRAFT, far, null)).toBe("tooFar");
    expect(key(RenovationStatus.DRAFT, at(1), new Date(at(1).getTime() + SCHEDULE_MAX_AHEAD_MS + 1))).toBe("tooFar");
  });
});
