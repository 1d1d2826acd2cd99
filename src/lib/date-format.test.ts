import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  countdownParts,
  formatDate,
  formatDateTime,
  formatShort,
  formatTimeOfDay,
  isoDateTime,
} from "./date-format.ts";

describe("one style per kind, in China Standard Time", () => {
  it("date, date-time, short and time of day of an instant, given as text or Date", () => {
    const at = "2026-11-27T01:05:07Z";
    expect(formatDate(at)).toBe("2026-11-27");
    expect(formatDateTime(at)).toBe("2026-11-27 09:05");
    expect(formatShort(at)).toBe("11-27");
    expect(formatTimeOfDay(at)).toBe("09:05");
    expect(formatDateTime(new Date(at))).toBe("2026-11-27 09:05");
    expect(isoDateTime("2025-03-01T01:30:00+08:00")).toBe("2025-02-28T17:30:00.000Z");
  });

  it("crosses the date line at 16:00 UTC, also at the end of a month and a year", () => {
    expect(formatDateTime("2026-02-28T16:30:45.123Z")).toBe("2026-03-01 00:30");
    expect(formatDate("2026-02-28T15:59:59Z")).toBe("2026-02-28");
    expect(formatDateTime("2026-12-31T16:00:00Z")).toBe("2027-01-01 00:00");
    expect(formatShort("2026-12-31T16:00:00Z")).toBe("01-01");
  });

  it("a calendar day of the API stays that day (no shift by the time zone)", () => {
    expect(formatDate("2026-11-27")).toBe("2026-11-27");
    expect(formatShort("2026-11-27")).toBe("11-27");
  });

  it("no time or an unreadable one is empty text", () => {
    for (const bad of [null, undefined, "", "nope", new Date(Number.NaN)]) {
      expect(formatDate(bad)).toBe("");
      expect(formatDateTime(bad)).toBe("");
      expect(formatShort(bad)).toBe("");
      expect(formatTimeOfDay(bad)).toBe("");
    }
  });
});

describe("countdown", () => {
  it("hours, then minutes and seconds of two digits; nothing left is zero", () => {
    expect(countdownParts((22 * 60 + 50) * 1000 + 999)).toEqual({ h: 0, m: "22", s: "50" });
    expect(countdownParts((3600 + 2 * 60 + 3) * 1000)).toEqual({ h: 1, m: "02", s: "03" });
    expect(countdownParts(-5000)).toEqual({ h: 0, m: "00", s: "00" });
  });
});

/** Every source file under src (tests aside). */
function sources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.(ts|tsx|astro)$/.test(e.name) && !/\.test\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

describe("one module", () => {
  it("no page, component, island or page script formats a date itself", () => {
    const src = path.resolve(import.meta.dirname, "..");
    // A date formatter of its own, a locale date text, or an ISO time cut into a date.
    const forbidden =
      /Intl\.DateTimeFormat|toLocale(Date|Time)String|\.toISOString\(\)\.slice\(|(end|[Tt]ime|iso|Iso)\.slice\(0, *1[0-9]\)|\.replace\("T", " "\)/;
    const files = ["pages", "components", "islands", "scripts", "layouts"].flatMap((d) => sources(path.join(src, d)));
    expect(files.length).toBeGreaterThan(200);
    const found = files
      .flatMap((f) =>
        fs
          .readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${path.relative(src, f)}:${i + 1}` }))
          .filter(({ line }) => forbidden.test(line)),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(found).toEqual([]);
  });
});
