/**
 * How the mall shows times (docs/design.md "Dates and countdowns"), on server pages and in islands
 * alike. Times are stored in UTC and shown in China Standard Time (the mall's home market) whatever
 * the browser's zone, so a page's HTML is the same for every visitor and an island hydrates to the
 * text the server wrote. One style per kind, the same in the three locales (numbers only, no month
 * or weekday names, which would be the one word of a page in another language):
 *
 * - date: "2026-11-27" (a validity, a birthday, a day heading);
 * - date-time: "2026-11-27 09:05" (when an order was placed, a log line, a session's start);
 * - short: "11-27" (a day within the year beside a time or in a dense row: chat, a points day);
 * - time of day: "09:05" (a session that starts today, a message of today).
 *
 * A countdown is not a date: countdownParts gives its hours, minutes and seconds, and the page's
 * language writes the units ("22 min 50 s", "22分50秒") so it never reads as a clock time.
 */

/** Times are stored in UTC and shown in China Standard Time (the mall's home market) everywhere. */
export const DISPLAY_TIME_ZONE = "Asia/Shanghai";

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * The same few times (an activity's start and end, a coupon's validity) are shown on many pages:
 * their parts are remembered by instant (formatToParts costs microseconds a call), at most
 * PIECES_MEMO_MAX of them, forgotten all at once when full.
 */
const PIECES_MEMO_MAX = 5000;
const memo = new Map<number, Record<string, string>>();

/** A calendar day as the API gives it ("2026-11-27", already in China Standard Time). */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

type TimeInput = string | Date | null | undefined;

function pieces(input: TimeInput): Record<string, string> | null {
  if (input === null || input === undefined || input === "") return null;
  if (typeof input === "string") {
    const day = DAY.exec(input);
    if (day) return { year: day[1]!, month: day[2]!, day: day[3]!, hour: "00", minute: "00" };
  }
  const d = input instanceof Date ? input : new Date(input);
  const ms = d.getTime();
  if (Number.isNaN(ms)) return null;
  let out = memo.get(ms);
  if (!out) {
    out = {};
    for (const p of parts.formatToParts(d)) out[p.type] = p.value;
    if (memo.size >= PIECES_MEMO_MAX) memo.clear();
    memo.set(ms, out);
  }
  return out;
}

/** Date-time: "2026-11-27 09:05" ("" for no or an invalid time). */
export function formatDateTime(input: TimeInput): string {
  const p = pieces(input);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : "";
}

/** Date: "2026-11-27" ("" for no or an invalid time); a calendar day "2026-11-27" stays as it is. */
export function formatDate(input: TimeInput): string {
  const p = pieces(input);
  return p ? `${p.year}-${p.month}-${p.day}` : "";
}

/** Short: "11-27", the month and day ("" for no or an invalid time). */
export function formatShort(input: TimeInput): string {
  const p = pieces(input);
  return p ? `${p.month}-${p.day}` : "";
}

/** Time of day: "09:05" ("" for no or an invalid time). */
export function formatTimeOfDay(input: TimeInput): string {
  const p = pieces(input);
  return p ? `${p.hour}:${p.minute}` : "";
}

/** The machine-readable value for <time datetime>. */
export function isoDateTime(input: string | Date): string {
  const d = input instanceof Date ? input : new Date(input);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString();
}

export interface CountdownParts {
  /** Whole hours (0 when under an hour). */
  h: number;
  /** Minutes and seconds, two digits. */
  m: string;
  s: string;
}

/** The hours, minutes and seconds left of `ms` milliseconds (0 and below → all zero). */
export function countdownParts(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    h: Math.floor(total / 3600),
    m: String(Math.floor((total % 3600) / 60)).padStart(2, "0"),
    s: String(total % 60).padStart(2, "0"),
  };
}
