/** Times as the islands show them. */

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-03-01 09:05:07" in the browser's time zone; "" for null or an unreadable time. */
export function formatTime(isoTime: string | null | undefined): string {
  if (!isoTime) return "";
  const d = new Date(isoTime);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
