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

function pieces(iso: string | Date): Record<string, string> | null {
  const d = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const out: Record<string, string> = {};
  for (const p of parts.formatToParts(d)) out[p.type] = p.value;
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
