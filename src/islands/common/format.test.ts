import { describe, expect, it } from "vitest";
import { formatTime } from "./format.ts";

describe("times", () => {
  it("formatTime: local yyyy-MM-dd HH:mm:ss; bad input → empty", () => {
    const d = new Date(2026, 2, 1, 9, 5, 7);
    expect(formatTime(d.toISOString())).toBe("2026-03-01 09:05:07");
    expect(formatTime(null)).toBe("");
    expect(formatTime("nope")).toBe("");
  });
});
