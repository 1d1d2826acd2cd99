/** Times as the islands show them: China Standard Time, like the server-rendered pages (src/components/format.ts). */
import { DISPLAY_TIME_ZONE } from "../../lib/constants.ts";

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "2026-03-01 09:05:07" in China Standard Time, whatever the browser's zone; "" for null or an unreadable time. */
export function formatTime(isoTime: string | null | undefined): string {
  if (!isoTime) return "";
  const d = new Date(isoTime);
  if (Number.isNaN(d.getTime())) return "";
  const p: Record<string, string> = {};
  for (const x of parts.formatToParts(d)) p[x.type] = x.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
