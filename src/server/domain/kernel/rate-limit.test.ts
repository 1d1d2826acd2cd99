import { describe, expect, it } from "vitest";
import { secondsLeft, windowStart } from "./rate-limit.ts";

describe("fixed windows", () => {
  it("start at multiples of the window length", () => {
    const now = new Date(Date.UTC(2030, 4, 6, 10, 7, 30));
    expect(windowStart(now, 900).toISOString()).toBe("2030-05-06T10:00:00.000Z");
    expect(windowStart(now, 86_400).toISOString()).toBe("2030-05-06T00:00:00.000Z");
    expect(secondsLeft(now, 900)).toBe(450);
    expect(secondsLeft(new Date(Date.UTC(2030, 4, 6, 10, 14, 59, 999)), 900)).toBe(1);
  });
});
