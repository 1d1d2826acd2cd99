/**
 * Date formatting for server-rendered pages. Times are stored in UTC and shown in China
 * Standard Time (the mall's home market), as "2025-03-01 09:30" in every language, so the
 * HTML is the same for every visitor.
 */
import { DISPLAY_TIME_ZONE } from "../lib/constants.ts";

export { DISPLAY_TIME_ZONE };

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

function pieces(iso: string | Date): Record<string, string> | null {
  const d = iso instanceof Date ? iso : new Date(iso);
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

/** "2025-03-01 09:30" ("" for an invalid date). */
export function formatDateTime(iso: string | Date): string {
  const p = pieces(iso);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : "";
}

/** "2025-03-01" ("" for an invalid date). */
export function formatDate(iso: string | Date): string {
  const p = pieces(iso);
  return p ? `${p.year}-${p.month}-${p.day}` : "";
}

/** The machine-readable value for <time datetime>. */
export function isoDateTime(iso: string | Date): string {
  const d = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString();
}
