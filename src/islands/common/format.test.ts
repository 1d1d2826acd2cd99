import { describe, expect, it } from "vitest";
import { formatTime } from "./format.ts";

describe("times", () => {
  it("formatTime: yyyy-MM-dd HH:mm:ss in China Standard Time; bad input → empty", () => {
    expect(formatTime("2026-03-01T01:05:07Z")).toBe("2026-03-01 09:05:07");
    expect(formatTime(null)).toBe("");
    expect(formatTime("nope")).toBe("");
  });

  it("formatTime: keeps the time of day and crosses the date line at 16:00 UTC", () => {
    expect(formatTime("2026-02-28T16:30:45.123Z")).toBe("2026-03-01 00:30:45");
    expect(formatTime("2026-03-01T15:59:59Z")).toBe("2026-03-01 23:59:59");
    expect(formatTime("2026-03-01T00:00:00.000Z")).toBe("2026-03-01 08:00:00");
  });
});
