import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, isoDateTime } from "./format.ts";

describe("server-side date formatting (China Standard Time)", () => {
  it("shows instants in UTC+8 whether given as text or Date, the same on a second call", () => {
    expect(formatDateTime("2025-03-01T01:30:00Z")).toBe("2025-03-01 09:30");
    expect(formatDateTime(new Date("2025-03-01T01:30:00Z"))).toBe("2025-03-01 09:30");
    expect(formatDate("2025-02-28T16:00:00Z")).toBe("2025-03-01");
    expect(formatDate("2025-02-28T15:59:59Z")).toBe("2025-02-28");
    expect(formatDate("2025-02-28T15:59:59Z")).toBe("2025-02-28");
    expect(isoDateTime("2025-03-01T01:30:00+08:00")).toBe("2025-02-28T17:30:00.000Z");
  });

  it("answers empty text for an invalid date", () => {
    expect(formatDateTime("not a date")).toBe("");
    expect(formatDate(new Date(Number.NaN))).toBe("");
  });
});
